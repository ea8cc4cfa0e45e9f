import { sql } from 'kysely';
import type { Config } from '../config';
import { type Connection, connectPglite, connectPostgres, type Db, runsConcurrently } from './connect';
import { migrateToLatest } from './migrate';
import { type SeedResult, seedBase, seedDemo } from './seed/seed';

/**
 * The advisory-lock number of a start's migrations and first-start seed (any fixed bigint no other lock uses; the
 * others are listed in src/server/README.md "Several processes on one PostgreSQL").
 */
export const START_LOCK = 7_262_030_001n;

/** Opens the configured database, migrates it, and seeds it on the first start. */
export async function openDatabase(config: Config): Promise<{ connection: Connection; seed: SeedResult; demo: boolean }> {
  const connection = config.databaseUrl ? connectPostgres(config.databaseUrl) : await connectPglite({ dataDir: config.dataDir });
  try {
    const { seed, demo } = await prepareDatabase(connection.db, config);
    return { connection, seed, demo };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * Migrations and the first-start seed, under one session-level advisory lock held on a connection of its own: processes
 * started together on an empty PostgreSQL database queue on it; the first migrates and seeds, the others then find the
 * schema current and the administrator there, and seed nothing (without it, two of three such processes died on
 * `sys_role_name_key`). Kysely's own migration lock covers the migrations only, not the seed. A process killed while it
 * holds the lock loses that connection and with it the lock (and its seed, not yet committed), so the next one does the
 * work. PGlite is one process (wharf.lock) on one connection: it takes no lock.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'adminPassword' | 'demo'>,
): Promise<{ seed: SeedResult; demo: boolean }> {
  const work = async () => {
    await migrateToLatest(db);
    return db.transaction().execute(async (trx) => {
      const seed = await seedBase(trx, config.adminPassword);
      const demo = config.demo && seed.adminCreated ? await seedDemo(trx) : false;
      return { seed, demo };
    });
  };
  if (!runsConcurrently(db)) return work();
  return db.connection().execute(async (lock) => {
    await sql`select pg_advisory_lock(${String(START_LOCK)}::bigint)`.execute(lock);
    try {
      return await work();
    } finally {
      // A failed unlock means a broken connection, whose end releases the lock anyway.
      await sql`select pg_advisory_unlock(${String(START_LOCK)}::bigint)`.execute(lock).catch(() => undefined);
    }
  });
}
