import { type Connection, connectPostgres } from '../src/server/db/connect';
import { dashboardQueries, tileStatement } from '../src/server/modules/dashboard/dashboard.service';
import type { SessionUser } from '../src/server/platform/context';
import { fillLedger, fillTranLog } from './activity';
import { BENCH_ADMIN, benchDatabases, median, p95, seedDemoDatabase, signedInApp, timeRuns, withDatabase } from './database';

/**
 * The home dashboard at scale (issue 29 item 4; modules/dashboard/README.md "Performance"): 1,000,000 tran_log rows and
 * 1,000,000 stored items on the demo database. `POST /dashboard/tiles` through the whole API (WH01, every client, as
 * the administrator and as a user limited to one client) against its one SQL statement run directly, then each tile's
 * query alone: medians and p95 over the same database in the same run. Budget: p95 ≤ 300 ms.
 */
const TRAN_ROWS = Number(process.env.BENCH_TRACE_ROWS ?? 1_000_000);
const STOCK_ROWS = Number(process.env.BENCH_STOCK_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

const line = (name: string, xs: number[]) => console.log(`  ${name.padEnd(34)} median ${ms(median(xs))}  p95 ${ms(p95(xs))}`);

/** A user of WH01 limited to client ACME: every tile carries the client condition of the grants. */
const LIMITED: SessionUser = { ...BENCH_ADMIN, superAdmin: false, warehouses: ['WH01', 'WH02'], clients: { WH01: ['ACME'] } };

/** Fills a fresh bench database (about 15 minutes on a busy two-core machine), then measures. */
async function fillAndMeasure(connection: Connection): Promise<void> {
  await seedDemoDatabase(connection.db);
  await fillTranLog(connection, TRAN_ROWS, 20_000);
  await fillLedger(connection, STOCK_ROWS);
  await measure(connection);
}

async function measure(connection: Connection): Promise<void> {
  const { db } = connection;
  const { app, token } = await signedInApp(db);
  const api = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dashboard/tiles',
      headers: { token },
      payload: { whId: 'WH01' },
    });
    const body = res.json() as { code: number; data: { picks: { week: number } } };
    if (body.code !== 200 || body.data.picks.week === 0) throw new Error(`dashboard failed: ${res.body}`);
  };
  const whole = dashboardQueries(BENCH_ADMIN, { whId: 'WH01', clientCode: '' });
  const raw = () => whole.statement.execute(db);
  await timeRuns(3, api);
  await timeRuns(3, raw);
  const apiTimes = await timeRuns(RUNS, api);
  const rawTimes = await timeRuns(RUNS, raw);
  line('dashboard/tiles API (admin)', apiTimes);
  line('its statement (SQL)', rawTimes);
  console.log(`  API / SQL                          ${(median(apiTimes) / median(rawTimes)).toFixed(2)}×`);
  const limited = dashboardQueries(LIMITED, { whId: 'WH01', clientCode: '' });
  line('statement, user limited to ACME', await timeRuns(RUNS, () => limited.statement.execute(db)));
  line(
    'statement, client ACME chosen',
    await timeRuns(RUNS, () => dashboardQueries(BENCH_ADMIN, { whId: 'WH01', clientCode: 'ACME' }).statement.execute(db)),
  );
  let sum = 0;
  for (const tile of whole.tiles) {
    const times = await timeRuns(RUNS, () => tileStatement(tile).execute(db));
    sum += median(times);
    line(`tile ${tile.name}`, times);
  }
  console.log(`  sum of the tiles' medians            ${ms(sum)} (one statement: ${ms(median(rawTimes))})`);
  await app.close();
}

// BENCH_DASHBOARD_URL: a database a former run of this bench filled (kept), measured again without refilling it.
const kept = process.env.BENCH_DASHBOARD_URL;
if (kept) {
  console.log(`\n-- postgres (kept database), ${RUNS} runs`);
  const connection = connectPostgres(kept, 10);
  await measure(connection);
  await connection.close();
} else {
  for (const kind of benchDatabases()) {
    console.log(`\n-- ${kind}: ${TRAN_ROWS} tran_log rows, ${STOCK_ROWS} stored items, ${RUNS} runs`);
    await withDatabase(kind, fillAndMeasure);
  }
}
