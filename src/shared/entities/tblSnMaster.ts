import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, codeField, keyField, refField, textField, whIdField } from './fields';

/** A serial number of a serial-controlled item: where it is (IN), that it left with an order (OUT), or is held. */
export const tblSnMaster = defineEntity({
  name: 'tblSnMaster',
  listKey: 'serialNumber',
  resource: 'tblSnMaster',
  warehouseScoped: true,
  unique: ['whId', 'itemNumber', 'serialNumber'],
  orderBy: ['whId', 'itemNumber', 'serialNumber'],
  fields: {
    whId: whIdField,
    itemNumber: refField(50, 'getSku', BY_WAREHOUSE, { required: true, filter: true, column: true, width: 140, immutable: true }),
    serialNumber: keyField(60, 180),
    lotNumber: textField(50, { filter: true, column: true, width: 120 }),
    status: codeField('snStatus', { required: true, filter: true, column: true, width: 100 }),
    locationId: refField(30, 'getLocation', BY_WAREHOUSE, { filter: true, column: true, width: 130 }),
    orderNumber: textField(50, { filter: true, column: true, width: 130, pattern: CODE_PATTERN }),
    receiptId: textField(50, { filter: true, column: true, width: 130, pattern: CODE_PATTERN }),
  },
  form: [
    ['whId', 'itemNumber'],
    ['serialNumber', 'lotNumber'],
    ['status', 'locationId'],
    ['orderNumber', 'receiptId'],
  ],
});
