import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { type Connection, connectPglite, connectPostgres } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedBase } from '../../src/server/db/seed/seed';
import { seedDemo } from '../../src/server/demo/demo';
import { type PasswordCost, setPasswordCost } from '../../src/server/platform/passwords';

/**
 * The suites hash passwords at scrypt N=2^10 instead of 2^15: thousands of logins would otherwise spend minutes in
 * scrypt, and no rule under test depends on the cost (passwords.test.ts checks the production cost, the login timing
 * test in auth.test.ts runs at it). Set on import, in the global setup and in every test file that builds an app.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 1024, r: 8, p: 1 };
setPasswordCost(TEST_PASSWORD_COST);

/** The administrator password of every test database. */
export const TEST_ADMIN_PASSWORD = 'Admin#2024';
/** The PGlite template: a data directory, migrated and seeded once per run (global setup), that test files copy. */
export const TEMPLATE_DIR = path.resolve('.tmp/test-template');

/** Migrates and seeds an empty database the way a first start does (with demo data). */
async function prepare(connection: Connection): Promise<void> {
  await migrateToLatest(connection.db);
  await connection.db.transaction().execute(async (trx) => {
    await seedBase(trx, TEST_ADMIN_PASSWORD);
    await seedDemo(trx);
  });
}

/**
 * PGlite: prepare once, in a data directory on disk as the server keeps its own (`connectPglite`), which each test
 * file copies and opens. Opening a copied directory took half the CPU of loading a tarball into memory (~1.0 s against
 * ~2.0 s a file: the tarball was read through a Blob, untarred and written into the in-memory file system), and the
 * suites then run on the storage the product uses. The write-ahead log in 1 MB segments (initdb's `--wal-segsize`;
 * 16 MB by default, of which the checkpoint keeps the current segment and a recycled one whole): 42 MB to copy instead
 * of 66. Nothing else differs from PGlite's defaults. A checkpoint last: a copy starts without replaying the seed's log.
 */
export async function preparePgliteTemplate(): Promise<void> {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(TEMPLATE_DIR), { recursive: true });
  const pglite = await PGlite.create({ dataDir: TEMPLATE_DIR, initDbStartParams: ['--wal-segsize=1'] });
  const connection = await connectPglite({ pglite });
  await prepare(connection);
  await connection.close();
}

/** Where copies go: memory (`/dev/shm`) where there is one, so that ~120 copies a run of 42 MB never reach the disk. */
const COPIES = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** Copies the template into `<dataDir>/pglite`, where the server (`connectPglite({ dataDir })`) keeps PGlite's files. */
export function copyPgliteTemplate(dataDir: string): void {
  fs.cpSync(TEMPLATE_DIR, path.join(dataDir, 'pglite'), { recursive: true });
}

/** A fresh copy of the template, opened as the server opens its data directory; closing it removes the copy. */
export async function openPgliteCopy(): Promise<Connection> {
  const dataDir = fs.mkdtempSync(path.join(COPIES, 'wharf-test-'));
  copyPgliteTemplate(dataDir);
  const connection = await connectPglite({ dataDir });
  return {
    ...connection,
    async close() {
      await connection.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one administrative statement on the server's maintenance connection. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.WHARF_TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Drops a database once the test's own connections to it are gone: pg's pool resolves `end()` before its sockets are
 * closed, and a forced drop then kills a connection still ending, whose error reaches the test process as an uncaught
 * exception (the multi-process test's clean-up, once). Waits up to 5 s, then drops with force.
 */
export async function dropDatabaseWhenClosed(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.WHARF_TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** PostgreSQL: prepare a template database; each test file copies it with CREATE DATABASE … TEMPLATE. */
export async function preparePostgresTemplate(name: string): Promise<void> {
  const url = process.env.WHARF_TEST_DATABASE_URL!;
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const connection = connectPostgres(withDatabase(url, name), 2);
  try {
    await prepare(connection);
  } finally {
    await connection.close();
  }
}

export async function createPostgresCopy(template: string, name: string): Promise<string> {
  await adminQuery(`create database ${name} template ${template}`);
  return withDatabase(process.env.WHARF_TEST_DATABASE_URL!, name);
}

export const testConfig = () => ({ ...loadConfig({}), captcha: false, publicDir: null, demo: true });
