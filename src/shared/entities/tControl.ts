import { defineEntity } from './defineEntity';
import { codeField, keyField, textField, whIdField } from './fields';

/**
 * A number series of one warehouse (task, receipt, wave, carton, delivery …). `nextValue` is taken atomically by
 * the services; an administrator may move it forward only, and not at all when `allowEdit` is N.
 */
export const tControl = defineEntity({
  name: 'tControl',
  listKey: 'controlType',
  resource: 'tControl',
  warehouseScoped: true,
  unique: ['whId', 'controlType'],
  orderBy: ['whId', 'controlType'],
  fields: {
    whId: whIdField,
    // Text, not a closed list: each workflow names its own series (control.service creates it on first use).
    controlType: keyField(30, 130, { pattern: '^[A-Z][A-Z0-9_]*$' }),
    description: textField(100, { filter: true, column: true, width: 200 }),
    prefix: textField(10, { column: true, width: 90, pattern: '^[A-Za-z0-9-]*$' }),
    numberLength: { type: 'int', required: true, column: true, width: 110 },
    nextValue: { type: 'int', required: true, rule: 'positiveInt', column: true, width: 130 },
    /** The last number of the series (a carrier's block of express numbers); empty = no end. */
    maxValue: { type: 'int', rule: 'positiveInt', column: true, width: 130 },
    configDisplay: textField(100, { column: true, width: 160 }),
    allowEdit: codeField('yesNo', { required: true, filter: true, column: true, width: 100 }),
  },
  form: [
    ['whId', 'controlType'],
    ['description'],
    ['prefix', 'numberLength'],
    ['nextValue', 'maxValue'],
    ['allowEdit', 'configDisplay'],
  ],
});
