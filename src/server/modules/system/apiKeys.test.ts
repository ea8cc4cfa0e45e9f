import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../../tests/support/inventoryFixture';
import { createOrder } from '../../../../tests/support/orderFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { Envelope, PageResult } from '../../../shared/wire';
import { API_KEY_PATTERN } from '../../platform/apiKey';
import type { NewApiKey } from './apiKeys.service';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let orderRole: number;

const ORDER_PERMS = ['view', 'add', 'edit', 'delete'].map((a) => `sys:tOrder:${a}`);

const roleId = async (name: string) =>
  (await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** A call made with an API key (no session token), from an address of the test's own. */
async function withKey<T = unknown>(key: string, url: string, body: unknown = {}, ip = '10.9.0.1') {
  const raw = await t.app.inject({
    method: body === null ? 'GET' : 'POST',
    url,
    headers: { authorization: `Bearer ${key}`, lang: 'en_us' },
    ...(body === null ? {} : { payload: body as object }),
    remoteAddress: ip,
  });
  return { status: raw.statusCode, body: raw.json() as Envelope<T> };
}

const createKey = (body: Row, token = admin) => t.post<NewApiKey>('/api/apiKey/create', body, token);
const keyFor = async (name: string, over: Row = {}): Promise<NewApiKey> => {
  const res = await createKey({ name, roleId: orderRole, warehouses: [{ whId: FIX.whId, clientCodes: [FIX.client] }], ...over });
  expect(res.body, res.body.msg ?? '').toMatchObject({ code: 200 });
  return res.body.data;
};
const ordersSeen = async (key: string, ip?: string) =>
  withKey<PageResult<Row>>(
    key,
    '/api/tOrder/findPageByPara',
    { pageNum: 1, pageSize: 500, columnFilters: { whId: FIX.whId } },
    ip,
  );

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  await createUser(t, 'erp-template', { permissions: ORDER_PERMS, warehouses: [] });
  orderRole = await roleId('role-erp-template');
  await createOrder(t.connection.db, [{ itemNumber: FIX.itemPlain, qty: '1' }], { clientCode: FIX.client });
  await createOrder(t.connection.db, [], { clientCode: FIX.otherClient });
});
afterAll(() => t.close());

describe('API keys', () => {
  it('creates a key shown once: only its SHA-256 is stored, the list shows its prefix, role, grants and status', async () => {
    const made = await keyFor('erp-shown');
    expect(made.key).toMatch(API_KEY_PATTERN);
    expect(made.key.startsWith(`${made.prefix}_`)).toBe(true);
    const row = await t.connection.db.selectFrom('sysApiKey').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(made.prefix.length + 1));
    const list = await t.post<PageResult<Row>>(
      '/api/apiKey/findPage',
      { pageNum: 1, pageSize: 50, columnFilters: { name: 'erp-shown' } },
      admin,
    );
    expect(list.body, list.body.msg ?? '').toMatchObject({ code: 200 });
    expect(list.body.data.content).toEqual([
      expect.objectContaining({
        name: 'erp-shown',
        prefix: made.prefix,
        roleName: 'role-erp-template',
        warehouses: `${FIX.whId} (${FIX.client})`,
        status: 'A',
        createdBy: 'admin',
      }),
    ]);
    const listed = JSON.stringify(list.body);
    expect(listed).not.toContain(made.key);
    expect(listed).not.toContain(row.secretHash);
    // The key's own account is no person: not on the Users screen, and no password, PIN or role is set on it there.
    const users = await t.post<PageResult<Row>>('/api/user/findPage', { pageNum: 1, pageSize: 500 }, admin);
    expect(users.body.data.content.map((u) => u.name)).not.toContain('apikey:erp-shown');
    const reset = await t.post('/api/user/resetPassword', { id: row.userId, password: 'Takeover#2024' }, admin);
    expect(reset.body).toMatchObject({ code: -10000, errorCode: 'apiKeyAccount' });
    const edit = await t.post('/api/user/save', { id: row.userId, status: '1', language: 'en_us', roleIds: [1] }, admin);
    expect(edit.body).toMatchObject({ code: -10000, errorCode: 'apiKeyAccount' });
    // Its account cannot sign in with a password.
    const login = await t.post('/api/login', { account: 'apikey:erp-shown', password: '!', captcha: '' });
    expect(login.body.code).not.toBe(200);
  });

  it('refuses a super-administrator role, a past expiry and a repeated name, creating nothing', async () => {
    const superRole = (
      await t.connection.db.selectFrom('sysRole').select('id').where('superAdmin', '=', true).executeTakeFirstOrThrow()
    ).id;
    const before = await t.connection.db
      .selectFrom('sysUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await createKey({ name: 'erp-super', roleId: superRole, warehouses: [] });
    expect(refused.body).toMatchObject({ code: -10000, errorCode: 'apiKeySuperAdmin' });
    expect(refused.body.msg).toMatch(/super administrator/i);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/apiKey/create',
      headers: { token: admin, lang: 'zh_cn' },
      payload: { name: 'erp-super', roleId: superRole, warehouses: [] },
    });
    expect(zh.json().msg).toMatch(/超级管理员/);
    const past = await createKey({
      name: 'erp-past',
      roleId: orderRole,
      warehouses: [],
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.body).toMatchObject({ code: -10000, errorCode: 'apiKeyExpiryPast' });
    await keyFor('erp-twice');
    expect((await createKey({ name: 'erp-twice', roleId: orderRole, warehouses: [] })).body).toMatchObject({
      errorCode: 'duplicateKey',
    });
    const after = await t.connection.db
      .selectFrom('sysUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('authenticates a key with its role and grants: a key of client A reads and writes only client A', async () => {
    const { key } = await keyFor('erp-client-a');
    const perms = await withKey<string[]>(key, '/api/user/findPermissions', null);
    expect(perms.status).toBe(200);
    expect(perms.body.data).toEqual([...ORDER_PERMS].sort());
    const seen = await ordersSeen(key);
    expect(seen.body.data.content.length).toBeGreaterThan(0);
    expect(new Set(seen.body.data.content.map((o) => o.clientCode))).toEqual(new Set([FIX.client]));
    const other = await withKey<PageResult<Row>>(key, '/api/tOrder/findPageByPara', {
      pageNum: 1,
      pageSize: 50,
      columnFilters: { whId: FIX.whId, clientCode: FIX.otherClient },
    });
    expect(other.body.data?.content ?? []).toEqual([]);
    // A write for client B is refused (the spec's "not allowed": data 0); one for client A is made, and logged with
    // the key's name.
    const refused = await withKey(key, '/api/tOrder/save', { whId: FIX.whId, clientCode: FIX.otherClient, typeId: 'SO' });
    expect(refused.body).toMatchObject({ code: 200, data: 0 });
    const made = await withKey<number>(key, '/api/tOrder/save', { whId: FIX.whId, clientCode: FIX.client, typeId: 'SO' });
    expect(made.body, made.body.msg ?? '').toMatchObject({ code: 200 });
    const logged = await t.connection.db
      .selectFrom('sysLog')
      .select(['userName', 'operation'])
      .where('userName', '=', 'apikey:erp-client-a')
      .execute();
    expect(logged).toEqual([{ userName: 'apikey:erp-client-a', operation: '/api/tOrder/save' }]);
    // Routes beyond the role stay refused (403), as for a person holding it.
    expect((await withKey(key, '/api/user/findPage', { pageNum: 1, pageSize: 10 })).status).toBe(403);
    const used = await t.connection.db
      .selectFrom('sysApiKey')
      .select('lastUsedAt')
      .where('name', '=', 'erp-client-a')
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('makes idempotent writes with a key: a create sent three times, two at once, makes one order and one answer', async () => {
    const { key } = await keyFor('erp-retry');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tOrder/save',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'SO-RETRY-1', lang: 'en_us' },
        payload: { whId: FIX.whId, clientCode: FIX.client, typeId: 'SO', remark: 'key-retry' },
        remoteAddress: '10.9.3.1',
      });
    const answers = [...(await Promise.all([send(), send()])), await send()];
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ code: 200 });
    const { rows } = await sql<{ n: string }>`select count(*) as n from t_order where remark = 'key-retry'`.execute(
      t.connection.db,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('refuses a revoked key at once and an expired key once its time has passed', async () => {
    const revoked = await keyFor('erp-revoked');
    expect((await ordersSeen(revoked.key)).status).toBe(200);
    const res = await t.post('/api/apiKey/revoke', { id: revoked.id }, admin);
    expect(res.body).toMatchObject({ code: 200, data: revoked.id });
    expect((await ordersSeen(revoked.key)).status).toBe(401);
    const list = await t.post<PageResult<Row>>(
      '/api/apiKey/findPage',
      { pageNum: 1, pageSize: 50, columnFilters: { name: 'erp-revoked' } },
      admin,
    );
    expect(list.body.data.content[0]).toMatchObject({ status: 'R' });

    const expiring = await keyFor('erp-expiring', { expiresAt: new Date(t.clock.now.getTime() + 3_600_000).toISOString() });
    expect((await ordersSeen(expiring.key)).status).toBe(200);
    const real = t.clock.now;
    t.clock.now = new Date(real.getTime() + 2 * 3_600_000);
    try {
      expect((await ordersSeen(expiring.key)).status).toBe(401);
    } finally {
      t.clock.now = real;
    }
    // A deleted key goes with its account.
    const deleted = await t.post('/api/apiKey/delete', [{ id: expiring.id }], admin);
    expect(deleted.body).toMatchObject({ code: 200, data: 1 });
    expect(await t.connection.db.selectFrom('sysUser').select('id').where('name', '=', 'apikey:erp-expiring').execute()).toEqual(
      [],
    );
  });

  it('throttles failed key checks like logins: per key prefix, then per address; a good key gives its attempt back', async () => {
    const { key, prefix } = await keyFor('erp-throttled');
    const wrong = `${prefix}_${'A'.repeat(43)}`;
    for (let i = 0; i < 4; i++) expect((await ordersSeen(wrong, '10.9.1.1')).status).toBe(401);
    // The fifth failure locks the prefix: even the right key waits (429) until the lock is over.
    expect((await ordersSeen(wrong, '10.9.1.1')).status).toBe(401);
    expect((await ordersSeen(key, '10.9.1.2')).status).toBe(429);
    const real = t.clock.now;
    t.clock.now = new Date(real.getTime() + 2 * 60_000);
    try {
      expect((await ordersSeen(key, '10.9.1.2')).status).toBe(200);
    } finally {
      t.clock.now = real;
    }
    // Spraying made-up keys from one address locks the address after 20.
    const results = [];
    for (let i = 0; i < 21; i++)
      results.push((await ordersSeen(`wharf_${'0'.repeat(11)}${i % 10}_${'B'.repeat(43)}`, '10.9.2.1')).status);
    expect(results.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(results[20]).toBe(429);
    const rows = await sql<{ key: string }>`select key from sys_login_throttle where key like 'apikey%'`.execute(t.connection.db);
    expect(rows.rows.map((r) => r.key)).toContain('apikey-address:10.9.2.1');
  });

  it("fills the key form: roles but no super-administrator one, the actor's warehouses, a key's access as update changes it", async () => {
    const roles = (await t.post<{ id: number; superAdmin: boolean }[]>('/api/apiKey/roleOptions', {}, admin)).body.data;
    expect(roles.map((r) => r.id)).toContain(orderRole);
    expect(roles.filter((r) => r.superAdmin)).toEqual([]);
    const grants = (await t.post<{ whId: string; clients: { clientCode: string }[] }[]>('/api/apiKey/grantOptions', {}, admin))
      .body.data;
    const clients = grants.find((w) => w.whId === FIX.whId)?.clients.map((c) => c.clientCode);
    expect(clients).toEqual(expect.arrayContaining([FIX.client, FIX.otherClient]));
    const key = await keyFor('erp-form');
    const access = async () => (await t.post('/api/apiKey/findAccess', { id: key.id }, admin)).body.data;
    expect(await access()).toEqual({ roleIds: [orderRole], warehouses: [{ whId: FIX.whId, clientCodes: [FIX.client] }] });
    const change = { id: key.id, roleId: orderRole, warehouses: [{ whId: FIX.whId, clientCodes: null }], remark: 'all clients' };
    expect((await t.post('/api/apiKey/update', change, admin)).body).toMatchObject({ code: 200, data: key.id });
    expect(await access()).toEqual({ roleIds: [orderRole], warehouses: [{ whId: FIX.whId, clientCodes: null }] });
  });

  it('lets an administrator without every permission hand a key only what they hold', async () => {
    await createUser(t, 'key-admin', {
      permissions: ['sys:apiKey:view', 'sys:apiKey:add', 'sys:tOrder:view'],
      warehouses: [FIX.whId],
    });
    const keyAdmin = await t.login('key-admin', 'Secret#123');
    const beyond = await createKey({ name: 'erp-beyond', roleId: orderRole, warehouses: [] }, keyAdmin);
    expect(beyond.body).toMatchObject({ code: -10000, errorCode: 'permissionNotHeld' });
    // Without the edit permission, no change of an existing key.
    const existing = await keyFor('erp-not-theirs');
    const change = await t.post('/api/apiKey/update', { id: existing.id, roleId: orderRole, warehouses: [] }, keyAdmin);
    expect(change.status).toBe(403);
    expect((await t.post('/api/apiKey/revoke', { id: existing.id }, keyAdmin)).status).toBe(403);
  });
});
