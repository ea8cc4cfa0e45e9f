/**
 * Many processes, one PostgreSQL database, proven (issue 30 item 1; src/server/README.md "Several processes on one
 * PostgreSQL"). Three real server processes (the server bundled as build.mjs bundles it) start at the same moment on one
 * EMPTY database, then serve behind a round-robin proxy written here while concurrent flows go through different
 * processes: receipts, wave release, picks, carton picks, shipping, counts, logins, logouts, a disabled user and a role
 * change. Checks: migrations and the first-start seed ran once; no double booking; stock conserved in the ledger; a
 * session valid on every process and its end effective everywhere within the documented 5 s; the housekeeping job once
 * per period across the processes; a process killed with SIGKILL mid-burst loses nothing answered and leaves nothing
 * half-written. Process 0 connects to PostgreSQL directly, processes 1 and 2 through PgBouncer in transaction mode
 * (docs/deploy.md "PgBouncer"; Debian's, installed by .ci/run) with fewer server connections than their pools hold: the
 * start lock, the job leader's lock, sessions and every flow above hold under transaction pooling, side by side with a
 * direct process, and the process killed mid-burst is a pooled one. PostgreSQL only (the `postgres` project): PGlite is
 * one process by design (wharf.lock).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Connection, connectPostgres } from '../../src/server/db/connect';
import {
  type Answer,
  answers,
  type Bouncer,
  buildServer,
  call,
  freePort,
  type RoundRobin,
  removeBuild,
  type Server,
  startPgBouncer,
  startProxy,
  startServer,
} from '../support/cluster';
import { createInboundFixture, IN, insertPo } from '../support/inboundFixture';
import { createPickPlaces, insertWave, PK, releaseBody } from '../support/pickFixture';
import { adminQuery, dropDatabaseWhenClosed } from '../support/templates';

type Row = Record<string, unknown>;
const PROCESSES = 3;
/** The housekeeping period of the test's servers (WHARF_HOUSEKEEPING_INTERVAL), short so that many periods pass. */
const PERIOD_MS = 2_000;
/** The documented bound of a change made through another process (src/server/platform/session.ts SESSION_CACHE_MS). */
const SESSION_BOUND_MS = 5_000;
const PASSWORD = 'Admin#2024';
/**
 * PgBouncer's server connections for the two pooled processes (their pools hold 10 each). At the first start each
 * process waiting for the start lock holds one in its waiting transaction, and the one holding it needs two (the lock's
 * transaction and the work): at least processes + 1, or the start waits for ever (docs/deploy.md).
 */
const BOUNCER_POOL = 4;

let script = '';
let dataDir = '';
let database = '';
let servers: Server[] = [];
let proxy: RoundRobin | null = null;
let bouncer: Bouncer | null = null;
let connection: Connection | null = null;
let admin = '';
const db = () => (connection as Connection).db;
const via = <T = unknown>(url: string, body?: unknown, token = admin) => call<T>((proxy as RoundRobin).url, url, body, token);

/** The housekeeping runs seen in `sys_job_run` while the test runs (a sampler, every 50 ms): start, owner, run count. */
const runs = new Map<string, { startedAt: number; owner: string; count: number }>();
let sampling = true;
let sampler: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const [built, started] = await Promise.all([
    buildServer('multiprocess'),
    startPgBouncer(BOUNCER_POOL),
    (async () => {
      database = `${inject('pgTemplate')}_cmp${process.pid}`;
      await adminQuery(`drop database if exists ${database} with (force)`);
      await adminQuery(`create database ${database}`);
    })(),
  ]);
  script = built;
  bouncer = started;
  const url = new URL(process.env.WHARF_TEST_DATABASE_URL as string);
  url.pathname = `/${database}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-mp-'));
  const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
  const env = {
    WHARF_DATA_DIR: dataDir,
    WHARF_PUBLIC_DIR: path.join(dataDir, 'no-console'),
    WHARF_CAPTCHA: 'off',
    WHARF_ADMIN_PASSWORD: PASSWORD,
    WHARF_LOG_LEVEL: 'warn',
    WHARF_BACKUP_INTERVAL: 'off',
    WHARF_HOUSEKEEPING_INTERVAL: `${PERIOD_MS / 1000}s`,
  };
  // All three at the same moment, on the empty database.
  const pooled = started.url(database);
  servers = ports.map((port, i) => startServer(script, i, port, { ...env, DATABASE_URL: i === 0 ? url.toString() : pooled }));
  await Promise.all(servers.map((s) => answers(s, 400_000)));
  proxy = await startProxy(servers);
  connection = connectPostgres(url.toString(), 4);
  const login = await via<{ token: string }>('/login', { account: 'admin', password: PASSWORD, captcha: '' }, '');
  admin = login.body.data.token;
  sampler = (async () => {
    while (sampling) {
      const { rows } = await sql<{ startedAt: Date; owner: string; count: number }>`
        select last_started_at as started_at, last_owner as owner, runs::int as count
        from sys_job_run where job = 'housekeeping'`.execute(db());
      const row = rows[0];
      if (row) runs.set(row.startedAt.toISOString(), { startedAt: row.startedAt.getTime(), owner: row.owner, count: row.count });
      await sleep(50);
    }
  })();
}, 420_000);

afterAll(async () => {
  sampling = false;
  await sampler;
  await proxy?.close();
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exit));
  await bouncer?.close();
  await connection?.close();
  if (database) await dropDatabaseWhenClosed(database);
  if (script) removeBuild(script);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** One number of a column summed over the rows a query answers (exact, as text). */
async function total(query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(db());
  return Number(rows[0]?.n ?? 0);
}
const onHand = () =>
  total(sql<{ n: string }>`select coalesce(sum(actual_qty), 0)::text as n from t_stored_item where client_code = ${PK.client}`);

/** Polls `check` on a server until it answers true; answers how long after the start the check that saw it was sent. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms + 1_000) {
    // When the check that saw it was sent: a request sent after the bound gets the new answer, however long it takes
    // to come back on a loaded machine (measured at its return, a poll once took 5,008 ms against a 5,000 ms bound).
    const sent = Date.now();
    if (await check()) return sent - start;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

// Generous timeouts: on a two-core machine loaded by other work, three servers' starts and bursts take their time.
describe('three processes on one PostgreSQL database', { timeout: 180_000 }, () => {
  it('start together on an empty database: migrations and the first-start seed run once, every process serves', async () => {
    expect(servers.map((s) => s.ended)).toEqual([false, false, false]);
    const { rows } = await sql<{ roles: number; admins: number; whses: number; migrations: number }>`
      select (select count(*)::int from sys_role where name = 'admin') as roles,
        (select count(*)::int from sys_user where name = 'admin') as admins,
        (select count(*)::int from t_whse) as whses,
        (select count(*)::int from kysely_migration) as migrations`.execute(db());
    expect(rows[0]).toMatchObject({ roles: 1, admins: 1, whses: 2 });
    expect(rows[0]?.migrations).toBeGreaterThan(30);
    // One process made the administrator (and says so); the others found it there.
    expect(servers.filter((s) => s.output.join('').includes('Account:   admin')).length).toBe(1);
    const who = await Promise.all(servers.map((s) => call(s.url, '/user/findPermissions', undefined, admin)));
    expect(who.map((a) => a.status)).toEqual([200, 200, 200]);
    // Processes 1 and 2 reached the database through PgBouncer.
    expect((bouncer as Bouncer).output.join('')).toContain(`login attempt: db=${database}`);
  });

  it('a session made on one process is valid on every process; logout, a disabled user and a role change apply everywhere within 5 s', async () => {
    const roleId = await viewerRole();
    const userIds: number[] = [];
    for (const name of ['mp-logout', 'mp-disable', 'mp-role']) {
      const saved = await via<number>('/user/save', {
        name,
        nickName: name,
        status: '1',
        language: 'en_us',
        password: 'Clerk#2024',
        roleIds: [roleId],
        warehouses: [{ whId: PK.whId, clientCodes: null }],
      });
      expect(saved.body.code, saved.body.msg).toBe(200);
      userIds.push(Number(saved.body.data));
    }
    const loginAs = async (name: string) =>
      (await via<{ token: string }>('/login', { account: name, password: 'Clerk#2024', captcha: '' }, '')).body.data.token;
    const page = { pageNum: 1, pageSize: 5 };
    const everywhere = async (token: string) =>
      (await Promise.all(servers.map((s) => call(s.url, '/tWhse/findPage', page, token)))).map((a) => a.status);
    const tokens = await Promise.all(['mp-logout', 'mp-disable', 'mp-role'].map(loginAs));
    // Valid on every process, and now cached on every process.
    for (const token of tokens) expect(await everywhere(token)).toEqual([200, 200, 200]);

    // Logout through server 0; disable and role change through server 1 (as admin).
    const [logoutToken, disableToken, roleToken] = tokens as [string, string, string];
    const [disableId, roleUserId] = [userIds[1], userIds[2]];
    const changed = Date.now();
    await call(servers[0]!.url, '/logout', {}, logoutToken);
    expect((await call(servers[1]!.url, '/user/save', { id: disableId, status: '0' }, admin)).body.code).toBe(200);
    expect((await call(servers[1]!.url, '/user/save', { id: roleUserId, roleIds: [] }, admin)).body.code).toBe(200);
    const ended = (token: string, refused: number[]) => async () =>
      (await everywhere(token)).every((status) => refused.includes(status));
    const took = await Promise.all([
      within(SESSION_BOUND_MS, ended(logoutToken, [401, 405])),
      within(SESSION_BOUND_MS, ended(disableToken, [401])),
      within(SESSION_BOUND_MS, ended(roleToken, [403])),
    ]);
    const since = Date.now() - changed;
    expect(
      took.every((ms) => ms <= SESSION_BOUND_MS),
      `took ${took.join(', ')} ms`,
    ).toBe(true);
    expect(since).toBeLessThan(SESSION_BOUND_MS + 1_500);
  });

  it('concurrent flows through different processes: no double booking, stock conserved in the ledger', async () => {
    await createInboundFixture(db());
    await createPickPlaces(db());
    const before = await onHand();

    // Receipts: each line of 10 received three times 5 at once through different processes; no over-receipt allowed.
    const pos = Array.from({ length: 6 }, (_, i) => `MP-PO${i}`);
    for (const po of pos) await insertPo(db(), po, [{ lineNumber: 1, itemNumber: PK.itemPlain, qty: '10' }]);
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values (${IN.whId}, 'OVER_RECEIPT_PCT', null, '0')
      on conflict do nothing`.execute(db());
    const receipts = await Promise.all(
      pos.flatMap((po) =>
        [0, 1, 2].map(() =>
          via<Row>('/globalOptions/addReceipt', { whId: IN.whId, poNumber: po, lineNumber: 1, qty: '5', locationId: PK.p1 }),
        ),
      ),
    );
    expect(new Set(receipts.map((r) => r.backend)).size).toBe(PROCESSES);
    const accepted = receipts.filter((r) => r.body.code === 200);
    expect(accepted.length).toBe(pos.length * 2);
    const { rows: lines } = await sql<{ received: string }>`
      select trim_scale(qty_received)::text as received from t_po_detail where po_number = any(${pos}::varchar[])`.execute(db());
    expect(lines.map((l) => l.received)).toEqual(pos.map(() => '10'));
    const received = pos.length * 10;
    expect(await onHand()).toBe(before + received);

    // Waves: four of two orders of 3 each (24 of the 60 received); each released twice at once on two processes.
    const waves = Array.from({ length: 4 }, (_, i) => `MP-WV${i}`);
    for (const [w, waveId] of waves.entries()) {
      await insertWave(
        db(),
        waveId,
        ['A', 'B'].map((o) => ({
          orderNumber: `MP-SO${w}${o}`,
          carrierId: 'SF',
          lines: [{ itemNumber: PK.itemPlain, qty: '3' }],
        })),
      );
    }
    const releases = await Promise.all(
      waves.flatMap((w) => [
        via('/tWaveMaster/releaseWave', releaseBody([w])),
        via('/tWaveMaster/releaseWave', releaseBody([w])),
      ]),
    );
    expect(releases.every((r) => r.status === 200)).toBe(true);
    const { rows: planned } = await sql<{ waveId: string; qty: string }>`
      select wave_id, trim_scale(sum(quantity))::text as qty from t_wave_pick_task
      where wave_id = any(${waves}::varchar[]) group by wave_id order by wave_id`.execute(db());
    expect(planned).toEqual(waves.map((waveId) => ({ waveId, qty: '6' })));
    const allocated = await total(sql<{ n: string }>`
      select coalesce(sum(allocated_qty), 0)::text as n from t_stored_item where item_number = ${PK.itemPlain}`);
    expect(allocated).toBe(24);

    // Picks: every task picked twice at once through different processes; each is picked once.
    const { rows: tasks } = await sql<{ id: number; quantity: string; pickLocation: string }>`
      select id, trim_scale(quantity)::text as quantity, pick_location from t_wave_pick_task
      where wave_id = any(${waves}::varchar[]) order by id`.execute(db());
    const pick = (t: (typeof tasks)[number]) =>
      via('/tWavePickTask/completeWavePick', {
        id: t.id,
        qty: t.quantity,
        locationId: t.pickLocation,
        lotNumber: null,
        huId: null,
      });
    const picks = await Promise.all(tasks.flatMap((t) => [pick(t), pick(t)]));
    expect(picks.filter((p) => p.body.code === 200).length).toBe(tasks.length);
    const picked = await total(sql<{ n: string }>`
      select coalesce(sum(picked_qty), 0)::text as n from t_wave_pick_task where wave_id = any(${waves}::varchar[])`);
    expect(picked).toBe(24);

    // Carton picks: each order packed through the processes in turn, the orders at once.
    const orders = waves.flatMap((w, i) => ['A', 'B'].map((o) => ({ waveId: w, orderNumber: `MP-SO${i}${o}` })));
    const cartons = await Promise.all(
      orders.map(async (o) => {
        const next = await via<{ cartonNumber: string; lines: Row[] }>('/tblShippingLabelDetail/getNextCarton', {
          whId: PK.whId,
          ...o,
        });
        expect(next.body.code, next.body.msg).toBe(200);
        const lines = next.body.data.lines.map((l) => ({
          pickDetailId: l.pickDetailId,
          lotNumber: l.lotNumber,
          storedAttributeId: l.storedAttributeId,
          qty: l.remainingQty,
        }));
        const done = await via('/tblShippingLabelDetail/completeCartonPick', {
          whId: PK.whId,
          cartonNumber: next.body.data.cartonNumber,
          lines,
          actualWeight: null,
        });
        expect(done.body.code, done.body.msg).toBe(200);
        return next.body.data.cartonNumber;
      }),
    );

    // Shipping: labels, one delivery per wave, each delivery shipped twice at once; it ships once.
    const shipped = await Promise.all(
      waves.map(async (_, w) => {
        const own = cartons.slice(w * 2, w * 2 + 2);
        expect((await via('/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: own })).body.code).toBe(200);
        const delivery = await via<{ deliveryNumber: string }>('/tblShippingLabel/generateDelivery', {
          whId: PK.whId,
          cartonNumbers: own,
        });
        expect(delivery.body.code, delivery.body.msg).toBe(200);
        const dl = delivery.body.data.deliveryNumber;
        const both = await Promise.all(
          [0, 1].map(() => via('/tblShippingLabel/shippingByDelivery', { whId: PK.whId, deliveryNumber: dl })),
        );
        return both.map((a) => a.body.errorCode ?? a.body.code).sort((a, b) => String(a).localeCompare(String(b)));
      }),
    );
    expect(shipped).toEqual(waves.map(() => ['200', 'deliveryShipped'].map((c) => (c === '200' ? 200 : c))));
    const out = -(await total(sql<{ n: string }>`
      select coalesce(sum(quantity), 0)::text as n from tran_log where tran_type = 'SHIP' and item_number = ${PK.itemPlain}`));
    expect(out).toBe(24);

    // Counts: the zone's count generated twice at once, then each task counted twice at once (the book quantity).
    const generated = await Promise.all(
      [0, 1].map(() =>
        via<Row>('/tblCycleCountTask/generateCountTaskByLocItem', { whId: PK.whId, zone: PK.zoneA, itemNumber: PK.itemPlain }),
      ),
    );
    const made = generated.filter((g) => g.body.code === 200);
    expect(made.length).toBeGreaterThanOrEqual(1);
    const { rows: counts } = await sql<{ id: number; locationId: string; qty: string }>`
      select id, location_id, trim_scale(logic_qty)::text as qty from tbl_cycle_count_task
      where wh_id = ${PK.whId} and item_number = ${PK.itemPlain} and status = 'N'`.execute(db());
    expect(new Set(counts.map((c) => c.locationId)).size).toBe(counts.length);
    const page = await via<{ content: Row[] }>('/tblCycleCountTask/findPage', {
      pageNum: 1,
      pageSize: 50,
      columnFilters: { whId: PK.whId, itemNumber: PK.itemPlain, status: 'N' },
    });
    const countAnswers = await Promise.all(
      page.body.data.content.flatMap((task) => {
        const qty = counts.find((c) => c.id === task.id)?.qty;
        return [0, 1].map(() => via('/tblCycleCountTask/save', { ...task, cycleCountQty: qty }));
      }),
    );
    expect(countAnswers.filter((a) => a.body.code === 200).length).toBe(counts.length);

    // Conservation: what came in, less what shipped, is on hand; nothing negative, nothing allocated left over.
    expect(await onHand()).toBe(before + received - out);
    const { rows: bad } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item where actual_qty < 0 or allocated_qty < 0 or allocated_qty > actual_qty`.execute(
      db(),
    );
    expect(bad[0]?.n).toBe(0);
  });

  it('a process killed with SIGKILL mid-burst loses nothing answered and leaves nothing half-written; the others go on', async () => {
    const item = 'MP-KILL';
    await sql`insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
      values (${PK.whId}, ${PK.client}, ${item}, '并发 Burst', 'EA', 'N')`.execute(db());
    const pos = Array.from({ length: 90 }, (_, i) => `MP-K${i}`);
    for (const po of pos) await insertPo(db(), po, [{ lineNumber: 1, itemNumber: item, qty: '5' }]);
    const answered: { po: string; answer: Answer<Row> }[] = [];
    let killedAt = 0;
    const victim = servers[2] as Server;
    // Six at a time; the victim is killed once a third of the burst has been answered.
    const queue = [...pos];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let po = queue.shift(); po; po = queue.shift()) {
          const answer = await via<Row>('/globalOptions/addReceipt', {
            whId: PK.whId,
            poNumber: po,
            lineNumber: 1,
            qty: '2',
            locationId: PK.p2,
          });
          answered.push({ po, answer });
          if (!killedAt && answered.length >= 30) {
            killedAt = Date.now();
            victim.child.kill('SIGKILL');
          }
        }
      }),
    );
    await victim.exit;
    const ok = answered.filter((a) => a.answer.status === 200 && a.answer.body.code === 200);
    expect(ok.length).toBeGreaterThan(50);
    // Every answered receipt is there, with its quantity.
    const { rows: stored } = await sql<{ receiptId: string; poNumber: string; qty: string }>`
      select receipt_id, po_number, trim_scale(qty_received)::text as qty from t_receipt where item_number = ${item}`.execute(
      db(),
    );
    const byId = new Map(stored.map((r) => [r.receiptId, r]));
    for (const a of ok) expect(byId.get(String(a.answer.body.data.receiptId)), a.po).toMatchObject({ poNumber: a.po, qty: '2' });
    // Nothing half-written: every receipt has its PO line total, its RECEIVE log row and its stock, and no more.
    const { rows: lines } = await sql<{ poNumber: string; line: string; receipts: string }>`
      select d.po_number, trim_scale(d.qty_received)::text as line,
        coalesce((select trim_scale(sum(r.qty_received)) from t_receipt r where r.po_number = d.po_number), 0)::text as receipts
      from t_po_detail d where d.item_number = ${item}`.execute(db());
    for (const l of lines) expect(l.line, l.poNumber).toBe(l.receipts);
    const logged = await total(sql<{ n: string }>`
      select coalesce(sum(quantity), 0)::text as n from tran_log where tran_type = 'RECEIVE' and item_number = ${item}`);
    const inStock = await total(sql<{ n: string }>`
      select coalesce(sum(actual_qty), 0)::text as n from t_stored_item where item_number = ${item}`);
    expect(logged).toBe(stored.length * 2);
    expect(inStock).toBe(stored.length * 2);
    // The two left serve, sessions included.
    const left = await Promise.all(
      servers.filter((s) => !s.ended).map((s) => call(s.url, '/user/findPermissions', undefined, admin)),
    );
    expect(left.map((a) => a.status)).toEqual([200, 200]);
    // The housekeeping job goes on without the killed process.
    const until = Date.now() + 3 * PERIOD_MS;
    while (Date.now() < until && ![...runs.values()].some((r) => r.startedAt > killedAt)) await sleep(100);
    expect([...runs.values()].some((r) => r.startedAt > killedAt)).toBe(true);
  });

  it('the housekeeping job ran once per period across the processes', async () => {
    // Run alone (-t), the file gives the job a few periods here.
    for (let i = 0; i < 100 && runs.size < 5; i++) await sleep(100);
    const seen = [...runs.values()].sort((a, b) => a.startedAt - b.startedAt);
    expect(seen.length).toBeGreaterThan(3);
    // Between two runs seen, k runs began at least k periods apart (the database's clock): never two in one period,
    // whichever processes ran them. Without the lock, the three processes run it at once each time it falls due.
    const steps = seen.slice(1).map((r, i) => {
      const before = seen[i] as (typeof seen)[number];
      return { runs: r.count - before.count, ms: r.startedAt - before.startedAt };
    });
    const crowded = steps.filter((step) => step.runs < 1 || step.ms < step.runs * PERIOD_MS);
    expect(crowded, JSON.stringify(steps)).toEqual([]);
    // More than one process ran it (the look that finds it due runs it, whichever process looks).
    expect(new Set(seen.map((r) => r.owner)).size).toBeGreaterThan(1);
  });
});

/** A role that may list warehouses (the view button's menu only). */
async function viewerRole(): Promise<number> {
  const role = await db()
    .insertInto('sysRole')
    .values({ name: 'mp-viewer', remark: null, superAdmin: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into sys_role_menu (role_id, menu_id)
    select ${role.id}, id from sys_menu where perms = 'sys:tWhse:view'`.execute(db());
  return role.id;
}
