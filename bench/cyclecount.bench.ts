import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Connection } from '../src/server/db/connect';
import { benchDatabases, seedDemoDatabase, signedInApp, withDatabase } from './database';

/**
 * Cycle counts at scale (issue 14): a zone of BENCH_LOCATIONS (10,000) locations, one stock row each, counted at 100 %
 * through `tblCycleCountTask/generateCountTaskByPercent` (session, schema, grants, generation lock, location choice by
 * class and last count, one task per ledger row, one block of numbers, one insert), then the adjustment task made from
 * those 10,000 counted tasks (half with a difference) through `generateAdjustmentTask` (task locks, header, one line
 * per difference with attributes, tasks → A, locations' last count date) — each beside a raw-SQL equivalent in the same
 * run on a second zone of the same size (one insert … select; header, lines, two updates: no checks, no grants). Also
 * 200 count entries through the generic `save` (one at a time), for the latency of one count.
 */
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 10_000);
const ENTRIES = 200;

async function createZone(connection: Connection, zone: string): Promise<void> {
  const { db } = connection;
  await sql`insert into t_zone (wh_id, zone, description, zone_type) values ('WH01', ${zone}, 'bench', 'A')`.execute(db);
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone, cycle_count_class, last_count_date)
    select 'WH01', ${zone} || '-' || lpad(i::text, 5, '0'), 'M', 'I', 'A', ${zone}, (array['A', 'B', 'C', null])[1 + i % 4],
      case when i % 3 = 0 then null else current_date - (i % 400) end
    from generate_series(1, ${LOCATIONS}) i`.execute(db);
  // Bench setup, not what is measured: stock written straight to the ledger table.
  await sql`
    insert into t_stored_item (wh_id, location_id, client_code, item_number, actual_qty, fifo_date)
    select 'WH01', ${zone} || '-' || lpad(i::text, 5, '0'), 'ACME', 'BC-' || lpad((1 + i % 500)::text, 4, '0'), 10 + i % 7,
      current_date
    from generate_series(1, ${LOCATIONS}) i`.execute(db);
}

/** The same generation in raw SQL: the zone's active locations by class and last count, one task per stock row. */
async function rawGenerate(connection: Connection, zone: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with chosen as (
      select l.location_id, l.zone from t_location l where l.wh_id = 'WH01' and l.zone = ${zone} and l.status = 'A'
      order by case l.cycle_count_class when 'A' then 1 when 'B' then 2 when 'C' then 3 else 4 end,
        l.last_count_date nulls first, l.location_id),
    ins as (
      insert into tbl_cycle_count_task (wh_id, work_q_id, status, sub_type, zone, location_id, item_number, lot_number, hu_id,
        stored_attribute_id, expiration_date, uom, logic_qty, percent, create_by)
      select 'WH01', 'RW' || lpad((row_number() over ())::text, 8, '0'), 'N', 'PERCENT', c.zone, c.location_id,
        s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id, s.expiration_date, i.uom, s.actual_qty, 100, 'raw'
      from chosen c join t_stored_item s on s.wh_id = 'WH01' and s.location_id = c.location_id
      join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
      returning 1)
    select count(*)::int as n from ins`.execute(connection.db);
  return rows[0]?.n ?? 0;
}

/** The same adjustment in raw SQL: header, one line per difference, tasks → A, locations counted today. */
async function rawAdjust(connection: Connection, zone: string): Promise<number> {
  return connection.db.transaction().execute(async (trx) => {
    await sql`insert into tbl_inv_adjustment (wh_id, task_id, status, reason_id, description) values ('WH01', 'RAW-AJ', 'N', 'CNT', 'raw')`.execute(
      trx,
    );
    const { rows } = await sql<{ n: number }>`
      with lines as (
        insert into tbl_inv_adjustment_detail (wh_id, task_id, line_number, location_id, hu_id, item_number, lot_number, qty,
          uom, expiration_date, stored_attribute_id)
        select 'WH01', 'RAW-AJ', row_number() over (order by t.id), t.location_id, t.hu_id, t.item_number, t.lot_number,
          t.cycle_count_qty - t.logic_qty, t.uom, t.expiration_date, t.stored_attribute_id
        from tbl_cycle_count_task t
        where t.wh_id = 'WH01' and t.zone = ${zone} and t.status = 'C' and t.cycle_count_qty <> t.logic_qty
        returning 1)
      select count(*)::int as n from lines`.execute(trx);
    await sql`update tbl_cycle_count_task set status = 'A', adjustment_task_id = 'RAW-AJ'
      where wh_id = 'WH01' and zone = ${zone} and status = 'C'`.execute(trx);
    await sql`update t_location set last_count_date = current_date where wh_id = 'WH01' and zone = ${zone}`.execute(trx);
    return rows[0]?.n ?? 0;
  });
}

/** Counts every task of the zone (setup, not measured): half of them one unit over the book. */
async function countAll(connection: Connection, zone: string): Promise<void> {
  await sql`
    update tbl_cycle_count_task set status = 'C', cycle_count_qty = logic_qty + case when id % 2 = 0 then 1 else 0 end,
      count_by = 'bench', count_time = now()
    where wh_id = 'WH01' and zone = ${zone} and status = 'N'`.execute(connection.db);
}

const rate = (n: number, seconds: number) => `${(n / seconds).toFixed(0)}/s`;

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    console.log(`\n${kind}: zones of ${LOCATIONS} locations, one stock row each`);
    const { db } = connection;
    await seedDemoDatabase(db);
    const { app, token } = await signedInApp(db);
    const call = async (url: string, payload: unknown) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/tblCycleCountTask/${url}`,
        headers: { token },
        payload: payload as object,
      });
      const answer = res.json();
      if (answer.code !== 200) throw new Error(res.body);
      return answer.data;
    };
    await sql`
      insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
      select 'WH01', 'ACME', 'BC-' || lpad(i::text, 4, '0'), 'bench', 'EA', 'N' from generate_series(1, 500) i`.execute(db);
    await createZone(connection, 'BCAPI');
    await createZone(connection, 'BCRAW');
    await sql`analyze`.execute(db);

    let t0 = performance.now();
    const generated = (await call('generateCountTaskByPercent', { whId: 'WH01', zone: 'BCAPI', percent: 100 })) as {
      count: number;
    };
    const apiGenerate = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const rawGenerated = await rawGenerate(connection, 'BCRAW');
    const rawGenerateSeconds = (performance.now() - t0) / 1000;
    console.log(
      `  generate 100 %: API ${generated.count} tasks in ${apiGenerate.toFixed(2)} s (${rate(generated.count, apiGenerate)}) | raw SQL ${rawGenerated} in ${rawGenerateSeconds.toFixed(2)} s (${rate(rawGenerated, rawGenerateSeconds)}) | API at ${((rawGenerateSeconds / apiGenerate) * 100).toFixed(0)} % of raw`,
    );

    // Count entries through the generic save, one at a time (the first ENTRIES tasks, counted as booked).
    const { rows: open } = await sql<{ id: number; locationId: string; logicQty: string }>`
      select id, location_id, trim_scale(logic_qty)::text as logic_qty from tbl_cycle_count_task
      where zone = 'BCAPI' and status = 'N' order by id limit ${ENTRIES}`.execute(db);
    t0 = performance.now();
    for (const task of open) {
      await call('save', { id: task.id, whId: 'WH01', locationId: task.locationId, cycleCountQty: task.logicQty });
    }
    const entries = (performance.now() - t0) / 1000;
    console.log(
      `  count entry (save): ${open.length} in ${entries.toFixed(2)} s = ${((entries / open.length) * 1000).toFixed(1)} ms each`,
    );

    await countAll(connection, 'BCAPI');
    await sql`analyze`.execute(db);
    t0 = performance.now();
    const adjusted = (await call('generateAdjustmentTask', { whId: 'WH01' })) as { lines: number; tasks: number };
    const apiAdjust = (performance.now() - t0) / 1000;
    await countAll(connection, 'BCRAW');
    t0 = performance.now();
    const rawLines = await rawAdjust(connection, 'BCRAW');
    const rawAdjustSeconds = (performance.now() - t0) / 1000;
    console.log(
      `  adjustment: API ${adjusted.tasks} tasks → ${adjusted.lines} lines in ${apiAdjust.toFixed(2)} s (${rate(adjusted.tasks, apiAdjust)} tasks) | raw SQL ${rawLines} lines in ${rawAdjustSeconds.toFixed(2)} s (${rate(LOCATIONS, rawAdjustSeconds)} tasks) | API at ${((rawAdjustSeconds / apiAdjust) * 100).toFixed(0)} % of raw`,
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
