import type { EntityDef } from './defineEntity';
import { exceptionLog } from './exceptionLog';
import { tblInvAdjustment, tblInvMovement } from './inventoryTasks';
import { SYSTEM_ENTITIES } from './system';
import { tAttributeCollection } from './tAttributeCollection';
import { tblCartonType } from './tblCartonType';
import { tblPrintScheduler } from './tblPrintScheduler';
import { tblSnMaster } from './tblSnMaster';
import { tCarrier } from './tCarrier';
import { tClient } from './tClient';
import { tControl } from './tControl';
import { tDockDoor } from './tDockDoor';
import { tItemClass } from './tItemClass';
import { tItemMaster } from './tItemMaster';
import { tItemType } from './tItemType';
import { tItemUom } from './tItemUom';
import { tLocation } from './tLocation';
import { tReason } from './tReason';
import { tranLog } from './tranLog';
import { tStoredItem } from './tStoredItem';
import { tVendor } from './tVendor';
import { tWhse } from './tWhse';
import { tWhseControl } from './tWhseControl';
import { tWorkType } from './tWorkType';
import { tZone } from './tZone';
import { tZoneLoca } from './tZoneLoca';

/** Every generic entity, by wire name. */
export const ENTITIES: Record<string, EntityDef> = {
  tWhse,
  tClient,
  tWhseControl,
  tControl,
  tItemType,
  tItemClass,
  tAttributeCollection,
  tItemMaster,
  tItemUom,
  tZone,
  tLocation,
  tZoneLoca,
  tVendor,
  tCarrier,
  tblCartonType,
  tblSnMaster,
  tblPrintScheduler,
  tReason,
  tDockDoor,
  tWorkType,
  ...SYSTEM_ENTITIES,
  tStoredItem,
  tranLog,
  exceptionLog,
  tblInvMovement,
  tblInvAdjustment,
};
