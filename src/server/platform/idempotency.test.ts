import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/testApp';
import { buildApp, type WharfApp } from '../app';
import { purgeExpired } from './housekeeping';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, IDEMPOTENCY_RETENTION_MS } from './idempotency';

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
