import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, codeField, refField, textField, whIdField } from './fields';

/**
 * A purchase order of one client (spec 001 §3 "PO master"; statuses in docs/flows.md): O open → R receiving → C closed,
 * O → X cancelled. The number is the one typed, else the next of the warehouse's PO series; the warehouse and client
 * are fixed after insert, the vendor only while the PO is open, and a closed or cancelled PO refuses every change.
 */
export const tPoMaster = defineEntity({
  name: 'tPoMaster',
  listKey: 'poNumber',
  resource: 'tPoMaster',
  warehouseScoped: true,
  unique: ['whId', 'poNumber'],
  orderBy: [],
  newestFirst: true,
  fields: {
    whId: whIdField,
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, {
      required: true,
      filter: true,
      column: true,
      width: 110,
      immutable: true,
    }),
    // Left blank on add: the server takes the next number of the warehouse's PO series.
    poNumber: {
      type: 'text',
      max: 30,
      pattern: CODE_PATTERN,
      filter: true,
      column: true,
      width: 130,
      immutable: true,
      autoNumber: true,
    },
    status: codeField('poStatus', { filter: true, column: true, width: 100, readOnly: true }),
    typeId: codeField('poType', { required: true, filter: true, column: true, width: 110 }),
    vendorCode: refField(30, 'getVendor', BY_WAREHOUSE, { filter: true, column: true, width: 120 }),
    createDate: { type: 'date', column: true, width: 110, readOnly: true },
    expectedDate: { type: 'date', column: true, width: 110 },
    closedDate: { type: 'date', column: true, width: 110, readOnly: true },
    shipFromName: textField(100, { column: true, width: 160 }),
    shipFromAddr1: textField(200),
    shipFromAddr2: textField(200),
    shipFromCity: textField(60, { column: true, width: 100 }),
    shipFromState: textField(60),
    shipFromZip: textField(20),
    shipFromCountryCode: textField(3, { pattern: '^[A-Za-z]{2,3}$' }),
    shipFromPhone: textField(40),
    appointmentNumber: textField(30, { filter: true, column: true, width: 130, pattern: CODE_PATTERN }),
    appointmentStatus: codeField('appointmentStatus', { required: true, column: true, width: 110 }),
    carrierScac: refField(10, 'getCarrierScac', BY_WAREHOUSE, { column: true, width: 100, pattern: '^[A-Za-z]{2,4}$' }),
    carrierMode: codeField('transportMode', { column: true, width: 100 }),
    remark: textField(200, { column: true, width: 180 }),
    createBy: { type: 'text', column: true, width: 100, readOnly: true },
    closeBy: { type: 'text', column: true, width: 100, readOnly: true },
  },
  form: [
    ['whId', 'clientCode'],
    ['poNumber', 'typeId'],
    ['vendorCode', 'expectedDate'],
    ['appointmentNumber', 'appointmentStatus'],
    ['carrierScac', 'carrierMode'],
    ['remark'],
  ],
  more: [
    ['shipFromName', 'shipFromPhone'],
    ['shipFromAddr1'],
    ['shipFromAddr2'],
    ['shipFromCity', 'shipFromState'],
    ['shipFromZip', 'shipFromCountryCode'],
  ],
});
