import { defineEntity } from './defineEntity';

/**
 * A user account (spec 000 §3 "User"). The account name is the login and never changes; roles, warehouse
 * grants and the password are saved by the user service beside these fields, never returned as hashes. The dock-station
 * badge and PIN are secrets set apart (`/user/setBadge`, `/user/setPin`): not fields, the list answers `badgeSet` and
 * `pinSet` only.
 */
export const sysUser = defineEntity({
  name: 'user',
  resource: 'user',
  warehouseScoped: false,
  unique: ['name'],
  orderBy: ['name'],
  fields: {
    name: {
      type: 'text',
      required: true,
      max: 50,
      filter: true,
      column: true,
      width: 100,
      immutable: true,
      pattern: '^[A-Za-z0-9_.@-]+$',
    },
    nickName: { type: 'text', max: 50, filter: true, column: true, width: 100 },
    email: { type: 'text', max: 100, filter: true, column: true, width: 150, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    mobile: { type: 'text', max: 30, filter: true, column: true, width: 110, pattern: '^[0-9+() -]+$' },
    deptId: { type: 'int' },
    status: { type: 'code', required: true, codes: ['1', '0'], codeList: 'userStatus', filter: true, column: true, width: 80 },
    language: { type: 'code', required: true, codes: ['zh_cn', 'en_us'], codeList: 'language' },
  },
  form: [['name', 'nickName'], ['email', 'mobile'], ['deptId', 'status'], ['language']],
});
