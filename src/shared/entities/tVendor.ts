import { defineEntity } from './defineEntity';
import { keyField, textField, whIdField } from './fields';

/** A vendor (supplier) purchase orders and receipts name; the code is unique per warehouse. */
export const tVendor = defineEntity({
  name: 'tVendor',
  listKey: 'vendorCode',
  resource: 'tVendor',
  warehouseScoped: true,
  unique: ['whId', 'vendorCode'],
  orderBy: ['whId', 'vendorCode'],
  fields: {
    whId: whIdField,
    vendorCode: keyField(30),
    vendorName: textField(100, { required: true, filter: true, column: true, width: 220 }),
    contact: textField(60, { filter: true, column: true, width: 110 }),
    phone: textField(40, { column: true, width: 130 }),
    email: textField(100, { column: true, width: 170, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }),
    addr1: textField(200, { column: true, width: 220 }),
    city: textField(60, { filter: true, column: true, width: 110 }),
    state: textField(60),
    zip: textField(20),
    countryCode: textField(3, { column: true, width: 90, pattern: '^[A-Za-z]{2,3}$' }),
  },
  form: [
    ['whId', 'vendorCode'],
    ['vendorName'],
    ['contact', 'phone'],
    ['email'],
    ['addr1'],
    ['city', 'state'],
    ['zip', 'countryCode'],
  ],
});
