import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, codeField, keyField, refField, textField, whIdField } from './fields';

/** A zone of a warehouse: A qualified stock, D unqualified, Q pending inspection; full locations overflow to `overflowZone`. */
export const tZone = defineEntity({
  name: 'tZone',
  listKey: 'zone',
  resource: 'tZone',
  warehouseScoped: true,
  unique: ['whId', 'zone'],
  orderBy: ['whId', 'zone'],
  fields: {
    whId: whIdField,
    zone: keyField(20),
    description: textField(100, { filter: true, column: true, width: 220 }),
    overflowZone: refField(20, 'getZone', BY_WAREHOUSE, { filter: true, column: true, width: 120 }),
    zoneType: codeField('zoneType', { required: true, filter: true, column: true, width: 140 }),
  },
  form: [['whId', 'zone'], ['description'], ['zoneType', 'overflowZone']],
});
