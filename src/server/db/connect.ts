import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import pg from 'pg';
import { HookedPostgresDialect } from './commitHook';
import type { Database } from './schema';

// numeric → string (exact decimals), int8 → number (ids and counts fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// date → 'YYYY-MM-DD' as stored: a JS Date would shift with the time zone and re-save as a timestamp.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<Database>;

/** An open database and how to close it. */
export interface Connection {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

function kysely(pool: pg.Pool): Db {
  // The dialect's driver runs a request's commit hook (commitHook.ts: the idempotency claim commits with the change).
  return new Kysely<Database>({ dialect: new HookedPostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

/** Each database's pool, for the metrics (`poolLoad`). */
const pools = new WeakMap<Db, pg.Pool>();

/** How busy a database's pool is: connections open and in use, and queries waiting for one (PGlite: its queue). */
export interface PoolLoad {
  total: number;
  inUse: number;
  waiting: number;
}

export function poolLoad(db: Db): PoolLoad | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Databases that run statements side by side (a PostgreSQL pool); PGlite runs one at a time. */
const concurrent = new WeakSet<Db>();
export const runsConcurrently = (db: Db): boolean => concurrent.has(db);

/** Connects to PostgreSQL. */
export function connectPostgres(url: string, max = 10): Connection {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = kysely(pool);
  pools.set(db, pool);
  if (max > 1) concurrent.add(db);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * Opens PGlite behind one connection (PGlite is single-connection; the pool of one is the queue).
 * `pglite` may be given (tests clone a prepared one); otherwise the data directory is opened.
 */
export async function connectPglite(source: { dataDir: string } | { pglite: PGlite }): Promise<Connection> {
  let pglite: PGlite;
  let release = (): void => {};
  if ('pglite' in source) {
    pglite = source.pglite;
  } else {
    fs.mkdirSync(source.dataDir, { recursive: true });
    release = lockDataDir(source.dataDir);
    try {
      pglite = await PGlite.create(path.join(source.dataDir, 'pglite'));
    } catch (error) {
      release();
      throw error;
    }
  }
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), max: 1 });
  const db = kysely(pool);
  pools.set(db, pool);
  return {
    db,
    kind: 'pglite',
    async close() {
      // Flush the WAL so the next start does not replay it, then release the directory.
      await sql`checkpoint`.execute(db).catch(() => undefined);
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}

/**
 * PGlite has no lock between processes: a second process on the same directory silently loses writes.
 * A lock file with our pid refuses the second process; a stale file (its process is gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'wharf.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The data directory ${dataDir} is in use by process ${pid}; one Wharf process per data directory.`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
