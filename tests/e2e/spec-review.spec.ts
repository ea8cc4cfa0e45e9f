import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { callApi, login, pickOption, rows, setLanguage, shot } from './ui';

// Issue 26, "spec deviations found by a statement-by-statement review", on the screens, in Chinese then in English:
// dates read yyyy-MM-dd in every language and the Excel export holds real dates (spec 001 §9); spec 001 lists are 560 px
// high and the generic table 440 (spec 000 §9); dialogs are 40 % of the screen with a minimum on a small one (spec 000
// §9); the wave-load dialog's load id reaches the wave detail (spec 001 §3); "Remove order" on the wave order screen
// asks first; the wave screens' links carry t. Orders of their own ship-date range (2039), so no other spec's wave
// load sees them.

interface Texts {
  lang: 'zh' | 'en';
  range: [string, string];
  shipDate: RegExp;
  loadIdHeader: string;
  added: RegExp;
  /** How the old screens wrote 2026-11-30 in this language. */
  oldDate: string;
}

const ZH: Texts = {
  lang: 'zh',
  range: ['2039-03-01', '2039-03-02'],
  shipDate: /按发货日期选单/,
  loadIdHeader: '装载单号',
  added: /已将 2 个订单加入波次/,
  oldDate: '2026年11月30日',
};
const EN: Texts = {
  lang: 'en',
  range: ['2039-04-01', '2039-04-02'],
  shipDate: /Orders by ship date/,
  loadIdHeader: 'Load ID',
  added: /Orders added to wave WV-SR-en-\d+: 2/,
  oldDate: 'Nov 30, 2026',
};

const list = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"]`).filter({ visible: true });
const grid = (page: Page, tableId: string) =>
  page.locator(`[data-table-id="${tableId}"] .wharf-table__grid`).filter({ visible: true });
/** The dialog's panel, the box the user sees (inside the Shoelace dialog's shadow root). */
const panel = (dialog: Locator) => dialog.locator('[part="panel"]');

async function heightOf(locator: Locator): Promise<number> {
  return Math.round((await locator.boundingBox())?.height ?? 0);
}
async function widthOf(locator: Locator): Promise<number> {
  return Math.round((await locator.boundingBox())?.width ?? 0);
}

/** A wave being built and two confirmed ACME orders shipping in the test's range, ordered 2026-11-30, through the API. */
async function waveAndOrders(page: Page, x: Texts): Promise<{ waveId: string; orders: string[] }> {
  const stamp = Date.now();
  const waveId = `WV-SR-${x.lang}-${stamp}`;
  await callApi(page, 'tWaveMaster/save', { whId: 'WH01', waveId, sequence: 1, priority: 50, workersRequired: 1 });
  const [unit] = await callApi<{ optionValue: string }[]>(page, 'globalOptions/getItemBaseUom', {
    whId: 'WH01',
    itemNumber: 'ACME-0001',
  });
  const orders = [1, 2].map((n) => `SR-${x.lang}-${stamp}-${n}`);
  for (const [i, orderNumber] of orders.entries()) {
    await callApi(page, 'tOrder/save', {
      whId: 'WH01',
      clientCode: 'ACME',
      orderNumber,
      typeId: 'SO',
      priority: 50,
      orderDate: '2026-11-30',
      earliestShipDate: x.range[i % 2],
      latestShipDate: '2039-12-31',
    });
    await callApi(page, 'tOrderDetail/save', {
      whId: 'WH01',
      orderNumber,
      lineNumber: 1,
      itemNumber: 'ACME-0001',
      qty: '1',
      orderUom: unit?.optionValue,
    });
    await callApi(page, 'tOrder/confirmOrder', { whId: 'WH01', orderNumber });
  }
  return { waveId, orders };
}

async function reviewFlow(page: Page, x: Texts): Promise<void> {
  const { waveId, orders } = await waveAndOrders(page, x);

  // The wave detail, opened as its list opens it: a spec 001 list, 560 px high.
  await page.goto(`/Wms/TAfoWaveDetail?whId=WH01&waveId=${waveId}&t=${Date.now()}`);
  await expect(page.getByTestId('wave-header').filter({ visible: true })).toContainText(waveId);
  await expect.poll(() => heightOf(grid(page, 'tAfoWaveDetail'))).toBe(560);

  // The wave-load dialog: 40 % of the 1440 px screen, with the load id.
  await list(page, 'tAfoWaveDetail').getByTestId('add-order').click();
  const load = page.getByTestId('wave-load-dialog');
  await expect(panel(load)).toBeVisible();
  await expect.poll(() => widthOf(panel(load))).toBe(Math.round(1440 * 0.4));
  await pickOption(page, load.getByTestId('load-client'), /^ACME/);
  await pickOption(page, load.getByTestId('load-profile'), x.shipDate);
  await load.getByTestId('load-override-1').locator('input').fill(x.range[0]);
  await load.getByTestId('load-override-2').locator('input').fill(x.range[1]);
  await load.getByTestId('load-id').locator('input').fill(`LD-${x.lang}`);
  await shot(page, `spec-review-01-load-dialog-${x.lang}`);
  await load.getByTestId('load-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(new RegExp(`/Wms/TAfaViewWaveOrder\\?whId=WH01&waveId=${waveId}&userName=admin&t=\\d+`));

  // The working set: dates yyyy-MM-dd (not "Nov 30, 2026" / "2026年11月30日" style), and real dates in its Excel file.
  await expect(rows(page, 'tAfaViewWaveOrder')).toHaveCount(2);
  const working = list(page, 'tAfaViewWaveOrder');
  await expect(working).toContainText(x.range[0]);
  await expect(working).toContainText('2039-12-31');
  await expect.poll(() => heightOf(grid(page, 'tAfaViewWaveOrder'))).toBe(560);
  const [download] = await Promise.all([page.waitForEvent('download'), working.getByTestId('export').click()]);
  const sheet = (await readSheet(readFileSync(await download.path()))) as unknown[][];
  const dates = sheet.slice(1).flatMap((row) => row.filter((cell): cell is Date => cell instanceof Date));
  expect(dates.map((d) => d.toISOString().slice(0, 10)).sort()).toEqual([...x.range, '2039-12-31', '2039-12-31'].sort());
  expect(sheet.flat().some((cell) => typeof cell === 'string' && /2039/.test(cell))).toBe(false);

  // Both into the wave (through the API's select, the screen's add dialog).
  const ids = (
    await callApi<{ content: { id: number }[] }>(page, 'tAfaViewWaveOrder/findPage', {
      pageNum: 1,
      pageSize: 10,
      columnFilters: { whId: 'WH01', waveId, userName: 'admin' },
    })
  ).content.map((r) => r.id);
  await callApi(page, 'tAfaViewWaveOrder/handleSelect', ids);
  await working.getByTestId('add-order').click();
  const add = page.getByTestId('add-order-dialog');
  await expect.poll(() => widthOf(panel(add))).toBe(Math.round(1440 * 0.4));
  await add.getByTestId('add-order-name').locator('input').fill('spec review');
  await add.getByTestId('add-order-submit').click();
  await expect(page.locator('.wharf-toast, sl-alert').filter({ hasText: x.added }).first()).toBeAttached();

  // Remove order asks first (as the wave detail's delete does); cancelled, nothing leaves the wave.
  await callApi(page, 'tAfaViewWaveOrder/handleSelect', ids.slice(0, 1));
  await working.getByTestId('remove-order').click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await shot(page, `spec-review-02-remove-confirm-${x.lang}`);
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);

  // The wave detail shows each order's load id.
  await working.getByTestId('view-detail').click();
  await expect(page).toHaveURL(new RegExp(`/Wms/TAfoWaveDetail\\?whId=WH01&waveId=${waveId}&t=\\d+`));
  const detail = list(page, 'tAfoWaveDetail');
  await expect(rows(page, 'tAfoWaveDetail').filter({ visible: true })).toHaveCount(2);
  await expect(detail.locator('.ag-header-cell-text', { hasText: x.loadIdHeader })).toBeVisible();
  for (const order of orders)
    await expect(detail.locator('[role="row"]', { hasText: order }).first()).toContainText(`LD-${x.lang}`);
  await shot(page, `spec-review-03-wave-detail-${x.lang}`);

  // The order list writes its order date 2026-11-30 in this language too.
  await page.goto(`/Wms/TOrder?t=${Date.now()}`);
  const orderList = list(page, 'tOrder');
  await orderList
    .getByTestId('filter-orderNumber')
    .locator('input')
    .fill(orders[0] ?? '');
  await orderList.getByTestId('search').click();
  await expect(rows(page, 'tOrder').filter({ visible: true })).toHaveCount(1);
  await expect(orderList).toContainText('2026-11-30');
  await expect(orderList).not.toContainText(x.oldDate);
  await shot(page, `spec-review-04-orders-${x.lang}`);
}

test.describe('spec review (issue 26)', () => {
  test('in Chinese: dates, heights, dialog widths, the load id and the remove confirmation', async ({ page }) => {
    await login(page);
    await reviewFlow(page, ZH);
  });

  test('in English: the same, and the generic table 440 px, a small screen’s dialog at its minimum', async ({ page }) => {
    await login(page);
    await setLanguage(page, 'English');
    await expect(page.locator('.shell-header')).toContainText('admin');
    await reviewFlow(page, EN);

    // A screen spec 000 describes keeps the generic table's 440 px.
    await page.goto('/sys/user');
    await expect.poll(() => heightOf(grid(page, 'user'))).toBe(440);

    // 40 % of 800 px is narrower than a usable form: the dialog keeps its minimum (440 px).
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/Wms/TWaveMaster?t=${Date.now()}`);
    await list(page, 'tWaveMaster').getByTestId('add').click();
    const form = page.locator('[data-testid="form-dialog"][open]');
    await expect(panel(form)).toBeVisible();
    await expect.poll(() => widthOf(panel(form))).toBe(440);
    await shot(page, 'spec-review-05-small-dialog-en');
  });

  test('RF configuration: Search is disabled without :view (spec 001 §6), Add follows :add', async ({
    page,
    browser,
    baseURL,
  }) => {
    await login(page);
    // A role with the RF option screen and only sys:rfMainProcessDetail:add, and its user in WH01.
    type Menu = { id: number; url: string | null; perms: string | null; children: Menu[] };
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const tree = (await (await page.request.get('/api/menu/findMenuTree', { headers: { token: token ?? '' } })).json()) as {
      data: Menu[];
    };
    const flat = (nodes: Menu[]): Menu[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const menus = flat(tree.data);
    const menuIds = [
      menus.find((m) => m.url === 'Wms/RfSubProcessOption')?.id,
      menus.find((m) => m.perms === 'sys:rfMainProcessDetail:add')?.id,
    ];
    const stamp = Date.now();
    const roleId = await callApi<number>(page, 'role/save', { name: `rf-add-${stamp}`, remark: 'spec review' });
    await callApi(page, 'role/saveRoleMenus', { roleId, menuIds });
    const name = `rfadd${stamp}`;
    await callApi(page, 'user/save', {
      name,
      status: '1',
      language: 'zh_cn',
      password: 'RfAdd#2024',
      roleIds: [roleId],
      warehouses: [{ whId: 'WH01', clientCodes: null }],
    });
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const other = await context.newPage();
    await login(other, '/Wms/RfSubProcessOption', name, 'RfAdd#2024');
    const screen = other.locator('[data-entity="rfSubProcessOption"]');
    await expect(screen.getByTestId('add')).not.toHaveAttribute('disabled', '');
    await expect(screen.getByTestId('search')).toHaveAttribute('disabled', '');
    await shot(other, 'spec-review-06-rf-search-without-view-zh');
    await context.close();
  });
});
