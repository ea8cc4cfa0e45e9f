import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Connection } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase } from '../src/server/db/seed/seed';
import { seedDemo } from '../src/server/demo/demo';
import { benchDatabases, withDatabase } from './database';

/**
 * Wave release at scale (issue 12, docs/design.md §8: under 3 s on PostgreSQL): one wave of BENCH_ORDERS (2,000) orders × 5
 * lines over 1,000 items released through the whole API (`tWaveMaster/releaseWave`: session, schema, grants, wave lock,
 * order lines, candidate stock read, ledger keys locked, plan, one conditional update per stock row, ALLOCATE log rows,
 * pick details, pick tasks and their numbers, wave lines, order and wave statuses), against a raw-SQL allocation of the
 * same lines in the same run (pick details, then reservations by overlapping cumulative demand and stock per item in
 * one insert, and the ledger update: no checks, no log, no numbers). Lines per second and the ratio.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2_000);
const LINES = 5;
const ITEMS = 1_000;

/** 1,000 plain items with three stock rows each on ambient shelving (45 units: every line of one wave is covered). */
async function createStock(connection: Connection): Promise<void> {
  const { db } = connection;
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    select 'WH01', 'ACME', 'BA-' || lpad(i::text, 4, '0'), 'bench', 'EA', 'N' from generate_series(1, ${ITEMS}) i`.execute(db);
  // Bench setup, not what is measured: stock written straight to the ledger table.
  await sql`
    insert into t_stored_item (wh_id, location_id, client_code, item_number, actual_qty, fifo_date)
    select 'WH01', l.location_id, 'ACME', 'BA-' || lpad(i::text, 4, '0'), 15, current_date - r
    from generate_series(1, ${ITEMS}) i cross join generate_series(1, 3) r
    join lateral (select location_id from t_location where wh_id = 'WH01' and zone = 'AMB' and status = 'A'
      order by location_id offset ((i * 3 + r) % 150) limit 1) l on true`.execute(db);
}

/** A wave N of ORDERS orders × 5 lines (3 units each), as the waves part leaves it; answers the wave id. */
async function createWave(connection: Connection, prefix: string): Promise<string> {
  const { db } = connection;
  const waveId = `${prefix}-WAVE`;
  await sql`insert into t_wave_master (wh_id, wave_id, status, staging_location) values ('WH01', ${waveId}, 'N', 'STG-OUT-01')`.execute(
    db,
  );
  await sql`
    insert into t_order (wh_id, client_code, order_number, status, priority, wave_id)
    select 'WH01', 'ACME', ${prefix} || lpad(o::text, 5, '0'), 'W', 1 + o % 90, ${waveId} from generate_series(1, ${ORDERS}) o`.execute(
    db,
  );
  await sql`
    insert into t_order_detail (wh_id, order_number, line_number, item_number, qty, order_uom)
    select 'WH01', ${prefix} || lpad(o::text, 5, '0'), l, 'BA-' || lpad((1 + ((o - 1) * ${LINES} + l - 1) % ${ITEMS})::text, 4, '0'), 3, 'EA'
    from generate_series(1, ${ORDERS}) o cross join generate_series(1, ${LINES}) l`.execute(db);
  await sql`
    insert into t_afo_wave_detail (wh_id, wave_id, order_number, client_code)
    select 'WH01', ${waveId}, order_number, 'ACME' from t_order where wave_id = ${waveId}`.execute(db);
  await sql`
    insert into t_afo_wave_detail_line (wave_detail_id, wh_id, order_number, line_number, item_number)
    select wd.id, 'WH01', d.order_number, d.line_number, d.item_number
    from t_afo_wave_detail wd join t_order_detail d on d.wh_id = wd.wh_id and d.order_number = wd.order_number
    where wd.wave_id = ${waveId}`.execute(db);
  return waveId;
}

/** The same allocation in raw SQL: pick details, then per item the overlap of cumulative demand and stock, reserved. */
async function rawAllocate(connection: Connection, waveId: string): Promise<number> {
  return connection.db.transaction().execute(async (trx) => {
    // The planner cannot estimate rows of the window CTEs and would compare every demand with every stock row: the raw
    // baseline is given the hash join by hand, as someone writing it for speed would.
    await sql`set local enable_nestloop = off`.execute(trx);
    await sql`
      insert into t_pick_detail (wh_id, wave_id, order_number, line_number, client_code, item_number, uom, qty_ordered)
      select d.wh_id, ${waveId}, d.order_number, d.line_number, o.client_code, d.item_number, d.order_uom, d.qty
      from t_order o join t_order_detail d on d.wh_id = o.wh_id and d.order_number = o.order_number
      where o.wh_id = 'WH01' and o.wave_id = ${waveId}`.execute(trx);
    const explain = process.env.BENCH_EXPLAIN ? sql`explain (analyze, costs off) ` : sql``;
    const { rows } = await sql<{ n: number }>`
      ${explain}with demand as (
        select p.id, p.item_number, p.qty_ordered as qty,
          sum(p.qty_ordered) over (partition by p.item_number order by o.priority, o.order_number, p.line_number) as d_end
        from t_pick_detail p join t_order o on o.wh_id = p.wh_id and o.order_number = p.order_number
        where p.wh_id = 'WH01' and p.wave_id = ${waveId}),
      supply as materialized (
        select s.id, s.item_number, s.location_id, s.actual_qty - s.unavailable_qty - s.allocated_qty as avail,
          sum(s.actual_qty - s.unavailable_qty - s.allocated_qty) over (partition by s.item_number
            order by s.expiration_date nulls last, s.fifo_date, l.picking_flow nulls last, s.location_id, s.id) as s_end
        from t_stored_item s join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
        where s.wh_id = 'WH01' and s.status = 'A' and s.actual_qty - s.unavailable_qty - s.allocated_qty > 0
          and s.item_number in (select item_number from demand)),
      pieces as (
        select d.id as detail_id, s.id as stock_id, s.location_id, d.item_number,
          least(d.d_end, s.s_end) - greatest(d.d_end - d.qty, s.s_end - s.avail) as qty
        from demand d join supply s on s.item_number = d.item_number
          and s.s_end - s.avail < d.d_end and d.d_end - d.qty < s.s_end),
      tasks as (
        insert into t_wave_pick_task (pick_id, pick_detail_id, wh_id, wave_id, order_number, line_number, client_code,
          item_number, pick_location, quantity, pick_rule)
        select 'RAW', p.detail_id, 'WH01', ${waveId}, d.order_number, d.line_number, d.client_code, p.item_number,
          p.location_id, p.qty, 'FIFO'
        from pieces p join t_pick_detail d on d.id = p.detail_id
        returning 1),
      reserved as (
        update t_stored_item s set allocated_qty = s.allocated_qty + r.qty
        from (select stock_id, sum(qty) as qty from pieces group by stock_id) r
        where s.id = r.stock_id and s.actual_qty - s.unavailable_qty - s.allocated_qty >= r.qty
        returning 1)
      select (select count(*)::int from tasks) as n`.execute(trx);
    if (process.env.BENCH_EXPLAIN) console.log(rows.map((r) => Object.values(r).join('')).join('\n'));
    return rows[0]?.n ?? 0;
  });
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    console.log(`\n${kind}: one wave of ${ORDERS} orders × ${LINES} lines over ${ITEMS} items`);
    const { db } = connection;
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      await seedBase(trx, 'Bench#2024');
      await seedDemo(trx);
    });
    const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: 'admin', password: 'Bench#2024', captcha: '' },
    });
    const token = login.json().data.token as string;
    await createStock(connection);
    const apiWave = await createWave(connection, 'BAPI');
    const rawWave = await createWave(connection, 'BRAW');
    await sql`analyze`.execute(db);

    let t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/tWaveMaster/releaseWave',
      headers: { token },
      payload: {
        whId: 'WH01',
        waveIds: [apiWave],
        overrideWorkType: 'EACHPICK',
        priority: 10,
        workersRequired: 5,
        earliestShipDate: '2031-01-01',
        latestShipDate: '2031-01-02',
      },
    });
    const apiSeconds = (performance.now() - t0) / 1000;
    const answer = res.json();
    if (answer.code !== 200) throw new Error(res.body);
    const { planned, short } = answer.data[0] as { planned: number; short: number };
    const { rows: apiTasks } = await sql<{ n: number }>`
      select count(*)::int as n from t_wave_pick_task where wave_id = ${apiWave}`.execute(db);

    // The raw allocation sees the same stock: the API's reservations are given back first (outside the timing).
    await sql`update t_stored_item set allocated_qty = 0 where item_number like 'BA-%'`.execute(db);
    t0 = performance.now();
    const rawTasks = await rawAllocate(connection, rawWave);
    const rawSeconds = (performance.now() - t0) / 1000;

    const lines = ORDERS * LINES;
    console.log(
      `  releaseWave API ${lines} lines (${planned} planned, ${short} short, ${apiTasks[0]?.n} tasks) in ${apiSeconds.toFixed(2)} s = ${(lines / apiSeconds).toFixed(0)} lines/s | raw SQL ${rawTasks} tasks in ${rawSeconds.toFixed(2)} s = ${(lines / rawSeconds).toFixed(0)} lines/s | API at ${((rawSeconds / apiSeconds) * 100).toFixed(0)} % of raw`,
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
