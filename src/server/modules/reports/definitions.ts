/**
 * The SQL of each report (README "Reports"): one set-based statement each, over the documents and the ledger, within
 * the user's warehouse and client grants (`grantScope` on the row's own client, in the statement). The filters arrive
 * checked by the engine (`reports.engine.ts`): a granted warehouse, a date range of at most REPORT_MAX_DAYS days.
 * Days are the database's (its time zone, as every "today" of the server: inventory README "Expiry").
 */
import { type RawBuilder, sql } from 'kysely';
import {
  AGEING_BUCKETS,
  DOCK_TO_STOCK_BUCKETS,
  REPORT_ROW_LIMIT,
  type ReportName,
  type ReportRequest,
} from '../../../shared/reports';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { grantScope } from '../../platform/grants';

export type ReportRow = Record<string, string | number | null>;
type Run = (db: Db, user: SessionUser, filters: ReportRequest) => Promise<ReportRow[]>;

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/**
 * The conditions every report shares over a table alias: its warehouse, the grants on its client column, and the
 * optional client and item filters.
 */
function scope(
  user: SessionUser,
  f: ReportRequest,
  alias: string,
  client: RawBuilder<unknown> = sql`${ref(alias, 'client_code')}`,
) {
  const parts: RawBuilder<unknown>[] = [sql`${ref(alias, 'wh_id')} = ${f.whId}`, grantScope(user, ref(alias, 'wh_id'), client)];
  if (f.clientCode) parts.push(sql`${client} = ${f.clientCode}`);
  if (f.itemNumber) parts.push(sql`${ref(alias, 'item_number')} = ${f.itemNumber}`);
  return sql.join(parts, sql` and `);
}

/** Instants on the days from … to (inclusive), as a half-open range: the index on the time column serves it. */
const onDays = (column: RawBuilder<unknown>, f: ReportRequest) =>
  sql`${column} >= ${f.dateFrom}::date and ${column} < ${f.dateTo}::date + 1`;

/** A zone filter over a stock row alias (its location's zone). */
const zoneOf = (f: ReportRequest, alias: string) =>
  f.zone
    ? sql` and exists (select 1 from t_location zl where zl.wh_id = ${ref(alias, 'wh_id')}
        and zl.location_id = ${ref(alias, 'location_id')} and zl.zone = ${f.zone})`
    : sql``;

/** The bucket labels in order, as a values list to join the counts to (empty buckets show as 0). */
const bucketList = (buckets: readonly string[]) =>
  sql.join(
    buckets.map((b, i) => sql`(${b}::text, ${i}::int)`),
    sql`, `,
  );

const limit = sql`limit ${REPORT_ROW_LIMIT + 1}`;

/**
 * Inbound volume by day and vendor: receipt lines, receipts (arrivals) and the quantity received in base units
 * (received quantity × the line unit's factor), by the receipt's day.
 */
const inboundVolume: Run = async (db, user, f) => {
  // Summed per day, vendor and receipt first (a hash aggregate of plain columns: the receipts count without a sort
  // for count(distinct)), the day written and the vendor named on the few rows left.
  const { rows } = await sql<ReportRow>`
    with per_receipt as (
      select r.wh_id, r.receipt_date::date as day, r.vendor_code, r.receipt_id, count(*) as lines,
        sum(r.qty_received * r.conversion_factor) as qty
      from t_receipt r
      where ${scope(user, f, 'r')} and ${onDays(sql`r.receipt_date`, f)}
      group by r.wh_id, 2, r.vendor_code, r.receipt_id
    ), per_day as (
      select wh_id, day, vendor_code, count(*)::int as receipts, sum(lines)::int as lines, sum(qty) as qty
      from per_receipt group by wh_id, day, vendor_code
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(d.vendor_code, '') as vendor_code, coalesce(v.vendor_name, '') as vendor_name,
      d.receipts, d.lines, d.qty::numeric(18, 3) as qty
    from per_day d
    left join t_vendor v on v.wh_id = d.wh_id and v.vendor_code = d.vendor_code
    order by d.day, 2 ${limit}`.execute(db);
  return rows;
};

/**
 * Dock-to-stock: for each receipt line received on the days, the hours from its receipt to the approval of the
 * putaway task that completed it (the last completed PUTAWAY task with a line on it); lines not put away yet are
 * `waiting` (their hours not counted). One row per bucket, empty buckets included; share is of all the lines. The
 * completions are read once, joined by receipt line: a putaway approved before the first day cannot complete a line
 * received on it, so only tasks approved since then are read.
 */
const dockToStock: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with done as (
      select pd.receipt_row_id, max(pm.approve_time) as stocked
      from tbl_inv_movement pm
      join tbl_inv_movement_detail pd on pd.wh_id = pm.wh_id and pd.task_id = pm.task_id and pd.receipt_row_id is not null
      where pm.wh_id = ${f.whId} and pm.task_type = 'PUTAWAY' and pm.status = 'C' and pm.approve_time >= ${f.dateFrom}::date
      group by pd.receipt_row_id
    ), lines as (
      select r.qty_received * r.conversion_factor as qty,
        case when r.status = 'P' then extract(epoch from d.stocked - r.receipt_date) / 3600 end as hours
      from t_receipt r
      left join done d on d.receipt_row_id = r.id
      where ${scope(user, f, 'r')} and ${onDays(sql`r.receipt_date`, f)}
    ), bucketed as (
      select qty, hours, case when hours is null then 'waiting' when hours < 1 then 'h0to1' when hours < 4 then 'h1to4'
        when hours < 8 then 'h4to8' when hours < 24 then 'h8to24' when hours < 48 then 'h24to48' else 'h48plus' end as bucket
      from lines
    ), totals as (
      select bucket, count(*) as lines, sum(qty) as qty, avg(hours) as avg_hours, max(hours) as max_hours
      from bucketed group by bucket
    )
    select b.bucket, coalesce(t.lines, 0)::int as lines, coalesce(t.qty, 0)::numeric(18, 3) as qty,
      round(coalesce(t.lines::numeric / nullif((select sum(lines) from totals), 0), 0), 4) as share,
      round(t.avg_hours::numeric, 2) as avg_hours, round(t.max_hours::numeric, 2) as max_hours
    from (values ${bucketList(DOCK_TO_STOCK_BUCKETS)}) as b(bucket, ord)
    left join totals t on t.bucket = b.bucket
    order by b.ord`.execute(db);
  return rows;
};

/** The dimension a stock row is counted under: its zone, its client, or its item's category. */
const STOCK_GROUP_KEY = {
  zone: sql`coalesce(l.zone, '')`,
  client: sql`s.client_code`,
  category: sql`coalesce(i.item_category, '')`,
};

/**
 * Stock by zone, client or item category with its value: quantity on hand (actual), value = quantity × the item's
 * price (`t_item_master.price`, base unit), the quantity of items without a price apart (valued at nothing). The
 * ledger is summed per location and item first (its lots, pallets and attributes fold away), then joined to the
 * locations and items: the joins see thousands of rows instead of the ledger's million.
 */
const stockValue: Run = async (db, user, f) => {
  const key = STOCK_GROUP_KEY[f.groupBy ?? 'zone'];
  const { rows } = await sql<ReportRow>`
    with s as (
      select s.wh_id, s.location_id, s.item_number, s.client_code, sum(s.actual_qty) as qty
      from t_stored_item s where ${scope(user, f, 's')}
      group by s.wh_id, s.location_id, s.item_number, s.client_code
    )
    select ${key} as group_key, count(distinct s.item_number)::int as items, sum(s.qty)::numeric(18, 3) as qty,
      coalesce(sum(s.qty * i.price), 0)::numeric(18, 3) as value,
      coalesce(sum(s.qty) filter (where i.price is null), 0)::numeric(18, 3) as unpriced_qty
    from s
    join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    left join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
    where true${f.zone ? sql` and l.zone = ${f.zone}` : sql``}
    group by 1 order by value desc, group_key ${limit}`.execute(db);
  return rows;
};

/**
 * Stock ageing by FIFO date: days from the stock row's FIFO date to today, in buckets (empty ones included), with
 * rows, quantity, value and the share of the quantity. Summed per item and bucket first, then priced.
 */
const stockAgeing: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with aged as (
      select s.wh_id, s.item_number, case
        when current_date - s.fifo_date <= 30 then 'd0to30' when current_date - s.fifo_date <= 60 then 'd31to60'
        when current_date - s.fifo_date <= 90 then 'd61to90' when current_date - s.fifo_date <= 180 then 'd91to180'
        when current_date - s.fifo_date <= 365 then 'd181to365' else 'd365plus' end as bucket,
        count(*) as row_count, sum(s.actual_qty) as qty
      from t_stored_item s
      where ${scope(user, f, 's')}${zoneOf(f, 's')}
      group by 1, 2, 3
    ), totals as (
      select a.bucket, sum(a.row_count)::int as row_count, sum(a.qty) as qty, sum(a.qty * i.price) as value
      from aged a join t_item_master i on i.wh_id = a.wh_id and i.item_number = a.item_number
      group by a.bucket
    )
    select b.bucket, coalesce(t.row_count, 0) as row_count, coalesce(t.qty, 0)::numeric(18, 3) as qty,
      coalesce(t.value, 0)::numeric(18, 3) as value,
      round(coalesce(t.qty / nullif((select sum(qty) from totals), 0), 0), 4) as share
    from (values ${bucketList(AGEING_BUCKETS)}) as b(bucket, ord)
    left join totals t on t.bucket = b.bucket
    order by b.ord`.execute(db);
  return rows;
};

/**
 * Location utilisation by zone: the active locations, those holding stock (of a client the user holds, and of the
 * chosen client), the empty ones, and the share occupied. A location holding only other clients' stock counts as empty
 * for a user limited to some clients: what they see is their own use of the warehouse.
 */
const locationUse: Run = async (db, user, f) => {
  const client = f.clientCode ? sql` and s.client_code = ${f.clientCode}` : sql``;
  const { rows } = await sql<ReportRow>`
    with used as (
      select coalesce(l.zone, '') as zone, exists (select 1 from t_stored_item s
        where s.wh_id = l.wh_id and s.location_id = l.location_id and s.actual_qty > 0
          and ${grantScope(user, sql.ref('s.wh_id'), sql.ref('s.client_code'))}${client}) as occupied
      from t_location l
      where l.wh_id = ${f.whId} and l.status = 'A'${f.zone ? sql` and l.zone = ${f.zone}` : sql``}
    )
    select zone, count(*)::int as locations, count(*) filter (where occupied)::int as occupied,
      count(*) filter (where not occupied)::int as empty, round(count(*) filter (where occupied)::numeric / count(*), 4) as share
    from used group by zone order by zone ${limit}`.execute(db);
  return rows;
};

/** Transaction log volume by day and type: ledger changes (rows) and the quantity they moved (absolute). */
const tranVolume: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    select to_char(t.tran_date, 'YYYY-MM-DD') as day, t.tran_type, count(*)::int as transactions,
      coalesce(sum(abs(t.quantity)), 0)::numeric(18, 3) as qty
    from tran_log t
    where ${scope(user, f, 't')} and ${onDays(sql`t.tran_date`, f)}
    group by 1, 2 order by 1, 2 ${limit}`.execute(db);
  return rows;
};

export const REPORT_RUNS: Readonly<Record<ReportName, Run>> = {
  inboundVolume,
  dockToStock,
  stockValue,
  stockAgeing,
  locationUse,
  tranVolume,
};
