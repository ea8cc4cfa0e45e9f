import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../tests/support/testApp';
import { lastSeenInterval, SESSION_CACHE_MS } from './session';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const whPage = (token: string) => t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token);
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};
const roleOf = async (name: string) =>
  (await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', `role-${name}`).executeTakeFirstOrThrow()).id;
const viewMenu = async () =>
  (await t.connection.db.selectFrom('sysMenu').select('id').where('perms', '=', 'sys:tWhse:view').executeTakeFirstOrThrow()).id;

describe('the session and permission check is cached for a few seconds', () => {
  it('reuses a checked session, and reads it again after the cache time (another process’s change applies then)', async () => {
    await createUser(t, 'cached', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const clerk = await t.login('cached', 'Secret#123');
    expect((await whPage(clerk)).status).toBe(200);
    // A change written straight to the database, as another server process would: not seen within the cache time…
    await t.connection.db
      .deleteFrom('sysRoleMenu')
      .where('roleId', '=', await roleOf('cached'))
      .execute();
    later(SESSION_CACHE_MS / 2);
    expect((await whPage(clerk)).status).toBe(200);
    // … and applied once it has passed.
    later(SESSION_CACHE_MS);
    expect((await whPage(clerk)).status).toBe(403);
  });

  it('applies role changes made through this server at the next call', async () => {
    await createUser(t, 'promoted', { permissions: [], warehouses: ['WH01'] });
    const clerk = await t.login('promoted', 'Secret#123');
    const roleId = await roleOf('promoted');
    expect((await whPage(clerk)).status).toBe(403);
    expect((await t.post('/api/role/saveRoleMenus', { roleId, menuIds: [await viewMenu()] }, admin)).body.code).toBe(200);
    expect((await whPage(clerk)).status).toBe(200);
    expect((await t.post('/api/role/saveRoleMenus', { roleId, menuIds: [] }, admin)).body.code).toBe(200);
    expect((await whPage(clerk)).status).toBe(403);
  });

  it('refuses a token at once after logout, after a newer login, and after the user is disabled', async () => {
    await createUser(t, 'leaving', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const first = await t.login('leaving', 'Secret#123');
    expect((await whPage(first)).status).toBe(200);
    const second = await t.login('leaving', 'Secret#123');
    expect((await whPage(first)).status).toBe(405);
    expect((await whPage(second)).status).toBe(200);
    await t.post('/api/logout', {}, second);
    expect((await whPage(second)).status).toBe(401);

    const third = await t.login('leaving', 'Secret#123');
    expect((await whPage(third)).status).toBe(200);
    const user = await t.connection.db.selectFrom('sysUser').selectAll().where('name', '=', 'leaving').executeTakeFirstOrThrow();
    const saved = await t.post('/api/user/save', { id: user.id, name: 'leaving', status: '0', language: 'en_us' }, admin);
    expect(saved.body.code).toBe(200);
    expect((await whPage(third)).status).toBe(401);
  });

  it('answers in the language the user just chose', async () => {
    await createUser(t, 'speaker', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'], language: 'en_us' });
    const token = await t.login('speaker', 'Secret#123');
    const ask = () => t.app.inject({ method: 'POST', url: '/api/tWhse/delete', headers: { token }, payload: [{ id: 1 }] });
    expect((await ask()).json().msg).toMatch(/[a-z]/i);
    expect((await t.post('/api/user/changeLanguage', { language: 'zh_cn' }, token)).body.code).toBe(200);
    expect((await ask()).json().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the idle limit slides with activity whatever its length (WHARF_SESSION_IDLE_MINUTES)', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ sessionIdleMinutes: 1 });
  });
  afterAll(() => short.close());

  const call = (token: string) => short.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token);
  const wait = (ms: number) => {
    short.clock.now = new Date(short.clock.now.getTime() + ms);
  };

  it('keeps a session used every 20 s for five minutes with a one-minute limit', async () => {
    const token = await short.login();
    for (let s = 20; s <= 300; s += 20) {
      wait(20_000);
      expect((await call(token)).status, `after ${s} s`).toBe(200);
    }
  });

  it('keeps a session whose calls the cache admits (every 3 s), then ends it a minute after its last call', async () => {
    const token = await short.login();
    for (let s = 3; s <= 180; s += 3) {
      wait(3_000);
      expect((await call(token)).status, `after ${s} s`).toBe(200);
    }
    // The last calls were admitted by the cache or fell short of a refresh: `lastSeen` lags them by less than the
    // refresh interval, never more.
    wait(60_000 - lastSeenInterval(1));
    expect((await call(token)).status).toBe(200);
    wait(60_001);
    expect((await call(token)).status).toBe(401);
  });

  it('ends a session left alone for a minute', async () => {
    const token = await short.login();
    wait(60_001);
    expect((await call(token)).status).toBe(401);
  });
});
