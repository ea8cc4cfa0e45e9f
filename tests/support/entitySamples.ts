import type { Row } from '../../src/server/crud/crud.types';

/**
 * A valid new row for each generic entity, in the demo warehouse WH01 where the entity is scoped.
 * `n` makes keys unique. The contract suite fails for an entity that has no sample here.
 */
export const ENTITY_SAMPLES: Record<string, (n: number) => Row> = {
  tWhse: (n) => ({ whId: `TST${n}`, code: `T${n}`, name: `测试仓 Test DC ${n}`, city: 'Ningbo', countryCode: 'CN' }),
  tClient: (n) => ({
    whId: 'WH01',
    clientCode: `C${n}`,
    name: `测试客户 Client ${n}`,
    contact: 'Zhao Lei',
    email: `c${n}@example.com`,
  }),
  user: (n) => ({
    name: `user${n}`,
    nickName: `测试用户 User ${n}`,
    email: `u${n}@example.com`,
    mobile: '138 0000 0000',
    status: '1',
    language: 'en_us',
    password: 'Secret#1234',
  }),
  role: (n) => ({ name: `Role ${n}`, remark: `测试角色 Role ${n}` }),
  dict: (n) => ({ type: 'testType', value: `V${n}`, label: `标签 ${n}`, labelEn: `Label ${n}`, sort: n }),
};

/** A field each sample may change on update, with the new value. */
export const ENTITY_EDITS: Record<string, Row> = {
  tWhse: { name: 'Renamed DC' },
  tClient: { name: 'Renamed client' },
  user: { nickName: 'Renamed user' },
  role: { remark: 'Renamed role' },
  dict: { labelEn: 'Renamed label' },
};
