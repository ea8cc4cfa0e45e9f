import { defineEntity } from './defineEntity';
import { keyField, textField, whIdField } from './fields';

/** A type of item (finished goods, raw material, packaging …); item classes and items refer to it. */
export const tItemType = defineEntity({
  name: 'tItemType',
  listKey: 'itemTypeId',
  resource: 'tItemType',
  warehouseScoped: true,
  unique: ['whId', 'itemTypeId'],
  orderBy: ['whId', 'itemTypeId'],
  fields: {
    whId: whIdField,
    itemTypeId: keyField(20),
    description: textField(100, { required: true, filter: true, column: true, width: 240 }),
  },
  form: [['whId', 'itemTypeId'], ['description']],
});
