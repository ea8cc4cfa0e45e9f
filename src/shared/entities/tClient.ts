import { defineEntity } from './defineEntity';

/** A client (cargo owner) served in one warehouse; the code is unique per warehouse. */
export const tClient = defineEntity({
  name: 'tClient',
  listKey: 'clientCode',
  resource: 'tClient',
  warehouseScoped: true,
  unique: ['whId', 'clientCode'],
  orderBy: ['whId', 'clientCode'],
  fields: {
    whId: { type: 'text', required: true, max: 20, filter: true, column: true, width: 100, immutable: true, lookup: 'warehouse' },
    clientCode: {
      type: 'text',
      required: true,
      max: 30,
      filter: true,
      column: true,
      width: 120,
      immutable: true,
      pattern: '^[A-Za-z0-9_-]+$',
    },
    name: { type: 'text', required: true, max: 100, filter: true, column: true, width: 180 },
    address: { type: 'text', max: 200, column: true, width: 220 },
    contact: { type: 'text', max: 60, filter: true, column: true, width: 110 },
    email: { type: 'text', max: 100, column: true, width: 160, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    phone: { type: 'text', max: 40, column: true, width: 130 },
    fax: { type: 'text', max: 40 },
  },
  form: [['whId', 'clientCode'], ['name'], ['address'], ['contact', 'email'], ['phone', 'fax']],
});
