import { sql } from 'kysely';
import { fillTranLog } from './activity';
import { benchDatabases, median, p95, seedDemoDatabase, signedInApp, timeRuns, withDatabase } from './database';

/**
 * Lot trace at scale (issue 26 item 6): 1,000,000 tran_log rows (generate_series: 20,000 lots of the demo items, 50
 * ledger rows each) on the demo database; `POST /trace/lot` through the whole API (every section: receipts, ledger rows,
 * stock, orders, cartons, deliveries, PODs) against the ledger query alone run directly, medians and p95 over the same
 * database; then the ledger query without the lot index (migration 0028_trace), to show what the index buys. Target:
 * the API's median ≤ 200 ms on PostgreSQL. BENCH_TRACE_ROWS changes the row count.
 */
const ROWS = Number(process.env.BENCH_TRACE_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LOTS = 20_000;

const ms = (x: number) => `${x.toFixed(2)} ms`;

for (const kind of benchDatabases()) {
  console.log(`\n-- ${kind}`);
  await withDatabase(kind, async (connection) => {
    await seedDemoDatabase(connection.db);
    await fillTranLog(connection, ROWS, LOTS);
    const { app, token } = await signedInApp(connection.db);
    const lot = `BLOT${LOTS / 2 + 7}`;
    const api = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/trace/lot',
        headers: { token },
        payload: { whId: 'WH01', lotNumber: lot },
      });
      const body = res.json() as { code: number; data: { movements: unknown[] } };
      if (body.code !== 200 || body.data.movements.length === 0) throw new Error(`trace failed: ${res.body}`);
    };
    const raw = () =>
      sql`select t.id, t.tran_date, t.tran_type, t.client_code, t.item_number, t.lot_number, t.hu_id, t.quantity,
          t.from_location_id, t.to_location_id, t.control_number, t.employee_id
        from tran_log t where t.wh_id = 'WH01' and t.lot_number = ${lot}
        order by t.tran_date, t.id limit 2001`.execute(connection.db);
    await timeRuns(3, api);
    await timeRuns(3, raw);
    const apiTimes = await timeRuns(RUNS, api);
    const rawTimes = await timeRuns(RUNS, raw);
    console.log(`  trace/lot API       median ${ms(median(apiTimes))}  p95 ${ms(p95(apiTimes))}`);
    console.log(`  ledger query (SQL)  median ${ms(median(rawTimes))}  p95 ${ms(p95(rawTimes))}`);
    console.log(`  API / SQL           ${(median(apiTimes) / median(rawTimes)).toFixed(2)}×`);
    await sql`drop index tran_log_lot`.execute(connection.db);
    const unindexed = await timeRuns(5, raw);
    console.log(`  ledger query without the lot index  median ${ms(median(unindexed))}`);
    await app.close();
  });
}
