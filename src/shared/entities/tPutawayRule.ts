import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, refField, whIdField } from './fields';

/**
 * A putaway rule: items of a class go to a storage zone (type A), lower priority first; a rule without class is the
 * warehouse's default for classes without rules of their own (src/server/modules/inbound/README.md "Putaway").
 */
export const tPutawayRule = defineEntity({
  name: 'tPutawayRule',
  listKey: 'classId',
  resource: 'tPutawayRule',
  warehouseScoped: true,
  unique: ['whId', 'classId', 'zone'],
  orderBy: ['whId', 'classId', 'priority', 'zone'],
  fields: {
    whId: whIdField,
    classId: refField(20, 'getClassByParam', BY_WAREHOUSE, { filter: true, column: true, width: 130, immutable: true }),
    zone: refField(20, 'getZone', BY_WAREHOUSE, { required: true, filter: true, column: true, width: 120, immutable: true }),
    priority: { type: 'int', required: true, rule: 'positiveInt', column: true, sortable: true, width: 100 },
  },
  form: [
    ['whId', 'classId'],
    ['zone', 'priority'],
  ],
});
