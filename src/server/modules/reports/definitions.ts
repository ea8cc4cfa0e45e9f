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
  DOCK_TO_STOCK_HOURS,
  hourBuckets,
  ORDER_CYCLE_BUCKETS,
  ORDER_CYCLE_HOURS,
  REPORT_ROW_LIMIT,
  type ReportGroup,
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
 * The bucket of `hours` among `hourBuckets(bounds, pending)` (shared/reports.ts): `h<a>to<b>` for a ≤ hours < b, the
 * last `h<n>plus`, and `pending` where there are no hours (not put away, not shipped yet).
 */
function hoursBucket(hours: RawBuilder<unknown>, bounds: readonly number[], pending: string) {
  const names = hourBuckets(bounds, pending);
  const steps = bounds.map((b, i) => sql`when ${hours} < ${sql.lit(b)} then ${sql.lit(names[i])}`);
  return sql`case when ${hours} is null then ${sql.lit(pending)} ${sql.join(steps, sql` `)} else ${sql.lit(names[bounds.length])} end`;
}

/**
 * The tail of an hours report over a CTE `bucketed (bucket, hours[, qty])` already written: one row per bucket in
 * order (empty ones at 0), its count under `count`, its quantity when `qty`, its share of all the rows counted, the
 * average and longest hours (none for the pending bucket).
 */
const hoursTotals = (buckets: readonly string[], count: string, qty: boolean) => sql`
    , totals as (
      select bucket, count(*) as n, ${qty ? sql`sum(qty)` : sql`null::numeric`} as qty, avg(hours) as avg_hours,
        max(hours) as max_hours
      from bucketed group by bucket
    )
    select b.bucket, coalesce(t.n, 0)::int as ${sql.ref(count)},${qty ? sql` coalesce(t.qty, 0)::numeric(18, 3) as qty,` : sql``}
      round(coalesce(t.n::numeric / nullif((select sum(n) from totals), 0), 0), 4) as share,
      round(t.avg_hours::numeric, 2) as avg_hours, round(t.max_hours::numeric, 2) as max_hours
    from (values ${bucketList(buckets)}) as b(bucket, ord)
    left join totals t on t.bucket = b.bucket
    order by b.ord`;

/**
 * The orders shipped on the days (an order ships with its last carton): the orders of the cartons of the deliveries
 * shipped on the days (index t_delivery_shipped), each with the ship time of its last carton, kept when every carton of
 * it is shipped and the last one on the days. Rows (wh_id, order_number, shipped); the caller joins t_order (status S)
 * and applies the grants on its own client column.
 */
const shippedOrders = (f: ReportRequest) => sql`
      select c.wh_id, c.order_number, max(c.ship_time) as shipped
      from tbl_shipping_label c
      where c.wh_id = ${f.whId} and c.order_number in (
        select sc.order_number from t_delivery d
        join tbl_shipping_label sc on sc.wh_id = d.wh_id and sc.delivery_number = d.delivery_number
        where d.wh_id = ${f.whId} and d.status = 'S' and ${onDays(sql`d.ship_time`, f)})
      group by c.wh_id, c.order_number
      having bool_and(c.status = 'S') and max(c.ship_time) < ${f.dateTo}::date + 1`;

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
      select qty, hours, ${hoursBucket(sql`hours`, DOCK_TO_STOCK_HOURS, 'waiting')} as bucket from lines
    )${hoursTotals(DOCK_TO_STOCK_BUCKETS, 'lines', true)}`.execute(db);
  return rows;
};

/**
 * The group chosen among a report's own (`keys`: each group's SQL). The engine's checked filters always carry one of
 * the definition's groups (its first when none was sent); any other is a programming error.
 */
function groupOf<G extends ReportGroup>(keys: Readonly<Record<G, unknown>>, chosen: ReportGroup | undefined): G {
  const groups = Object.keys(keys) as G[];
  if (!groups.includes(chosen as G)) throw new Error(`report group ${chosen} is not one of ${groups.join(', ')}`);
  return chosen as G;
}

/** The dimension a stock row is counted under: its zone, its client, or its item's category. */
const STOCK_GROUP_KEY = {
  zone: sql`coalesce(l.zone, '')`,
  client: sql`s.client_code`,
  category: sql`coalesce(i.item_category, '')`,
};

/**
 * Stock by zone, client or item category with its value: quantity on hand (actual), value = quantity × the item's
 * price (`t_item_master.price`, base unit), the quantity of items without a price apart (valued at nothing). The
 * ledger is summed per group and item in one pass (the location joined only for the zone, the item for its category:
 * small hash tables), then priced: the pass groups into hundreds of rows, not one per location and item.
 */
const stockValue: Run = async (db, user, f) => {
  const group = groupOf(STOCK_GROUP_KEY, f.groupBy);
  const location = group === 'zone' || f.zone;
  const { rows } = await sql<ReportRow>`
    with s as (
      select ${STOCK_GROUP_KEY[group]} as group_key, s.item_number, sum(s.actual_qty) as qty
      from t_stored_item s
      ${location ? sql`left join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id` : sql``}
      ${group === 'category' ? sql`join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number` : sql``}
      where ${scope(user, f, 's')}${f.zone ? sql` and l.zone = ${f.zone}` : sql``}
      group by 1, 2
    )
    select s.group_key, count(*)::int as items, sum(s.qty)::numeric(18, 3) as qty,
      coalesce(sum(s.qty * i.price), 0)::numeric(18, 3) as value,
      coalesce(sum(s.qty) filter (where i.price is null), 0)::numeric(18, 3) as unpriced_qty
    from s join t_item_master i on i.wh_id = ${f.whId} and i.item_number = s.item_number
    group by 1 order by value desc, group_key ${limit}`.execute(db);
  return rows;
};

/**
 * The last day of each ageing bucket but the open-ended last one (AGEING_BUCKETS: 0–30, 31–60, 61–90, 91–180,
 * 181–365, over 365 days): `width_bucket(days, first days of buckets 1…)` numbers a row's bucket as an integer, the
 * bucket's index in AGEING_BUCKETS (days below 31, a FIFO date in the future included, are bucket 0).
 */
const AGEING_LAST_DAYS = [30, 60, 90, 180, 365];

/**
 * Stock ageing by FIFO date: days from the stock row's FIFO date to today, in buckets (empty ones included), with
 * rows, quantity, value and the share of the quantity. Summed per item and bucket number first (an integer per row,
 * not a label: the ledger's rows are many), then priced and labelled. A row without a FIFO date is oldest.
 */
const stockAgeing: Run = async (db, user, f) => {
  const firstDays = sql.join(AGEING_LAST_DAYS.map((d) => sql.lit(d + 1)));
  const { rows } = await sql<ReportRow>`
    with aged as (
      select s.item_number, coalesce(width_bucket(current_date - s.fifo_date, array[${firstDays}]), ${sql.lit(AGEING_LAST_DAYS.length)}) as ord,
        count(*) as row_count, sum(s.actual_qty) as qty
      from t_stored_item s
      where ${scope(user, f, 's')}${zoneOf(f, 's')}
      group by 1, 2
    ), totals as (
      select a.ord, sum(a.row_count)::int as row_count, sum(a.qty) as qty, sum(a.qty * i.price) as value
      from aged a join t_item_master i on i.wh_id = ${f.whId} and i.item_number = a.item_number
      group by a.ord
    )
    select b.bucket, coalesce(t.row_count, 0) as row_count, coalesce(t.qty, 0)::numeric(18, 3) as qty,
      coalesce(t.value, 0)::numeric(18, 3) as value,
      round(coalesce(t.qty / nullif((select sum(qty) from totals), 0), 0), 4) as share
    from (values ${bucketList(AGEING_BUCKETS)}) as b(bucket, ord)
    left join totals t on t.ord = b.ord
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

/**
 * Transaction log volume by day and type: ledger changes (rows) and the quantity they moved (absolute). Grouped by the
 * row's date and labelled after (a label formatted per row cost a third of the statement on a month of a million rows).
 */
const tranVolume: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    select to_char(v.day, 'YYYY-MM-DD') as day, v.tran_type, v.transactions, v.qty
    from (
      select t.tran_date::date as day, t.tran_type, count(*)::int as transactions,
        coalesce(sum(abs(t.quantity)), 0)::numeric(18, 3) as qty
      from tran_log t
      where ${scope(user, f, 't')} and ${onDays(sql`t.tran_date`, f)}
      group by 1, 2) v
    order by v.day, v.tran_type ${limit}`.execute(db);
  return rows;
};

/**
 * Outbound volume by ship day and carrier: what the deliveries shipped on the days carried — deliveries, orders, order
 * lines and cartons (counted once each), and the quantity shipped in base units (carton lines are in the item's base
 * unit). The carrier is the delivery's (one carrier per delivery); the grants and the client and item filters apply to
 * each carton line's own client and item, so a delivery mixing clients counts for each user with the lines they hold.
 * The lines fold into their cartons first (a carton holds one order): deliveries and orders are counted over cartons,
 * the order lines apart (a line packed in two cartons counts once) — 40 % less than four distinct counts over the lines.
 */
const outboundVolume: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with shipped as (
      select d.ship_time::date as day, d.carrier_id, d.delivery_number, c.carton_number, l.order_number, l.line_number,
        l.qty
      from t_delivery d
      join tbl_shipping_label c on c.wh_id = d.wh_id and c.delivery_number = d.delivery_number
      join tbl_shipping_label_detail l on l.wh_id = c.wh_id and l.carton_number = c.carton_number
      where d.wh_id = ${f.whId} and d.status = 'S' and ${onDays(sql`d.ship_time`, f)} and ${scope(user, f, 'l')}
    ), cartons as (
      select day, carrier_id, delivery_number, carton_number, order_number, sum(qty) as qty
      from shipped group by 1, 2, 3, 4, 5
    ), per_day as (
      select day, carrier_id, count(distinct delivery_number)::int as deliveries, count(distinct order_number)::int as orders,
        count(*)::int as cartons, sum(qty) as qty
      from cartons group by 1, 2
    ), order_lines as (
      select day, carrier_id, count(*)::int as order_lines
      from (select day, carrier_id, order_number, line_number from shipped group by 1, 2, 3, 4) l
      group by 1, 2
    )
    select to_char(p.day, 'YYYY-MM-DD') as day, p.carrier_id as carrier_code, coalesce(cr.carrier_name, '') as carrier_name,
      p.deliveries, p.orders, ol.order_lines, p.cartons, p.qty::numeric(18, 3) as qty
    from per_day p
    join order_lines ol on ol.day = p.day and ol.carrier_id = p.carrier_id
    left join t_carrier cr on cr.wh_id = ${f.whId} and cr.carrier_code = p.carrier_id
    order by p.day, p.carrier_id ${limit}`.execute(db);
  return rows;
};

/**
 * Order cycle time (issue 29: confirm → ship): for each order shipped on the days, the hours from its confirmation
 * (`t_order.confirm_time`: the order handed to the warehouse; its entry time for an order that has none) to its
 * shipment (its last carton's delivery); the orders confirmed on the days and still open (neither shipped nor
 * cancelled) are `open`. One row per bucket, empty ones at 0; share of all the orders counted.
 */
const orderCycle: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with shipped as (${shippedOrders(f)}
    ), cycle as (
      select extract(epoch from s.shipped - coalesce(o.confirm_time, o.create_time)) / 3600 as hours
      from shipped s join t_order o on o.wh_id = s.wh_id and o.order_number = s.order_number
      where o.status = 'S' and ${scope(user, f, 'o')}
      union all
      select null::numeric from t_order o
      where ${scope(user, f, 'o')} and ${onDays(sql`o.confirm_time`, f)} and o.status not in ('S', 'X')
    ), bucketed as (
      select hours, ${hoursBucket(sql`hours`, ORDER_CYCLE_HOURS, 'open')} as bucket from cycle
    )${hoursTotals(ORDER_CYCLE_BUCKETS, 'orders', false)}`.execute(db);
  return rows;
};

/**
 * Fill rate by ship day: the lines of the orders shipped on the days (status S, by `t_order.actual_ship_date`: the day
 * its last carton shipped; their pick details, one per order line, quantities in base units): lines, lines shipped
 * complete (shipped ≥ ordered), short lines (shipped less: short at release or at the pick), quantity ordered and
 * shipped, the line fill rate (complete ÷ lines) and the quantity fill rate (shipped ÷ ordered, a line counting at
 * most what it ordered). The order's own day, not its cartons' (index t_order_shipped, migration 0041): 4× faster.
 */
const fillRate: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with lines as (
      select o.actual_ship_date as day, pd.qty_ordered as ordered, least(pd.shipped_qty, pd.qty_ordered) as shipped
      from t_order o
      join t_pick_detail pd on pd.wh_id = o.wh_id and pd.order_number = o.order_number
      where o.wh_id = ${f.whId} and o.status = 'S' and o.actual_ship_date between ${f.dateFrom}::date and ${f.dateTo}::date
        and ${scope(user, f, 'pd')}
    )
    select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as order_lines,
      count(*) filter (where shipped >= ordered)::int as complete_lines, count(*) filter (where shipped < ordered)::int as short_lines,
      sum(ordered)::numeric(18, 3) as ordered_qty, sum(shipped)::numeric(18, 3) as shipped_qty,
      round(count(*) filter (where shipped >= ordered)::numeric / count(*), 4) as line_fill_rate,
      round(coalesce(sum(shipped) / nullif(sum(ordered), 0), 0), 4) as qty_fill_rate
    from lines group by day order by day ${limit}`.execute(db);
  return rows;
};

/**
 * Picking productivity by picker: the pick confirmations logged on the days (`tran_log` PICK rows, one per confirmed
 * pick, by the user who confirmed it — a short pick's found part included), their quantity, the distinct orders (the
 * row's description is `order/line`) and waves (the order's), the first and last pick; active hours = the sum over
 * the picker's days of the span from the day's first pick to its last, at least one hour a day (a lone pick is not a
 * rate of thousands an hour); lines per hour = pick lines ÷ active hours.
 */
const pickProductivity: Run = async (db, user, f) => {
  const { rows } = await sql<ReportRow>`
    with picks as (
      select coalesce(t.employee_id, '') as picker, t.tran_date, t.tran_date::date as day, t.quantity,
        substring(t.description from '^(.*)/[0-9]+$') as order_number
      from tran_log t
      where ${scope(user, f, 't')} and t.tran_type = 'PICK' and ${onDays(sql`t.tran_date`, f)}
    ), active as (
      select picker, sum(hours) as hours from (
        select picker, greatest(extract(epoch from max(tran_date) - min(tran_date)) / 3600, 1) as hours
        from picks group by picker, day) d
      group by picker
    ), per_picker as (
      select p.picker, count(*)::int as pick_lines, sum(p.quantity) as qty, count(distinct p.order_number)::int as orders,
        count(distinct o.wave_id)::int as waves, min(p.tran_date) as first_pick, max(p.tran_date) as last_pick
      from picks p
      left join t_order o on o.wh_id = ${f.whId} and o.order_number = p.order_number
      group by p.picker
    )
    select p.picker, p.pick_lines, p.qty::numeric(18, 3) as qty, p.orders, p.waves,
      to_char(p.first_pick, 'YYYY-MM-DD HH24:MI') as first_pick, to_char(p.last_pick, 'YYYY-MM-DD HH24:MI') as last_pick,
      round(a.hours::numeric, 2) as active_hours, round(p.pick_lines / a.hours::numeric, 2) as lines_per_hour
    from per_picker p join active a on a.picker = p.picker
    order by p.pick_lines desc, p.picker ${limit}`.execute(db);
  return rows;
};

/** What a count line is grouped under: its count day, its location's zone, or its item. */
const COUNT_GROUP_KEY = {
  day: sql`to_char(c.count_time, 'YYYY-MM-DD')`,
  zone: sql`coalesce(l.zone, '')`,
  item: sql`coalesce(c.item_number, '')`,
};

/**
 * Inventory accuracy by count day, zone (the location's) or item: the count tasks counted on the days (status C or A,
 * their count time), the locations counted and those exact (every line of the group counted there without a
 * difference) with their share, the lines counted, lines with a difference (counted ≠ book), accuracy = lines without
 * difference ÷ lines counted, the absolute variance (Σ |counted − book|, base units) and its value
 * (× `t_item_master.price`; unpriced items at nothing). Days in order; zones and items by variance value, the worst
 * first. A task's client is its item's (cycle count README; a task without item belongs to every client).
 */
const countAccuracy: Run = async (db, user, f) => {
  const group = groupOf(COUNT_GROUP_KEY, f.groupBy);
  const { rows } = await sql<ReportRow>`
    with counted as (
      select ${COUNT_GROUP_KEY[group]} as group_key, c.location_id, c.cycle_count_qty - coalesce(c.logic_qty, 0) as diff,
        i.price
      from tbl_cycle_count_task c
      left join t_item_master i on i.wh_id = c.wh_id and i.item_number = c.item_number
      ${group === 'zone' ? sql`left join t_location l on l.wh_id = c.wh_id and l.location_id = c.location_id` : sql``}
      where ${scope(user, f, 'c', sql`i.client_code`)} and c.status in ('C', 'A') and c.cycle_count_qty is not null
        and ${onDays(sql`c.count_time`, f)}${zoneOf(f, 'c')}
    ), exact as (
      select group_key, count(*)::int as exact_locations
      from (select group_key, location_id from counted group by group_key, location_id having bool_and(diff = 0)) e
      group by group_key
    )
    select c.group_key, count(distinct c.location_id)::int as locations,
      coalesce(max(e.exact_locations), 0) as exact_locations,
      round(coalesce(max(e.exact_locations), 0)::numeric / count(distinct c.location_id), 4) as location_accuracy,
      count(*)::int as count_lines, count(*) filter (where c.diff <> 0)::int as diff_lines,
      round(count(*) filter (where c.diff = 0)::numeric / count(*), 4) as accuracy,
      sum(abs(c.diff))::numeric(18, 3) as variance_qty, coalesce(sum(abs(c.diff) * c.price), 0)::numeric(18, 3) as variance_value
    from counted c left join exact e on e.group_key = c.group_key
    group by c.group_key
    order by ${group === 'day' ? sql`c.group_key` : sql`variance_value desc, variance_qty desc, c.group_key`} ${limit}`.execute(
    db,
  );
  return rows;
};

export const REPORT_RUNS: Readonly<Record<ReportName, Run>> = {
  inboundVolume,
  dockToStock,
  stockValue,
  stockAgeing,
  locationUse,
  tranVolume,
  outboundVolume,
  orderCycle,
  fillRate,
  pickProductivity,
  countAccuracy,
};
