import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Connection } from '../src/server/db/connect';

/**
 * The large tables the benches share, generated on the demo database (set-based, generate_series): the transaction log
 * (trace, dashboard) and the stock ledger (inventory, dashboard). Each ends with `vacuum analyze`: statistics, and the
 * visibility map index-only counts rely on, as autovacuum leaves a settled database.
 */

/**
 * `rows` tran_log rows in WH01 (the first five demo items, `lots` lots, 50 rows a lot at the default sizes): types
 * RECEIVE, PUTAWAY, MOVE, ALLOCATE, PICK, PACK, SHIP in turn, one a minute back from now over 100,000 minutes (~69 days:
 * ~14,400 a day, ~2,000 of each type).
 */
export async function fillTranLog(connection: Connection, rows: number, lots = 20_000): Promise<void> {
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

/** Fills the ledger: every (location, item, lot) combination of the demo master data until `rows` rows exist. */
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
  await sql`vacuum analyze`.execute(db);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from t_stored_item`.execute(db);
  console.log(`  ledger filled: ${count[0]?.n} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
