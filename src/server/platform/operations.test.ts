/**
 * The operations endpoints (issue 30 item 2; docs/deploy.md): `/healthz` and `/readyz` (a database that does not answer
 * in time and one missing a migration answer 503, so does a draining process), request ids (a safe incoming one kept,
 * any other replaced; echoed in the header and a 500's message), `/metrics` behind its token with counters that move
 * after requests, refusals, receipts, releases and shipments — and business counters counted after the commit only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundFixture, IN, insertPo } from '../../../tests/support/inboundFixture';
import { createPickFixture, PK } from '../../../tests/support/pickFixture';
import { closedCartons } from '../../../tests/support/shipFixture';
import { testConfig } from '../../../tests/support/templates';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { buildApp } from '../app';
import { connectPostgres } from '../db/connect';
import { inTransaction, onCommit } from '../db/transaction';
import { READY_TIMEOUT_MS } from './operations';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  // A route that fails unexpectedly, for the 500's request id (added before the app is ready).
  t.app.get('/test-only/boom', async () => {
    throw new Error('boom');
  });
  await t.app.ready();
  // Slow on a loaded machine: building the app compiles every route's schemas.
}, 180_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function scrape(): Promise<string> {
  const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** One sample's value in the exposition text (labels in the order the registry writes them), 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('/healthz and /readyz', () => {
  it('answer 200 without a session, never cached, with a request id', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['x-request-id'])).toMatch(/^[A-Za-z0-9_-]{12}$/);
    }
  });

  it('/readyz answers 503 while the database holds back a migration this build carries, 200 once it is there', async () => {
    const db = t.connection.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const newest = rows[0];
    if (!newest) throw new Error('no migration applied');
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(db);
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
      // Alive all the same: a load balancer keeps the process, an orchestrator does not restart it.
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(db);
    }
    // A migration the build does not know (a newer release's, during a rolling upgrade) is no reason to stop serving.
    await sql`insert into kysely_migration (name, timestamp) values ('9999_newer_release', now()::text)`.execute(db);
    try {
      expect((await get('/readyz')).statusCode).toBe(200);
    } finally {
      await sql`delete from kysely_migration where name = '9999_newer_release'`.execute(db);
    }
  });

  it('/readyz answers 503 when the database does not answer within its timeout, 200 when it answers again', async () => {
    const db = t.connection.db;
    // A transaction holding the migration table exclusively: PostgreSQL makes the probe's read wait for the lock,
    // PGlite's one connection makes it wait its turn. Either way the database is there but does not answer.
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = (): void => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = db.transaction().execute(async (trx) => {
      await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const started = Date.now();
    const res = await get('/readyz');
    const waited = Date.now() - started;
    release();
    await holder;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect(waited).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the database cannot be reached at all', { timeout: 120_000 }, async () => {
    // Nothing listens on port 1: the connection is refused (PostgreSQL's case; PGlite is in the process).
    const unreachable = connectPostgres('postgres://wharf@127.0.0.1:1/wharf', 1);
    const other = await buildApp({ config: { ...testConfig(), metricsToken: null }, db: unreachable.db });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
      await unreachable.close();
    }
  });

  it('/readyz answers 503 once the process drains (shutdown), while /healthz still answers', { timeout: 120_000 }, async () => {
    // A second app on the same database: draining is the app's state, not the database's.
    const other = await buildApp({ config: { ...testConfig(), metricsToken: null }, db: t.connection.db });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      other.operations.drain();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'draining' });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a safe incoming x-request-id and echoes it; replaces one that is too long, has spaces or control characters', async () => {
    const kept = ['3f2a9c1e-4b7d-4e21-9a0b-6c5d4e3f2a10', 'Root=1-67891233-abcdef012345678912345678', 'a', 'x'.repeat(128)];
    for (const id of kept) expect((await get('/healthz', { 'x-request-id': id })).headers['x-request-id'], id).toBe(id);
    for (const id of ['x'.repeat(129), 'two words', 'tab\there', 'é-accent', '']) {
      const echoed = String((await get('/healthz', { 'x-request-id': id })).headers['x-request-id']);
      expect(echoed, id).not.toBe(id);
      expect(echoed).toMatch(/^[A-Za-z0-9_-]{12}$/);
    }
  });

  it('gives every request its own id, on API answers and refusals too', async () => {
    const a = await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 1 });
    const b = await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 1 });
    expect(a.status).toBe(401);
    expect(a.raw.headers['x-request-id']).toBeTruthy();
    expect(a.raw.headers['x-request-id']).not.toBe(b.raw.headers['x-request-id']);
  });

  it('names the request id in a 500’s message (the user quotes it), without the error’s internals', async () => {
    const res = await get('/test-only/boom', { 'x-request-id': 'support-case-42', lang: 'en_us' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('support-case-42');
    const body = res.json() as { code: number; msg: string; data: null };
    expect(body).toMatchObject({ code: 500, data: null });
    expect(body.msg).toMatch(/\(support-case-42\)$/);
    expect(body.msg).not.toContain('boom');
  });
});

describe('/metrics', () => {
  it('does not exist without WHARF_METRICS_TOKEN', { timeout: 120_000 }, async () => {
    const other = await buildApp({ config: { ...testConfig(), metricsToken: null }, db: t.connection.db });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.app.close();
    }
  });

  it('answers 401 without the bearer token or with a wrong one, and never shows a metric then', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await get('/metrics', authorization ? { authorization } : {});
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('wharf_');
    }
  });

  it('counts requests by route pattern and status, times them, and shows the pool and the event loop', async () => {
    const admin = await t.login();
    const route = 'method="POST",route="/api/tWhse/findPage",status_code="200"';
    const before = sample(await scrape(), 'wharf_http_requests_total', route);
    await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 5 }, admin);
    await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 5 }, admin);
    const text = await scrape();
    expect(sample(text, 'wharf_http_requests_total', route)).toBe(before + 2);
    expect(
      sample(text, 'wharf_http_request_duration_seconds_count', 'method="POST",route="/api/tWhse/findPage"'),
    ).toBeGreaterThanOrEqual(2);
    // A route with a parameter is counted under its pattern, not the address asked for (bounded labels).
    await get('/api/po/nowhere/123');
    expect(await scrape()).not.toContain('/api/po/nowhere/123');
    expect(text).toMatch(/^wharf_db_pool_connections \d+$/m);
    expect(text).toMatch(/^wharf_db_pool_in_use \d+$/m);
    expect(text).toMatch(/^wharf_db_pool_waiting \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
  });

  it('counts business refusals by their error code', async () => {
    const admin = await t.login();
    const before = sample(await scrape(), 'wharf_business_errors_total', 'code="receiptPoNotFound"');
    const res = await t.post(
      '/api/globalOptions/addReceipt',
      { whId: 'WH01', poNumber: 'NO-SUCH-PO', lineNumber: 1, qty: '1' },
      admin,
    );
    expect(res.body.errorCode).toBe('receiptPoNotFound');
    expect(sample(await scrape(), 'wharf_business_errors_total', 'code="receiptPoNotFound"')).toBe(before + 1);
  });

  it('counts a receipt once it is posted, and nothing for a refused one', async () => {
    await createInboundFixture(t.connection.db);
    const admin = await t.login();
    await insertPo(t.connection.db, 'OPS-RV-1', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const before = sample(await scrape(), 'wharf_receipts_posted_total');
    const receive = (qty: string) =>
      t.post(
        '/api/globalOptions/addReceipt',
        { whId: IN.whId, poNumber: 'OPS-RV-1', lineNumber: 1, qty, doorId: IN.door },
        admin,
      );
    expect((await receive('4')).body.code).toBe(200);
    expect((await receive('3')).body.code).toBe(200);
    // Over the line's quantity: refused, nothing posted, nothing counted.
    expect((await receive('50')).body.code).toBe(-10000);
    expect(sample(await scrape(), 'wharf_receipts_posted_total')).toBe(before + 2);
  });

  it('counts the lines a release allocates and the cartons a delivery ships', { timeout: 120_000 }, async () => {
    const shipApp = await createTestApp({ metricsToken: TOKEN });
    try {
      const db = shipApp.connection.db;
      await createPickFixture(db);
      const admin = await shipApp.login();
      const before = await scrape();
      const packed = await closedCartons(db, 'OPS-WV-1', [
        { orderNumber: 'OPS-SO-1', lines: [{ itemNumber: PK.itemPlain, qty: '2' }], cartons: 2 },
      ]);
      const afterRelease = await scrape();
      expect(sample(afterRelease, 'wharf_lines_allocated_total')).toBe(sample(before, 'wharf_lines_allocated_total') + 1);
      const post = (url: string, body: object) =>
        shipApp.post<{ deliveryNumber: string }>(url, { whId: PK.whId, ...body }, admin);
      expect((await post('/api/tblShippingLabel/applyShipLabel', { cartonNumbers: packed.cartons })).body.code).toBe(200);
      const delivery = await post('/api/tblShippingLabel/generateDelivery', { cartonNumbers: packed.cartons });
      const shipped = await post('/api/tblShippingLabel/shippingByDelivery', {
        deliveryNumber: delivery.body.data.deliveryNumber,
      });
      expect(shipped.body.code).toBe(200);
      expect(sample(await scrape(), 'wharf_cartons_shipped_total')).toBe(sample(afterRelease, 'wharf_cartons_shipped_total') + 2);
    } finally {
      await shipApp.close();
    }
  });
});

describe('onCommit', () => {
  it('runs after the commit, once, never for a rolled-back try nor a failed action', async () => {
    const db = t.connection.db;
    const seen: string[] = [];
    await inTransaction(db, async (trx) => {
      onCommit(trx, () => seen.push('committed'));
      await sql`select 1`.execute(trx);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);

    await expect(
      inTransaction(db, async (trx) => {
        onCommit(trx, () => seen.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');

    // A serialization failure: the first try is rolled back and rerun; only the try that commits counts.
    let tries = 0;
    await inTransaction(db, async (trx) => {
      tries++;
      onCommit(trx, () => seen.push(`try ${tries}`));
      if (tries === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(tries).toBe(2);
    expect(seen).toEqual(['committed', 'try 2']);
  });
});
