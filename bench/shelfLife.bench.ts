import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Connection } from '../src/server/db/connect';
import { benchDatabases, median, seedDemoDatabase, signedInApp, withDatabase } from './database';

/**
 * The cost of the shelf-life rule at allocation (issue 26 item 1: at most 10 %). One wave of BENCH_ORDERS (1,000) orders
 * × 5 lines over 500 items released through the whole API (`tWaveMaster/releaseWave`), RUNS (5) times each way,
 * alternately, on fresh waves (the reservations given back between runs, outside the timing):
 * - without: items whose stock has no expiry (the rule has nothing to compare: what a warehouse without dated goods
 *   runs);
 * - with: the same shape over items whose three stock rows expire in 10, 100 and 200 days, the client's
 *   MIN_SHELF_LIFE_DAYS 30 (the 10-day rows are skipped: FEFO over unexpired stock meeting the minimum), and one order in
 *   ten with its own minimum of 150 days (only the 200-day rows qualify; some of its lines go short, SHORTDATED).
 * Prints each run, the medians and the ratio with / without.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = 5;
const ITEMS = 500;

/** ITEMS items of a prefix, three stock rows each of 15 units on ambient shelving, dated or not. */
async function createStock(connection: Connection, prefix: string, dated: boolean): Promise<void> {
  const { db } = connection;
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    select 'WH01', 'ACME', ${prefix} || lpad(i::text, 4, '0'), 'bench', 'EA', 'N' from generate_series(1, ${ITEMS}) i`.execute(
    db,
  );
  // Bench setup, not what is measured: stock written straight to the ledger table.
  await sql`
    insert into t_stored_item (wh_id, location_id, client_code, item_number, lot_number, actual_qty, fifo_date, expiration_date)
    select 'WH01', l.location_id, 'ACME', ${prefix} || lpad(i::text, 4, '0'), 'L' || r, 15, current_date - r,
      case when ${dated} then current_date + (array[10, 100, 200])[r] end
    from generate_series(1, ${ITEMS}) i cross join generate_series(1, 3) r
    join lateral (select location_id from t_location where wh_id = 'WH01' and zone = 'AMB' and status = 'A'
      order by location_id offset ((i * 3 + r) % 150) limit 1) l on true`.execute(db);
}

/** A wave N of ORDERS orders × 5 lines (3 units each) over a prefix's items; one order in ten with its own minimum. */
async function createWave(connection: Connection, waveId: string, items: string, orderDays: number | null): Promise<void> {
  const { db } = connection;
  await sql`insert into t_wave_master (wh_id, wave_id, status, staging_location) values ('WH01', ${waveId}, 'N', 'STG-OUT-01')`.execute(
    db,
  );
  await sql`
    insert into t_order (wh_id, client_code, order_number, status, priority, wave_id, min_shelf_life_days)
    select 'WH01', 'ACME', ${waveId} || lpad(o::text, 5, '0'), 'W', 1 + o % 90, ${waveId},
      case when o % 10 = 0 then ${orderDays}::int end
    from generate_series(1, ${ORDERS}) o`.execute(db);
  await sql`
    insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom)
    select 'WH01', ${waveId} || lpad(o::text, 5, '0'), l, ${items} || lpad((1 + ((o - 1) * ${LINES} + l - 1) % ${ITEMS})::text, 4, '0'),
      3, 'EA'
    from generate_series(1, ${ORDERS}) o cross join generate_series(1, ${LINES}) l`.execute(db);
  await sql`
    insert into t_afo_wave_detail (wh_id, wave_id, order_number, client_code)
    select 'WH01', ${waveId}, order_number, 'ACME' from t_order where wave_id = ${waveId}`.execute(db);
  await sql`
    insert into t_afo_wave_detail_line (wave_detail_id, wh_id, order_number, line_number, item_number)
    select wd.id, 'WH01', d.order_number, d.line_number, d.item_number
    from t_afo_wave_detail wd join t_order_detail d on d.wh_id = wd.wh_id and d.order_number = wd.order_number
    where wd.wave_id = ${waveId}`.execute(db);
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    console.log(`\n${kind}: one wave of ${ORDERS} orders × ${LINES} lines over ${ITEMS} items, ${RUNS} runs each way`);
    const { db } = connection;
    await seedDemoDatabase(db);
    const { app, token } = await signedInApp(db);
    await createStock(connection, 'BN-', false);
    await createStock(connection, 'BD-', true);
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values ('WH01', 'MIN_SHELF_LIFE_DAYS', 'ACME', '30')`.execute(db);
    const times: Record<'without' | 'with', number[]> = { without: [], with: [] };
    for (let run = 1; run <= RUNS; run++) {
      for (const way of ['without', 'with'] as const) {
        const waveId = `B${way === 'with' ? 'W' : 'N'}${run}`;
        await createWave(
          connection,
          waveId,
          way === 'with' ? 'BD-' : 'BN-',
          way === 'with' && !process.env.BENCH_NO_ORDER_DAYS ? 150 : null,
        );
        await sql`update t_stored_item set allocated_qty = 0 where item_number like 'B_-%'`.execute(db);
        await sql`analyze`.execute(db);
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/tWaveMaster/releaseWave',
          headers: { token },
          payload: {
            whId: 'WH01',
            waveIds: [waveId],
            overrideWorkType: 'EACHPICK',
            priority: 10,
            workersRequired: 5,
            earliestShipDate: '2031-01-01',
            latestShipDate: '2031-01-02',
          },
        });
        const seconds = (performance.now() - t0) / 1000;
        const answer = res.json();
        if (answer.code !== 200) throw new Error(res.body);
        const { planned, short } = answer.data[0] as { planned: number; short: number };
        times[way].push(seconds);
        console.log(`  run ${run} ${way.padEnd(7)} ${seconds.toFixed(3)} s (${planned} planned, ${short} short)`);
      }
    }
    const without = median(times.without);
    const withRule = median(times.with);
    console.log(
      `  median without ${without.toFixed(3)} s, with ${withRule.toFixed(3)} s: the rule costs ${(((withRule - without) / without) * 100).toFixed(1)} % (ratio ${(withRule / without).toFixed(3)})`,
    );
    await app.close();
  });
}

async function main(): Promise<void> {
  for (const kind of benchDatabases()) await benchOn(kind);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
