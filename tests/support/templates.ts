import fs from 'node:fs';
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
export const TEMPLATE_FILE = path.resolve('.tmp/test-template.tar');

/** Migrates and seeds an empty database the way a first start does (with demo data). */
async function prepare(connection: Connection): Promise<void> {
  await migrateToLatest(connection.db);
  await connection.db.transaction().execute(async (trx) => {
    await seedBase(trx, TEST_ADMIN_PASSWORD);
    await seedDemo(trx);
  });
}

/**
 * PGlite: prepare once in memory, keep the data directory as a tarball each test file loads (~0.7 s vs ~4 s). Its
 * write-ahead log in 1 MB segments (initdb's `--wal-segsize`; 16 MB by default, and the checkpoint keeps the current
 * segment and a recycled one whole): the tarball is 34 MB instead of 66, and each of the ~120 loads a run reads, copies
 * and unpacks half as much (the Blob's reading was a third of a load's CPU). Nothing else differs from PGlite's defaults.
 */
export async function preparePgliteTemplate(): Promise<void> {
  const pglite = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  const connection = await connectPglite({ pglite });
  await prepare(connection);
  // A checkpoint first: each copy then starts without replaying the seed's write-ahead log (~0.37 s a load, ~0.5 s without).
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await connection.close();
}

export async function openPgliteFromTemplate(): Promise<PGlite> {
  const data = fs.readFileSync(TEMPLATE_FILE);
  return PGlite.create({ loadDataDir: new Blob([data]) });
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
