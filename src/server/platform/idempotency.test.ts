import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/testApp';
import { buildApp, type WharfApp } from '../app';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/transaction';
import type { SessionUser } from './context';
import { ok } from './envelope';
import { installErrorHandler } from './errorHandler';
import { purgeExpired } from './housekeeping';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, IDEMPOTENCY_RETENTION_MS, installIdempotency } from './idempotency';

let t: TestApp;
let admin: string;
/** Two more server processes on the same database (their own caches, hooks and clocks). */
let others: WharfApp[];

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  others = await Promise.all([0, 1].map(() => buildApp({ config: t.ctx.config, db: t.connection.db, now: () => t.clock.now })));
});
afterAll(async () => {
  await Promise.all(others.map((o) => o.app.close()));
  await t.close();
});

type Server = Pick<WharfApp, 'app'>;

/** A POST with an Idempotency-Key, on one of the servers. */
function send(server: Server, url: string, body: unknown, key: string | null, lang = 'en_us', token = admin) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { token, lang, ...(key === null ? {} : { [IDEMPOTENCY_HEADER]: key }) },
    payload: body as object,
  });
}

const orderCount = async (remark: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from t_order where remark = ${remark}`.execute(t.connection.db)).rows[0]?.n,
  );
const logCount = async (remark: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from sys_log where params like ${`%${remark}%`}`.execute(t.connection.db))
      .rows[0]?.n,
  );
const order = (remark: string) => ({ whId: FIX.whId, clientCode: FIX.client, typeId: 'SO', remark });

describe('idempotent writes', () => {
  it('20 identical requests at once over three servers create one order and get 20 identical answers', async () => {
    const servers: Server[] = [t, ...others];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(servers[i % 3]!, '/api/tOrder/save', order('idem-parallel'), 'erp-order-0001')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    const first = JSON.parse(answers[0]!.body) as { code: number; data: number };
    expect(first.code).toBe(200);
    expect(first.data).toBeGreaterThan(0);
    expect(await orderCount('idem-parallel')).toBe(1);
    // 19 of them were replays, marked as such, and the operation log holds the one change.
    expect(answers.filter((a) => a.headers[IDEMPOTENCY_REPLAYED_HEADER] === 'true')).toHaveLength(19);
    expect(await logCount('idem-parallel')).toBe(1);
    // Without the header every request is its own: the same body twice makes two orders.
    await send(t, '/api/tOrder/save', order('idem-none'), null);
    await send(t, '/api/tOrder/save', order('idem-none'), null);
    expect(await orderCount('idem-none')).toBe(2);
  });

  it('a repeat later gets the first answer without doing anything again', async () => {
    const first = await send(t, '/api/tOrder/save', order('idem-repeat'), 'erp-order-0002');
    const again = await send(others[0]!, '/api/tOrder/save', order('idem-repeat'), 'erp-order-0002');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(await orderCount('idem-repeat')).toBe(1);
  });

  it('refuses the same key with another body (422, localized) and changes nothing', async () => {
    await send(t, '/api/tOrder/save', order('idem-body-a'), 'erp-order-0003');
    const other = await send(t, '/api/tOrder/save', order('idem-body-b'), 'erp-order-0003');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 422, data: null, errorCode: 'idempotency.keyReused' });
    expect(other.json().msg).toMatch(/already used with a different request/);
    const zh = await send(t, '/api/tOrder/save', order('idem-body-b'), 'erp-order-0003', 'zh_cn');
    expect(zh.json().msg).toMatch(/已用于另一个不同的请求/);
    // The same key on another route is another request too.
    const otherRoute = await send(t, '/api/tOrderDetail/save', order('idem-body-a'), 'erp-order-0003');
    expect(otherRoute.statusCode).toBe(422);
    expect(await orderCount('idem-body-b')).toBe(0);
    expect(await orderCount('idem-body-a')).toBe(1);
  });

  it('keeps keys per principal: another user with the same key makes their own change', async () => {
    await send(t, '/api/tOrder/save', order('idem-principal'), 'shared-key-1');
    await createUser(t, 'idem-clerk', { permissions: ['sys:tOrder:view', 'sys:tOrder:add'], warehouses: [FIX.whId] });
    const clerk = await t.login('idem-clerk', 'Secret#123');
    const theirs = await send(t, '/api/tOrder/save', order('idem-principal'), 'shared-key-1', 'en_us', clerk);
    expect(theirs.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await orderCount('idem-principal')).toBe(2);
    const theirsAgain = await send(others[1]!, '/api/tOrder/save', order('idem-principal'), 'shared-key-1', 'en_us', clerk);
    expect(theirsAgain.body).toBe(theirs.body);
    expect(await orderCount('idem-principal')).toBe(2);
  });

  it('refuses a malformed key, and ignores the header on reads', async () => {
    const bad = await send(t, '/api/tOrder/save', order('idem-bad'), 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, errorCode: 'idempotency.keyInvalid' });
    expect(await orderCount('idem-bad')).toBe(0);
    const page = { pageNum: 1, pageSize: 10, columnFilters: { whId: FIX.whId } };
    const read = await send(t, '/api/tOrder/findPageByPara', page, 'read-key');
    const readAgain = await send(t, '/api/tOrder/findPageByPara', { ...page, pageSize: 20 }, 'read-key');
    expect([read.statusCode, readAgain.statusCode]).toEqual([200, 200]);
    expect(readAgain.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
  });

  it('keeps keys a day: the purge removes older ones, after which the key is new again', async () => {
    await send(t, '/api/tOrder/save', order('idem-old'), 'erp-order-old');
    const real = t.clock.now;
    const purged = await purgeExpired(t.connection.db, new Date(real.getTime() + IDEMPOTENCY_RETENTION_MS - 60_000));
    expect(purged.idempotency).toBe(0);
    const later = await purgeExpired(t.connection.db, new Date(real.getTime() + IDEMPOTENCY_RETENTION_MS + 60_000));
    expect(later.idempotency).toBeGreaterThan(0);
    const after = await send(t, '/api/tOrder/save', order('idem-old'), 'erp-order-old');
    expect(after.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await orderCount('idem-old')).toBe(2);
  });
});

/**
 * Crashes, simulated on the same database: a store that fails after the commit (as a process killed between the two),
 * a request that stalls before committing (as one whose process died, its claim left `pending`), and routes that fail
 * after or before their commit. The small app below has the real idempotency hooks and a route per case.
 */
describe('idempotent writes across crashes', () => {
  let mini: FastifyInstance;
  let adminId: number;
  /** Requests of /mark wait here before writing (a stalled request: its process "died"), released by the test. */
  const gates: Promise<void>[] = [];
  const marks = async (tag: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from idem_marker where tag = ${tag}`.execute(t.connection.db)).rows[0]?.n,
    );
  const lease = () => t.ctx.config.idempotencyLeaseMs;
  const later = (ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms);
  };
  const call = (url: string, tag: string, key: string, lang = 'en_us') =>
    mini.inject({ method: 'POST', url, headers: { lang, [IDEMPOTENCY_HEADER]: key }, payload: { tag } });
  const row = async (key: string) =>
    (
      await sql<{ state: string; body: string | null }>`
        select state, body from sys_idempotency where idem_key = ${key} and principal = ${`u${adminId}`}`.execute(t.connection.db)
    ).rows[0];

  beforeAll(async () => {
    const db = t.connection.db;
    await sql`create table idem_marker (id serial primary key, tag varchar(40) not null)`.execute(db);
    adminId = Number((await sql<{ id: number }>`select id from sys_user where name = 'admin'`.execute(db)).rows[0]?.id);
    mini = Fastify();
    installErrorHandler(mini);
    mini.decorateRequest('user', null);
    mini.decorateRequest('lang', 'en_us');
    mini.addHook('onRequest', (request, _reply, done) => {
      request.user = { id: adminId, name: 'admin' } as SessionUser;
      request.lang = request.headers.lang === 'zh_cn' ? 'zh_cn' : 'en_us';
      done();
    });
    installIdempotency(mini, t.ctx);
    const change = { config: { permission: 'sys:tOrder:add' } };
    const tagOf = (request: FastifyRequest) => (request.body as { tag: string }).tag;
    const insert = (trx: Db, tag: string) => sql`insert into idem_marker (tag) values (${tag})`.execute(trx);
    mini.post('/mark', change, async (request) => {
      const gate = gates.shift();
      if (gate) await gate;
      await inTransaction(db, (trx) => insert(trx, tagOf(request)));
      return ok(await marks(tagOf(request)));
    });
    mini.post('/commitThenFail', change, async (request) => {
      await inTransaction(db, (trx) => insert(trx, tagOf(request)));
      throw new Error('failed after the commit');
    });
    mini.post('/autocommitThenFail', change, async (request) => {
      // One statement, no transaction of its own: the driver wraps it with the claim's mark.
      await insert(db, tagOf(request));
      throw new Error('failed after the commit');
    });
    mini.post('/failBeforeCommit', change, async (request) => {
      await inTransaction(db, async (trx) => {
        await insert(trx, tagOf(request));
        throw new Error('failed before the commit');
      });
    });
    await mini.ready();
  });
  afterAll(async () => {
    await mini.close();
  });

  it('a change committed whose answer was lost (the process died before storing it): refused after the lease, never run again', async () => {
    const db = t.connection.db;
    // Storing the answer fails, as if the process died right after the commit.
    await sql`
      create function idem_no_store() returns trigger language plpgsql as $$
      begin if new.state = 'done' and new.idem_key like 'crash-%' then raise exception 'process killed'; end if;
        return new; end $$`.execute(db);
    await sql`create trigger idem_no_store before update on sys_idempotency for each row execute function idem_no_store()`.execute(
      db,
    );
    try {
      const first = await send(t, '/api/tOrder/save', order('idem-crash'), 'crash-0001');
      expect(first.json()).toMatchObject({ code: 200 });
      // The business transaction marked the claim: the row says the change happened.
      expect(await row('crash-0001')).toMatchObject({ state: 'committed', body: null });
      expect(await orderCount('idem-crash')).toBe(1);
      later(lease());
      const again = await send(others[0]!, '/api/tOrder/save', order('idem-crash'), 'crash-0001');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 409, data: null, errorCode: 'idempotency.answerLost' });
      expect(again.json().msg).toMatch(/was done, but its answer was lost; read the document/);
      const zh = await send(t, '/api/tOrder/save', order('idem-crash'), 'crash-0001', 'zh_cn');
      expect(zh.json().msg).toMatch(/已完成，但其结果未能保存/);
      expect(await orderCount('idem-crash')).toBe(1);
    } finally {
      await sql`drop trigger idem_no_store on sys_idempotency`.execute(db);
      await sql`drop function idem_no_store()`.execute(db);
    }
  });

  it('a claim left pending by a dead request is taken over after the lease: 20 repeats at once, one effect; the stalled request then changes nothing', async () => {
    let release = () => {};
    gates.push(new Promise<void>((resolve) => (release = resolve)));
    // Stalls before writing: to the others it is a request whose process died holding the claim.
    const stalled = call('/mark', 'stale', 'stale-0001');
    await expect.poll(() => row('stale-0001')).toMatchObject({ state: 'pending' });
    later(lease());
    const repeats = await Promise.all(Array.from({ length: 20 }, () => call('/mark', 'stale', 'stale-0001')));
    expect(repeats.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(repeats.map((r) => r.body)).size).toBe(1);
    expect(repeats[0]!.json()).toMatchObject({ code: 200, data: 1 });
    expect(repeats.filter((r) => r.headers[IDEMPOTENCY_REPLAYED_HEADER] === 'true')).toHaveLength(19);
    expect(await marks('stale')).toBe(1);
    // The stalled request wakes up: its claim is no longer its own, its commit rolls back (409, nothing written).
    release();
    const late = await stalled;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'idempotency.claimLost' });
    expect(await marks('stale')).toBe(1);
    expect(await row('stale-0001')).toMatchObject({ state: 'done' });
  });

  it('a claim pending within its lease is not taken over', async () => {
    let release = () => {};
    gates.push(new Promise<void>((resolve) => (release = resolve)));
    const first = call('/mark', 'live', 'live-0001');
    await expect.poll(() => row('live-0001')).toMatchObject({ state: 'pending' });
    later(lease() - 1_000);
    const repeat = call('/mark', 'live', 'live-0001');
    release();
    const [a, b] = await Promise.all([first, repeat]);
    expect(a.json()).toMatchObject({ code: 200, data: 1 });
    expect(b.body).toBe(a.body);
    expect(b.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(await marks('live')).toBe(1);
  });

  it('a 500 after the commit keeps the key: the repeat is refused at once (answerLost), never a second effect', async () => {
    for (const url of ['/commitThenFail', '/autocommitThenFail']) {
      const key = `after-${url}`;
      const first = await call(url, key, key);
      expect(first.statusCode).toBe(500);
      expect(await row(key)).toMatchObject({ state: 'committed' });
      const again = await call(url, key, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ errorCode: 'idempotency.answerLost' });
      expect(await marks(key)).toBe(1);
    }
  });

  it('a 500 before the commit forgets the key: nothing was written, the request may be sent again', async () => {
    const first = await call('/failBeforeCommit', 'before', 'before-0001');
    expect(first.statusCode).toBe(500);
    expect(await row('before-0001')).toBeUndefined();
    expect(await marks('before')).toBe(0);
    const again = await call('/mark', 'before', 'before-0001');
    expect(again.json()).toMatchObject({ code: 200, data: 1 });
  });
});
