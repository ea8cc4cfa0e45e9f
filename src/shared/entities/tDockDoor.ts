import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, codeField, keyField, refField, statusField, textField, whIdField } from './fields';

/** A dock door (inbound, outbound or both) and the staging location goods wait in before loading or putaway. */
export const tDockDoor = defineEntity({
  name: 'tDockDoor',
  listKey: 'doorId',
  resource: 'tDockDoor',
  warehouseScoped: true,
  unique: ['whId', 'doorId'],
  orderBy: ['whId', 'doorId'],
  fields: {
    whId: whIdField,
    doorId: keyField(20),
    description: textField(100, { filter: true, column: true, width: 200 }),
    doorType: codeField('doorType', { required: true, filter: true, column: true, width: 110 }),
    stagingLocationId: refField(30, 'getLocation', BY_WAREHOUSE, { filter: true, column: true, width: 150 }),
    status: statusField,
  },
  form: [['whId', 'doorId'], ['description'], ['doorType', 'status'], ['stagingLocationId']],
});
