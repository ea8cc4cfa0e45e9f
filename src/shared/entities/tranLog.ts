import { CODE_LISTS } from './codeLists';
import { defineEntity, type FieldDef } from './defineEntity';

/** The fields the transaction log and the exception log share (spec 001 §3), all written by the server. */
export const LOG_FIELDS = {
  whId: { type: 'text', filter: true, column: true, width: 90, lookup: 'warehouse' },
  category: {
    type: 'code',
    codes: ['INBOUND', 'OUTBOUND', 'INVENTORY'],
    codeList: 'logCategory',
    filter: true,
    column: true,
    width: 100,
  },
  tranType: {
    type: 'code',
    codes: CODE_LISTS.tranType,
    codeList: 'tranType',
    filter: true,
    column: true,
    width: 110,
  },
  tranDate: { type: 'text', filter: true, column: true, width: 170, dateTime: true },
  description: { type: 'text', column: true, width: 200, systemText: true },
  employeeId: { type: 'text', filter: true, column: true, width: 100 },
  itemNumber: { type: 'text', filter: true, column: true, width: 130 },
  lotNumber: { type: 'text', filter: true, column: true, width: 110 },
  quantity: { type: 'decimal', column: true, width: 100 },
  fromLocationId: { type: 'text', filter: true, column: true, width: 120 },
  toLocationId: { type: 'text', filter: true, column: true, width: 120 },
  controlNumber: { type: 'text', filter: true, column: true, width: 120 },
  lineNumber: { type: 'int', column: true, width: 80 },
} as const satisfies Record<string, FieldDef>;

/** Every change of the stock ledger (spec 001 §3 "Transaction log"). */
export const tranLog = defineEntity({
  name: 'tranLog',
  resource: 'tranLog',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  timestamps: false,
  unique: [],
  orderBy: [],
  newestFirst: true,
  fields: {
    ...LOG_FIELDS,
    clientCode: { type: 'text', filter: true, column: true, width: 100, lookup: { name: 'getClient', params: { whId: 'whId' } } },
    huId: { type: 'text', filter: true, column: true, width: 110 },
    storedAttributeId: { type: 'int', column: true, width: 90 },
  },
  form: [],
});
