import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, keyField, refField, textField, whIdField } from './fields';

/** A class of items within an item type (e.g. chilled dairy within food); used by putaway and pick rules. */
export const tItemClass = defineEntity({
  name: 'tItemClass',
  listKey: 'classId',
  resource: 'tItemClass',
  warehouseScoped: true,
  unique: ['whId', 'classId'],
  orderBy: ['whId', 'classId'],
  fields: {
    whId: whIdField,
    classId: keyField(20),
    itemTypeId: refField(20, 'getItemType', BY_WAREHOUSE, { filter: true, column: true, width: 120 }),
    description: textField(100, { required: true, filter: true, column: true, width: 240 }),
  },
  form: [['whId', 'classId'], ['itemTypeId'], ['description']],
});
