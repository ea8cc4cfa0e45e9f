/**
 * Count entry and found items (README "Count entry"): the hooks of the generic `tblCycleCountTask/save` and
 * `/delete`. They run inside the engine's save transaction, after the engine locked the task row and checked the
 * permission (:edit for an update, :add for an insert), the warehouse and the item's client.
 *
 * - Update of an N task = the count: the counted quantity (required), the item when the task named none, lot and
 *   expiry for a lot-controlled item, the pallet in a pallet location. What the task was generated for (item, lot,
 *   pallet, expiry) stays. The book quantity is read from the ledger now (count time): stock that moved between
 *   generation and count is compared as it stands when counted.
 * - Insert = an item found that the system did not expect: a new task FOUND, numbered from COUNT, counted at once.
 * - A serial-controlled item's count names the serials found, one per base unit counted, each in stock there or in
 *   stock nowhere (serials README "Counts"); the adjustment generated from the count carries them.
 * - Either writes one COUNT tran_log row (quantity counted − book; description the system text `countLogged`, shown
 *   "counted X, book Y" in the reader's language — src/shared/systemText.ts); the ledger itself changes only when the
 *   adjustment task generated from the counts is confirmed.
 */
import { sql } from 'kysely';
import { systemText } from '../../../shared/systemText';
import type { Row, Trx } from '../../crud/crud.types';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { fromMilli, type StockKey, toMilli, writeTranLog } from '../inventory/ledger.service';
import { takeNextNumber } from '../masterdata/control.service';
import { countedSerials } from '../serials/serials.service';

const FIELD = (name: string) => `entity.tblCycleCountTask.field.${name}`;

/** Text of a form value; empty text and absent values are null. */
export const text = (value: unknown): string | null =>
  value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();

/**
 * Whether a task may still be counted (update) or deleted: a task to count (N), or a found item entered by hand
 * (FOUND, counted at entry) until the adjustment is generated from it — the entry can be corrected or taken back.
 */
export const openForEntry = (task: Row): boolean => task.status === 'N' || (task.subType === 'FOUND' && task.status === 'C');

/** The refusal of an action on a task in the wrong status, naming the task and its status label. */
export function statusRefusal(
  code: 'countTaskNotOpen' | 'countTaskNotCounted',
  task: { workQId?: unknown; status?: unknown },
): AppError {
  return new AppError(code, { workQId: String(task.workQId ?? ''), status: `code.cycleCountStatus.${String(task.status)}` });
}

interface CountItem {
  itemNumber: string;
  clientCode: string;
  uom: string;
  lotControl: string;
}

interface CountLocation {
  zone: string | null;
  itemHuIndicator: 'I' | 'H';
}

async function countLocation(trx: Trx, whId: string, locationId: string): Promise<CountLocation> {
  const { rows } = await sql<CountLocation>`
    select zone, item_hu_indicator from t_location where wh_id = ${whId} and location_id = ${locationId}`.execute(trx);
  const row = rows[0];
  if (!row) throw new AppError('locationNotFound', { locationId });
  return row;
}

async function countItem(trx: Trx, whId: string, itemNumber: string): Promise<CountItem> {
  const { rows } = await sql<CountItem>`
    select item_number, client_code, uom, lot_control from t_item_master
    where wh_id = ${whId} and item_number = ${itemNumber}`.execute(trx);
  const row = rows[0];
  if (!row) throw new AppError('itemNotFound', { itemNumber });
  return row;
}

/** The spec's lot messages: both missing, or the lot missing; then the expiry alone. */
function requireLot(row: Row): void {
  const lot = text(row.lotNumber);
  const expiry = text(row.expirationDate);
  if (!lot && !expiry) throw new AppError('lotAndExpiryRequired');
  if (!lot) throw new AppError('lotNotAllowEmpty');
  if (!expiry) throw new AppError('lotAndExpiryRequired');
}

/**
 * The book quantity of what was counted, now: the ledger row of the key (the task's stored attribute id when it
 * has one, else the key's row with the fewest attributes), 0 when there is none; with that row's attribute id.
 * A location counted empty (no item) is compared with everything the location holds.
 */
async function bookQty(
  trx: Trx,
  key: Omit<StockKey, 'itemNumber' | 'storedAttributeId'> & { itemNumber: string | null; storedAttributeId: number | null },
): Promise<{ qty: string; storedAttributeId: number | null }> {
  if (key.itemNumber === null) {
    const { rows } = await sql<{ qty: string }>`
      select trim_scale(coalesce(sum(actual_qty), 0))::text as qty from t_stored_item
      where wh_id = ${key.whId} and location_id = ${key.locationId}`.execute(trx);
    return { qty: rows[0]?.qty ?? '0', storedAttributeId: null };
  }
  const attribute = key.storedAttributeId === null ? sql`` : sql`and stored_attribute_id = ${key.storedAttributeId}::bigint`;
  const { rows } = await sql<{ qty: string; storedAttributeId: number | null }>`
    select trim_scale(actual_qty)::text as qty, stored_attribute_id from t_stored_item
    where wh_id = ${key.whId} and location_id = ${key.locationId} and item_number = ${key.itemNumber}
      and lot_number is not distinct from ${key.lotNumber} and hu_id is not distinct from ${key.huId} ${attribute}
    order by stored_attribute_id nulls first limit 1`.execute(trx);
  const row = rows[0];
  return { qty: row?.qty ?? '0', storedAttributeId: row ? row.storedAttributeId : key.storedAttributeId };
}

/** The COUNT log row of a count: counted − book, from the counted location. */
async function logCount(trx: Trx, row: Row, workQId: string, clientCode: string | null, user: SessionUser): Promise<void> {
  const counted = String(row.cycleCountQty);
  const book = String(row.logicQty);
  const difference = fromMilli(toMilli(counted) - toMilli(book));
  const context = {
    category: 'INVENTORY' as const,
    tranType: 'COUNT',
    description: systemText('countLogged', { counted: fromMilli(toMilli(counted)), book }),
    employeeId: user.name,
    controlNumber: workQId,
    lineNumber: null,
    fromLocationId: String(row.locationId),
    toLocationId: null,
  };
  const itemNumber = text(row.itemNumber);
  if (itemNumber) {
    const key: StockKey = {
      whId: String(row.whId),
      locationId: String(row.locationId),
      itemNumber,
      lotNumber: text(row.lotNumber),
      huId: text(row.huId),
      storedAttributeId:
        row.storedAttributeId === null || row.storedAttributeId === undefined ? null : Number(row.storedAttributeId),
    };
    await writeTranLog(trx, key, clientCode, difference, context);
    return;
  }
  // A location counted empty: the log row names no item.
  await sql`
    insert into tran_log (wh_id, category, tran_type, description, employee_id, quantity, from_location_id, control_number)
    values (${String(row.whId)}, ${context.category}, ${context.tranType}, ${context.description}, ${context.employeeId},
      ${difference}::numeric, ${context.fromLocationId}, ${context.controlNumber})`.execute(trx);
}

/** `beforeSave` of tblCycleCountTask: a count (update of an N task) or a found item (insert). */
export async function enterCount(
  trx: Trx,
  row: Row,
  { user, existing }: { user: SessionUser; existing: Row | null },
): Promise<void> {
  const whId = String(row.whId);
  const locationId = String(row.locationId);
  if (existing) {
    if (!openForEntry(existing)) throw statusRefusal('countTaskNotOpen', existing);
    // What the task was generated for stays; what it left open is the counter's.
    for (const field of ['itemNumber', 'lotNumber', 'huId', 'expirationDate'] as const) {
      if (text(existing[field]) !== null) row[field] = existing[field];
    }
  }
  if (text(row.cycleCountQty) === null) throw new AppError('fieldRequired', { field: FIELD('cycleCountQty') });
  row.cycleCountQty = String(row.cycleCountQty).trim();
  const place = await countLocation(trx, whId, locationId);
  const itemNumber = text(row.itemNumber);
  let item: CountItem | null = null;
  if (itemNumber) {
    item = await countItem(trx, whId, itemNumber);
    if (item.lotControl === 'Y') requireLot(row);
    else {
      row.lotNumber = null;
      row.expirationDate = null;
    }
    if (place.itemHuIndicator === 'H') {
      if (!text(row.huId)) throw new AppError('palletNotAllowEmpty', { locationId });
    } else row.huId = null;
  } else {
    if (!existing) throw new AppError('fieldRequired', { field: FIELD('itemNumber') });
    // Nothing named: the location was found empty.
    if (toMilli(String(row.cycleCountQty)) !== 0n) throw new AppError('countItemNotInLocation', { locationId });
    row.lotNumber = null;
    row.expirationDate = null;
    row.huId = null;
  }
  const counted = itemNumber
    ? await countedSerials(
        trx,
        { whId, locationId, itemNumber, lotNumber: text(row.lotNumber), huId: text(row.huId) },
        String(row.cycleCountQty),
        row.serialNumbers,
      )
    : null;
  row.serialNumbers = counted && counted.length > 0 ? counted.join('\n') : null;
  const book = await bookQty(trx, {
    whId,
    locationId,
    itemNumber,
    lotNumber: text(row.lotNumber),
    huId: text(row.huId),
    storedAttributeId: existing && text(existing.storedAttributeId) !== null ? Number(existing.storedAttributeId) : null,
  });
  row.logicQty = book.qty;
  row.storedAttributeId = book.storedAttributeId;
  row.uom = item?.uom ?? null;
  row.status = 'C';
  row.countBy = user.name;
  row.countTime = new Date().toISOString();
  let workQId = String(existing?.workQId ?? '');
  if (!existing) {
    workQId = await takeNextNumber(trx, whId, 'COUNT');
    row.workQId = workQId;
    row.subType = 'FOUND';
    row.zone = place.zone;
    row.createBy = user.name;
  }
  await logCount(trx, row, workQId, item?.clientCode ?? null, user);
}

/** `beforeDelete` of tblCycleCountTask: only tasks still to count, and found items not yet adjusted. */
export async function refuseCountedDelete(_trx: Trx, rows: Row[]): Promise<void> {
  for (const row of rows) if (!openForEntry(row)) throw statusRefusal('countTaskNotOpen', row);
}
