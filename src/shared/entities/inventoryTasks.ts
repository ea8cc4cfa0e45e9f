import { CODE_LISTS } from './codeLists';
import { defineEntity, type FieldDef } from './defineEntity';

/** Header fields movement and adjustment tasks share; the task id comes from the warehouse's number series. */
const TASK_FIELDS = {
  whId: { type: 'text', required: true, max: 20, filter: true, column: true, width: 100, immutable: true, lookup: 'warehouse' },
  taskId: { type: 'text', max: 30, filter: true, column: true, width: 130, readOnly: true },
  description: { type: 'text', max: 200, filter: true, column: true, width: 240, systemText: true },
  createBy: { type: 'text', column: true, width: 100, readOnly: true },
} as const satisfies Record<string, FieldDef>;

/** A movement task (spec 000 §2, §4): N new, A approved, C completed; only a new task changes. */
export const tblInvMovement = defineEntity({
  name: 'tblInvMovement',
  listKey: 'taskId',
  resource: 'tblInvMovement',
  warehouseScoped: true,
  unique: ['whId', 'taskId'],
  orderBy: [],
  newestFirst: true,
  fields: {
    ...TASK_FIELDS,
    // A putaway task is made by createPutawayTasks; the generic save makes ordinary movements only.
    taskType: {
      type: 'code',
      codes: CODE_LISTS.movementTaskType,
      codeList: 'movementTaskType',
      filter: true,
      column: true,
      width: 110,
      readOnly: true,
    },
    status: {
      type: 'code',
      codes: ['N', 'A', 'C'],
      codeList: 'movementStatus',
      filter: true,
      column: true,
      width: 100,
      readOnly: true,
    },
    approveBy: { type: 'text', column: true, width: 100, readOnly: true },
    approveTime: { type: 'text', column: true, width: 170, readOnly: true },
  },
  form: [['whId'], ['description']],
});

/** An adjustment task (spec 000 §2, §4): N new, C completed; the reason applies to every line. */
export const tblInvAdjustment = defineEntity({
  name: 'tblInvAdjustment',
  listKey: 'taskId',
  resource: 'tblInvAdjustment',
  warehouseScoped: true,
  unique: ['whId', 'taskId'],
  orderBy: [],
  newestFirst: true,
  fields: {
    ...TASK_FIELDS,
    reasonId: {
      type: 'text',
      codeList: 'reason',
      max: 20,
      filter: true,
      column: true,
      width: 110,
      lookup: { name: 'getReason', params: { whId: 'whId' } },
    },
    status: {
      type: 'code',
      codes: ['N', 'C'],
      codeList: 'adjustmentStatus',
      filter: true,
      column: true,
      width: 100,
      readOnly: true,
    },
    confirmBy: { type: 'text', column: true, width: 100, readOnly: true },
    confirmTime: { type: 'text', column: true, width: 170, readOnly: true },
  },
  form: [['whId', 'reasonId'], ['description']],
});
