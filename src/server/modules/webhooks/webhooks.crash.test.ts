/**
 * kill -9 during dispatch loses no event (issue 28 item 5): a dispatcher in a child process of its own claims a
 * delivery and posts it to a receiver that does not answer; the child is killed with SIGKILL mid-delivery. Its claim
 * stays in the database; no other dispatcher sends the delivery while the claim's lease runs, and once it has run out
 * the next dispatcher delivers it (the receiver sees the event twice, with one id to dedupe on). On PostgreSQL the
 * child shares the database with this process; on PGlite the child owns the data directory and this process opens it
 * after the kill, as a restarted server would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { copyPgliteTemplate, createPostgresCopy } from '../../../../tests/support/templates';
import { type Receiver, startReceiver } from '../../../../tests/support/webhookReceiver';
import { type Connection, connectPglite, connectPostgres } from '../../db/connect';
import { DEFAULT_DISPATCH, dispatchOnce } from './dispatcher';
import { recordEvent } from './events';

const CHILD_LEASE_MS = 180_000;
let receiver: Receiver | null = null;
let child: ChildProcess | null = null;
let dataDir: string | null = null;

afterAll(async () => {
  child?.kill('SIGKILL');
  await receiver?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The child's script, bundled as the server is (esbuild), beside the worktree's node_modules. */
async function childScript(): Promise<string> {
  const out = path.resolve(`.tmp/dispatcherChild-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: ['tests/support/dispatcherChild.ts'],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    logLevel: 'warning',
  });
  return out;
}

it('a dispatcher killed with SIGKILL mid-delivery loses nothing: its claim expires and another delivers the event', async () => {
  receiver = await startReceiver();
  const postgres = process.env.WHARF_TEST_DB === 'postgres';
  let env: Record<string, string>;
  let open: () => Promise<Connection>;
  if (postgres) {
    const url = await createPostgresCopy(inject('pgTemplate'), `${inject('pgTemplate')}_crash${process.pid}`);
    env = { DATABASE_URL: url };
    open = async () => connectPostgres(url, 2);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-crash-'));
    // Where a server's data directory keeps PGlite's files (connectPglite): the template copied there.
    copyPgliteTemplate(path.join(dataDir, 'data'));
    env = { WHARF_DATA_DIR: path.join(dataDir, 'data') };
    open = () => connectPglite({ dataDir: path.join(dataDir as string, 'data') });
  }

  // A subscription and one event, committed before the child starts.
  let connection = await open();
  const { rows: admin } = await sql<{ id: number }>`select id from sys_user where name = 'admin'`.execute(connection.db);
  await sql`
    insert into t_webhook_subscription (wh_id, url, events, secret, created_by, created_by_name)
    values ('WH01', ${receiver.url}, 'stock.held', 'crash-secret-0123456789', ${admin[0]?.id}, 'admin')`.execute(connection.db);
  const eventId = await connection.db
    .transaction()
    .execute((trx) => recordEvent(trx, { type: 'stock.held', warehouse: 'WH01', client: 'ACME', payload: { storedItemId: 1 } }));
  if (!postgres) await connection.close();

  // The receiver hangs: the child claims the delivery, posts it, and waits for an answer — then dies.
  receiver.answer(0);
  child = spawn(process.execPath, [await childScript()], { env: { ...process.env, ...env }, stdio: 'ignore' });
  await expect.poll(() => receiver?.received.length, { timeout: 30_000 }).toBe(1);
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  child = null;

  if (!postgres) connection = await open();
  const db = connection.db;
  try {
    const { rows } = await sql<{ status: string; attempts: number; claimedBy: string | null }>`
      select status, attempts, claimed_by from t_webhook_delivery`.execute(db);
    expect(rows).toEqual([{ status: 'P', attempts: 1, claimedBy: expect.stringMatching(/^child-\d+$/) }]);
    receiver.answer(204);
    // While the dead process's claim runs, nobody sends the delivery again.
    expect(await dispatchOnce(db, () => new Date(), { privateReceivers: true })).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(1);
    // After it, the next dispatcher (this process, as a restarted server) delivers it.
    const later = () => new Date(Date.now() + CHILD_LEASE_MS + DEFAULT_DISPATCH.timeoutMs);
    expect(await dispatchOnce(db, later, { privateReceivers: true })).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => r.headers['wharf-event-id'])).toEqual([eventId, eventId]);
    const { rows: done } = await sql<{ status: string; attempts: number }>`
      select status, attempts from t_webhook_delivery`.execute(db);
    expect(done).toEqual([{ status: 'D', attempts: 2 }]);
  } finally {
    await connection.close();
  }
});
