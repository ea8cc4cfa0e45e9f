import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, refField, whIdField } from './fields';

/** A location's membership of a (pick) zone, with its sequence in the zone's walking path. */
export const tZoneLoca = defineEntity({
  name: 'tZoneLoca',
  listKey: 'locationId',
  resource: 'tZoneLoca',
  warehouseScoped: true,
  unique: ['whId', 'zone', 'locationId'],
  orderBy: ['whId', 'zone', 'pickSeq', 'locationId'],
  fields: {
    whId: whIdField,
    zone: refField(20, 'getZone', BY_WAREHOUSE, { required: true, filter: true, column: true, width: 110, immutable: true }),
    locationId: refField(30, 'getLocation', BY_WAREHOUSE, {
      required: true,
      filter: true,
      column: true,
      width: 140,
      immutable: true,
    }),
    pickSeq: { type: 'int', column: true, width: 100 },
  },
  form: [
    ['whId', 'zone'],
    ['locationId', 'pickSeq'],
  ],
});
