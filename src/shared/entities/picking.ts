import type { EntityDef } from './defineEntity';
import { tAllocation } from './tAllocation';
import { tPickDetail } from './tPickDetail';
import { tWavePickTask } from './tWavePickTask';

/** Outbound picking: generic entities by wire name. */
export const PICK_ENTITIES: Record<string, EntityDef> = { tWavePickTask, tAllocation, tPickDetail };

/** Outbound picking: document lines saved by their module's line service. */
export const PICK_LINE_ENTITIES: Record<string, EntityDef> = {};
