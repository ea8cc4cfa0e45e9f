import { expect, type Page, test } from '@playwright/test';
import { callApi, dialog, field, filterList, login, putStock, rows, setLanguage, shot } from './ui';

// Issue 26 item 3: the home screen counts the expiring stock of the user's warehouses ("临期库存 n" / "Expiring stock n")
// and links to the expiring-stock report, which lists a lot expiring in 10 days with its location, quantity, expiry and
// days left — in Chinese, then in English. The spec brings its own stock (an adjustment of an orange-juice lot).

const ITEM = 'ACME-0075';
const LOCATION = 'A04-07-2';

/** yyyy-MM-dd, `days` from the server's today (the days-left column counts from the database's date). */
const inDays = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function homeAndReport(page: Page, label: RegExp, lang: string, expiry: string): Promise<void> {
  const { count } = await callApi<{ count: number }>(page, 'vExpiringStock/count', {});
  expect(count).toBeGreaterThan(0);
  // The administrator sees the dashboard first (issue 29); the count stays on the landing page, one tab away.
  await page.goto('/');
  await page.getByTestId('home-tab-about').click();
  const link = page.getByTestId('home-expiring');
  await expect(link).toHaveText(new RegExp(`${label.source}\\s*${count}`));
  await shot(page, `expiry-home-${lang}`);
  await link.click();
  await expect(page).toHaveURL(/\/Wms\/ExpiringStock/);
  await filterList(page, 'vExpiringStock', { itemNumber: ITEM }, 1);
  const row = rows(page, 'vExpiringStock').first();
  await expect(row).toContainText(LOCATION);
  await expect(row).toContainText(expiry);
  await expect(row).toContainText('E2E-EXP');
  await expect(row.locator('[col-id="daysLeft"]')).toHaveText('10');
  await shot(page, `expiry-report-${lang}`);
}

test('the home screen counts expiring stock and opens the expiring-stock report, in Chinese and English', async ({ page }) => {
  await login(page);
  const today = await page.evaluate(async () => {
    const res = await fetch('/api/vExpiringStock/count', {
      method: 'POST',
      headers: { token: sessionStorage.getItem('token') ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    return res.headers.get('date');
  });
  // The server's date header is UTC, as the test database's current_date (a run crossing midnight UTC would differ).
  const day = new Date(today ?? Date.now()).toISOString().slice(0, 10);
  const expiry = inDays(day, 10);
  await putStock(page, 'e2e expiring stock', [
    { locationId: LOCATION, itemNumber: ITEM, uom: 'BTL', qty: '6', lotNumber: 'E2E-EXP', expirationDate: expiry },
  ]);
  await homeAndReport(page, /临期库存/, 'zh', expiry);
  await setLanguage(page, 'English');
  await homeAndReport(page, /Expiring stock/, 'en', expiry);
});

test('the order dialog offers the order’s minimum remaining shelf life, in Chinese and English', async ({ page }) => {
  await login(page, '/Wms/TOrder');
  for (const [lang, label] of [
    ['zh', '最短剩余保质期（天）'],
    ['en', 'Min. shelf life (days)'],
  ] as const) {
    if (lang === 'en') {
      await setLanguage(page, 'English');
    }
    const list = page.locator('[data-entity="tOrder"]').filter({ visible: true });
    await list.getByTestId('add').click();
    await expect(field(page, 'minShelfLifeDays')).toContainText(label);
    await shot(page, `expiry-order-dialog-${lang}`);
    await dialog(page).getByTestId('dialog-cancel').click();
    await expect(dialog(page)).toHaveCount(0);
  }
});
