import type { Config } from '../config';
import { type Connection, connectPglite, connectPostgres } from './connect';
import { migrateToLatest } from './migrate';
import { type SeedResult, seedBase, seedDemo } from './seed/seed';

/** Opens the configured database, migrates it, and seeds it on the first start. */
export async function openDatabase(config: Config): Promise<{ connection: Connection; seed: SeedResult; demo: boolean }> {
  const connection = config.databaseUrl
    ? connectPostgres(config.databaseUrl, config.dbPoolMax)
    : await connectPglite({ dataDir: config.dataDir });
  try {
    await migrateToLatest(connection.db);
    const { seed, demo } = await connection.db.transaction().execute(async (trx) => {
      const seed = await seedBase(trx, config.adminPassword);
      const demo = config.demo && seed.adminCreated ? await seedDemo(trx) : false;
      return { seed, demo };
    });
    return { connection, seed, demo };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
