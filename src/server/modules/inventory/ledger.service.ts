/**
 * The stock ledger (t_stored_item). Stock changes only through these functions, inside the caller's
 * transaction, and every change writes a tran_log row. Decreases are one conditional UPDATE that only matches
 * while enough available stock remains, so concurrent callers can never take the same stock twice: the row lock
 * makes the second wait, and PostgreSQL re-checks its condition against the committed quantity.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import { AppError, PG_NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../../platform/errors';

/** Identifies one ledger row: absent lot, pallet or attribute id are null (and equal to each other). */
export interface StockKey {
  whId: string;
  locationId: string;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  storedAttributeId: number | null;
}

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

/** A ledger row as the services read it (quantities as exact decimal strings). */
export interface StoredItem extends StockKey {
  id: number;
  clientCode: string;
  actualQty: string;
  unavailableQty: string;
  status: 'A' | 'H';
  fifoDate: string;
  expirationDate: string | null;
  reasonId: string | null;
}

const keyMatches = (key: StockKey) => sql`wh_id = ${key.whId} and location_id = ${key.locationId}
  and item_number = ${key.itemNumber}
  and lot_number is not distinct from ${key.lotNumber}
  and hu_id is not distinct from ${key.huId}
  and stored_attribute_id is not distinct from ${key.storedAttributeId}::bigint`;

const SELECT_STORED_ITEM = sql`id, wh_id, location_id, client_code, item_number, lot_number, hu_id, stored_attribute_id,
  actual_qty::text as actual_qty, unavailable_qty::text as unavailable_qty, status,
  to_char(fifo_date, 'YYYY-MM-DD') as fifo_date, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date, reason_id`;

/** Available quantity of one ledger row: nothing while held, else actual minus unavailable. */
export const AVAILABLE_QTY = sql`case when status = 'H' then 0 else actual_qty - unavailable_qty end`;

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

/** The ledger row of a key, locked for the rest of the transaction; null when there is none. */
export async function lockStoredItem(trx: Trx, key: StockKey): Promise<StoredItem | null> {
  const { rows } =
    await sql<StoredItem>`select ${SELECT_STORED_ITEM} from t_stored_item where ${keyMatches(key)} for update`.execute(trx);
  return rows[0] ?? null;
}

/** The available quantity of a key (0 when there is no row), as an exact decimal string. */
export async function availableQty(trx: Trx, key: StockKey): Promise<string> {
  const { rows } = await sql<{ qty: string }>`
    select coalesce(sum(${AVAILABLE_QTY}), 0)::text as qty from t_stored_item where ${keyMatches(key)}`.execute(trx);
  return rows[0]?.qty ?? '0';
}

/** Writes one transaction-log row (a movement writes one row for both of its ledger changes). */
export async function writeTranLog(
  trx: Trx,
  key: StockKey,
  clientCode: string | null,
  qty: string,
  context: TranContext,
): Promise<void> {
  const attributes = Array.from({ length: 11 }, (_, i) => context.attributes?.[i] ?? null);
  await sql`
    insert into tran_log (wh_id, category, tran_type, description, employee_id, client_code, item_number, lot_number,
      hu_id, quantity, from_location_id, to_location_id, control_number, line_number, stored_attribute_id,
      generic_attr_value1, generic_attr_value2, generic_attr_value3, generic_attr_value4, generic_attr_value5,
      generic_attr_value6, generic_attr_value7, generic_attr_value8, generic_attr_value9, generic_attr_value10,
      generic_attr_value11)
    values (${key.whId}, ${context.category}, ${context.tranType}, ${context.description}, ${context.employeeId},
      ${clientCode}, ${key.itemNumber}, ${key.lotNumber}, ${key.huId}, ${qty}::numeric, ${context.fromLocationId},
      ${context.toLocationId}, ${context.controlNumber}, ${context.lineNumber}, ${key.storedAttributeId}::bigint,
      ${sql.join(attributes)})`.execute(trx);
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
}

/**
 * Adds a positive quantity to a key, creating the row when absent (the item's client is taken from the item);
 * logs it unless `context` is null (the caller then logs the whole change itself).
 * An existing row keeps the earlier FIFO date and the earlier expiry, so older stock is still picked first.
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
      actual_qty, fifo_date, expiration_date)
    select ${key.whId}, ${key.locationId}, i.client_code, i.item_number, ${key.lotNumber}, ${key.huId},
      ${key.storedAttributeId}::bigint, ${qty}::numeric, coalesce(${info.fifoDate ?? null}::date, current_date),
      ${info.expirationDate}::date
    from t_item_master i where i.wh_id = ${key.whId} and i.item_number = ${key.itemNumber}
    on conflict on constraint t_stored_item_key do update set
      actual_qty = t_stored_item.actual_qty + excluded.actual_qty,
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
  codes: { none: ShortageCode | 'notAvailableStock'; short: ShortageCode | 'greaterThanAvailableStock' } = {
    none: 'availableStockZero',
    short: 'exceedsAvailableStock',
  },
): Promise<StoredItem> {
  const { rows } = await sql<StoredItem>`
    update t_stored_item set actual_qty = actual_qty - ${qty}::numeric, update_time = now()
    where ${keyMatches(key)} and ${AVAILABLE_QTY} >= ${qty}::numeric
    returning ${SELECT_STORED_ITEM}`.execute(trx);
  const row = rows[0];
  if (!row) {
    const available = await availableQty(trx, key);
    throw new AppError(Number(available) > 0 ? codes.short : codes.none, {
      itemNumber: key.itemNumber,
      locationId: key.locationId,
      available,
      qty,
    });
  }
  await sql`delete from t_stored_item where id = ${row.id} and actual_qty = 0 and unavailable_qty = 0`.execute(trx);
  if (context) await writeTranLog(trx, key, row.clientCode, `-${qty}`, context);
  return row;
}

/**
 * Holds (status H, with a HOLD reason) or releases (status A) one ledger row. Held stock is unavailable to
 * movements and allocation. Answers false when the row is already in that state.
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
  return true;
}
