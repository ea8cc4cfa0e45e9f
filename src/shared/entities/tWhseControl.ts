import { defineEntity } from './defineEntity';
import { keyField, textField, whIdField } from './fields';

/** A named setting of one warehouse (e.g. the default receiving location), read by the services that need it. */
export const tWhseControl = defineEntity({
  name: 'tWhseControl',
  resource: 'tWhseControl',
  warehouseScoped: true,
  unique: ['whId', 'controlName'],
  orderBy: ['whId', 'controlName'],
  fields: {
    whId: whIdField,
    controlName: keyField(50, 200),
    controlValue: textField(200, { filter: true, column: true, width: 200 }),
    description: textField(200, { filter: true, column: true, width: 260 }),
  },
  form: [['whId', 'controlName'], ['controlValue'], ['description']],
});
