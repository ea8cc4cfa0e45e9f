/**
 * Event webhooks through the API and the dispatcher, against a real HTTP receiver on 127.0.0.1: events written in the
 * business transaction (a refused or rolled-back change leaves none), signed delivery, retry after a 500 with backoff,
 * dead letter after N tries and the administrator's replay, a crashed dispatcher's claim taken over after its lease,
 * subscriptions (URL rules, write-only secret, grants of the creator), permissions.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX, insertAdjustment } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { type Receiver, startReceiver } from '../../../../tests/support/webhookReceiver';
import type { WebhookBody } from '../../../shared/webhooks';
import { checkedAddresses, pinnedLookup } from './address';
import { backoff, claimDue, DEFAULT_DISPATCH, type DispatchOptions, dispatchOnce, fanOut } from './dispatcher';
import { recordEvent } from './events';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let receiver: Receiver;
const db = () => t.connection.db;
const now = () => t.clock.now;
const SECRET = 'test-secret-0123456789';
/** A dispatcher round; the receiver is on 127.0.0.1, so private receivers are allowed (the site setting) unless told. */
const dispatch = (options: Partial<DispatchOptions> = {}) => dispatchOnce(db(), now, { privateReceivers: true, ...options });

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(db());
  admin = await t.login();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** Every earlier test's deliveries done with, so each test sees only its own. */
beforeEach(async () => {
  await sql`update t_webhook_subscription set active = 'N'`.execute(db());
  await dispatch();
  await sql`update t_webhook_delivery set status = 'D' where status = 'P'`.execute(db());
  receiver.received.length = 0;
  receiver.answer(204);
  // Tests move the clock past backoffs and leases: a fresh session each test.
  admin = await t.login();
});

let adjustments = 0;
/** An adjustment task of `qty` units of an item at TINV-I1, confirmed through the API: one stock.adjusted event. */
async function adjust(itemNumber: string = FIX.itemPlain, qty = '3', token = admin) {
  const taskId = `TWH-ADJ-${++adjustments}`;
  await insertAdjustment(db(), taskId, [{ at: FIX.i1, itemNumber, qty }]);
  const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId }, token);
  if (res.body.code !== 200)
    console.log(
      'DBG',
      JSON.stringify(res.body),
      JSON.stringify((await sql`select * from exception_log order by id desc limit 1`.execute(db())).rows),
    );
  expect(res.body.code).toBe(200);
  return taskId;
}

let subscriptions = 0;
/** Saves a subscription (a URL of its own unless given: one per URL and warehouse). */
async function subscribe(body: Row = {}, token = admin) {
  const res = await t.post<number>(
    '/api/tWebhookSubscription/save',
    {
      whId: FIX.whId,
      url: `${receiver.url}?s=${++subscriptions}`,
      events: 'stock.adjusted',
      active: 'Y',
      secret: SECRET,
      ...body,
    },
    token,
  );
  return res.body;
}

async function deliveries(subscriptionId: number) {
  const { rows } = await sql<{ id: number; status: string; attempts: number; lastStatus: number | null }>`
    select id, status, attempts, last_status from t_webhook_delivery where subscription_id = ${subscriptionId}
    order by id`.execute(db());
  return rows;
}

const eventsOf = (taskId: string) =>
  sql<{ eventType: string; clientCode: string | null; payload: Row }>`
    select event_type, client_code, payload from t_event_outbox where payload->>'taskId' = ${taskId}`.execute(db());

/** Checks the signature header as a receiver does (docs/integration.md). */
function signed(secret: string, header: string | string[] | undefined, body: string): boolean {
  const parts = Object.fromEntries(
    String(header)
      .split(',')
      .map((p) => p.split('=', 2)),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Number(parts.t) === Math.floor(now().getTime() / 1000);
}

describe('the outbox', () => {
  it('writes the event in the transaction of the change: a confirmed adjustment has one, a refused one none', async () => {
    const taskId = await adjust(FIX.itemPlain, '4');
    const { rows } = await eventsOf(taskId);
    expect(rows).toEqual([
      {
        eventType: 'stock.adjusted',
        clientCode: FIX.client,
        payload: expect.objectContaining({ taskId, lines: [expect.objectContaining({ itemNumber: FIX.itemPlain, qty: '4' })] }),
      },
    ]);
    // Taking out more than the location holds is refused: the whole action rolls back, its event with it.
    const refused = 'TWH-ADJ-REFUSED';
    await insertAdjustment(db(), refused, [
      { at: FIX.i2, itemNumber: FIX.itemOther, qty: '2' },
      { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '-100000' },
    ]);
    const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: refused }, admin);
    expect(res.body.code).not.toBe(200);
    expect((await eventsOf(refused)).rows).toEqual([]);
  });

  it('keeps nothing of an event whose transaction rolls back', async () => {
    const marker = `rollback-${Date.now()}`;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await recordEvent(trx, {
            type: 'stock.adjusted',
            warehouse: FIX.whId,
            client: FIX.client,
            payload: { taskId: marker },
          });
          throw new Error('business refused');
        }),
    ).rejects.toThrow('business refused');
    expect((await eventsOf(marker)).rows).toEqual([]);
  });

  it('splits an event of several clients: each client its own lines', async () => {
    const taskId = `TWH-ADJ-${++adjustments}`;
    await insertAdjustment(db(), taskId, [
      { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '1' },
      { at: FIX.i2, itemNumber: FIX.itemOther, qty: '2' },
    ]);
    expect((await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId }, admin)).body.code).toBe(200);
    const { rows } = await eventsOf(taskId);
    expect(rows.map((r) => [r.clientCode, (r.payload.lines as Row[]).map((l) => l.itemNumber)]).sort()).toEqual([
      [FIX.client, [FIX.itemPlain]],
      [FIX.otherClient, [FIX.itemOther]],
    ]);
  });
});

describe('delivery', () => {
  it('posts each event once, signed with the secret, with its id to dedupe on, and logs the answer', async () => {
    const sub = await subscribe();
    expect(sub.code).toBe(200);
    const taskId = await adjust();
    const round = await dispatch();
    expect(round.delivered).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const body = JSON.parse(got?.body ?? '') as WebhookBody;
    expect(body).toMatchObject({ type: 'stock.adjusted', warehouse: FIX.whId, client: FIX.client, data: { taskId } });
    expect(got?.headers['wharf-event-id']).toBe(body.id);
    expect(signed(SECRET, got?.headers['wharf-signature'], got?.body ?? '')).toBe(true);
    expect(signed('another-secret-0000', got?.headers['wharf-signature'], got?.body ?? '')).toBe(false);
    expect(await deliveries(sub.data)).toEqual([expect.objectContaining({ status: 'D', attempts: 1, lastStatus: 204 })]);
    // Nothing is sent twice.
    expect(await dispatch()).toEqual({ fannedOut: 0, delivered: 0, retried: 0, dead: 0 });
    expect(receiver.received).toHaveLength(1);
    // The delivery log lists it for the administrator.
    const log = await t.post<{ content: Row[] }>(
      '/api/tWebhookDelivery/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { subscriptionId: String(sub.data) } },
      admin,
    );
    expect(log.body.data.content).toEqual([
      expect.objectContaining({ eventType: 'stock.adjusted', eventId: body.id, status: 'D', attempts: 1, lastStatus: 204 }),
    ]);
  });

  it('sends only the events and the client subscribed to', async () => {
    const sub = await subscribe({ clientCode: FIX.otherClient, events: 'stock.adjusted,stock.held' });
    await adjust(FIX.itemPlain);
    const theirs = await adjust(FIX.itemOther);
    await dispatch();
    expect(receiver.received.map((r) => (JSON.parse(r.body) as WebhookBody).data.taskId)).toEqual([theirs]);
    expect(await deliveries(sub.data)).toHaveLength(1);
  });

  it('tries again after a 500, waiting its backoff, and delivers', async () => {
    const sub = await subscribe();
    await adjust();
    receiver.answer(500);
    expect(await dispatch()).toMatchObject({ delivered: 0, retried: 1 });
    expect(await deliveries(sub.data)).toEqual([expect.objectContaining({ status: 'P', attempts: 1, lastStatus: 500 })]);
    receiver.answer(200);
    // Not due before its backoff (10 s after the first failure).
    expect(await dispatch()).toMatchObject({ delivered: 0, retried: 0 });
    t.clock.now = new Date(now().getTime() + DEFAULT_DISPATCH.backoffMs);
    expect(await dispatch()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.received.map((r) => r.headers['wharf-event-id']);
    expect(ids[0]).toBe(ids[1]);
    const { rows: attempts } = await sql<{ attempt: number; httpStatus: number; error: string | null }>`
      select a.attempt, a.http_status, a.error from t_webhook_attempt a join t_webhook_delivery d on d.id = a.delivery_id
      where d.subscription_id = ${sub.data} order by a.id`.execute(db());
    expect(attempts).toEqual([
      { attempt: 1, httpStatus: 500, error: 'HTTP 500' },
      { attempt: 2, httpStatus: 200, error: null },
    ]);
  });

  it('dead-letters after the last try; an administrator replays it and it is delivered', async () => {
    const sub = await subscribe();
    await adjust();
    receiver.answer(503);
    const options = { maxAttempts: 3 };
    for (let attempt = 1; attempt <= 3; attempt++) {
      await dispatch(options);
      t.clock.now = new Date(now().getTime() + backoff(attempt, DEFAULT_DISPATCH));
    }
    const [dead] = await deliveries(sub.data);
    expect(dead).toMatchObject({ status: 'F', attempts: 3, lastStatus: 503 });
    expect(await dispatch(options)).toMatchObject({ delivered: 0, retried: 0, dead: 0 });
    expect(receiver.received).toHaveLength(3);

    // Replay needs sys:tWebhookDelivery:edit; a viewer may only look.
    await createUser(t, 'twh-viewer', { permissions: ['sys:tWebhookDelivery:view'], warehouses: [FIX.whId] });
    const viewer = await t.login('twh-viewer', 'Secret#123');
    expect((await t.post('/api/tWebhookDelivery/replay', { ids: [dead?.id] }, viewer)).status).toBe(403);
    receiver.answer(200);
    const replay = await t.post<number>('/api/tWebhookDelivery/replay', { ids: [dead?.id] }, admin);
    expect(replay.body).toMatchObject({ code: 200, data: 1 });
    expect(await dispatch(options)).toMatchObject({ delivered: 1 });
    expect(await deliveries(sub.data)).toEqual([expect.objectContaining({ status: 'D', attempts: 1, lastStatus: 200 })]);
    expect(receiver.received).toHaveLength(4);
  });

  it('takes over the claim of a dispatcher that died mid-delivery once its lease ends: nothing is lost', async () => {
    const sub = await subscribe();
    await adjust();
    // A dispatcher claims the delivery and dies before posting it (kill -9: its claim stays in the table).
    await fanOut(db(), now());
    const claimed = await claimDue(db(), now(), { ...DEFAULT_DISPATCH, owner: 'dead-process' });
    expect(claimed).toHaveLength(1);
    // While the lease runs, no other dispatcher sends it.
    expect(await dispatch()).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(0);
    t.clock.now = new Date(now().getTime() + DEFAULT_DISPATCH.leaseMs);
    expect(await dispatch()).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(sub.data)).toEqual([expect.objectContaining({ status: 'D', attempts: 2 })]);
  });
});

describe('subscriptions', () => {
  it('refuses URLs that are not http(s), carry credentials, or point at link-local and metadata addresses', async () => {
    for (const [url, code] of [
      ['ftp://example.com/x', 'webhookUrlInvalid'],
      ['not a url', 'webhookUrlInvalid'],
      ['https://user:pw@example.com/hook', 'webhookUrlCredentials'],
      ['http://169.254.169.254/latest/meta-data', 'webhookUrlForbidden'],
      ['http://[fe80::1]/hook', 'webhookUrlForbidden'],
      ['http://metadata.google.internal/computeMetadata', 'webhookUrlForbidden'],
    ] as const) {
      const res = await subscribe({ url });
      expect(res.code, url).toBe(-10000);
      expect(res.msg, url).not.toBe(code);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/tWebhookSubscription/save',
      headers: { token: admin, lang: 'zh_cn' },
      payload: { whId: FIX.whId, url: 'https://u:p@example.com/', events: 'stock.held', active: 'Y' },
    });
    expect(zh.json().msg).toBe('事件订阅地址不能包含用户名或密码，请使用密钥');
    expect((await subscribe({ secret: 'short' })).code).toBe(-10000);
  });

  it('never answers the secret: the list shows its last four characters; a new secret is answered once and signs', async () => {
    const sub = await subscribe({ secret: null });
    const list = await t.post<{ content: Row[] }>(
      '/api/tWebhookSubscription/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: {} },
      admin,
    );
    const row = list.body.data.content.find((r) => r.id === sub.data);
    expect(row).toMatchObject({ secret: null, secretHint: expect.stringMatching(/^\*{4}[0-9a-f]{4}$/), createdByName: 'admin' });
    expect(JSON.stringify(list.body)).not.toMatch(/whsec_/);
    const fresh = await t.post<{ secret: string }>('/api/tWebhookSubscription/newSecret', { id: sub.data }, admin);
    const secret = fresh.body.data.secret;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // An edit that leaves the secret empty keeps it.
    expect((await subscribe({ id: sub.data, secret: '', remark: 'edited' })).data).toBe(sub.data);
    await adjust();
    await dispatch();
    const [got] = receiver.received;
    expect(signed(secret, got?.headers['wharf-signature'], got?.body ?? '')).toBe(true);
    // The operation log keeps no secret.
    const { rows } = await sql<{ params: string }>`
      select params from sys_log where operation like '%newSecret%' or params like '%whsec_%'`.execute(db());
    expect(rows.map((r) => r.params).join()).not.toContain(secret);
  });

  it('delivers only what the creator may see, and lets a user subscribe only within their grants', async () => {
    await createUser(t, 'twh-limited', {
      permissions: ['sys:tWebhookSubscription:view', 'sys:tWebhookSubscription:add', 'sys:tWebhookSubscription:edit'],
      warehouses: [FIX.whId],
    });
    await sql`update sys_user_warehouse set client_codes = ${[FIX.client]}::varchar[]
      where user_id = (select id from sys_user where name = 'twh-limited')`.execute(db());
    const limited = await t.login('twh-limited', 'Secret#123');
    // Every client (none named) or another warehouse: not theirs to subscribe.
    expect((await subscribe({}, limited)).data).toBe(0);
    expect((await subscribe({ whId: 'WH02', clientCode: FIX.client }, limited)).data).toBe(0);
    expect((await subscribe({ clientCode: FIX.otherClient }, limited)).data).toBe(0);
    const own = await subscribe({ clientCode: FIX.client }, limited);
    expect(own.data).toBeGreaterThan(0);
    // An administrator's subscription of every client, made by admin but its creator later limited, stops at the grant:
    // here the limited user's own subscription is limited to its client whatever events arrive.
    const mine = await adjust(FIX.itemPlain);
    await adjust(FIX.itemOther);
    await dispatch();
    expect(receiver.received.map((r) => (JSON.parse(r.body) as WebhookBody).data.taskId)).toEqual([mine]);
    // The creator loses the client: the subscription receives nothing more.
    await sql`update sys_user_warehouse set client_codes = ${['NOBODY']}::varchar[]
      where user_id = (select id from sys_user where name = 'twh-limited')`.execute(db());
    await adjust(FIX.itemPlain);
    await dispatch();
    expect(receiver.received).toHaveLength(1);
    // Nor does the list show other users' subscriptions of clients they do not hold.
    const seen = await t.post<{ content: Row[] }>(
      '/api/tWebhookSubscription/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: {} },
      await t.login('twh-limited', 'Secret#123'),
    );
    expect(seen.body.data.content.every((r) => r.clientCode === 'NOBODY' || r.clientCode === null)).toBe(true);
  });

  it('needs the permissions: view to list, add to create, edit for a new secret, delete to remove', async () => {
    await createUser(t, 'twh-nobody', { permissions: [], warehouses: [FIX.whId] });
    const nobody = await t.login('twh-nobody', 'Secret#123');
    expect((await t.post('/api/tWebhookSubscription/findPage', { pageNum: 1, pageSize: 10 }, nobody)).status).toBe(403);
    expect((await t.post('/api/tWebhookSubscription/save', { whId: FIX.whId }, nobody)).status).toBe(403);
    expect((await t.post('/api/tWebhookSubscription/newSecret', { id: 1 }, nobody)).status).toBe(403);
    expect((await t.post('/api/tWebhookSubscription/delete', [{ id: 1 }], nobody)).status).toBe(403);
    const sub = await subscribe();
    expect((await t.post('/api/tWebhookSubscription/delete', [{ id: sub.data }], admin)).body).toMatchObject({ data: 1 });
  });
});

describe('pause after dead letters', () => {
  const options = { maxAttempts: 1, pauseAfterDead: 3 };
  const subscription = async (id: number) =>
    (
      await sql<{ deadStreak: number; pausedAt: Date | null; pauseReason: string | null }>`
        select dead_streak, paused_at, pause_reason from t_webhook_subscription where id = ${id}`.execute(db())
    ).rows[0];

  it('counts dead letters in a row only: a success between starts the count afresh', async () => {
    const sub = await subscribe();
    receiver.answer(500);
    await adjust();
    await adjust();
    expect(await dispatch(options)).toMatchObject({ dead: 2 });
    expect(await subscription(sub.data)).toMatchObject({ deadStreak: 2, pausedAt: null });
    receiver.answer(204);
    await adjust();
    expect(await dispatch(options)).toMatchObject({ delivered: 1 });
    expect(await subscription(sub.data)).toMatchObject({ deadStreak: 0, pausedAt: null });
  });

  it('pauses the subscription after N dead letters; its new events wait; Resume (edit, granted) sends them; replay still works', async () => {
    const sub = await subscribe();
    receiver.answer(500);
    for (let i = 0; i < 3; i++) await adjust();
    expect(await dispatch(options)).toMatchObject({ dead: 3 });
    expect(await subscription(sub.data)).toMatchObject({ deadStreak: 3, pausedAt: now(), pauseReason: 'HTTP 500' });
    // The list shows the state, the time and the reason.
    const list = await t.post<{ content: Row[] }>(
      '/api/tWebhookSubscription/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: {} },
      admin,
    );
    expect(list.body.data.content.find((r) => r.id === sub.data)).toMatchObject({
      deadStreak: 3,
      pausedAt: expect.any(String),
      pauseReason: 'HTTP 500',
    });
    // Paused: a new event enters the outbox and gets its delivery, which waits — however many rounds run.
    receiver.answer(204);
    receiver.received.length = 0;
    const waiting = await adjust();
    expect(await dispatch(options)).toMatchObject({ fannedOut: 1, delivered: 0, dead: 0 });
    t.clock.now = new Date(now().getTime() + 600_000);
    expect(await dispatch(options)).toMatchObject({ delivered: 0 });
    expect(receiver.received).toHaveLength(0);
    expect(await deliveries(sub.data)).toHaveLength(4);
    expect((await deliveries(sub.data)).at(-1)).toMatchObject({ status: 'P', attempts: 0 });

    // Resume needs the subscription's edit permission, and its warehouse and client.
    await createUser(t, 'twh-sub-viewer', { permissions: ['sys:tWebhookSubscription:view'], warehouses: [FIX.whId] });
    const viewer = await t.login('twh-sub-viewer', 'Secret#123');
    expect((await t.post('/api/tWebhookSubscription/resume', { id: sub.data }, viewer)).status).toBe(403);
    await createUser(t, 'twh-other-client', {
      permissions: ['sys:tWebhookSubscription:view', 'sys:tWebhookSubscription:edit'],
      warehouses: [FIX.whId],
    });
    await sql`update sys_user_warehouse set client_codes = ${[FIX.otherClient]}::varchar[]
      where user_id = (select id from sys_user where name = 'twh-other-client')`.execute(db());
    const otherClient = await t.login('twh-other-client', 'Secret#123');
    expect((await t.post('/api/tWebhookSubscription/resume', { id: sub.data }, otherClient)).body).toMatchObject({ data: 0 });
    expect((await subscription(sub.data))?.pausedAt).not.toBeNull();

    const resumed = await t.post<number>('/api/tWebhookSubscription/resume', { id: sub.data }, admin);
    expect(resumed.body).toMatchObject({ code: 200, data: 1 });
    expect(await subscription(sub.data)).toMatchObject({ deadStreak: 0, pausedAt: null, pauseReason: null });
    expect(await dispatch(options)).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => (JSON.parse(r.body) as WebhookBody).data.taskId)).toEqual([waiting]);
    // The dead letters of before the pause are replayed as ever.
    const dead = (await deliveries(sub.data)).filter((d) => d.status === 'F').map((d) => d.id);
    expect(dead).toHaveLength(3);
    expect((await t.post('/api/tWebhookDelivery/replay', { ids: dead }, admin)).body).toMatchObject({ data: 3 });
    expect(await dispatch(options)).toMatchObject({ delivered: 3 });
    expect((await deliveries(sub.data)).every((d) => d.status === 'D')).toBe(true);
    // Resuming one that is not paused changes nothing.
    expect((await t.post('/api/tWebhookSubscription/resume', { id: sub.data }, admin)).body).toMatchObject({ data: 0 });
  });
});

describe('the receiver address at delivery (SSRF)', () => {
  const attempts = async (subscriptionId: number) =>
    (
      await sql<{ error: string | null }>`
        select a.error from t_webhook_attempt a join t_webhook_delivery d on d.id = a.delivery_id
        where d.subscription_id = ${subscriptionId} order by a.id`.execute(db())
    ).rows.map((r) => r.error);

  it('refuses a host name resolving to loopback unless private receivers are allowed: a failed try with its reason', async () => {
    const local = receiver.url.replace('127.0.0.1', 'localhost');
    const sub = await subscribe({ url: `${local}?s=${++subscriptions}` });
    expect(sub.code).toBe(200);
    await adjust();
    expect(await dispatch({ privateReceivers: false })).toMatchObject({ delivered: 0, retried: 1 });
    expect(receiver.received).toHaveLength(0);
    expect(await attempts(sub.data)).toEqual(['AddressRefused: addressRefused host=localhost address=127.0.0.1 range=loopback']);
    expect(await deliveries(sub.data)).toEqual([expect.objectContaining({ status: 'P', attempts: 1, lastStatus: null })]);
    // The site allows private receivers: the next try goes to the address checked, and arrives.
    t.clock.now = new Date(now().getTime() + DEFAULT_DISPATCH.backoffMs);
    expect(await dispatch({ privateReceivers: true })).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses an address literal of every internal range, IPv4-mapped ones too', async () => {
    for (const [host, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['192.168.0.10', 'private'],
      ['100.64.0.1', 'cgnat'],
      ['169.254.169.254', 'linkLocal'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['[::1]', 'loopback'],
      ['[fd00::1]', 'uniqueLocal'],
      ['[::ffff:10.0.0.1]', 'private'],
      ['[::ffff:7f00:1]', 'loopback'],
    ] as const) {
      await expect(checkedAddresses(host, false), host).rejects.toMatchObject({ range });
    }
    // Public addresses (literals: no resolver needed) pass; internal ones pass when the site allows them.
    await expect(checkedAddresses('93.184.215.14', false)).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    await expect(checkedAddresses('[2606:4700::1111]', false)).resolves.toHaveLength(1);
    await expect(checkedAddresses('10.1.2.3', true)).resolves.toEqual([{ address: '10.1.2.3', family: 4 }]);
  });

  it('connects to the address checked, whatever the resolver says afterwards (a pinned lookup)', async () => {
    const lookup = pinnedLookup([{ address: '203.0.113.7', family: 4 }]);
    const one = await new Promise((resolve) => lookup('rebound.example', {}, (_e, address) => resolve(address)));
    expect(one).toBe('203.0.113.7');
    const all = await new Promise((resolve) => lookup('rebound.example', { all: true }, (_e, addresses) => resolve(addresses)));
    expect(all).toEqual([{ address: '203.0.113.7', family: 4 }]);
  });
});
