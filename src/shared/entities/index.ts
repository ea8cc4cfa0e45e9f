import type { EntityDef } from './defineEntity';
import { exceptionLog } from './exceptionLog';
import { IMPORT_ENTITIES } from './imports';
import { tblInvAdjustmentDetail, tblInvMovementDetail } from './inventoryLines';
import { tblInvAdjustment, tblInvMovement } from './inventoryTasks';
import { ORDER_ENTITIES, ORDER_LINE_ENTITIES } from './orders';
import { PICK_ENTITIES, PICK_LINE_ENTITIES } from './picking';
import { rfMainProcessDetail, rfProcessResource, rfSubProcessDetail, rfSubProcessOption } from './rf';
import { SHIPPING_ENTITIES } from './shipping';
import { SYSTEM_ENTITIES } from './system';
import { tAttributeCollection } from './tAttributeCollection';
import { tblCartonType } from './tblCartonType';
import { tblCycleCountTask } from './tblCycleCountTask';
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
import { tKioskStation } from './tKioskStation';
import { tLocation } from './tLocation';
import { tPoDetail } from './tPoDetail';
import { tPoMaster } from './tPoMaster';
import { tPutawayRule } from './tPutawayRule';
import { tReason } from './tReason';
import { tReceipt } from './tReceipt';
import { tranLog } from './tranLog';
import { tStoredItem } from './tStoredItem';
import { tVendor } from './tVendor';
import { tWhse } from './tWhse';
import { tWhseControl } from './tWhseControl';
import { tWorkType } from './tWorkType';
import { tZone } from './tZone';
import { tZoneLoca } from './tZoneLoca';
import { WAVE_ENTITIES, WAVE_LINE_ENTITIES } from './waves';
import { tWebhookDelivery, tWebhookSubscription } from './webhooks';

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
  tKioskStation,
  tWebhookSubscription,
  tWebhookDelivery,
  ...SYSTEM_ENTITIES,
  tStoredItem,
  tranLog,
  exceptionLog,
  tblInvMovement,
  tblInvAdjustment,
  tPoMaster,
  // Inbound: receipts (view-only)
  tReceipt,
  // Inbound: putaway rules
  tPutawayRule,
  // Outbound
  ...ORDER_ENTITIES,
  ...WAVE_ENTITIES,
  ...PICK_ENTITIES,
  ...SHIPPING_ENTITIES,
  // Cycle counts
  tblCycleCountTask,
  rfProcessResource,
  rfSubProcessDetail,
  rfSubProcessOption,
  rfMainProcessDetail,
  // Excel import staging (imports module)
  ...IMPORT_ENTITIES,
};

/**
 * Document lines: saved, listed and deleted by their module's line service (the spec's whole check order with the
 * document locked), not by the generic engine; labelled like every entity.
 */
export const LINE_ENTITIES: Record<string, EntityDef> = {
  tblInvMovementDetail,
  tblInvAdjustmentDetail,
  tPoDetail,
  ...ORDER_LINE_ENTITIES,
  ...WAVE_LINE_ENTITIES,
  ...PICK_LINE_ENTITIES,
};
