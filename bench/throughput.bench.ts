import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase, seedDemo } from '../src/server/db/seed/seed';
import { benchDatabases, withDatabase } from './database';

/**
 * Throughput of `tWhse/findPage` over HTTP (the whole server: guard, session, validation, engine, JSON, compression
 * as the browser asks it) beside a minimal Fastify route running the same SQL (count and page of the warehouses),
 * on the same database in the same run: 50 connections for 20 s each (BENCH_CONNECTIONS, BENCH_SECONDS).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

async function run(url: string, headers: Record<string, string>, body: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', ...headers },
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const failed = result.errors + result.non2xx + result.timeouts;
  return `${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms${failed ? `, ${failed} failed` : ''}`;
}

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

    // The same statements the engine runs for a page of warehouses, with nothing around them.
    const bare = Fastify();
    bare.post('/tWhse/findPage', async () => {
      const [count, page] = await Promise.all([
        sql<{ total: number }>`select count(*)::int as total from t_whse`.execute(db),
        sql`select * from t_whse order by wh_id, id limit 20 offset 0`.execute(db),
      ]);
      return {
        code: 200,
        msg: null,
        data: { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum: 1, pageSize: 20 },
      };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const body = JSON.stringify({ pageNum: 1, pageSize: 20, columnFilters: {} });
    console.log(`\n${kind}: tWhse/findPage, ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(`  minimal Fastify route, same SQL: ${await run(`${bareUrl}/tWhse/findPage`, {}, body)}`);
    console.log(`  Wharf API:                       ${await run(`${apiUrl}/api/tWhse/findPage`, { token }, body)}`);
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
