import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Connection } from '../src/server/db/connect';
import { countRows } from './database';

/**
 * Activity at scale for the benches, on the demo database: ledger history (tran_log), stock rows (t_stored_item) and
 * receipts (t_receipt), each one set-based statement. Shared by the trace, inventory, reports and dashboard benches.
 * Each fill skips a database that has its rows already (a kept bench database, bench/database.ts).
 */

/**
 * `rows` tran_log rows of the demo items of WH01 (five items, seven transaction types, `lots` lots), one a minute back
 * from now (100,000 minutes: ~69 days), then vacuum analyze.
 */
export async function fillTranLog(connection: Connection, rows: number, lots: number): Promise<void> {
  if ((await countRows(connection.db, 'tran_log', sql`description = 'bench'`)) >= rows) return;
  const t0 = performance.now();
  await sql`
    insert into tran_log (wh_id, category, tran_type, description, tran_date, employee_id, client_code, item_number,
      lot_number, quantity, from_location_id, to_location_id, control_number)
    select i.wh_id, 'INVENTORY', (array['RECEIVE', 'PUTAWAY', 'MOVE', 'ALLOCATE', 'PICK', 'PACK', 'SHIP'])[1 + g % 7],
      'bench', now() - (g % 100000) * interval '1 minute', 'bench', i.client_code, i.item_number,
      'BLOT' || (g % ${lots}), 1 + g % 20, 'A-01', 'B-02', 'BENCH' || (g % 997)
    from generate_series(1, ${rows}) g
    join lateral (select wh_id, client_code, item_number from t_item_master where wh_id = 'WH01'
      order by id offset (g % 5) limit 1) i on true`.execute(connection.db);
  await sql`vacuum analyze`.execute(connection.db);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from tran_log`.execute(connection.db);
  console.log(`  tran_log filled: ${count[0]?.n} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The ledger: every (location, item, lot) combination of the demo master data until `rows` rows exist. */
export async function fillLedger(connection: Connection, rows: number): Promise<void> {
  const { db } = connection;
  if ((await countRows(db, 't_stored_item')) >= rows) return;
  const t0 = performance.now();
  await sql`
    insert into t_stored_item (wh_id, location_id, client_code, item_number, lot_number, actual_qty, fifo_date, expiration_date)
    select l.wh_id, l.location_id, i.client_code, i.item_number, 'LOT' || lot, (1 + (l.id + i.id + lot) % 200)::numeric,
      current_date - ((l.id + lot) % 300), current_date + ((i.id + lot) % 700)
    from (select id, wh_id, location_id from t_location where item_hu_indicator = 'I') l
    join (select id, wh_id, client_code, item_number from t_item_master) i on i.wh_id = l.wh_id
    cross join generate_series(1, 50) lot
    limit ${rows}`.execute(db);
  // A settled ledger, as autovacuum leaves it: statistics, and the visibility map that index-only counts rely on.
  await sql`vacuum analyze`.execute(db);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from t_stored_item`.execute(db);
  console.log(`  ledger filled: ${count[0]?.n} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * `rows` receipt lines of the demo's PO lines (their items, vendors and clients), received at the warehouse's first
 * staging location, one every two minutes back from now, numbered BR…, all put away (status P: the dock-to-stock
 * report looks up each one's putaway task by index).
 */
export async function fillReceipts(connection: Connection, rows: number): Promise<void> {
  const { db } = connection;
  if ((await countRows(db, 't_receipt', sql`receipt_id like 'BR%'`)) >= rows) return;
  const t0 = performance.now();
  await sql`
    with lines as (
      select row_number() over (order by d.id) - 1 as k, d.wh_id, d.po_number, d.line_number, d.item_number, d.order_uom,
        m.client_code, m.vendor_code,
        (select l.location_id from t_location l where l.wh_id = d.wh_id and l.type = 'S' order by l.location_id limit 1) as location_id
      from t_po_detail d join t_po_master m on m.wh_id = d.wh_id and m.po_number = d.po_number
    ), n as (select count(*) as n from lines)
    insert into t_receipt (wh_id, receipt_id, client_code, vendor_code, po_number, line_number, item_number, uom,
      qty_received, location_id, status, receipt_date)
    select l.wh_id, 'BR' || g, l.client_code, l.vendor_code, l.po_number, l.line_number, l.item_number, l.order_uom,
      1 + g % 10, l.location_id, 'P', now() - (g % 50000) * interval '2 minute'
    from generate_series(1, ${rows}) g cross join n join lines l on l.k = g % n.n`.execute(db);
  await sql`vacuum analyze t_receipt`.execute(db);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from t_receipt`.execute(db);
  console.log(`  receipts filled: ${count[0]?.n} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * `orders` shipped orders of WH01 (1,000 a day back from now), each of three lines of its client's items, picked and
 * packed in one carton, ten orders to a delivery of one carrier, shipped 2–49 hours after confirmation; one line in 20
 * shipped short. Waves of 100 orders. Numbered BO…, BW…, BC…, BD…: the outbound reports' and dashboard's activity.
 */
export async function fillShipments(connection: Connection, orders: number): Promise<void> {
  const { db } = connection;
  if ((await countRows(db, 't_order', sql`order_number like 'BO%'`)) >= orders) return;
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    // g: the order; its confirmation 86.4 s × g back (1,000 a day), its shipment 2–49 hours later (never after now).
    await sql`
      create temporary table bench_orders on commit drop as
      select g, 'BO' || g as order_number, 'BW' || (g / 100) as wave_id, 'BD' || (g / 10) as delivery_number,
        (array['ACME', 'BLUE'])[1 + g % 2] as client_code, (array['SF', 'JD', 'ZTO', 'DEPPON', 'COSCO'])[1 + (g / 10) % 5] as carrier,
        now() - g * interval '86.4 second' - interval '49 hour' as confirm_time,
        now() - (g / 10) * 10 * interval '86.4 second' - (2 + (g / 10) % 47) * interval '1 hour' as ship_time
      from generate_series(1, ${orders}) g`.execute(trx);
    await sql`
      insert into t_wave_master (wh_id, wave_id, status, created_date)
      select 'WH01', wave_id, 'S', min(confirm_time) from bench_orders group by wave_id`.execute(trx);
    await sql`
      insert into t_order (wh_id, client_code, order_number, type_id, status, order_date, carrier_id, wave_id, confirm_time,
        create_time, actual_ship_date)
      select 'WH01', client_code, order_number, 'SO', 'S', confirm_time::date, carrier, wave_id, confirm_time,
        confirm_time - interval '1 hour', ship_time::date
      from bench_orders`.execute(trx);
    await sql`
      create temporary table bench_lines on commit drop as
      select o.*, n as line_number, i.item_number, 1 + (o.g + n) % 12 as qty,
        case when (o.g * 3 + n) % 20 = 0 then (1 + (o.g + n) % 12) / 2 else 1 + (o.g + n) % 12 end as shipped
      from bench_orders o cross join generate_series(1, 3) n
      join lateral (select item_number from t_item_master m where m.wh_id = 'WH01' and m.client_code = o.client_code
        order by m.id offset (o.g * 3 + n) % 100 limit 1) i on true`.execute(trx);
    await sql`
      insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom)
      select 'WH01', order_number, line_number, item_number, qty, 'EA' from bench_lines`.execute(trx);
    await sql`
      insert into t_pick_detail (wh_id, wave_id, order_number, line_number, client_code, item_number, uom, qty_ordered,
        planned_qty, picked_qty, packed_qty, shipped_qty, status)
      select 'WH01', wave_id, order_number, line_number, client_code, item_number, 'EA', qty, shipped, shipped, shipped,
        shipped, 'D'
      from bench_lines`.execute(trx);
    await sql`
      insert into t_delivery (wh_id, delivery_number, carrier_id, status, carton_count, ship_by, ship_time)
      select 'WH01', delivery_number, min(carrier), 'S', count(*), 'bench', min(ship_time)
      from bench_orders group by delivery_number`.execute(trx);
    await sql`
      insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id, carton_type,
        carton_seq, carrier, delivery_number, status, close_time, label_time, ship_time)
      select 'WH01', 'BC' || g, order_number, wave_id, client_code,
        (select location_id from t_location where wh_id = 'WH01' and type = 'S' order by location_id limit 1), 'M', 1,
        carrier, delivery_number, 'S', ship_time - interval '1 hour', ship_time - interval '1 hour', ship_time
      from bench_orders`.execute(trx);
    await sql`
      insert into tbl_shipping_label_detail (wh_id, carton_number, carton_type, order_number, line_number, pick_detail_id,
        client_code, item_number, qty, uom)
      select 'WH01', 'BC' || l.g, 'M', l.order_number, l.line_number, p.id, l.client_code, l.item_number, l.shipped, 'EA'
      from bench_lines l
      join t_pick_detail p on p.wh_id = 'WH01' and p.order_number = l.order_number and p.line_number = l.line_number
      where l.shipped > 0`.execute(trx);
  });
  await sql`vacuum analyze`.execute(db);
  console.log(`  shipments filled: ${orders} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * `tasks` counted cycle-count tasks of WH01 (1,000 a day back from now) over its item locations and the clients'
 * items, one in ten with a difference: the inventory-accuracy report's activity. Work queue BCQ….
 */
export async function fillCounts(connection: Connection, tasks: number): Promise<void> {
  const { db } = connection;
  if ((await countRows(db, 'tbl_cycle_count_task', sql`work_q_id like 'BCQ%'`)) >= tasks) return;
  const t0 = performance.now();
  await sql`
    insert into tbl_cycle_count_task (wh_id, work_q_id, status, sub_type, zone, location_id, item_number, uom, logic_qty,
      cycle_count_qty, count_by, count_time)
    select 'WH01', 'BCQ' || g, 'C', 'LOCITEM', l.zone, l.location_id, i.item_number, 'EA', 10 + g % 40,
      case when g % 10 = 0 then 10 + g % 40 - 1 - g % 3 else 10 + g % 40 end, 'bench',
      now() - g * interval '86.4 second'
    from generate_series(1, ${tasks}) g
    join lateral (select zone, location_id from t_location where wh_id = 'WH01' and item_hu_indicator = 'I'
      order by id offset g % 80 limit 1) l on true
    join lateral (select item_number from t_item_master where wh_id = 'WH01' order by id offset g % 200 limit 1) i on true`.execute(
    db,
  );
  await sql`vacuum analyze tbl_cycle_count_task`.execute(db);
  console.log(`  counts filled: ${tasks} tasks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
