import { tblCycleCountTask } from '../../../shared/entities/tblCycleCountTask';
import type { CrudBinding } from '../../crud/crud.types';
import { enterCount, refuseCountedDelete } from './count.service';

/**
 * Count tasks in the generic engine: read from v_cycle_count_task (blind book quantity, recount suggestion); save is
 * the count entry (update) or a found item (insert), delete only while the task is still to count (README).
 */
export const CYCLE_COUNT_BINDING: CrudBinding = {
  entity: tblCycleCountTask,
  table: 'tbl_cycle_count_task',
  view: 'v_cycle_count_task',
  beforeSave: enterCount,
  beforeDelete: refuseCountedDelete,
};

export const CYCLE_COUNT_BINDINGS: readonly CrudBinding[] = [CYCLE_COUNT_BINDING];
