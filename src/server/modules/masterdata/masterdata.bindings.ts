import { tAttributeCollection } from '../../../shared/entities/tAttributeCollection';
import { tblCartonType } from '../../../shared/entities/tblCartonType';
import { tblPrintScheduler } from '../../../shared/entities/tblPrintScheduler';
import { tblSnMaster } from '../../../shared/entities/tblSnMaster';
import { tCarrier } from '../../../shared/entities/tCarrier';
import { tClient } from '../../../shared/entities/tClient';
import { tControl } from '../../../shared/entities/tControl';
import { tDockDoor } from '../../../shared/entities/tDockDoor';
import { tItemClass } from '../../../shared/entities/tItemClass';
import { tItemMaster } from '../../../shared/entities/tItemMaster';
import { tItemType } from '../../../shared/entities/tItemType';
import { tItemUom } from '../../../shared/entities/tItemUom';
import { tLocation } from '../../../shared/entities/tLocation';
import { tReason } from '../../../shared/entities/tReason';
import { tVendor } from '../../../shared/entities/tVendor';
import { tWhse } from '../../../shared/entities/tWhse';
import { tWhseControl } from '../../../shared/entities/tWhseControl';
import { tWorkType } from '../../../shared/entities/tWorkType';
import { tZone } from '../../../shared/entities/tZone';
import { tZoneLoca } from '../../../shared/entities/tZoneLoca';
import type { CrudBinding } from '../../crud/crud.types';
import { grantsWarehouse } from '../../platform/grants';
import { checkMinShelfLife, checkWhseControl } from './controls';
import {
  checkAttributeCollection,
  checkControl,
  checkDockDoor,
  checkItemUom,
  checkSerialItem,
  checkZone,
  ensureBaseUom,
  refuseBaseUomDelete,
  refuseOccupiedLocations,
  retireControls,
} from './masterdata.rules';

/** A warehouse the user creates is granted to them in the same transaction, so they can work in it. */
const warehouse: CrudBinding = {
  entity: tWhse,
  table: 't_whse',
  scope: (user, whId, operation) => operation === 'insert' || grantsWarehouse(user, whId),
  async beforeSave(trx, row, { user, existing }) {
    if (existing || user.superAdmin) return;
    // The grant's foreign key is deferred to commit, so it may be written before the warehouse row.
    await trx
      .insertInto('sysUserWarehouse')
      .values({ userId: user.id, whId: String(row.whId), clientCodes: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
};

/**
 * Master-data entities served by the generic engine. Every one is warehouse-scoped (the default scope: the user's
 * granted warehouses). Rows other rows name cannot be deleted: the composite foreign keys of 0004 refuse, and the
 * engine answers `inUse` naming the entity and key; the hooks add the rules no constraint states.
 */
export const MASTERDATA_BINDINGS: readonly CrudBinding[] = [
  warehouse,
  { entity: tClient, table: 't_client' },
  {
    entity: tWhseControl,
    table: 't_whse_control',
    beforeSave: async (_trx, row) => {
      checkWhseControl(row);
    },
  },
  {
    entity: tControl,
    table: 't_control',
    beforeSave: (trx, row, { existing }) => checkControl(trx, row, existing),
    beforeDelete: (trx, rows) => retireControls(trx, rows),
  },
  { entity: tItemType, table: 't_item_type' },
  { entity: tItemClass, table: 't_item_class' },
  {
    entity: tAttributeCollection,
    table: 't_attribute_collection',
    beforeSave: (trx, row, { existing }) => checkAttributeCollection(trx, row, existing),
  },
  {
    entity: tItemMaster,
    table: 't_item_master',
    beforeSave: (trx, row) => {
      checkMinShelfLife(row);
      return ensureBaseUom(trx, row);
    },
  },
  {
    entity: tItemUom,
    table: 't_item_uom',
    beforeSave: (trx, row) => checkItemUom(trx, row),
    beforeDelete: (trx, rows) => refuseBaseUomDelete(trx, rows),
  },
  { entity: tZone, table: 't_zone', beforeSave: (trx, row) => checkZone(trx, row) },
  // Read through v_location, which adds the stored quantity computed from the ledger.
  {
    entity: tLocation,
    table: 't_location',
    view: 'v_location',
    beforeDelete: (trx, rows) => refuseOccupiedLocations(trx, rows),
  },
  { entity: tZoneLoca, table: 't_zone_loca' },
  { entity: tVendor, table: 't_vendor' },
  { entity: tCarrier, table: 't_carrier' },
  { entity: tblCartonType, table: 'tbl_carton_type' },
  { entity: tblSnMaster, table: 'tbl_sn_master', beforeSave: (trx, row) => checkSerialItem(trx, row) },
  { entity: tblPrintScheduler, table: 'tbl_print_scheduler' },
  { entity: tReason, table: 't_reason' },
  { entity: tDockDoor, table: 't_dock_door', beforeSave: (trx, row) => checkDockDoor(trx, row) },
  { entity: tWorkType, table: 't_work_type' },
];
