import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, codeField, keyField, refField, textField, whIdField } from './fields';

/** A reason code by type (HOLD, ADJUST …); without a client it serves every client of the warehouse. */
export const tReason = defineEntity({
  name: 'tReason',
  listKey: 'reasonId',
  resource: 'tReason',
  warehouseScoped: true,
  unique: ['whId', 'reasonType', 'reasonId'],
  orderBy: ['whId', 'reasonType', 'reasonId'],
  fields: {
    whId: whIdField,
    reasonType: codeField('reasonType', { required: true, filter: true, column: true, width: 110, immutable: true }),
    reasonId: keyField(20),
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, { filter: true, column: true, width: 110 }),
    description: textField(100, { required: true, filter: true, column: true, width: 240 }),
  },
  form: [['whId', 'reasonType'], ['reasonId', 'clientCode'], ['description']],
});
