import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATED, PUBLIC } from '../../src/shared/permissions';
import { createTestApp, createUser, type TestApp } from '../support/testApp';

let t: TestApp;
let powerless: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, 'powerless', { permissions: [], warehouses: ['WH01'] });
  powerless = await t.login('powerless', 'Secret#123');
});
afterAll(() => t.close());

const call = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET' | 'POST',
    url: url.replace(/:(\w+)/g, 'x'),
    headers: token ? { token } : {},
    ...(method === 'POST' ? { payload: {} } : {}),
  });

describe('the route walk', () => {
  it('finds the routes of both base paths', () => {
    expect(t.routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(10);
    expect(t.routes.filter((r) => r.url.startsWith('/wmsApi/')).length).toBe(
      t.routes.filter((r) => r.url.startsWith('/api/')).length,
    );
  });

  it('answers 401 without a token on every route but login, captcha and logout', async () => {
    const open = t.routes.filter((r) => r.permission === PUBLIC).map((r) => r.url.replace(/^\/(api|wmsApi)/, ''));
    expect([...new Set(open)].sort()).toEqual(['/captcha.jpg', '/config/public', '/login', '/logout']);
    for (const route of t.routes.filter((r) => r.permission !== PUBLIC)) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it('answers 403 on every permission-guarded route to a user whose role lacks the permission', async () => {
    const guarded = t.routes.filter((r) => r.permission !== PUBLIC && r.permission !== AUTHENTICATED);
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await call(route.method, route.url, powerless);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 401 for a made-up token', async () => {
    const res = await call('GET', '/api/user/findPermissions', 'not-a-real-token');
    expect(res.statusCode).toBe(401);
  });

  it('does not let one user read another user through the session calls', async () => {
    const res = await t.get('/api/user/findByName?name=admin', powerless);
    expect(res.status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 with a message for a malformed page request, and a localized 404 for an unknown call', async () => {
    const admin = await t.login();
    const res = await t.post('/api/tWhse/findPage', { pageNum: 0, pageSize: 5000 }, admin);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Bad request');
    const missing = await t.post('/api/noSuchThing/save', {}, admin);
    expect(missing.status).toBe(404);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/tWhse/findPage',
      headers: { token: admin, lang: 'zh_cn' },
      payload: { pageNum: 0 },
    });
    expect(zh.json().msg).toContain('请求错误');
  });

  it('sends the security headers', async () => {
    const res = await call('GET', '/api/config/public');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
