import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST } from '../../../../tests/support/templates';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { parseTrustProxy } from '../../config';
import { PASSWORD_COST, setPasswordCost } from '../../platform/passwords';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, CAPTCHA_LIMIT } from './throttle';

const minutes = (t: TestApp, n: number): void => {
  t.clock.now = new Date(t.clock.now.getTime() + n * 60_000);
};

describe('login with the captcha on', () => {
  let t: TestApp;
  let code = '0000';
  beforeAll(async () => {
    t = await createTestApp({ captcha: true, captchaCode: () => code });
  });
  afterAll(() => t.close());

  async function captcha(value: string): Promise<string> {
    code = value;
    const res = await t.get('/api/captcha.jpg?t=1');
    expect(res.raw.headers['content-type']).toBe('image/png');
    expect(res.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    return String(res.raw.headers['set-cookie']).split(';')[0]!;
  }

  async function login(cookie: string, captchaText: string) {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, lang: 'en_us' },
      payload: { account: 'admin', password: TEST_ADMIN_PASSWORD, captcha: captchaText },
    });
    return raw.json() as { code: number; msg: string; errorCode?: string; data: { token: string } };
  }

  it('asks for each missing field with the spec message', async () => {
    const res = await t.post('/api/login', { account: '', password: '', captcha: '' });
    expect(res.body).toMatchObject({ code: -10000, msg: 'Please enter account' });
    expect((await t.post('/api/login', { account: 'admin' })).body.msg).toBe('Please enter password');
    expect((await t.post('/api/login', { account: 'admin', password: 'x' })).body.msg).toBe('Please enter the verification code');
  });

  it('logs in with the code shown in the image, once', async () => {
    const cookie = await captcha('4821');
    const ok = await login(cookie, '4821');
    expect(ok.code).toBe(200);
    expect(ok.data.token.length).toBeGreaterThan(30);
    const again = await login(cookie, '4821');
    expect(again.errorCode).toBe('loginCaptchaInvalid');
  });

  it('refuses a wrong code and burns the captcha', async () => {
    const cookie = await captcha('1111');
    expect((await login(cookie, '2222')).errorCode).toBe('loginCaptchaInvalid');
    expect((await login(cookie, '1111')).errorCode).toBe('loginCaptchaInvalid');
  });

  it('refuses a captcha older than two minutes', async () => {
    const cookie = await captcha('5555');
    minutes(t, 3);
    expect((await login(cookie, '5555')).errorCode).toBe('loginCaptchaInvalid');
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the spec messages for an unknown account, no tenant and no language', async () => {
    expect((await t.post('/api/login', { account: 'nobody', password: 'x', captcha: '' })).body.msg).toBe('Invalid account');
    expect((await t.post('/api/login', { account: 'admin', password: 'wrong', captcha: '' })).body.msg).toBe('Invalid account');
    await createUser(t, 'orphan', { permissions: [], warehouses: [] });
    await t.connection.db.updateTable('sysUser').set({ tenantId: null }).where('name', '=', 'orphan').execute();
    expect((await t.post('/api/login', { account: 'orphan', password: 'Secret#123', captcha: '' })).body.msg).toBe(
      'User is not subscribed to this service',
    );
    await createUser(t, 'mute', { permissions: [], warehouses: [] });
    await t.connection.db.updateTable('sysUser').set({ language: null }).where('name', '=', 'mute').execute();
    expect((await t.post('/api/login', { account: 'mute', password: 'Secret#123', captcha: '' })).body.msg).toBe(
      'No language is specified',
    );
  });

  it('answers the token and its expiry time, and stores only a hash of the token', async () => {
    const res = await t.post<{ token: string; expireTime: string }>('/api/login', {
      account: 'admin',
      password: TEST_ADMIN_PASSWORD,
      captcha: '',
    });
    expect(res.body.code).toBe(200);
    expect(new Date(res.body.data.expireTime).getTime()).toBeGreaterThan(t.clock.now.getTime());
    const stored = await t.connection.db.selectFrom('sysSession').select('tokenHash').execute();
    expect(stored.some((s) => s.tokenHash === res.body.data.token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('ends the older session when the same user logs in again: its next call gets 405', async () => {
    const first = await t.login();
    expect((await t.get('/api/user/findPermissions?name=admin', first)).status).toBe(200);
    const second = await t.login();
    expect((await t.get('/api/user/findPermissions?name=admin', first)).status).toBe(405);
    expect((await t.get('/api/user/findPermissions?name=admin', second)).status).toBe(200);
  });

  it('ends a session after logout and after the idle time', async () => {
    const token = await t.login();
    await t.post('/api/logout', {}, token);
    expect((await t.get('/api/user/findPermissions', token)).status).toBe(401);
    const idle = await t.login();
    minutes(t, 31);
    const res = await t.get('/api/user/findPermissions', idle);
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('Unauthorized, please log in');
  });

  it('writes a successful login to the operation log without the password', async () => {
    await t.login();
    const row = await t.connection.db
      .selectFrom('sysLog')
      .selectAll()
      .where('operation', '=', '/api/login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.userName).toBe('admin');
    expect(row.params).not.toContain(TEST_ADMIN_PASSWORD);
    expect(row.params).toContain('******');
  });

  it("keeps the language chosen on the login screen as the user's saved language, and the profile answers it", async () => {
    await createUser(t, 'polyglot', { permissions: [], warehouses: [], language: 'zh_cn' });
    const saved = () =>
      t.connection.db
        .selectFrom('sysUser')
        .select(['language', 'localeId'])
        .where('name', '=', 'polyglot')
        .executeTakeFirstOrThrow();
    expect(await saved()).toEqual({ language: 'zh_cn', localeId: 2052 });
    const res = await t.post<{ token: string }>('/api/login', {
      account: 'polyglot',
      password: 'Secret#123',
      captcha: '',
      language: 'en_us',
    });
    expect(res.body.code).toBe(200);
    expect(await saved()).toEqual({ language: 'en_us', localeId: 1033 });
    const profile = await t.get<{ language: string; localeId: number }>(
      '/api/user/findByName?name=polyglot',
      res.body.data.token,
    );
    expect(profile.body.data).toMatchObject({ language: 'en_us', localeId: 1033 });
    // Without a choice the saved language stays; a wrong password saves nothing.
    await t.post('/api/login', { account: 'polyglot', password: 'Secret#123', captcha: '' });
    expect(await saved()).toEqual({ language: 'en_us', localeId: 1033 });
    await t.post('/api/login', { account: 'polyglot', password: 'wrong', captcha: '', language: 'zh_cn' });
    expect(await saved()).toEqual({ language: 'en_us', localeId: 1033 });
    const unknown = await t.post('/api/login', { account: 'polyglot', password: 'Secret#123', captcha: '', language: 'xx' });
    expect(unknown.body.code).not.toBe(200);
    expect(await saved()).toEqual({ language: 'en_us', localeId: 1033 });
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'clerk', { permissions: [], warehouses: [], password: 'Clerk#2024' });
  });
  afterAll(() => t.close());

  it('locks an account after a burst of wrong passwords, and lets the real user in once the lock ends', async () => {
    for (let i = 0; i < 8; i++) await t.post('/api/login', { account: 'clerk', password: `guess${i}`, captcha: '' });
    const locked = await t.post('/api/login', { account: 'clerk', password: 'Clerk#2024', captcha: '' });
    expect(locked.body.errorCode).toBe('loginThrottled');
    // Locks are capped at 15 minutes: a burst can delay the user, never shut them out for good.
    minutes(t, 16);
    const ok = await t.post('/api/login', { account: 'clerk', password: 'Clerk#2024', captcha: '' });
    expect(ok.body.code).toBe(200);
  });

  it('limits one address that sprays many accounts', async () => {
    minutes(t, 30);
    for (let i = 0; i < 21; i++) await t.post('/api/login', { account: `ghost${i}`, password: 'x', captcha: '' });
    const res = await t.post('/api/login', { account: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '' });
    expect(res.body.errorCode).toBe('loginThrottled');
    minutes(t, 16);
    expect((await t.post('/api/login', { account: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '' })).body.code).toBe(200);
  });
});

describe('login throttling under parallel attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'racer', { permissions: [], warehouses: [], password: 'Racer#2024' });
  });
  afterAll(() => t.close());

  it('refuses to check more than the limit of passwords sent at once, even with the right one among them', async () => {
    // 99 wrong passwords and the right one, all at once: each attempt is counted before its password is checked.
    const passwords = [...Array.from({ length: 99 }, (_, i) => `Wrong#${i}x`), 'Racer#2024'];
    const answers = await Promise.all(
      passwords.map((password) => t.post('/api/login', { account: 'racer', password, captcha: '' })),
    );
    const checked = answers.filter((a) => a.body.errorCode !== 'loginThrottled');
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(answers.filter((a) => a.body.code === 200)).toEqual([]);
    // Still locked: the right password waits for the lock like everyone else, then gets in (the lock is capped).
    expect((await t.post('/api/login', { account: 'racer', password: 'Racer#2024', captcha: '' })).body.errorCode).toBe(
      'loginThrottled',
    );
    minutes(t, 16);
    expect((await t.post('/api/login', { account: 'racer', password: 'Racer#2024', captcha: '' })).body.code).toBe(200);
  });

  it('refuses to check more than the limit of current passwords sent at once to change a password', async () => {
    minutes(t, 16);
    const token = await t.login('racer', 'Racer#2024');
    const guesses = [...Array.from({ length: 49 }, (_, i) => `Guess#${i}x`), 'Racer#2024'];
    const answers = await Promise.all(
      guesses.map((oldPassword) => t.post('/api/user/changePassword', { oldPassword, newPassword: 'Owned#2025' }, token)),
    );
    const checked = answers.filter((a) => a.body.errorCode !== 'loginThrottled');
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(answers.filter((a) => a.body.code === 200)).toEqual([]);
    minutes(t, 16);
    expect((await t.post('/api/login', { account: 'racer', password: 'Racer#2024', captcha: '' })).body.code).toBe(200);
  });

  it('gives an address its attempt back on success, so many people behind one address can sign in', async () => {
    minutes(t, 16);
    for (let i = 0; i <= ADDRESS_LIMIT; i++) await t.login('racer', 'Racer#2024');
  });
});

describe('what a login reveals', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Timing only tells at the real cost (the suites hash cheaply, tests/support/templates.ts).
    setPasswordCost(PASSWORD_COST);
    t = await createTestApp();
    await createUser(t, 'timed', { permissions: [], warehouses: [], password: 'Timed#2024' });
    await createUser(t, 'retired', { permissions: [], warehouses: [], password: 'Retired#2024' });
    await t.connection.db.updateTable('sysUser').set({ status: 0 }).where('name', '=', 'retired').execute();
  });
  afterAll(async () => {
    setPasswordCost(TEST_PASSWORD_COST);
    await t.close();
  });

  async function timed(account: string): Promise<number> {
    // A quiet quarter of an hour between tries: the throttle forgets, every try checks a password.
    minutes(t, 16);
    const start = performance.now();
    const res = await t.post('/api/login', { account, password: 'Wrong#2024', captcha: '' });
    expect(res.body.errorCode).toBe('loginInvalidAccount');
    return performance.now() - start;
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('takes as long to refuse an unknown account as a wrong password of an existing one', async () => {
    const unknown: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < 10; i++) {
      unknown.push(await timed(`nobody${i}`));
      existing.push(await timed('timed'));
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(0.5 * median(existing));
  });

  it('answers a disabled account the same whatever the password', async () => {
    const wrong = await t.post('/api/login', { account: 'retired', password: 'Wrong#2024', captcha: '' });
    const right = await t.post('/api/login', { account: 'retired', password: 'Retired#2024', captcha: '' });
    expect(wrong.body).toMatchObject({ code: -10000, errorCode: 'loginInvalidAccount' });
    expect(right.body).toEqual(wrong.body);
  });
});

describe('client addresses behind a reverse proxy (WHARF_TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: parseTrustProxy('127.0.0.1,10.0.0.0/8') });
  });
  afterAll(() => t.close());

  /** A wrong login from `remoteAddress` (the socket's peer) carrying this X-Forwarded-For. */
  async function attempt(remoteAddress: string, forwardedFor: string, account: string): Promise<string | undefined> {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor, lang: 'en_us' },
      payload: { account, password: 'Wrong#2024', captcha: '' },
    });
    return (raw.json() as { errorCode?: string }).errorCode;
  }
  const addressKeys = async () =>
    (await t.connection.db.selectFrom('sysLoginThrottle').select('key').where('key', 'like', 'address:%').execute())
      .map((r) => r.key)
      .sort();

  it('counts a client that is not a trusted proxy by its own address, whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect(await attempt('203.0.113.7', `198.51.100.${i}, 10.0.0.${i}`, `sprayed${i}`), `attempt ${i}`).toBe(
        'loginInvalidAccount',
      );
    // A new header value and a new account: still the same address, now locked.
    expect(await attempt('203.0.113.7', '198.51.100.250', 'sprayed-last')).toBe('loginThrottled');
    expect(await addressKeys()).toEqual(['address:203.0.113.7']);
  });

  it('counts a request through a trusted proxy by the right-most forwarded address that is not a proxy', async () => {
    minutes(t, 16);
    await t.connection.db.deleteFrom('sysLoginThrottle').execute();
    // The client wrote its own (forged) left entries; the proxies 10.0.0.5 and 10.1.2.3 appended the address they saw.
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect(await attempt('10.1.2.3', `192.0.2.${i}, 198.51.100.9, 10.0.0.5`, `proxied${i}`), `attempt ${i}`).toBe(
        'loginInvalidAccount',
      );
    expect(await attempt('10.1.2.3', '192.0.2.250, 198.51.100.9, 10.0.0.5', 'proxied-last')).toBe('loginThrottled');
    // Another client behind the same proxies is not locked by it.
    expect(await attempt('10.1.2.3', '198.51.100.10', 'proxied-other')).toBe('loginInvalidAccount');
    expect(await addressKeys()).toEqual(['address:198.51.100.10', 'address:198.51.100.9']);
  });

  it('with a hop count (the legacy WHARF_TRUST_PROXY=1), takes the right-most forwarded address and no further', async () => {
    const hops = await createTestApp({ trustProxy: parseTrustProxy('1') });
    try {
      await hops.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': '192.0.2.77, 198.51.100.44' },
        payload: { account: 'hopper', password: 'Wrong#2024', captcha: '' },
      });
      const keys = await hops.connection.db
        .selectFrom('sysLoginThrottle')
        .select('key')
        .where('key', 'like', 'address:%')
        .execute();
      expect(keys.map((r) => r.key)).toEqual(['address:198.51.100.44']);
    } finally {
      await hops.close();
    }
  });
});

describe('captcha images per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captcha: true });
  });
  afterAll(() => t.close());

  const image = (remoteAddress: string, lang = 'en_us') =>
    t.app.inject({ method: 'GET', url: '/api/captcha.jpg?t=1', remoteAddress, headers: { lang } });
  const stored = async () =>
    Number(
      (
        await t.connection.db
          .selectFrom('sysCaptcha')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`answers ${CAPTCHA_LIMIT} images a minute to one address, then 429 with a message and no stored captcha`, async () => {
    for (let i = 0; i < CAPTCHA_LIMIT; i++) expect((await image('198.51.100.20')).statusCode, `image ${i}`).toBe(200);
    const before = await stored();
    const refused = await image('198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      code: 429,
      msg: 'Too many verification codes requested from this address; click the image to try again in 60 seconds',
      data: null,
    });
    expect((await image('198.51.100.20', 'zh_cn')).json().msg).toBe('此地址请求验证码过于频繁，请 60 秒后点击图片重试');
    expect(await stored()).toBe(before);
    // Another address is served; the refused one again once the minute is over.
    expect((await image('198.51.100.21')).statusCode).toBe(200);
    minutes(t, 1);
    expect((await image('198.51.100.20')).statusCode).toBe(200);
  });
});

describe('body limits of the open routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a body above 4 KB on every route open to anyone with 413, before parsing it', async () => {
    const big = { account: 'admin', password: 'x'.repeat(5_000), captcha: '', badge: 'x', pin: '1', stationKey: 'k' };
    const open = [
      '/api/login',
      '/api/logout',
      '/api/kiosk/enrol',
      '/api/kiosk/station',
      '/api/kiosk/login/badge',
      '/api/kiosk/login/pin',
    ];
    for (const url of open) {
      const res = await t.app.inject({ method: 'POST', url, headers: { lang: 'en_us' }, payload: big });
      expect(res.statusCode, url).toBe(413);
    }
    // The longest legitimate form, every character escaped, still fits.
    const longest = JSON.stringify({
      account: 'a'.repeat(50),
      password: 'p'.repeat(200),
      captcha: '0'.repeat(10),
      language: 'en_us',
    });
    const escaped = longest.replace(/[a-z0]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: escaped,
    });
    expect(res.statusCode).toBe(200);
  });
});
