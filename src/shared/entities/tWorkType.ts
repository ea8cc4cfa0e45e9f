import { defineEntity } from './defineEntity';
import { keyField, textField, whIdField } from './fields';

/** A type of warehouse work (case pick, replenishment, putaway …) with the priority its tasks get (1 first, 99 last). */
export const tWorkType = defineEntity({
  name: 'tWorkType',
  listKey: 'workType',
  resource: 'tWorkType',
  warehouseScoped: true,
  unique: ['whId', 'workType'],
  orderBy: ['whId', 'workType'],
  fields: {
    whId: whIdField,
    workType: keyField(20),
    description: textField(100, { required: true, filter: true, column: true, width: 240 }),
    priority: { type: 'int', required: true, column: true, width: 90 },
  },
  form: [['whId', 'workType'], ['description'], ['priority']],
});
