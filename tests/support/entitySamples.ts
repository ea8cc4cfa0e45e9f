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
};

/** A field each sample may change on update, with the new value. */
export const ENTITY_EDITS: Record<string, Row> = {
  tWhse: { name: 'Renamed DC' },
  tClient: { name: 'Renamed client' },
};
