/**
 * Expiry and shelf life (issue 26 items 1–3; docs/flows.md "Allocation", the inventory README "Expiry"): the rules every
 * channel shares — allocation, receiving, adjustments and movements, carton pick — and the job that holds expired stock.
 *
 * "Today" is the database's date (`current_date`, in the time zone of the PostgreSQL server or PGlite, UTC unless set):
 * one site's warehouses share the database's time zone, and every rule reads the same day from the same clock, also
 * when several server processes run. A lot expires at the end of its expiry date: it is expired when expiry < today.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { EXPIRY_WARNING_DAYS, parseDays } from '../masterdata/controls';
import { lockStockKeys, type StockKey, setHold } from './ledger.service';

export const DEFAULT_WARNING_DAYS = 30;
/** The hold reason of stock the expiry job held (released by the ordinary hold release of the stock query). */
export const EXPIRED_HOLD_REASON = 'EXPIRED';
/** The permissions that let expired or short-dated stock in (menu seed, inbound and inventory READMEs). */
export const ACCEPT_SHORT_DATED = 'sys:tReceipt:acceptShortDated';
export const ACCEPT_EXPIRED = 'sys:tblInvAdjustment:acceptExpired';

/**
 * A stock row of `v_expiring_stock` (alias `m`) within its warning days of expiry, expired rows included. The second
 * condition is implied by the first (no row warns earlier than the largest warning days set, or the default): it bounds
 * the expiry so that the ledger's (wh_id, expiration_date) index reads only rows that can be within their warning days.
 */
export const WITHIN_WARNING_DAYS = sql`m.days_left <= m.warning_days and m.expiry <= current_date + (
  select greatest(${DEFAULT_WARNING_DAYS}, coalesce(max(c.control_value::int), 0)) from t_whse_control c
  where c.control_name = ${EXPIRY_WARNING_DAYS} and c.control_value ~ '^[0-9]{1,4}$')`;

/**
 * The expiring-stock count (the home screen's and the dashboard's tile): the rows of `v_expiring_stock` (alias `m`)
 * within their warning days that `scope` admits (the grants, a warehouse, a client). One statement, or a subquery of one.
 */
export function expiringStockCount(scope: RawBuilder<unknown>): RawBuilder<{ count: number }> {
  return sql<{ count: number }>`select count(*)::int as count from v_expiring_stock m where ${scope} and ${WITHIN_WARNING_DAYS}`;
}

/** Day controls of a warehouse: the warehouse's value and each client's own (invalid values are ignored). */
export interface DayControl {
  warehouse: number | null;
  clients: Map<string, number>;
}

/** Reads one day control of a warehouse (client rows and the warehouse row) in one query. */
export async function dayControl(trx: Trx | Db, whId: string, name: string): Promise<DayControl> {
  const { rows } = await sql<{ clientCode: string | null; controlValue: string | null }>`
    select client_code, control_value from t_whse_control where wh_id = ${whId} and control_name = ${name}`.execute(trx);
  const control: DayControl = { warehouse: null, clients: new Map() };
  for (const row of rows) {
    const days = parseDays(row.controlValue);
    if (days === null) continue;
    if (row.clientCode === null) control.warehouse = days;
    else control.clients.set(row.clientCode, days);
  }
  return control;
}

/** The control's days for a client: its own row, else the warehouse's, else `fallback`. */
export const daysFor = (control: DayControl, clientCode: string, fallback: number): number =>
  control.clients.get(clientCode) ?? control.warehouse ?? fallback;

/** The database's today as yyyy-MM-dd. */
export async function today(trx: Trx | Db): Promise<string> {
  const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(trx);
  return rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

/** A calendar date (yyyy-MM-dd) plus whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (yyyy-MM-dd each); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The advisory-lock number of the expiry job: one run at a time across every process sharing the database. */
const EXPIRY_JOB_LOCK = 7_262_026_001n;

/** Rows one run holds at most (the rest waits for the next run): a run holds few locks and always ends. */
const HOLD_BATCH = 500;

/**
 * Holds the stock rows whose expiry has passed (expiry < today): rows in an available (zone type A) location, status A,
 * with nothing allocated (reserved units belong to pick tasks; such a row is held by the first run after its picks),
 * one HOLD tran_log row each with reason EXPIRED — auditable, and undone by the stock query's ordinary release (a
 * released row that is still expired and still in an available location is held again by the next run). One
 * transaction per run; `pg_try_advisory_xact_lock` makes a second process that runs it meanwhile skip (answer -1), and
 * each row is held by a conditional update (status A → H), so a row is held once. Answers the rows held.
 */
export async function holdExpiredStock(db: Db, limit = HOLD_BATCH): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { rows: lock } = await sql<{
      got: boolean;
    }>`select pg_try_advisory_xact_lock(${String(EXPIRY_JOB_LOCK)}::bigint) as got`.execute(trx);
    if (!lock[0]?.got) return -1;
    const expired = (ids: number[] | null) => sql<StockKey & { id: number }>`
      select s.id, s.wh_id, s.location_id, s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id
      from t_stored_item s
      join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
      join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
      where s.expiration_date < current_date and s.status = 'A' and s.allocated_qty = 0
        ${ids ? sql`and s.id = any(${ids}::bigint[])` : sql``}
      order by s.id limit ${limit}`;
    const { rows: seen } = await expired(null).execute(trx);
    if (seen.length === 0) return 0;
    // Like every ledger writer: the keys first (global order), then the rows read again under them.
    await lockStockKeys(
      trx,
      seen.map((r) => ({ ...r, storedAttributeId: r.storedAttributeId === null ? null : Number(r.storedAttributeId) })),
    );
    const { rows } = await expired(seen.map((r) => Number(r.id))).execute(trx);
    let held = 0;
    for (const row of rows) {
      const done = await setHold(trx, Number(row.id), true, EXPIRED_HOLD_REASON, {
        category: 'INVENTORY',
        tranType: 'HOLD',
        description: EXPIRED_HOLD_REASON,
        employeeId: 'system',
        controlNumber: null,
        lineNumber: null,
        fromLocationId: row.locationId,
        toLocationId: null,
      });
      if (done) held++;
    }
    return held;
  });
}
