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
 * findPage through the whole API (guard, session, validation, engine, JSON) against the same query
 * as raw SQL, on the same database in the same run. Reports medians and their ratio.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

async function benchOn(connection: Connection): Promise<void> {
  const { db } = connection;
  await migrateToLatest(db);
  await db.transaction().execute(async (trx) => {
    await seedBase(trx, 'Bench#2024');
    await seedDemo(trx);
  });
  await sql`insert into t_client (wh_id, client_code, name, contact, email)
    select case when g % 2 = 0 then 'WH01' else 'WH02' end, 'C' || g, 'Client ' || g, 'Contact ' || (g % 997), 'c' || g || '@example.com'
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`analyze t_client`.execute(db);

  const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account: 'admin', password: 'Bench#2024', captcha: '' },
  });
  const token = login.json().data.token as string;

  const cases = [
    { name: 'page 1, no filter', filters: {}, where: sql`` },
    {
      name: 'exact warehouse + name wildcard',
      filters: { whId: 'WH01', name: 'Client 12%' },
      where: sql`where wh_id = 'WH01' and lower(name) like lower('Client 12%')`,
    },
    // A typed text filter finds the rows containing it; a value chosen from a list (`exact`) is equality.
    {
      name: 'contact contains',
      filters: { contact: 'Contact 42' },
      where: sql`where lower(contact) like lower('%Contact 42%')`,
    },
    {
      name: 'contact exact',
      filters: { contact: { value: 'Contact 42', exact: true } },
      where: sql`where contact = 'Contact 42'`,
    },
  ];
  console.log(`findPage over ${ROWS} clients (${connection.kind}), ${RUNS} runs each, page size 20`);
  for (const c of cases) {
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/tClient/findPage',
        headers: { token },
        payload: { pageNum: 3, pageSize: 20, columnFilters: c.filters },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      api.push(performance.now() - t0);
      t0 = performance.now();
      await Promise.all([
        sql`select count(*) from t_client ${c.where}`.execute(db),
        sql`select * from t_client ${c.where} order by wh_id, client_code, id limit 20 offset 40`.execute(db),
      ]);
      raw.push(performance.now() - t0);
    }
    console.log(
      `  ${c.name.padEnd(34)} API median ${median(api).toFixed(1)} ms (p95 ${p95(api).toFixed(1)}), raw SQL median ${median(raw).toFixed(1)} ms (p95 ${p95(raw).toFixed(1)}), ratio ${(median(api) / median(raw)).toFixed(2)}× (p95 ${(p95(api) / p95(raw)).toFixed(2)}×)`,
    );
  }
  await app.close();
}

async function main(): Promise<void> {
  for (const kind of benchDatabases()) await withDatabase(kind, benchOn);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
