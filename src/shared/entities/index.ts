import type { EntityDef } from './defineEntity';
import { exceptionLog } from './exceptionLog';
import { tblInvAdjustment, tblInvMovement } from './inventoryTasks';
import { tClient } from './tClient';
import { tranLog } from './tranLog';
import { tStoredItem } from './tStoredItem';
import { tWhse } from './tWhse';

/** Every generic entity, by wire name. */
export const ENTITIES: Record<string, EntityDef> = {
  tWhse,
  tClient,
  tStoredItem,
  tranLog,
  exceptionLog,
  tblInvMovement,
  tblInvAdjustment,
};
