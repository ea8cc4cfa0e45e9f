import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Connection } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase } from '../src/server/db/seed/seed';
import { seedDemo } from '../src/server/demo/demo';
import { approveMovement, everyGrant } from '../src/server/modules/inventory/execute.service';
import { fillLedger } from './activity';
import { benchDatabases, median, p95, withDatabase } from './database';

/**
 * The stock ledger at scale (issue 5 §7): 1,000,000 stored items; the stock query's findPage through the whole API
 * against the same SQL run directly (medians, p95 and their ratios, same database, same run), and approved movement
 * lines per second. Runs on PGlite, and also on PostgreSQL when BENCH_DATABASE_URL names a server database (a
 * throwaway database is created beside it and dropped after).
 */
const ROWS = Number(process.env.BENCH_STOCK_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Narrow queries take milliseconds: more runs make their p95 a figure rather than the second-slowest of 30. */
const NARROW_RUNS = Number(process.env.BENCH_NARROW_RUNS ?? 200);
const MOVE_TASKS = Number(process.env.BENCH_MOVE_TASKS ?? 20);
const LINES_PER_TASK = 50;

async function benchFindPage(connection: Connection, inject: (payload: object) => Promise<void>): Promise<void> {
  const { db } = connection;
  const { rows: sample } = await sql<{ whId: string; itemNumber: string; locationId: string; lotNumber: string }>`
    select wh_id, item_number, location_id, lot_number from t_stored_item order by id limit 1 offset 4321`.execute(db);
  const s = sample[0]!;
  const prefix = s.locationId.slice(0, 4);
  const cases: { name: string; filters: Record<string, string>; where: RawBuilder<unknown>; narrow?: boolean }[] = [
    { name: 'warehouse only', filters: { whId: s.whId }, where: sql`where wh_id = ${s.whId}` },
    {
      name: 'warehouse + item',
      narrow: true,
      filters: { whId: s.whId, itemNumber: s.itemNumber },
      where: sql`where wh_id = ${s.whId} and item_number = ${s.itemNumber}`,
    },
    {
      name: 'warehouse + item + lot',
      narrow: true,
      filters: { whId: s.whId, itemNumber: s.itemNumber, lotNumber: s.lotNumber },
      where: sql`where wh_id = ${s.whId} and item_number = ${s.itemNumber} and lot_number = ${s.lotNumber}`,
    },
    {
      name: 'location prefix wildcard',
      filters: { whId: s.whId, locationId: `${prefix}%` },
      where: sql`where wh_id = ${s.whId} and lower(location_id) like lower(${`${prefix}%`})`,
    },
  ];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    const plain: number[] = [];
    const timed = (into: number[], run: () => Promise<unknown>) => async () => {
      const t0 = performance.now();
      await run();
      into.push(performance.now() - t0);
    };
    const calls = [
      timed(api, () => inject({ pageNum: 1, pageSize: 20, columnFilters: c.filters })),
      // The same query run directly: the page as the API answers it (decimals without trailing zeros, the item's
      // description beside its number) and its count, side by side (one after the other on PGlite's one connection).
      timed(raw, () =>
        Promise.all([
          sql`select count(*) from v_stored_item ${c.where}`.execute(db),
          sql`select v.*, trim_scale(actual_qty) as actual_qty, trim_scale(unavailable_qty) as unavailable_qty,
              trim_scale(available_qty) as available_qty,
              (select i.description from t_item_master i where i.wh_id = v.wh_id and i.item_number = v.item_number) as item_description
            from v_stored_item v ${c.where} order by wh_id, location_id, item_number, lot_number, id limit 20`.execute(db),
        ]),
      ),
      // The plain rows without the item's description, as this bench compared before the stock list showed it.
      timed(plain, () =>
        Promise.all([
          sql`select count(*) from v_stored_item ${c.where}`.execute(db),
          sql`select * from v_stored_item ${c.where} order by wh_id, location_id, item_number, lot_number, id limit 20`.execute(
            db,
          ),
        ]),
      ),
    ];
    // Taking turns at going first, so that none always finds the others' pages in the cache.
    const runs = c.narrow ? NARROW_RUNS : RUNS;
    for (let i = 0; i < runs; i++) for (let k = 0; k < calls.length; k++) await calls[(i + k) % calls.length]!();
    console.log(
      `  findPage ${c.name.padEnd(26)} API p50 ${median(api).toFixed(1)} ms p95 ${p95(api).toFixed(1)} | SQL p50 ${median(raw).toFixed(1)} ms p95 ${p95(raw).toFixed(1)} | ratio p50 ${ratio(median(api), median(raw))} p95 ${ratio(p95(api), p95(raw))} | API − SQL p50 ${(median(api) - median(raw)).toFixed(2)} ms (${runs} runs)`,
    );
    console.log(
      `    plain rows (select *, no item description) p50 ${median(plain).toFixed(1)} ms p95 ${p95(plain).toFixed(1)} | API against them p50 ${ratio(median(api), median(plain))} p95 ${ratio(p95(api), p95(plain))}`,
    );
  }
  // The location prefix as the filter read it before migration 0010 (ILIKE, which no index serves), for comparison.
  const before: number[] = [];
  const { whId, locationId } = s;
  for (let i = 0; i < Math.min(RUNS, 10); i++) {
    const t0 = performance.now();
    const where = sql`where wh_id = ${whId} and location_id::text ilike ${`${locationId.slice(0, 4)}%`}`;
    await Promise.all([
      sql`select count(*) from v_stored_item ${where}`.execute(db),
      sql`select * from v_stored_item ${where} order by wh_id, location_id, item_number, lot_number, id limit 20`.execute(db),
    ]);
    before.push(performance.now() - t0);
  }
  console.log(`  location prefix before 0010 (ILIKE, raw SQL) p50 ${median(before).toFixed(1)} ms p95 ${p95(before).toFixed(1)}`);
}

/**
 * Approves MOVE_TASKS tasks of LINES_PER_TASK lines each, one after the other; reports lines per second. The lines move
 * plain stock (no pallet, no attributes: the line names neither), fully available (the demo data holds allocated and
 * attributed rows).
 */
async function benchApprovals(connection: Connection): Promise<void> {
  const { db } = connection;
  const { rows: stock } = await sql<{ whId: string; locationId: string; itemNumber: string; lotNumber: string }>`
    select s.wh_id, s.location_id, s.item_number, s.lot_number from t_stored_item s
    where s.wh_id = 'WH01' and s.actual_qty >= 2 and s.status = 'A' and s.hu_id is null and s.stored_attribute_id is null
      and s.allocated_qty = 0 and s.unavailable_qty = 0
    order by s.id limit ${MOVE_TASKS * LINES_PER_TASK}`.execute(db);
  const { rows: targets } = await sql<{ locationId: string }>`
    select location_id from t_location where wh_id = 'WH01' and item_hu_indicator = 'I' and status = 'A' order by id desc limit 50`.execute(
    db,
  );
  const tasks: string[] = [];
  for (let t = 0; t < MOVE_TASKS; t++) {
    const taskId = `BENCH${t}`;
    tasks.push(taskId);
    await sql`insert into tbl_inv_movement (wh_id, task_id) values ('WH01', ${taskId})`.execute(db);
    const lines = stock.slice(t * LINES_PER_TASK, (t + 1) * LINES_PER_TASK);
    let n = 0;
    for (const line of lines) {
      n++;
      const dest = targets[n % targets.length]!.locationId;
      if (dest === line.locationId) continue;
      await sql`
        insert into tbl_inv_movement_detail (wh_id, task_id, line_number, item_number, lot_number, source_location_id,
          dest_location_id, qty, uom)
        values ('WH01', ${taskId}, ${n}, ${line.itemNumber}, ${line.lotNumber}, ${line.locationId}, ${dest}, 1, 'EA')`.execute(
        db,
      );
    }
  }
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from tbl_inv_movement_detail where task_id like 'BENCH%'`.execute(db);
  const t0 = performance.now();
  for (const taskId of tasks) await approveMovement(db, 'WH01', taskId, everyGrant('bench'));
  const seconds = (performance.now() - t0) / 1000;
  const lines = count[0]?.n ?? 0;
  console.log(`  approvals: ${lines} movement lines in ${seconds.toFixed(2)} s = ${(lines / seconds).toFixed(0)} lines/s`);
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    console.log(`\n${kind}: ${ROWS} stored items, ${RUNS} runs per case (${NARROW_RUNS} for narrow ones), page size 20`);
    const { db } = connection;
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      await seedBase(trx, 'Bench#2024');
      await seedDemo(trx);
    });
    await fillLedger(connection, ROWS);
    const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: 'admin', password: 'Bench#2024', captcha: '' },
    });
    const token = login.json().data.token as string;
    await benchFindPage(connection, async (payload) => {
      const res = await app.inject({ method: 'POST', url: '/api/tStoredItem/findPage', headers: { token }, payload });
      // Checked on the text: parsing the answer would time the client's JSON.parse as the server's work.
      if (res.statusCode !== 200 || !res.body.startsWith('{"code":200,')) throw new Error(res.body);
    });
    await benchApprovals(connection);
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
