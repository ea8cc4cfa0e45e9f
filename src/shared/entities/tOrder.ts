import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, codeField, refField, textField, whIdField } from './fields';

/**
 * An outbound order of one client (spec 001 §3 "Order"; statuses in docs/flows.md and the outbound README): N new →
 * C confirmed → W in a wave → A allocated → K picking → P packed → D in a delivery → S shipped; N or C → X cancelled.
 * The number is the one typed, else the next of the warehouse's ORDER series; the warehouse, client and number are
 * fixed after insert. Header and lines change only while the order is new (N): a confirmed order cannot be changed.
 * The status, wave, actual ship date and the who/when of confirm and cancel are the server's.
 */
export const tOrder = defineEntity({
  name: 'tOrder',
  listKey: 'orderNumber',
  resource: 'tOrder',
  warehouseScoped: true,
  unique: ['whId', 'orderNumber'],
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
    // Left blank on add: the server takes the next number of the warehouse's ORDER series.
    orderNumber: {
      type: 'text',
      max: 30,
      pattern: CODE_PATTERN,
      filter: true,
      column: true,
      width: 140,
      immutable: true,
      autoNumber: true,
    },
    status: codeField('orderStatus', { filter: true, column: true, width: 100, readOnly: true }),
    typeId: codeField('orderType', { required: true, filter: true, column: true, width: 110 }),
    waveId: { type: 'text', column: true, width: 120, readOnly: true, sortable: true },
    priority: { type: 'int', column: true, width: 80, sortable: true },
    orderDate: { type: 'date', column: true, width: 110, sortable: true },
    earliestShipDate: { type: 'date', column: true, width: 120, sortable: true, hidden: true },
    latestShipDate: { type: 'date', column: true, width: 120, sortable: true },
    actualShipDate: { type: 'date', column: true, width: 120, readOnly: true },
    carrierId: refField(30, 'getCarrier', BY_WAREHOUSE, { filter: true, column: true, width: 110 }),
    customerCode: textField(30, { column: true, width: 110, pattern: CODE_PATTERN, sortable: true }),
    customerName: textField(100, { column: true, width: 150 }),
    customerPhone: textField(40),
    customerEmail: textField(100, { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }),
    shipToName: textField(100, { column: true, width: 130 }),
    shipToPhone: textField(40, { column: true, width: 120 }),
    shipToAddr1: textField(200, { column: true, width: 180 }),
    shipToAddr2: textField(200),
    shipToCity: textField(60, { column: true, width: 100, hidden: true }),
    shipToState: textField(60),
    shipToZip: textField(20),
    shipToCountryCode: textField(3, { pattern: '^[A-Za-z]{2,3}$' }),
    displayOrderNumber: textField(50, { column: true, width: 130 }),
    storeOrderNumber: textField(50, { column: true, width: 130 }),
    loadId: textField(30, { column: true, width: 100, pattern: CODE_PATTERN }),
    lockFlag: codeField('yesNo', { column: true, width: 80 }),
    // Days of shelf life the allocated stock must still have; empty: the client's MIN_SHELF_LIFE_DAYS (outbound README).
    minShelfLifeDays: { type: 'int', column: true, width: 120, hidden: true },
    remark: textField(200, { column: true, width: 180 }),
    createBy: { type: 'text', column: true, width: 100, readOnly: true },
    confirmBy: { type: 'text', column: true, width: 100, readOnly: true, hidden: true },
    confirmTime: { type: 'text', column: true, width: 150, readOnly: true, hidden: true, dateTime: true },
    cancelBy: { type: 'text', column: true, width: 100, readOnly: true, hidden: true },
  },
  form: [
    ['whId', 'clientCode'],
    ['orderNumber', 'typeId'],
    ['orderDate', 'priority'],
    ['carrierId', 'customerCode'],
    ['customerName', 'customerPhone'],
    ['shipToName', 'shipToPhone'],
    ['shipToAddr1'],
    ['minShelfLifeDays'],
    ['remark'],
  ],
  more: [
    ['displayOrderNumber', 'storeOrderNumber'],
    ['earliestShipDate', 'latestShipDate'],
    ['customerEmail', 'loadId'],
    ['shipToAddr2'],
    ['shipToCity', 'shipToState'],
    ['shipToZip', 'shipToCountryCode'],
    ['lockFlag'],
  ],
});
