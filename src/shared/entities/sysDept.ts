import { defineEntity } from './defineEntity';

/** A department (spec 000 §3 "User.deptId"): a node of the organisation tree; `parentId` 0 is a root. */
export const sysDept = defineEntity({
  name: 'dept',
  resource: 'dept',
  warehouseScoped: false,
  // Sibling names are unique; a department may be renamed or moved.
  unique: ['parentId', 'name'],
  orderBy: ['parentId', 'orderNum'],
  fields: {
    parentId: { type: 'int', required: true, filter: true },
    name: { type: 'text', required: true, max: 100, filter: true, column: true, width: 200 },
    orderNum: { type: 'int', required: true, column: true, width: 90 },
  },
  form: [['parentId'], ['name', 'orderNum']],
});
