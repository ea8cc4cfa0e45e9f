/**
 * The stock ledger (t_stored_item). Stock changes only through these functions, inside the caller's
 * transaction, and every change writes a tran_log row. Decreases are one conditional UPDATE that only matches
 * while enough available stock remains, so concurrent callers can never take the same stock twice: the row lock
 * makes the second wait, and PostgreSQL re-checks its condition against the committed quantity.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { AppError, PG_NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../../platform/errors';
import { holdSerialsAt } from '../serials/serials.state';
import {
  fromMilli,
  keyMatches,
  lockStoredItem,
  SELECT_STORED_ITEM,
  type StockKey,
  type StoredItem,
  toMilli,
} from '../stock/stockRow';
import { recordEvent } from '../webhooks/events';

// The ledger row's key, its locked read and the exact arithmetic sit one layer down (stock/stockRow.ts), where the serials
// module reads them too; the ledger's callers keep importing them from here.
export { fromMilli, lockStoredItem, type StockKey, type StoredItem, toMilli };

/** The 11 attribute values carried into the transaction log (index 0 = genericAttrValue1). */
export type AttributeValues = readonly (string | null)[];

/** What a transaction-log row records besides the stock key and quantity. */
export interface TranContext {
  category: 'INBOUND' | 'OUTBOUND' | 'INVENTORY';
  tranType: string;
  description: string;
  employeeId: string;
  controlNumber: string | null;
  lineNumber: number | null;
  fromLocationId: string | null;
  toLocationId: string | null;
  attributes?: AttributeValues;
}

/** Available quantity of one ledger row: nothing while held, else actual minus unavailable and allocated. */
export const AVAILABLE_QTY = sql`case when status = 'H' then 0 else actual_qty - unavailable_qty - allocated_qty end`;

/** The advisory-lock number of a ledger key: the first 64 bits of a SHA-256 of the whole key (collisions only over-lock). */
export function stockKeyLock(key: StockKey): bigint {
  const text = JSON.stringify([key.whId, key.locationId, key.itemNumber, key.lotNumber, key.huId, key.storedAttributeId]);
  return createHash('sha256').update(text).digest().readBigInt64BE(0);
}

/**
 * Locks every ledger key an action is about to change — sources and destinations, rows that exist and rows it will
 * create — for the rest of the transaction, in one global order (the lock numbers, ascending), before any change.
 * Two actions sharing keys therefore queue on the first shared key instead of deadlocking mid-way. Every writer of
 * the ledger calls this first; `pg_advisory_xact_lock` works alike on PostgreSQL and PGlite and covers rows not yet
 * created, which `SELECT … FOR UPDATE` cannot.
 */
export async function lockStockKeys(trx: Trx, keys: readonly StockKey[]): Promise<void> {
  const locks = [...new Set(keys.map(stockKeyLock))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (locks.length === 0) return;
  // unnest yields the array in order, and the locks are taken row by row in that order.
  await sql`select pg_advisory_xact_lock(k) from unnest(${locks.map(String)}::bigint[]) as k`.execute(trx);
}

/** The available quantity of a key (0 when there is no row), as an exact decimal string. */
export async function availableQty(trx: Trx, key: StockKey): Promise<string> {
  const { rows } = await sql<{ qty: string }>`
    select coalesce(sum(${AVAILABLE_QTY}), 0)::text as qty from t_stored_item where ${keyMatches(key)}`.execute(trx);
  return rows[0]?.qty ?? '0';
}

/** One transaction-log row to write: the key, the item's client, the signed quantity and its context. */
export interface TranLogEntry {
  key: StockKey;
  clientCode: string | null;
  qty: string;
  context: TranContext;
}

/** Writes one transaction-log row (a movement writes one row for both of its ledger changes). */
export async function writeTranLog(
  trx: Trx,
  key: StockKey,
  clientCode: string | null,
  qty: string,
  context: TranContext,
): Promise<void> {
  await writeTranLogs(trx, [{ key, clientCode, qty, context }]);
}

/** Writes transaction-log rows in one statement, in the order given. */
export async function writeTranLogs(trx: Trx, entries: readonly TranLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(({ key, clientCode, qty, context }, n) => ({
    n,
    wh_id: key.whId,
    category: context.category,
    tran_type: context.tranType,
    description: context.description,
    employee_id: context.employeeId,
    client_code: clientCode,
    item_number: key.itemNumber,
    lot_number: key.lotNumber,
    hu_id: key.huId,
    quantity: qty,
    from_location_id: context.fromLocationId,
    to_location_id: context.toLocationId,
    control_number: context.controlNumber,
    line_number: context.lineNumber,
    stored_attribute_id: key.storedAttributeId,
    ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`generic_attr_value${i + 1}`, context.attributes?.[i] ?? null])),
  }));
  const attributes = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1}`);
  await sql`
    insert into tran_log (wh_id, category, tran_type, description, employee_id, client_code, item_number, lot_number,
      hu_id, quantity, from_location_id, to_location_id, control_number, line_number, stored_attribute_id,
      ${sql.join(attributes.map((a) => sql.ref(a)))})
    select wh_id, category, tran_type, description, employee_id, client_code, item_number, lot_number, hu_id, quantity,
      from_location_id, to_location_id, control_number, line_number, stored_attribute_id,
      ${sql.join(attributes.map((a) => sql.ref(a)))}
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(n int, wh_id varchar, category varchar, tran_type varchar,
      description varchar, employee_id varchar, client_code varchar, item_number varchar, lot_number varchar,
      hu_id varchar, quantity numeric, from_location_id varchar, to_location_id varchar, control_number varchar,
      line_number int, stored_attribute_id bigint, ${sql.raw(attributes.map((a) => `${a} varchar`).join(', '))})
    order by n`.execute(trx);
}

/** What an exception-log row of a refused stock action names. */
export interface RefusalContext {
  whId: string;
  category: TranContext['category'];
  tranType: string;
  /** The document acted on: task, receipt or PO number. */
  controlNumber: string | null;
  user: string;
}

/**
 * Runs a stock action; a refusal (AppError) is kept in the exception log — written after the action's transaction
 * rolled back, so the refusal itself stays — and then thrown on. Every refusal of a stock action goes through here.
 */
export async function loggingRefusal<T>(db: Db, what: RefusalContext, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError) {
      await sql`
        insert into exception_log (wh_id, category, tran_type, description, error_code, employee_id, control_number,
          item_number, from_location_id, line_number)
        values (${what.whId}, ${what.category}, ${what.tranType}, ${JSON.stringify(error.params)}, ${error.code}, ${what.user},
          ${what.controlNumber}, ${String(error.params.itemNumber ?? '') || null}, ${String(error.params.locationId ?? '') || null},
          ${Number(error.params.lineNumber) || null})`.execute(db);
    }
    throw error;
  }
}

/** Runs a ledger statement; a quantity pushed beyond numeric(18, 3) is the business refusal `numberOutOfRange`. */
async function ledgerWrite<T>(key: StockKey, statement: Promise<T>): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    if (pgErrorCode(error) === PG_NUMERIC_OUT_OF_RANGE) {
      throw new AppError('numberOutOfRange', { itemNumber: key.itemNumber, locationId: key.locationId });
    }
    throw error;
  }
}

/** What a receipt into a ledger row sets when it creates the row. */
export interface NewStockInfo {
  expirationDate: string | null;
  /** FIFO date of stock that moves keeps its origin; new stock gets today. */
  fifoDate?: string | null;
  /** The part of the quantity that enters the unavailable bucket (damaged, awaiting inspection); default none. */
  unavailableQty?: string;
  /** Set on the row when given (DAMAGED, INSPECT), unless the row is held: a hold keeps its own reason. */
  reasonId?: string | null;
}

/**
 * Adds a positive quantity to a key, creating the row when absent (the item's client is taken from the item);
 * logs it unless `context` is null (the caller then logs the whole change itself).
 * An existing row keeps the earlier FIFO date and the earlier expiry, so older stock is still picked first.
 * `info.unavailableQty` (≤ qty) of it enters the unavailable bucket: the row stays status A, so the rest stays available.
 */
export async function addStock(
  trx: Trx,
  key: StockKey,
  qty: string,
  info: NewStockInfo,
  context: TranContext | null,
): Promise<void> {
  const { rows } = await ledgerWrite(
    key,
    sql<{ clientCode: string }>`
    insert into t_stored_item (wh_id, location_id, client_code, item_number, lot_number, hu_id, stored_attribute_id,
      actual_qty, unavailable_qty, reason_id, fifo_date, expiration_date)
    select ${key.whId}, ${key.locationId}, i.client_code, i.item_number, ${key.lotNumber}, ${key.huId},
      ${key.storedAttributeId}::bigint, ${qty}::numeric, ${info.unavailableQty ?? '0'}::numeric, ${info.reasonId ?? null},
      coalesce(${info.fifoDate ?? null}::date, current_date), ${info.expirationDate}::date
    from t_item_master i where i.wh_id = ${key.whId} and i.item_number = ${key.itemNumber}
    on conflict on constraint t_stored_item_key do update set
      actual_qty = t_stored_item.actual_qty + excluded.actual_qty,
      unavailable_qty = t_stored_item.unavailable_qty + excluded.unavailable_qty,
      reason_id = case when t_stored_item.status = 'H' then t_stored_item.reason_id
        else coalesce(excluded.reason_id, t_stored_item.reason_id) end,
      fifo_date = least(t_stored_item.fifo_date, excluded.fifo_date),
      expiration_date = coalesce(least(t_stored_item.expiration_date, excluded.expiration_date),
        t_stored_item.expiration_date, excluded.expiration_date),
      update_time = now()
    returning client_code`.execute(trx),
  );
  const row = rows[0];
  if (!row) throw new AppError('itemNotFound', { itemNumber: key.itemNumber });
  if (context) await writeTranLog(trx, key, row.clientCode, qty, context);
}

/** The refusal of a decrease, chosen as the spec words it: none available, or less than asked. */
export type ShortageCode = 'availableStockZero' | 'exceedsAvailableStock';
/** The codes a decrease refuses with: the adjustment's words by default, the movement's where it says so. */
type ShortageCodes = { none: ShortageCode | 'notAvailableStock'; short: ShortageCode | 'greaterThanAvailableStock' };

/**
 * Takes a positive quantity of available stock from a key; refuses with the spec's message when the key has no
 * available stock or less than asked. Returns the row after the decrease (its expiry and FIFO date travel with
 * moved stock). A row left with nothing is removed.
 */
export async function takeStock(
  trx: Trx,
  key: StockKey,
  qty: string,
  context: TranContext | null,
  codes: ShortageCodes = {
    none: 'availableStockZero',
    short: 'exceedsAvailableStock',
  },
): Promise<StoredItem> {
  const { rows } = await sql<StoredItem>`
    update t_stored_item set actual_qty = actual_qty - ${qty}::numeric, update_time = now()
    where ${keyMatches(key)} and ${AVAILABLE_QTY} >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const row = rows[0];
  if (!row) return refuseShortage(trx, key, qty, codes);
  await sql`delete from t_stored_item where id = ${row.id} and actual_qty = 0 and unavailable_qty = 0`.execute(trx);
  if (context) await writeTranLog(trx, key, row.clientCode, `-${qty}`, context);
  return row;
}

/** Refuses a decrease the key cannot serve, as the spec words it: none available, or less than asked. */
async function refuseShortage(
  trx: Trx,
  key: StockKey,
  qty: string,
  codes: ShortageCodes = { none: 'availableStockZero', short: 'exceedsAvailableStock' },
): Promise<never> {
  const available = await availableQty(trx, key);
  throw new AppError(Number(available) > 0 ? codes.short : codes.none, {
    itemNumber: key.itemNumber,
    locationId: key.locationId,
    available,
    qty,
  });
}

/** One decrease of `takeStocks`: a key, a positive quantity and the log row's context. */
export interface StockTake {
  key: StockKey;
  qty: string;
  context: TranContext;
}

/**
 * `takeStock` for many keys in a bounded number of statements (one update, one delete, one log insert), for actions
 * that empty many rows at once (shipping a delivery): the quantities of a repeated key are summed and must be
 * available together; a key that cannot serve its quantity refuses the whole call as `takeStock` would. One log row per
 * take, in the order given. The caller has locked the keys.
 */
export async function takeStocks(trx: Trx, takes: readonly StockTake[]): Promise<void> {
  if (takes.length === 0) return;
  // A bigint id may come back from the database as text: compare keys with it as a number.
  const keyText = (k: StockKey) =>
    JSON.stringify([
      k.whId,
      k.locationId,
      k.itemNumber,
      k.lotNumber,
      k.huId,
      k.storedAttributeId === null ? null : Number(k.storedAttributeId),
    ]);
  const totals = new Map<string, { key: StockKey; milli: bigint }>();
  for (const take of takes) {
    const id = keyText(take.key);
    const total = totals.get(id);
    totals.set(id, { key: take.key, milli: (total?.milli ?? 0n) + toMilli(take.qty) });
  }
  const wanted = [...totals.values()].map(({ key, milli }) => ({
    k_wh: key.whId,
    k_location: key.locationId,
    k_item: key.itemNumber,
    k_lot: key.lotNumber,
    k_hu: key.huId,
    k_attribute: key.storedAttributeId,
    k_qty: fromMilli(milli),
  }));
  const { rows } = await sql<StoredItem>`
    update t_stored_item s set actual_qty = s.actual_qty - v.k_qty, update_time = now()
    from json_to_recordset(${JSON.stringify(wanted)}::json) as v(k_wh varchar, k_location varchar, k_item varchar,
      k_lot varchar, k_hu varchar, k_attribute bigint, k_qty numeric)
    where s.wh_id = v.k_wh and s.location_id = v.k_location and s.item_number = v.k_item
      and s.lot_number is not distinct from v.k_lot and s.hu_id is not distinct from v.k_hu
      and s.stored_attribute_id is not distinct from v.k_attribute
      and case when s.status = 'H' then 0 else s.actual_qty - s.unavailable_qty - s.allocated_qty end >= v.k_qty
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const taken = new Map(rows.map((r) => [keyText(r), r]));
  const missing = [...totals.values()].find(({ key }) => !taken.has(keyText(key)));
  if (missing) return refuseShortage(trx, missing.key, fromMilli(missing.milli));
  await sql`delete from t_stored_item where id = any(${rows.map((r) => r.id)}::int[]) and actual_qty = 0
    and unavailable_qty = 0`.execute(trx);
  await writeTranLogs(
    trx,
    takes.map((t) => ({
      key: t.key,
      clientCode: taken.get(keyText(t.key))?.clientCode ?? null,
      qty: `-${t.qty}`,
      context: t.context,
    })),
  );
}

/**
 * Holds (status H, with a HOLD reason) or releases (status A) one ledger row. Held stock is unavailable to
 * movements and allocation. The serials at the row's place follow: HOLD with the reason, IN again at the release
 * (serials README "Holds"). Answers false when the row is already in that state.
 */
export async function setHold(
  trx: Trx,
  id: number,
  hold: boolean,
  reasonId: string | null,
  context: TranContext,
): Promise<boolean> {
  const { rows } = await sql<StoredItem>`
    update t_stored_item set status = ${hold ? 'H' : 'A'}, reason_id = ${hold ? reasonId : null}, update_time = now()
    where id = ${id} and status = ${hold ? 'A' : 'H'}
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const row = rows[0];
  if (!row) return false;
  await writeTranLog(trx, row, row.clientCode, row.actualQty, context);
  await holdSerialsAt(trx, row, hold, hold ? reasonId : null, context.employeeId);
  // Every hold and release (the stock query's, the expiry job's, a short pick's) is a webhook event (modules/webhooks).
  await recordEvent(trx, {
    type: hold ? 'stock.held' : 'stock.released',
    warehouse: row.whId,
    client: row.clientCode,
    payload: {
      storedItemId: Number(row.id),
      itemNumber: row.itemNumber,
      lotNumber: row.lotNumber,
      locationId: row.locationId,
      huId: row.huId,
      qty: fromMilli(toMilli(row.actualQty)),
      reasonId,
      by: context.employeeId,
    },
  });
  return true;
}

/** The unavailable quantity of a key (0 when there is no row), as an exact decimal string. */
async function unavailableQty(trx: Trx, key: StockKey): Promise<string> {
  const { rows } = await sql<{ qty: string }>`
    select coalesce(sum(unavailable_qty), 0)::text as qty from t_stored_item where ${keyMatches(key)}`.execute(trx);
  return rows[0]?.qty ?? '0';
}

/** Refuses a change of the unavailable bucket that asks for more than the key holds there. */
async function unavailableShort(trx: Trx, key: StockKey, qty: string): Promise<AppError> {
  return new AppError('unavailableStockShort', {
    itemNumber: key.itemNumber,
    locationId: key.locationId,
    unavailable: await unavailableQty(trx, key),
    qty,
  });
}

/**
 * Makes a positive quantity of a key's unavailable bucket available again (an inspection passed, damage found
 * good); the actual quantity stays. Refuses (`unavailableStockShort`) when less is unavailable. The row's reason
 * is cleared when nothing stays unavailable, unless the row is held (a hold keeps its reason).
 */
export async function releaseUnavailable(trx: Trx, key: StockKey, qty: string, context: TranContext | null): Promise<StoredItem> {
  const { rows } = await ledgerWrite(
    key,
    sql<StoredItem>`
    update t_stored_item set unavailable_qty = unavailable_qty - ${qty}::numeric,
      reason_id = case when status = 'A' and unavailable_qty = ${qty}::numeric then null else reason_id end,
      update_time = now()
    where ${keyMatches(key)} and unavailable_qty >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx),
  );
  const row = rows[0];
  if (!row) throw await unavailableShort(trx, key, qty);
  if (context) await writeTranLog(trx, key, row.clientCode, qty, context);
  return row;
}

/**
 * Takes a positive quantity out of a key's unavailable bucket: actual and unavailable decrease together (failed
 * or damaged units moved away, a receipt's damaged part reversed). Refuses (`unavailableStockShort`) when less is
 * unavailable. Returns the row after the decrease; a row left with nothing is removed.
 */
export async function takeUnavailable(trx: Trx, key: StockKey, qty: string, context: TranContext | null): Promise<StoredItem> {
  const { rows } = await ledgerWrite(
    key,
    sql<StoredItem>`
    update t_stored_item set actual_qty = actual_qty - ${qty}::numeric, unavailable_qty = unavailable_qty - ${qty}::numeric,
      reason_id = case when status = 'A' and unavailable_qty = ${qty}::numeric then null else reason_id end,
      update_time = now()
    where ${keyMatches(key)} and unavailable_qty >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx),
  );
  const row = rows[0];
  if (!row) throw await unavailableShort(trx, key, qty);
  await sql`delete from t_stored_item where id = ${row.id} and actual_qty = 0 and unavailable_qty = 0`.execute(trx);
  if (context) await writeTranLog(trx, key, row.clientCode, `-${qty}`, context);
  return row;
}

/** One reservation of allocation: `qty` of ledger row `id` for one order line, logged as one ALLOCATE row. */
export interface Reservation {
  id: number;
  qty: string;
  /** The wave (tran_log control number). */
  controlNumber: string;
  lineNumber: number;
  /** order number/line number */
  description: string;
}

/**
 * Reserves stock for pick tasks: one conditional update per ledger row (the row's reservations summed), each
 * `allocated_qty = allocated_qty + n where actual - unavailable - allocated >= n` on a row of status A, so two
 * releases can never reserve the same units; one ALLOCATE tran_log row per reservation. Answers the ids of the rows
 * that could not take their reservations (nothing is reserved on those; the caller decides). The caller has locked
 * the rows' keys (`lockStockKeys`).
 */
export async function allocateStock(trx: Trx, reservations: readonly Reservation[], employeeId: string): Promise<number[]> {
  if (reservations.length === 0) return [];
  const perRow = new Map<number, bigint>();
  for (const r of reservations) perRow.set(r.id, (perRow.get(r.id) ?? 0n) + toMilli(r.qty));
  const rows = [...perRow].map(([id, milli]) => ({ id, qty: fromMilli(milli) }));
  const { rows: done } = await sql<{ id: number }>`
    update t_stored_item s set allocated_qty = s.allocated_qty + r.qty, update_time = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id bigint, qty numeric)
    where s.id = r.id and s.status = 'A' and s.actual_qty - s.unavailable_qty - s.allocated_qty >= r.qty
    returning s.id`.execute(trx);
  const reserved = new Set(done.map((d) => Number(d.id)));
  const failed = rows.filter((r) => !reserved.has(r.id)).map((r) => r.id);
  const logged = reservations.filter((r) => reserved.has(r.id));
  if (logged.length > 0) {
    await sql`
      insert into tran_log (wh_id, category, tran_type, description, employee_id, client_code, item_number, lot_number,
        hu_id, quantity, from_location_id, control_number, line_number, stored_attribute_id,
        ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)))})
      select s.wh_id, 'OUTBOUND', 'ALLOCATE', r.description, ${employeeId}, s.client_code, s.item_number, s.lot_number,
        s.hu_id, r.qty, s.location_id, r."controlNumber", r."lineNumber", s.stored_attribute_id,
        ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`a.generic_attr_value${i + 1}`)))}
      from json_to_recordset(${JSON.stringify(logged)}::json)
        as r(id bigint, qty numeric, "controlNumber" varchar, "lineNumber" integer, description varchar)
      join t_stored_item s on s.id = r.id
      left join t_stored_attribute a on a.id = s.stored_attribute_id
      order by r.id`.execute(trx);
  }
  return failed;
}

/**
 * Gives back a positive quantity of a row's allocation (a short pick, a cancelled reservation): allocated falls, the
 * units are available again unless the row is held. Refuses (`allocatedStockShort`) when less is allocated. Logged
 * under the context's tran type (UNALLOCATE, SHORT) unless `context` is null.
 */
export async function unallocateStock(trx: Trx, key: StockKey, qty: string, context: TranContext | null): Promise<StoredItem> {
  const { rows } = await sql<StoredItem>`
    update t_stored_item set allocated_qty = allocated_qty - ${qty}::numeric, update_time = now()
    where ${keyMatches(key)} and allocated_qty >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const row = rows[0];
  if (!row) throw await allocatedShort(trx, key, qty);
  if (context) await writeTranLog(trx, key, row.clientCode, `-${qty}`, context);
  return row;
}

/**
 * A pick: takes a positive quantity of a row's own allocation out of the row — actual and allocated fall together,
 * whatever the row's status (a held row's reservations are still picked). Refuses (`allocatedStockShort`) when less is
 * allocated. Returns the row after the decrease (expiry and FIFO date travel with the picked stock); a row left with
 * nothing is removed. Logged unless `context` is null (a pick logs one row for both of its ledger changes).
 */
export async function pickAllocated(trx: Trx, key: StockKey, qty: string, context: TranContext | null): Promise<StoredItem> {
  const { rows } = await sql<StoredItem>`
    update t_stored_item set actual_qty = actual_qty - ${qty}::numeric, allocated_qty = allocated_qty - ${qty}::numeric,
      update_time = now()
    where ${keyMatches(key)} and allocated_qty >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const row = rows[0];
  if (!row) throw await allocatedShort(trx, key, qty);
  await sql`delete from t_stored_item where id = ${row.id} and actual_qty = 0 and unavailable_qty = 0 and allocated_qty = 0`.execute(
    trx,
  );
  if (context) await writeTranLog(trx, key, row.clientCode, `-${qty}`, context);
  return row;
}

async function allocatedShort(trx: Trx, key: StockKey, qty: string): Promise<AppError> {
  const { rows } = await sql<{ qty: string }>`
    select coalesce(sum(allocated_qty), 0)::text as qty from t_stored_item where ${keyMatches(key)}`.execute(trx);
  return new AppError('allocatedStockShort', {
    itemNumber: key.itemNumber,
    locationId: key.locationId,
    allocated: rows[0]?.qty ?? '0',
    qty,
  });
}
