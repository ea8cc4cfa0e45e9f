import { sql } from 'kysely';
import { runReport } from '../src/server/modules/reports/reports.engine';
import { REPORT_NAMES, type ReportName, type ReportRequest } from '../src/shared/reports';
import { fillCounts, fillLedger, fillReceipts, fillShipments, fillTranLog } from './activity';
import { BENCH_ADMIN, benchDatabases, median, p95, seedDemoDatabase, signedInApp, timeRuns, withDatabase } from './database';

/**
 * The analytic reports at scale (issue 29 item 4): 1,000,000 tran_log rows and 1,000,000 stored items (the trace and
 * inventory benches' generators, bench/activity.ts) plus 200,000 receipt lines, 60,000 shipped orders (180,000 lines)
 * and 60,000 counted count tasks on the demo database. Each report
 * through the whole API (`POST /report/<name>`: guard, session, filters, statement, JSON) against its statement run
 * directly (the same SQL with the same filters, no HTTP), medians and p95 over the same database. Budget: p95 ≤ 300 ms
 * on PostgreSQL. BENCH_REPORT_TRAN_ROWS, BENCH_REPORT_STOCK_ROWS, BENCH_REPORT_RECEIPTS, BENCH_REPORT_ORDERS, BENCH_REPORT_COUNTS change the sizes; BENCH_KEPT_URL
 * measures a kept PostgreSQL database again (bench/database.ts).
 */
const TRAN_ROWS = Number(process.env.BENCH_REPORT_TRAN_ROWS ?? 1_000_000);
const STOCK_ROWS = Number(process.env.BENCH_REPORT_STOCK_ROWS ?? 1_000_000);
const RECEIPTS = Number(process.env.BENCH_REPORT_RECEIPTS ?? 200_000);
const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 60_000);
const COUNTS = Number(process.env.BENCH_REPORT_COUNTS ?? 60_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(9);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The screens' starting filters: warehouse WH01, the last 30 days. */
const FILTERS: Record<ReportName, ReportRequest> = {
  inboundVolume: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  dockToStock: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  stockValue: { whId: 'WH01', groupBy: 'zone' },
  stockAgeing: { whId: 'WH01' },
  locationUse: { whId: 'WH01' },
  tranVolume: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  outboundVolume: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  orderCycle: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  fillRate: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  pickProductivity: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0) },
  countAccuracy: { whId: 'WH01', dateFrom: day(-29), dateTo: day(0), groupBy: 'day' },
};

for (const kind of benchDatabases()) {
  console.log(`\n-- ${kind}`);
  await withDatabase(kind, async (connection) => {
    await seedDemoDatabase(connection.db);
    await fillTranLog(connection, TRAN_ROWS, 20_000);
    await fillLedger(connection, STOCK_ROWS);
    await fillReceipts(connection, RECEIPTS);
    await fillShipments(connection, ORDERS);
    await fillCounts(connection, COUNTS);
    const { app, token } = await signedInApp(connection.db);
    console.log('  report           API median      p95 |  SQL median      p95 | API/SQL');
    for (const name of REPORT_NAMES) {
      const filters = FILTERS[name];
      const api = async () => {
        const res = await app.inject({ method: 'POST', url: `/api/report/${name}`, headers: { token }, payload: filters });
        const body = res.json() as { code: number; data: { rows: unknown[] } };
        if (body.code !== 200 || body.data.rows.length === 0) throw new Error(`${name} failed: ${res.body}`);
      };
      const raw = () => runReport(connection.db, name, BENCH_ADMIN, filters);
      await timeRuns(2, api);
      await timeRuns(2, raw);
      const apiTimes = await timeRuns(RUNS, api);
      const rawTimes = await timeRuns(RUNS, raw);
      console.log(
        `  ${name.padEnd(14)} ${ms(median(apiTimes))} ${ms(p95(apiTimes))} | ${ms(median(rawTimes))} ${ms(p95(rawTimes))} | ${(median(apiTimes) / median(rawTimes)).toFixed(2)}×`,
      );
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from tran_log where wh_id = 'WH01'
      and tran_date >= ${day(-29)}::date`.execute(connection.db);
    console.log(`  (tran_log rows in the 30 days: ${rows[0]?.n})`);
    await app.close();
  });
}
