import { defineEntity } from './defineEntity';

/** A role (spec 000 §3 "Role"): a named set of menus and buttons, chosen on the menu tree. The name is its key. */
export const sysRole = defineEntity({
  name: 'role',
  resource: 'role',
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
      width: 160,
      immutable: true,
      pattern: '^[^\\s,][^,]*$',
    },
    remark: { type: 'text', max: 200, filter: true, column: true, width: 260 },
  },
  form: [['name'], ['remark']],
});
