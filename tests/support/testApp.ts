import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type WharfApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { type Connection, connectPostgres } from '../../src/server/db/connect';
import { hashPassword } from '../../src/server/platform/passwords';
import type { Envelope } from '../../src/shared/wire';
import { createPostgresCopy, openPgliteCopy, TEST_ADMIN_PASSWORD, testConfig } from './templates';

export interface TestApp extends WharfApp {
  connection: Connection;
  /** The test clock: `clock.now` is what the server sees; move it to test expiry. */
  clock: { now: Date };
  close(): Promise<void>;
  login(account?: string, password?: string): Promise<string>;
  post<T = unknown>(
    url: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; body: Envelope<T>; raw: LightMyRequestResponse }>;
  get<T = unknown>(url: string, token?: string): Promise<{ status: number; body: Envelope<T>; raw: LightMyRequestResponse }>;
}

/** A fresh database copied from the prepared template: PGlite, or PostgreSQL in the `postgres` project. */
async function freshConnection(): Promise<Connection> {
  if (process.env.WHARF_TEST_DB === 'postgres') {
    const url = await createPostgresCopy(inject('pgTemplate'), `${inject('pgTemplate')}_c${randomBytes(5).toString('hex')}`);
    return connectPostgres(url, 10);
  }
  return openPgliteCopy();
}

/** Builds the real app on a fresh database (captcha off unless asked). */
export async function createTestApp(overrides: Partial<Config> & { captchaCode?: () => string } = {}): Promise<TestApp> {
  const connection = await freshConnection();
  const clock = { now: new Date() };
  const { captchaCode, ...configOverrides } = overrides;
  const config = { ...testConfig(), ...configOverrides };
  const wharf = await buildApp({ config, db: connection.db, now: () => clock.now, ...(captchaCode ? { captchaCode } : {}) });
  const request = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const raw = await wharf.app.inject({
      method,
      url,
      headers: { ...(token ? { token } : {}), lang: 'en_us' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const isJson = String(raw.headers['content-type'] ?? '').includes('json');
    return { status: raw.statusCode, body: (isJson ? raw.json() : null) as Envelope<T>, raw };
  };
  const testApp: TestApp = {
    ...wharf,
    connection,
    clock,
    async close() {
      await wharf.app.close();
      await connection.close();
    },
    async login(account = 'admin', password = TEST_ADMIN_PASSWORD) {
      const res = await request<{ token: string }>('POST', '/api/login', { account, password, captcha: '' });
      if (res.body.code !== 200) throw new Error(`login failed: ${res.body.msg}`);
      return res.body.data.token;
    },
    post: (url, body, token) => request('POST', url, body, token),
    get: (url, token) => request('GET', url, undefined, token),
  };
  return testApp;
}

/** Creates a user holding exactly these permissions and warehouse grants (through a fresh role). */
export async function createUser(
  t: TestApp,
  name: string,
  options: { permissions: string[]; warehouses: string[]; password?: string; language?: 'zh_cn' | 'en_us' },
): Promise<string> {
  const { db } = t.connection;
  const tenant = await db.selectFrom('tenant').select('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('sysUser')
    .values({
      tenantId: tenant.id,
      name,
      passwordHash: await hashPassword(options.password ?? 'Secret#123'),
      email: null,
      mobile: null,
      status: 1,
      deptId: null,
      localeId: options.language === 'zh_cn' ? 2052 : 1033,
      language: options.language ?? 'en_us',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('sysRole')
    .values({ name: `role-${name}`, remark: null, superAdmin: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('sysUserRole').values({ userId: user.id, roleId: role.id }).execute();
  if (options.permissions.length > 0) {
    const menus = await db.selectFrom('sysMenu').select('id').where('perms', 'in', options.permissions).execute();
    if (menus.length > 0)
      await db
        .insertInto('sysRoleMenu')
        .values(menus.map((m) => ({ roleId: role.id, menuId: m.id })))
        .execute();
  }
  if (options.warehouses.length > 0) {
    await db
      .insertInto('sysUserWarehouse')
      .values(options.warehouses.map((whId) => ({ userId: user.id, whId, clientCodes: null })))
      .execute();
  }
  return options.password ?? 'Secret#123';
}
