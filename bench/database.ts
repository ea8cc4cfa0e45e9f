import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Connection, connectPglite, connectPostgres } from '../src/server/db/connect';

/**
 * Runs a benchmark on a fresh database: an in-memory PGlite, or a throwaway PostgreSQL database created beside the
 * one BENCH_DATABASE_URL names and dropped after.
 */
export async function withDatabase(kind: 'pglite' | 'postgres', run: (connection: Connection) => Promise<void>): Promise<void> {
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
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The databases to run on: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set; BENCH_ONLY=pglite|postgres picks one. */
export function benchDatabases(): ('pglite' | 'postgres')[] {
  return (['pglite', 'postgres'] as const).filter(
    (kind) =>
      (kind === 'pglite' || process.env.BENCH_DATABASE_URL) && (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === kind),
  );
}
