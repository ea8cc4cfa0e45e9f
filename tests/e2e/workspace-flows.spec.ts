import { expect, type Page, test } from '@playwright/test';
import { login, openScreen, rows, setLanguage, shot } from './ui';

// Moving between screens as people do, in both languages: a list opened after the putaway desk shows its rows (the
// desk once rendered without end, and the next screen stayed on its spinner); a list that cannot search without a
// warehouse starts from one; a lines screen opened by its address without its document says where to open it from
// and asks the server nothing; going home from an error page stays home.

/** Counts the API calls the page makes from now on, by path. */
function countCalls(page: Page): { all: string[] } {
  const calls = { all: [] as string[] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.all.push(path);
  });
  return calls;
}

/** Opens an address inside the workspace, as a link or a typed address would, without reloading the console. */
const goTo = (page: Page, address: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);

test('lists opened after Putaway show their rows with a warehouse chosen, in Chinese then English', async ({ page }) => {
  await login(page);
  await openScreen(page, '入库管理', '上架', /\/Wms\/Putaway$/);
  await openScreen(page, '出库管理', '出库订单', /\/Wms\/TOrder$/);
  const orders = page.locator('[data-entity="tOrder"]');
  await expect(orders.getByTestId('filter-whId')).toHaveJSProperty('value', 'WH01');
  await expect(rows(page, 'tOrder').first()).toContainText('WH01');
  // The item filter matches a whole code, and says so like the other typed filters.
  await expect(orders.getByTestId('filter-itemNumber').locator('input')).toHaveAttribute('placeholder', '完整编码（% 表示任意）');
  await shot(page, 'flows-01-orders-after-putaway-zh');

  await setLanguage(page, 'English');
  await openScreen(page, 'Inbound', 'Putaway', /\/Wms\/Putaway$/);
  await openScreen(page, 'Inbound', 'Purchase orders', /\/Wms\/TPoMaster$/);
  const pos = page.locator('[data-entity="tPoMaster"]');
  await expect(pos.getByTestId('filter-whId')).toHaveJSProperty('value', 'WH01');
  await expect(rows(page, 'tPoMaster').first()).toContainText('WH01');
  await expect(pos.getByTestId('filter-itemNumber').locator('input')).toHaveAttribute('placeholder', 'Whole code (% = any)');
  await shot(page, 'flows-02-po-after-putaway-en');
});

test('a lines address opened bare says where to open it and asks nothing; going home from an error page stays home', async ({
  page,
}) => {
  await login(page);
  await openScreen(page, '入库管理', '采购订单', /\/Wms\/TPoMaster$/);
  await expect(rows(page, 'tPoMaster').first()).toBeVisible();
  const calls = countCalls(page);
  await goTo(page, '/Wms/TPoDetail');
  const notice = page.getByTestId('open-from-list').filter({ visible: true });
  await expect(notice).toContainText('请从其列表中打开');
  await page.waitForTimeout(3000);
  expect(calls.all.filter((path) => path.includes('/tPoDetail/') || path.includes('/tPoMaster/'))).toEqual([]);
  expect(calls.all.length).toBeLessThanOrEqual(3);
  await shot(page, 'flows-03-bare-po-lines-zh');
  await notice.getByRole('button', { name: '前往采购订单' }).click();
  await expect(page).toHaveURL(/\/Wms\/TPoMaster$/);
  await expect(rows(page, 'tPoMaster').first()).toBeVisible();

  await setLanguage(page, 'English');
  calls.all.length = 0;
  await goTo(page, '/Wms/TblInvAdjustmentDetail');
  await expect(notice).toContainText('Open it from its list');
  await expect(notice.getByRole('button', { name: 'Go to Adjustments' })).toBeVisible();
  await page.waitForTimeout(3000);
  expect(calls.all.filter((path) => path.includes('tblInvAdjustment'))).toEqual([]);
  await shot(page, 'flows-04-bare-adjustment-lines-en');

  // A screen kept open across tabs fails: the error page; home from there stays home, and the screen asks no more.
  await page.route('**/api/tWhse/findPage', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 400, msg: 'failed', data: null }),
    }),
  );
  await openScreen(page, 'Master data', 'Warehouses', /\/error\/400$/);
  calls.all.length = 0;
  await page.getByRole('button', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForTimeout(3000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.tab-pane:not([hidden])')).toHaveAttribute('data-tab', '/');
  expect(calls.all.filter((path) => path.includes('/tWhse/'))).toEqual([]);
  expect(calls.all.length).toBeLessThanOrEqual(6);
  await shot(page, 'flows-05-home-after-error-en');
});
