import { exceptionLog } from '../../../shared/entities/exceptionLog';
import { tblInvAdjustment, tblInvMovement } from '../../../shared/entities/inventoryTasks';
import { tranLog } from '../../../shared/entities/tranLog';
import { tStoredItem } from '../../../shared/entities/tStoredItem';
import type { CrudBinding, Row } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { type ControlType, takeNextNumber } from '../masterdata/control.service';

/**
 * A task header: a new one takes the next number of the warehouse's series and starts as N (new); once the task
 * left N it refuses edits and deletes with the spec's message. Deleting a task deletes its lines.
 */
function taskHeader(
  entity: CrudBinding['entity'],
  table: string,
  series: ControlType,
  locked: 'movementTaskLocked' | 'adjustmentTaskCompleted',
): CrudBinding {
  const refuseUnlessNew = (row: Row) => {
    if (row.status !== 'N') throw new AppError(locked, { taskId: String(row.taskId) });
  };
  return {
    entity,
    table,
    async beforeSave(trx, row, { user, existing }) {
      if (existing) return refuseUnlessNew(existing);
      row.taskId = await takeNextNumber(trx, String(row.whId), series);
      row.status = 'N';
      row.createBy = user.name;
    },
    async beforeDelete(_trx, rows) {
      for (const row of rows) refuseUnlessNew(row);
    },
  };
}

/** Inventory entities served by the generic engine: the ledger and logs are view-only. */
export const INVENTORY_BINDINGS: readonly CrudBinding[] = [
  { entity: tStoredItem, table: 'v_stored_item' },
  { entity: tranLog, table: 'tran_log' },
  { entity: exceptionLog, table: 'exception_log' },
  taskHeader(tblInvMovement, 'tbl_inv_movement', 'MOVE', 'movementTaskLocked'),
  taskHeader(tblInvAdjustment, 'tbl_inv_adjustment', 'ADJUST', 'adjustmentTaskCompleted'),
];
