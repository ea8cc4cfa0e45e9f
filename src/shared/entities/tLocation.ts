import { defineEntity } from './defineEntity';
import {
  BY_WAREHOUSE,
  CODE_PATTERN,
  codeField,
  decimalField,
  keyField,
  refField,
  statusField,
  textField,
  whIdField,
} from './fields';

/**
 * A storage or staging location: type F forklift / S staging / I single item / M multi item, holding loose items (I)
 * or handling units (H). `storedQty` and `lastCountDate` are kept by the inventory and count services.
 */
export const tLocation = defineEntity({
  name: 'tLocation',
  listKey: 'locationId',
  resource: 'tLocation',
  warehouseScoped: true,
  unique: ['whId', 'locationId'],
  orderBy: ['whId', 'locationId'],
  fields: {
    whId: whIdField,
    locationId: keyField(30, 140),
    description: textField(100, { column: true, width: 180 }),
    shortLocationId: textField(20, { filter: true, column: true, width: 110, pattern: CODE_PATTERN }),
    status: statusField,
    type: codeField('locationType', { required: true, filter: true, column: true, width: 110 }),
    huFlag: codeField('yesNo', { required: true, column: true, width: 90 }),
    itemHuIndicator: codeField('itemHuIndicator', { required: true, filter: true, column: true, width: 110 }),
    zone: refField(20, 'getZone', BY_WAREHOUSE, { filter: true, column: true, width: 100 }),
    pickingFlow: { type: 'int', column: true, width: 100 },
    capacityUom: textField(10, { pattern: CODE_PATTERN }),
    capacityQty: decimalField({ column: true, width: 100 }),
    storedQty: decimalField({ column: true, width: 100, readOnly: true }),
    cycleCountClass: codeField('cycleCountClass', { filter: true, column: true, width: 110 }),
    lastCountDate: { type: 'date', column: true, width: 120, readOnly: true },
    capacityVolume: decimalField(),
    length: decimalField(),
    width: decimalField(),
    height: decimalField(),
    pickArea: textField(20, { filter: true, column: true, width: 100, pattern: CODE_PATTERN }),
  },
  form: [
    ['whId', 'locationId'],
    ['description'],
    ['shortLocationId', 'status'],
    ['type', 'itemHuIndicator'],
    ['huFlag', 'zone'],
    ['pickingFlow', 'pickArea'],
    ['capacityUom', 'capacityQty'],
    ['capacityVolume', 'cycleCountClass'],
    ['length', 'width'],
    ['height'],
  ],
});
