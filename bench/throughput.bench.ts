import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase } from '../src/server/db/seed/seed';
import { seedDemo } from '../src/server/demo/demo';
import { benchDatabases, withDatabase } from './database';

/**
 * Throughput of `tWhse/findPage` over HTTP (the whole server: guard, session, validation, engine, JSON, compression
 * as the browser asks it) beside a minimal Fastify route running the same SQL (count and page of the warehouses),
 * on the same database in the same run: 50 connections for 20 s each (BENCH_CONNECTIONS, BENCH_SECONDS).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const execFileAsync = promisify(execFile);

/** What autocannon's `--json` prints, the parts read here. */
interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

interface Run {
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  failed: number;
}

/**
 * Loads a route for `duration` seconds from a process of its own (autocannon's command line), so that the load
 * generator's work — 50 connections' requests and answers — does not run on the server's event loop and count as the
 * server's time.
 */
async function run(url: string, headers: Record<string, string>, body: string, duration: number, into?: Run) {
  const args = ['-c', String(CONNECTIONS), '-d', String(duration), '-m', 'POST', '-b', body, '-j'];
  for (const [name, value] of Object.entries({
    'content-type': 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    ...headers,
  }))
    args.push('-H', `${name}=${value}`);
  const { stdout } = await execFileAsync(process.execPath, [AUTOCANNON, ...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  if (!into) return;
  into.requests += result.requests.total;
  into.seconds += duration;
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
  into.failed += result.errors + result.non2xx + result.timeouts;
}

const report = (r: Run) =>
  `${(r.requests / r.seconds).toFixed(0)} req/s, latency p50 ${r.p50.join(' / ')} ms p99 ${r.p99.join(' / ')} ms${r.failed ? `, ${r.failed} failed` : ''}`;

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async (connection) => {
    const { db } = connection;
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      await seedBase(trx, 'Bench#2024');
      await seedDemo(trx);
    });
    const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: 'admin', password: 'Bench#2024', captcha: '' },
    });
    const token = login.json().data.token as string;

    // The same statements the engine runs for a page of warehouses, with nothing around them: the page, and its count
    // only when the page is full (on a PostgreSQL pool the count starts beside the page and is awaited only then).
    const bare = Fastify();
    const count = sql<{ total: number }>`select count(*)::int as total from t_whse`;
    const page = sql`select * from t_whse order by wh_id, id limit 20 offset 0`;
    bare.post('/tWhse/findPage', async () => {
      const counting = kind === 'postgres' ? count.execute(db) : null;
      counting?.catch(() => undefined);
      const { rows } = await page.execute(db);
      const total = rows.length < 20 ? rows.length : ((await (counting ?? count.execute(db))).rows[0]?.total ?? 0);
      return { code: 200, msg: null, data: { content: rows, totalSize: total, pageNum: 1, pageSize: 20 } };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const body = JSON.stringify({ pageNum: 1, pageSize: 20, columnFilters: {} });
    console.log(`\n${kind}: tWhse/findPage, ${CONNECTIONS} connections, ${SECONDS} s each (two halves, ABBA)`);
    const minimal: Run = { requests: 0, seconds: 0, p50: [], p99: [], failed: 0 };
    const api: Run = { requests: 0, seconds: 0, p50: [], p99: [], failed: 0 };
    const runMinimal = (seconds: number, into?: Run) => run(`${bareUrl}/tWhse/findPage`, {}, body, seconds, into);
    const runApi = (seconds: number, into?: Run) => run(`${apiUrl}/api/tWhse/findPage`, { token }, body, seconds, into);
    // A few seconds of each first, unreported: the first run otherwise pays for compiling the code both share. Then
    // each route runs in two halves, in the order minimal, API, API, minimal, so that a load that drifts during the
    // run (other work on the machine) weighs on both alike.
    await runMinimal(3);
    await runApi(3);
    await runMinimal(SECONDS / 2, minimal);
    await runApi(SECONDS / 2, api);
    await runApi(SECONDS / 2, api);
    await runMinimal(SECONDS / 2, minimal);
    console.log(`  minimal Fastify route, same SQL: ${report(minimal)}`);
    console.log(`  Wharf API:                       ${report(api)}`);
    console.log(`  server memory (rss): ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
    await bare.close();
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
