import { sql } from 'kysely';
import type { Config } from '../config';
import { type Connection, connectPglite, connectPostgres, type Db, runsConcurrently } from './connect';
import { migrateToLatest } from './migrate';
import { type SeedResult, seedBase } from './seed/seed';

/**
 * The advisory-lock number of a start's migrations and first-start seed (any fixed bigint no other lock uses; the
 * others are listed in src/server/README.md "Several processes on one PostgreSQL").
 */
export const START_LOCK = 7_262_030_001n;

/** Seeds demo data on a first start; true when it did. The demo data lives above the modules (src/server/demo). */
export type DemoSeed = (trx: Db) => Promise<boolean>;

/**
 * Opens the configured database, migrates it, and seeds it on the first start: the base seed, then `demoSeed` when
 * given and the configuration asks for demo data. The caller passes the demo seed in, so db/ imports no module.
 */
export async function openDatabase(
  config: Config,
  demoSeed?: DemoSeed,
): Promise<{ connection: Connection; seed: SeedResult; demo: boolean }> {
  const connection = config.databaseUrl
    ? connectPostgres(config.databaseUrl, config.dbPoolMax)
    : await connectPglite({ dataDir: config.dataDir });
  try {
    const { seed, demo } = await prepareDatabase(connection.db, config, demoSeed);
    return { connection, seed, demo };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * Migrations and the first-start seed, under one advisory lock held by a transaction of its own: processes
 * started together on an empty PostgreSQL database queue on it; the first migrates and seeds, the others then find the
 * schema current and the administrator there, and seed nothing (without it, two of three such processes died on
 * `sys_role_name_key`). Kysely's own migration lock covers the migrations only, not the seed. A process killed while it
 * holds the lock loses that connection and with it the lock (and its seed, not yet committed), so the next one does the
 * work. The lock's transaction holds one connection of the pool while the work takes others (the pool has at least 2). PGlite is one process (wharf.lock) on one connection: it takes no lock.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'adminPassword' | 'demo'>,
  demoSeed?: DemoSeed,
): Promise<{ seed: SeedResult; demo: boolean }> {
  const work = async () => {
    await migrateToLatest(db);
    return db.transaction().execute(async (trx) => {
      const seed = await seedBase(trx, config.adminPassword);
      const demo = demoSeed && config.demo && seed.adminCreated ? await demoSeed(trx) : false;
      return { seed, demo };
    });
  };
  if (!runsConcurrently(db)) return work();
  // Held by a transaction left open while the work runs on the pool's other connections: a transaction keeps its server
  // connection even behind PgBouncer in transaction mode (docs/deploy.md "PgBouncer"), where a session-level lock and
  // its unlock could land on two different server connections and leave the lock held for the next start.
  return db.transaction().execute(async (lock) => {
    await sql`select pg_advisory_xact_lock(${String(START_LOCK)}::bigint)`.execute(lock);
    return work();
  });
}
