import { defineEntity } from './defineEntity';
import { LOG_FIELDS } from './tranLog';

/** Refused business actions worth keeping (spec 001 §3 "Exception log"): what was tried and why it was refused. */
export const exceptionLog = defineEntity({
  name: 'exceptionLog',
  resource: 'exceptionLog',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  timestamps: false,
  unique: [],
  orderBy: [],
  newestFirst: true,
  fields: {
    ...LOG_FIELDS,
    errorCode: { type: 'text', filter: true, column: true, width: 160 },
  },
  form: [],
});
