import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Connection } from '../src/server/db/connect';

/**
 * Activity at scale for the benches, on the demo database: ledger history (tran_log), stock rows (t_stored_item) and
 * receipts (t_receipt), each one set-based statement. Shared by the trace, inventory, reports and dashboard benches.
 */

/**
 * `rows` tran_log rows of the demo items of WH01 (five items, seven transaction types, `lots` lots), one a minute back
 * from now (100,000 minutes: ~69 days), then vacuum analyze.
 */
export async function fillTranLog(connection: Connection, rows: number, lots: number): Promise<void> {
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
