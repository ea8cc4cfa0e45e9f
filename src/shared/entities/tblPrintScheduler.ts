import { defineEntity } from './defineEntity';
import { codeField, statusField, textField, whIdField } from './fields';

/** Which printer prints which document in a warehouse, and how many copies. */
export const tblPrintScheduler = defineEntity({
  name: 'tblPrintScheduler',
  resource: 'tblPrintScheduler',
  warehouseScoped: true,
  unique: ['whId', 'documentType', 'printerName'],
  orderBy: ['whId', 'documentType', 'printerName'],
  fields: {
    whId: whIdField,
    documentType: codeField('documentType', { required: true, filter: true, column: true, width: 150, immutable: true }),
    printerName: textField(60, { required: true, filter: true, column: true, width: 160, immutable: true }),
    printerAddress: textField(200, { column: true, width: 200, pattern: '^[A-Za-z0-9_.:/@%-]+$' }),
    copies: { type: 'int', required: true, column: true, width: 80 },
    status: statusField,
    description: textField(100, { column: true, width: 200 }),
  },
  form: [['whId', 'documentType'], ['printerName'], ['printerAddress'], ['copies', 'status'], ['description']],
});
