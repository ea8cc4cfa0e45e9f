import { sql } from 'kysely';
import type { Row, Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { retireSeries, seriesFloor, seriesInUse } from './control.service';

/**
 * Business rules of master data the table constraints cannot state, run inside the generic save/delete
 * transaction (CrudBinding hooks). Referential safety itself comes from the composite foreign keys of 0004.
 */

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * Number series: `nextValue` only moves forward (numbers already issued must never come again), and not at all when
 * locked; a series re-created after a delete starts no lower than where the deleted one stopped.
 */
export async function checkControl(trx: Trx, row: Row, existing: Row | null): Promise<void> {
  if (!existing) {
    const floor = await seriesFloor(trx, String(row.whId), String(row.controlType));
    if (Number(row.nextValue) < floor) {
      throw new AppError('controlValueBelowIssued', { key: String(row.controlType), issued: floor - 1, next: floor });
    }
    return;
  }
  const before = Number(existing.nextValue);
  const after = Number(row.nextValue);
  if (after === before) return;
  if (existing.allowEdit === 'N') throw new AppError('controlValueLocked', { key: String(existing.controlType) });
  if (after < before) throw new AppError('controlValueBackwards', { value: before });
}

/**
 * A series is deleted only when no document numbered from it exists and it is not locked (deleting and re-adding
 * would change a locked series); where it stopped is kept, so a re-created series never goes backwards.
 */
export async function retireControls(trx: Trx, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const whId = String(row.whId);
    const controlType = String(row.controlType);
    if (row.allowEdit === 'N') throw new AppError('controlSeriesLocked', { key: controlType });
    if (await seriesInUse(trx, whId, controlType)) {
      throw new AppError('inUse', { entity: 'entity.tControl.name', key: `${whId} / ${controlType}` });
    }
    await retireSeries(trx, whId, controlType, Number(row.nextValue));
  }
}

export const ATTRIBUTE_SLOTS = 11;
const slots = (row: Row): (string | null)[] =>
  Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => text(row[`attributeType${i + 1}`]));

/**
 * Attribute types fill slots 1…n without gaps, so "the number of non-empty types" (spec 001 §4) is also the
 * number of value inputs 1…n; a type appears once. Once stock attributes were recorded under the collection,
 * its types cannot change meaning: the recorded values would be read under other names.
 */
export async function checkAttributeCollection(trx: Trx, row: Row, existing: Row | null): Promise<void> {
  const types = slots(row);
  const firstEmpty = types.indexOf(null);
  if (firstEmpty >= 0 && types.slice(firstEmpty).some((t) => t !== null))
    throw new AppError('attributeTypesGap', { slot: firstEmpty + 1 });
  const used = types.filter((t): t is string => t !== null).map((t) => t.toLowerCase());
  const repeated = used.find((t, i) => used.indexOf(t) !== i);
  if (repeated) throw new AppError('attributeTypeRepeated', { type: repeated });
  if (!existing) return;
  const before = slots(existing);
  if (before.every((t, i) => t === types[i])) return;
  const { rows } = await sql`select 1 from t_stored_attribute
    where wh_id = ${String(existing.whId)} and attribute_collection_id = ${String(existing.attributeCollectionId)} limit 1`.execute(
    trx,
  );
  if (rows.length > 0) throw new AppError('attributeTypesInUse', { key: String(existing.attributeCollectionId) });
}

/**
 * Every item has its base unit among its units, with conversion factor 1: written with the item (the unit's foreign
 * key to the item is deferred to commit, migration 0006). A base unit listed with another factor is refused.
 */
export async function ensureBaseUom(trx: Trx, row: Row): Promise<void> {
  const whId = String(row.whId);
  const itemNumber = String(row.itemNumber);
  const uom = String(row.uom);
  const { rows } = await sql<{ conversionFactor: string }>`select conversion_factor from t_item_uom
    where wh_id = ${whId} and item_number = ${itemNumber} and uom = ${uom} for update`.execute(trx);
  const found = rows[0];
  if (!found) {
    await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor, uom_prompt)
      values (${whId}, ${itemNumber}, ${uom}, 1, ${uom})`.execute(trx);
  } else if (Number(found.conversionFactor) !== 1) {
    throw new AppError('baseUomFactor', { uom });
  }
}

async function baseUomOf(trx: Trx, row: Row): Promise<string | null> {
  const { rows } = await sql<{ uom: string }>`select uom from t_item_master
    where wh_id = ${String(row.whId)} and item_number = ${String(row.itemNumber)}`.execute(trx);
  return rows[0]?.uom ?? null;
}

/** The base unit of an item keeps factor 1: every quantity of the item is counted in it. */
export async function checkItemUom(trx: Trx, row: Row): Promise<void> {
  if (row.uom === (await baseUomOf(trx, row)) && Number(row.conversionFactor) !== 1)
    throw new AppError('baseUomFactor', { uom: String(row.uom) });
}

/** The base unit goes only with its item. */
export async function refuseBaseUomDelete(trx: Trx, rows: Row[]): Promise<void> {
  for (const row of rows)
    if (row.uom === (await baseUomOf(trx, row)))
      throw new AppError('baseUomDelete', { uom: String(row.uom), item: String(row.itemNumber) });
}

/**
 * A location holding stock, or a serial number recorded there, cannot be deleted (spec: The location is not empty).
 * `storedQty` is the ledger's quantity there, computed by the view the rows are read (and locked) through.
 */
export async function refuseOccupiedLocations(trx: Trx, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const whId = String(row.whId);
    const locationId = String(row.locationId);
    const occupied =
      Number(row.storedQty ?? 0) > 0 ||
      (
        await sql`select 1 from tbl_sn_master where wh_id = ${whId} and location_id = ${locationId} and status <> 'OUT' limit 1`.execute(
          trx,
        )
      ).rows.length > 0;
    if (occupied) throw new AppError('locationNotEmpty', { key: locationId });
  }
}

/** A dock door stages goods in a staging location (type S) of its own warehouse. */
export async function checkDockDoor(trx: Trx, row: Row): Promise<void> {
  const locationId = text(row.stagingLocationId);
  if (!locationId) return;
  const { rows } = await sql<{ type: string }>`select type from t_location
    where wh_id = ${String(row.whId)} and location_id = ${locationId}`.execute(trx);
  // A missing location is refused by the foreign key with the field named.
  if (rows[0] && rows[0].type !== 'S') throw new AppError('notStagingLocation', { key: locationId });
}

/** A zone cannot overflow into itself. */
export async function checkZone(_trx: Trx, row: Row): Promise<void> {
  if (text(row.overflowZone) !== null && row.overflowZone === row.zone) throw new AppError('overflowZoneSelf');
}

/** Serial numbers are recorded only for serial-controlled items (a missing item is refused by the foreign key). */
export async function checkSerialItem(trx: Trx, row: Row): Promise<void> {
  const { rows } = await sql<{ serialControl: string }>`select serial_control from t_item_master
    where wh_id = ${String(row.whId)} and item_number = ${String(row.itemNumber)}`.execute(trx);
  if (rows[0] && rows[0].serialControl !== 'Y') throw new AppError('itemNotSerialControlled', { item: String(row.itemNumber) });
}
