import { defineEntity } from './defineEntity';
import { codeField, keyField, statusField, textField, whIdField } from './fields';

/** A carrier (express company, haulier) outbound cartons and waves are handed to. */
export const tCarrier = defineEntity({
  name: 'tCarrier',
  listKey: 'carrierCode',
  resource: 'tCarrier',
  warehouseScoped: true,
  unique: ['whId', 'carrierCode'],
  orderBy: ['whId', 'carrierCode'],
  fields: {
    whId: whIdField,
    carrierCode: keyField(30),
    carrierName: textField(100, { required: true, filter: true, column: true, width: 220 }),
    status: statusField,
    scacCode: textField(10, { filter: true, column: true, width: 100, pattern: '^[A-Za-z]{2,4}$' }),
    transportMode: codeField('transportMode', { filter: true, column: true, width: 120 }),
    contactName: textField(60, { column: true, width: 110 }),
    phone: textField(40, { column: true, width: 130 }),
  },
  form: [['whId', 'carrierCode'], ['carrierName'], ['status', 'transportMode'], ['scacCode'], ['contactName', 'phone']],
});
