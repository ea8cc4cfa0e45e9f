import type { Config } from '../config';
import type { Db } from './connect';
import { type Connection, connectPglite, connectPostgres } from './connect';
import { migrateToLatest } from './migrate';
import { type SeedResult, seedBase } from './seed/seed';

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
    await migrateToLatest(connection.db);
    const { seed, demo } = await connection.db.transaction().execute(async (trx) => {
      const seed = await seedBase(trx, config.adminPassword);
      const demo = demoSeed && config.demo && seed.adminCreated ? await demoSeed(trx) : false;
      return { seed, demo };
    });
    return { connection, seed, demo };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
