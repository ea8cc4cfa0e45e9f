/** What the movement and adjustment screens share: their entities, urls and calls, by task kind. */
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { tblInvAdjustmentDetail, tblInvMovementDetail } from '../../../shared/entities/inventoryLines';
import { tblInvAdjustment, tblInvMovement } from '../../../shared/entities/inventoryTasks';

export type TaskKind = 'movement' | 'adjustment';

export interface TaskScreens {
  header: EntityDef;
  lines: EntityDef;
  /** The task list, and the lines screen (spec 000 §2) opened with `?taskId=…&whId=…`. */
  listUrl: string;
  detailUrl: string;
  /** approvePlannedMove / confirmInvAdjustment. */
  executeUrl: string;
  executeLabel: string;
  /** The field holding the stock location the line takes from (or changes). */
  stockLocationField: 'sourceLocationId' | 'locationId';
  /** The spec's message when the task may no longer change. */
  lockedMessage: string;
}

export const TASK_SCREENS: Record<TaskKind, TaskScreens> = {
  movement: {
    header: tblInvMovement,
    lines: tblInvMovementDetail,
    listUrl: '/Wms/TblInvMovement',
    detailUrl: '/Wms/TblInvMovementDetail',
    executeUrl: '/tblInvMovement/approvePlannedMove',
    executeLabel: 'inventory.action.approve',
    stockLocationField: 'sourceLocationId',
    lockedMessage: 'error.movementTaskLocked',
  },
  adjustment: {
    header: tblInvAdjustment,
    lines: tblInvAdjustmentDetail,
    listUrl: '/Wms/TblInvAdjustment',
    detailUrl: '/Wms/TblInvAdjustmentDetail',
    executeUrl: '/tblInvAdjustment/confirmInvAdjustment',
    executeLabel: 'inventory.action.confirm',
    stockLocationField: 'locationId',
    lockedMessage: 'error.adjustmentTaskCompleted',
  },
};

/** Only a new task changes (spec 000 §4). */
export const isOpenTask = (row: Record<string, unknown> | null | undefined): boolean => row?.status === 'N';
