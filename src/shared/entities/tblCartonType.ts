import { defineEntity } from './defineEntity';
import { decimalField, keyField, statusField, textField, whIdField } from './fields';

/** A carton (shipping box) type: inside dimensions, the weight it carries and its own (tare) weight. */
export const tblCartonType = defineEntity({
  name: 'tblCartonType',
  listKey: 'cartonType',
  resource: 'tblCartonType',
  warehouseScoped: true,
  unique: ['whId', 'cartonType'],
  orderBy: ['whId', 'cartonType'],
  fields: {
    whId: whIdField,
    cartonType: keyField(20),
    description: textField(100, { required: true, filter: true, column: true, width: 200 }),
    length: decimalField({ column: true, width: 90 }),
    width: decimalField({ column: true, width: 90 }),
    height: decimalField({ column: true, width: 90 }),
    maxWeight: decimalField({ column: true, width: 100 }),
    tareWeight: decimalField({ column: true, width: 100 }),
    status: statusField,
  },
  form: [['whId', 'cartonType'], ['description'], ['length', 'width'], ['height', 'maxWeight'], ['tareWeight', 'status']],
});
