import { tAllocation } from '../../../shared/entities/tAllocation';
import { tPickDetail } from '../../../shared/entities/tPickDetail';
import { tWavePickTask } from '../../../shared/entities/tWavePickTask';
import type { CrudBinding } from '../../crud/crud.types';

/**
 * The generic-engine bindings of outbound picking (README "Allocation and picking"): pick tasks and pick details,
 * view-only lists (rows made by releaseWave, changed by the picking calls).
 */
export const PICK_BINDINGS: readonly CrudBinding[] = [
  { entity: tWavePickTask, table: 't_wave_pick_task', view: 'v_wave_pick_task' },
  { entity: tPickDetail, table: 't_pick_detail' },
];

/**
 * The allocation list reads the same rows as the pick tasks; its routes are registered by picking.routes.ts because its
 * permissions are the spec's (§6: sys:tAllocation:edit, :delete), with reading open to whoever sees pick tasks or details.
 */
export const ALLOCATION_BINDING: CrudBinding = { entity: tAllocation, table: 't_wave_pick_task', view: 'v_wave_pick_task' };
