import { defineEntity } from './defineEntity';

/** A dictionary entry (spec 000 §3 "Dict"): one value of a code list, labelled in both languages. */
export const sysDict = defineEntity({
  name: 'dict',
  resource: 'dict',
  warehouseScoped: false,
  unique: ['type', 'value'],
  orderBy: ['type', 'sort'],
  fields: {
    type: {
      type: 'text',
      required: true,
      max: 50,
      filter: true,
      column: true,
      width: 140,
      immutable: true,
      pattern: '^[A-Za-z0-9_.-]+$',
    },
    value: { type: 'text', required: true, max: 50, filter: true, column: true, width: 120, immutable: true },
    label: { type: 'text', required: true, max: 100, filter: true, column: true, width: 160 },
    labelEn: { type: 'text', required: true, max: 100, filter: true, column: true, width: 160 },
    sort: { type: 'int', required: true, column: true, width: 80 },
  },
  form: [['type', 'value'], ['label', 'labelEn'], ['sort']],
});
