import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, keyField, refField, textField, whIdField } from './fields';

/**
 * A named setting of one warehouse (e.g. the default receiving location), read by the services that need it. A row
 * naming a client is that client's (OVER_RECEIPT_PCT per client); the row without client serves the others.
 */
export const tWhseControl = defineEntity({
  name: 'tWhseControl',
  listKey: 'controlName',
  resource: 'tWhseControl',
  warehouseScoped: true,
  unique: ['whId', 'controlName', 'clientCode'],
  orderBy: ['whId', 'controlName', 'clientCode'],
  fields: {
    whId: whIdField,
    controlName: keyField(50, 200),
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, { filter: true, column: true, width: 110, immutable: true }),
    controlValue: textField(200, { filter: true, column: true, width: 200 }),
    description: textField(200, { filter: true, column: true, width: 260 }),
  },
  form: [['whId', 'controlName'], ['clientCode', 'controlValue'], ['description']],
});
