import { defineEntity } from './defineEntity';
import { codeField, decimalField, whIdField } from './fields';

const shown = (width: number, filter = false) => ({ type: 'text', column: true, width, filter }) as const;

/**
 * A received PO line quantity (spec 001 §3 "Receipt"): one row per call of addReceipt, rows of one arrival sharing a
 * receipt id. View-only: receipts change only through addReceipt, receiptAdjustment and deleteReceipt (and the
 * inspection and putaway calls), each one transaction through the stock ledger. Read through v_receipt, which adds
 * `adjustable` (R or Q, its PO open or receiving, no inspection line, no putaway task line), so the list can lock adjust and delete.
 */
export const tReceipt = defineEntity({
  name: 'tReceipt',
  listKey: 'receiptId',
  resource: 'tReceipt',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['whId'],
  newestFirst: true,
  fields: {
    whId: { ...whIdField, immutable: false },
    clientCode: { type: 'text', filter: true, column: true, width: 100, lookup: { name: 'getClient', params: { whId: 'whId' } } },
    receiptId: shown(120, true),
    poNumber: shown(120, true),
    lineNumber: { type: 'int', column: true, width: 80 },
    vendorCode: shown(110, true),
    itemNumber: { ...shown(130, true), filterExact: true },
    lotNumber: shown(110, true),
    expirationDate: { type: 'date', column: true, width: 110 },
    huId: shown(110, true),
    masterHuId: shown(110),
    qtyReceived: decimalField({ column: true, width: 100 }),
    qtyDamaged: decimalField({ column: true, width: 100 }),
    uom: shown(70),
    locationId: shown(120, true),
    doorId: shown(80),
    putLocationId: shown(120),
    qtyInspect: decimalField({ column: true, width: 100 }),
    qtyBack: decimalField({ column: true, width: 100 }),
    status: codeField('receiptStatus', { filter: true, column: true, width: 110 }),
    receiptDate: { type: 'text', column: true, width: 170, dateTime: true },
    receiveBy: shown(100, true),
    storedAttributeId: { type: 'int' },
    adjustable: { type: 'code', codes: ['Y', 'N'], codeList: 'yesNo' },
  },
  form: [],
});
