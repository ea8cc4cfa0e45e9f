import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type WharfApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Connection, connectPglite, connectPostgres, type Db } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedBase } from '../src/server/db/seed/seed';
import { seedDemo } from '../src/server/demo/demo';
import type { SessionUser } from '../src/server/platform/context';

/**
 * Runs a benchmark on a fresh database: an in-memory PGlite, or a throwaway PostgreSQL database created beside the
 * one BENCH_DATABASE_URL names and dropped after. BENCH_KEPT_URL instead names a PostgreSQL database kept between runs:
 * the first run fills it (10–15 minutes at the reports' and dashboard's scale), the next ones find it filled (the
 * fills below skip what is there) and measure again — a change to a statement or an index is measured in minutes.
 */
export async function withDatabase(kind: 'pglite' | 'postgres', run: (connection: Connection) => Promise<void>): Promise<void> {
  const kept = process.env.BENCH_KEPT_URL;
  if (kind === 'postgres' && kept) {
    const connection = connectPostgres(kept, 10);
    try {
      await run(connection);
    } finally {
      await connection.close();
    }
    return;
  }
  if (kind === 'pglite') {
    const connection = await connectPglite({ pglite: await PGlite.create() });
    try {
      await run(connection);
    } finally {
      await connection.close();
    }
    return;
  }
  const base = process.env.BENCH_DATABASE_URL!;
  const name = `wharf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const connection = connectPostgres(url.toString(), 10);
  try {
    await run(connection);
  } finally {
    await connection.close();
    // pg's pool resolves `end()` before its sockets are closed: a forced drop could then kill a connection still
    // ending, whose error event would end the process. Wait (up to 5 s) for the server to see them gone.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The databases to run on: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set; BENCH_ONLY=pglite|postgres picks one. */
export function benchDatabases(): ('pglite' | 'postgres')[] {
  return (['pglite', 'postgres'] as const).filter(
    (kind) =>
      (kind === 'pglite' || process.env.BENCH_DATABASE_URL || process.env.BENCH_KEPT_URL) &&
      (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === kind),
  );
}

/** The benches' administrator password. */
const BENCH_PASSWORD = 'Bench#2024';

/** Migrates a bench database and seeds it as a first start with demo data would (a kept one that has them: migrates). */
export async function seedDemoDatabase(db: Db): Promise<void> {
  await migrateToLatest(db);
  if ((await countRows(db, 'sys_user')) > 0) return;
  await db.transaction().execute(async (trx) => {
    await seedBase(trx, BENCH_PASSWORD);
    await seedDemo(trx);
  });
}

/** The rows of a table (`where`: a condition on them), for the fills that skip what a kept database has. */
export async function countRows(db: Db, table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The whole app over `db` (captcha off, no static files) and a session token of the administrator. */
export async function signedInApp(db: Db): Promise<{ app: WharfApp['app']; token: string }> {
  const { app } = await buildApp({ config: { ...loadConfig({}), captcha: false, publicDir: null }, db });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account: 'admin', password: BENCH_PASSWORD, captcha: '' },
  });
  return { app, token: login.json().data.token as string };
}

/** The median of some timings (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The 95th percentile of some timings: the value 95 % of them do not exceed. */
export function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** Runs `run` `runs` times one after the other; the milliseconds each took. */
export async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times;
}

/** The administrator as a service sees a signed-in user: every warehouse and client. */
export const BENCH_ADMIN: SessionUser = {
  id: 1,
  name: 'admin',
  sessionId: 0,
  superAdmin: true,
  permissions: new Set(),
  warehouses: 'all',
  clients: {},
  language: null,
  station: null,
};
