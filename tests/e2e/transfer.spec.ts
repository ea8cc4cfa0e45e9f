import fs from 'node:fs';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { rows, shot } from './ui';

/**
 * What a browser receives on the wire (issue 10 item 1): bytes transferred (`Network.loadingFinished`
 * encodedDataLength: headers and compressed body) for the login route on an empty cache, then for the first grid
 * page after signing in. Budgets leave ~15 % over the figures measured when they were set (README, Performance).
 */
const BUDGET = {
  /**
   * The login screen until the network is idle: index.html, the login route's JS, the stylesheet and icons, and what
   * loads in the background once it shows (the rest of the messages, the colour picker). Headers included (~0.4 KB a
   * response, most of it the security headers).
   */
  // Raised from 220 / 200 KB with issues 11–15: their messages (~1,000 keys per language) travel in the background.
  // Since issue 27 the background messages have a budget of their own (`messages`): they grow with every screen; the
  // login route without them measured 185 / 165 KB, hence 215 / 190.
  loginTotal: 215 * 1024,
  loginJs: 190 * 1024,
  /** The rest of the messages of one language (a lazy chunk after the login messages): ~55 KB brotli at 4,900 keys. */
  messages: 90 * 1024,
  /**
   * From "sign in" until the warehouse list shows its rows: the workspace, AG Grid (176 KB), the Shoelace components
   * warmed after login, API calls. Raised from 300 KB with issue 29: measured 295.6 KB (zh_cn and en_us alike) with the
   * home dashboard (its charts load only when scrolled into view: `src/client/charts/Chart.tsx`).
   */
  gridTotal: 340 * 1024,
};

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** Records every response of the page through the DevTools protocol, with the cache off (a first visit). */
async function record(page: Page): Promise<{ cdp: CDPSession; take: () => Transfer[]; arrived: (pattern: RegExp) => boolean }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, Omit<Transfer, 'bytes'>>();
  let done: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    responses.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) done.push({ ...response, bytes: event.encodedDataLength });
  });
  return {
    cdp,
    arrived: (pattern) => done.some((t) => pattern.test(new URL(t.url).pathname)),
    take: () => {
      const taken = done;
      done = [];
      return taken;
    },
  };
}

/** Saves the administrator's language: a login that names one keeps it as the user's (the login screen's pick). */
async function saveLanguage(page: Page, language: 'zh_cn' | 'en_us'): Promise<void> {
  const res = await page.request.post('/api/login', {
    data: { account: 'admin', password: 'Admin#2024', captcha: '', language },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

const sum = (transfers: Transfer[], filter: (t: Transfer) => boolean = () => true) =>
  transfers.filter(filter).reduce((total, t) => total + t.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const isJs = (t: Transfer) => t.type === 'Script' || /\.m?js(\?|$)/.test(t.url);
const REST_MESSAGES = /\/rest-[A-Z0-9]+\.js$/;
const isMessages = (t: Transfer) => REST_MESSAGES.test(new URL(t.url).pathname);

test.afterEach(async ({ page }) => {
  await saveLanguage(page, 'zh_cn');
});

for (const language of ['zh_cn', 'en_us'] as const) {
  test(`the login route and the first grid page travel compressed (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('wharf.language')) localStorage.setItem('wharf.language', lang);
    }, language);
    // The console opens in the profile's language (issue 27 item 12): the user's saved language is the one measured,
    // or the first grid page would also carry the other language's messages. Set back to Chinese at the end (other
    // specs sign in through the form and expect the demo's Chinese).
    await saveLanguage(page, language);
    const { take, arrived } = await record(page);

    await page.goto('/login');
    const account = page.getByPlaceholder(language === 'zh_cn' ? '账号' : 'Account');
    await expect(account).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The rest of the messages (~60 KB) follows the login messages once they show: on a loaded machine the network can
    // sit idle for 500 ms between the two, and the chunk was then counted on the grid page (a flaky 371 KB > 300 KB).
    await expect.poll(() => arrived(REST_MESSAGES)).toBe(true);
    await page.waitForLoadState('networkidle');
    const login = take();
    await shot(page, `transfer-login-${language}`);

    // Every script, stylesheet and the page itself arrive in brotli (only files under 256 bytes go as they are).
    const plain = login.filter(
      (t) => /\.(js|css|svg|json)$|\/login$/.test(new URL(t.url).pathname) && t.bytes > 1500 && !t.encoding,
    );
    expect(plain.map((t) => t.url)).toEqual([]);
    expect(login.filter((t) => isJs(t) && t.bytes > 1500 && t.encoding !== 'br').map((t) => t.url)).toEqual([]);

    await account.fill('admin');
    await page.getByPlaceholder(language === 'zh_cn' ? '密码' : 'Password').fill('Admin#2024');
    await page.getByRole('button', { name: language === 'zh_cn' ? '登录' : 'Login' }).click();
    // The warehouse list from the menu (in whichever language the workspace opens: that is issue 10 item 12's).
    await page.locator('.menu-label', { hasText: /基础资料|Master data/ }).click();
    await page
      .locator('.menu-label')
      .getByText(/^(仓库|Warehouses)$/)
      .click();
    await expect(page).toHaveURL(/\/Wms\/TWhse/);
    await expect(rows(page, 'tWhse').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const grid = take();
    await shot(page, `transfer-grid-${language}`);
    expect(grid.filter((t) => isJs(t) && t.bytes > 1500 && t.encoding !== 'br').map((t) => t.url)).toEqual([]);

    const figures = {
      language,
      login: {
        total: sum(login, (t) => !isMessages(t)),
        js: sum(login, (t) => isJs(t) && !isMessages(t)),
        messages: sum(login, isMessages),
        requests: login.length,
      },
      grid: { total: sum(grid), js: sum(grid, isJs), api: sum(grid, (t) => t.url.includes('/api/')), requests: grid.length },
      loginFiles: login.map((t) => `${kb(t.bytes)} ${t.encoding || 'plain'} ${new URL(t.url).pathname}`),
      gridFiles: grid.map((t) => `${kb(t.bytes)} ${t.encoding || 'plain'} ${new URL(t.url).pathname}`),
      largest: [...login, ...grid]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((t) => `${kb(t.bytes)} ${t.encoding || 'plain'} ${new URL(t.url).pathname}`),
    };
    fs.mkdirSync('tests/artifacts', { recursive: true });
    fs.writeFileSync(`tests/artifacts/transfer-${language}.json`, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(
      `${language}: login route ${kb(figures.login.total)} (JS ${kb(figures.login.js)}) + messages ${kb(figures.login.messages)}, first grid page ${kb(figures.grid.total)} (JS ${kb(figures.grid.js)}, API ${kb(figures.grid.api)})`,
    );

    expect(figures.login.js).toBeLessThan(BUDGET.loginJs);
    expect(figures.login.total).toBeLessThan(BUDGET.loginTotal);
    expect(figures.login.messages).toBeLessThan(BUDGET.messages);
    expect(figures.grid.total).toBeLessThan(BUDGET.gridTotal);
  });
}
