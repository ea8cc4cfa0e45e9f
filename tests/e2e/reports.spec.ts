import { expect, type Page, test } from '@playwright/test';
import { callApi, login, openScreen, pickOption, putStock, setLanguage, shot } from './ui';

// The analytic reports (issue 29 item 2) on the demo data, through the menu, in Chinese (the default) and in English:
// stock value by zone (then by item category), stock ageing by FIFO date, and the transaction volume of the last 30 days
// (the demo's own adjustments, allocations, picks and packing in WH01, made when its database was seeded). Each shows its chart
// (with the chart's own data table) and the figures as a plain captioned table; numbers in the user's language.

const DIRECTORY = { zh: '日志与报表', en: 'Logs and reports' } as const;

/** Opens a report from the menu and waits for its first figures (it runs at once for the user's first warehouse). */
async function openReport(page: Page, directory: string, menu: string, name: string, url: RegExp): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/report/${name}`) && r.request().method() === 'POST');
  await openScreen(page, directory, menu, url);
  await answered;
  await expect(page.getByTestId(`rpt-${name}`).getByTestId('rpt-table').locator('tbody tr').first()).toBeVisible();
}

const screen = (page: Page, name: string) => page.getByTestId(`rpt-${name}`);

async function rerun(page: Page, name: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/report/${name}`) && r.request().method() === 'POST');
  await screen(page, name).getByTestId('rpt-run').click();
  await answered;
}

test('stock value, stock ageing and transaction volume in Chinese and English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);

  // Stock value by zone: the chart and its figures; then by item category.
  await openReport(page, DIRECTORY.zh, '库存价值', 'stockValue', /Wms\/RptStockValue/);
  const value = screen(page, 'stockValue');
  await expect(value.locator('figure.chart[aria-label="库存价值"]')).toBeVisible();
  await expect(value.getByTestId('rpt-table').locator('thead')).toContainText('金额（单价 × 数量）');
  await expect(value.getByTestId('rpt-table').locator('caption')).toContainText('库存价值：数据');
  // Amounts read as Chinese numbers do (thousands grouped).
  await expect(value.getByTestId('rpt-table').locator('tbody td').nth(3)).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  await pickOption(page, value.getByTestId('rpt-groupBy'), '商品类别');
  await rerun(page, 'stockValue');
  // The group's column is headed by the group chosen.
  await expect(value.getByTestId('rpt-table').locator('thead th').first()).toHaveText('商品类别');
  await shot(page, 'reports-01-stock-value-zh');

  // Stock ageing: every bucket listed in order.
  await openReport(page, DIRECTORY.zh, '库龄分析', 'stockAgeing', /Wms\/RptStockAgeing/);
  const ageing = screen(page, 'stockAgeing');
  await expect(ageing.getByTestId('rpt-table').locator('tbody tr')).toHaveCount(6);
  await expect(ageing.getByTestId('rpt-table').locator('tbody tr').first().locator('td').first()).toHaveText('0–30 天');
  await shot(page, 'reports-02-stock-ageing-zh');

  // Transaction volume of the last 30 days: the demo's picks among them, labelled.
  await openReport(page, DIRECTORY.zh, '事务量', 'tranVolume', /Wms\/RptTranVolume/);
  const volume = screen(page, 'tranVolume');
  await expect(volume.getByTestId('rpt-table')).toContainText('拣货');
  await expect(volume.locator('figure.chart')).toBeVisible();
  await shot(page, 'reports-03-tran-volume-zh');

  // English: the same three screens, labels, buckets and codes in English.
  await setLanguage(page, 'English');
  // The open tabs keep their screens: each is shown again and run again in English.
  await openScreen(page, DIRECTORY.en, 'Transaction volume', /Wms\/RptTranVolume/);
  await expect(volume.getByTestId('rpt-run')).toHaveText('Run');
  await rerun(page, 'tranVolume');
  await expect(volume.getByTestId('rpt-table')).toContainText('Pick');
  await expect(volume.getByTestId('rpt-table').locator('thead')).toContainText('Transactions');
  await shot(page, 'reports-04-tran-volume-en');

  await openScreen(page, DIRECTORY.en, 'Stock ageing', /Wms\/RptStockAgeing/);
  await rerun(page, 'stockAgeing');
  await expect(ageing.getByTestId('rpt-table').locator('tbody tr').first().locator('td').first()).toHaveText('0–30 days');
  await expect(ageing.getByTestId('rpt-table').locator('tbody td').nth(4)).toHaveText(/^\d+(\.\d)?%$/);
  await shot(page, 'reports-05-stock-ageing-en');

  await openScreen(page, DIRECTORY.en, 'Stock value', /Wms\/RptStockValue/);
  await rerun(page, 'stockValue');
  await expect(value.locator('figure.chart[aria-label="Stock value"]')).toBeVisible();
  await expect(value.getByTestId('rpt-table').locator('thead')).toContainText('Value (price × qty)');
  await shot(page, 'reports-06-stock-value-en');
});

test('picking productivity and order cycle time in Chinese and English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);

  // Picking productivity of the last 30 days: the demo's picks, confirmed when its database was seeded, by their picker.
  await openReport(page, DIRECTORY.zh, '拣货效率', 'pickProductivity', /Wms\/RptPickProductivity/);
  const picks = screen(page, 'pickProductivity');
  await expect(picks.getByTestId('rpt-table').locator('thead')).toContainText('每小时拣货行数');
  await expect(picks.locator('figure.chart')).toBeVisible();
  await shot(page, 'reports-07-pick-productivity-zh');

  // Order cycle time: every bucket listed in order, from confirmation to shipment, and the orders not shipped yet.
  await openReport(page, DIRECTORY.zh, '订单履行时效', 'orderCycle', /Wms\/RptOrderCycle/);
  const cycle = screen(page, 'orderCycle');
  await expect(cycle.getByTestId('rpt-table').locator('tbody tr')).toHaveCount(7);
  await expect(cycle.getByTestId('rpt-table').locator('tbody tr').first().locator('td').first()).toHaveText('4 小时内');
  await expect(cycle.getByTestId('rpt-table').locator('tbody tr').last().locator('td').first()).toHaveText('未发运');
  await shot(page, 'reports-08-order-cycle-zh');

  await setLanguage(page, 'English');
  await openScreen(page, DIRECTORY.en, 'Order cycle time', /Wms\/RptOrderCycle/);
  await rerun(page, 'orderCycle');
  await expect(cycle.getByTestId('rpt-table').locator('tbody tr').first().locator('td').first()).toHaveText('Under 4 h');
  await expect(cycle.getByTestId('rpt-table').locator('tbody tr').last().locator('td').first()).toHaveText('Not shipped yet');
  await shot(page, 'reports-09-order-cycle-en');

  await openScreen(page, DIRECTORY.en, 'Picking productivity', /Wms\/RptPickProductivity/);
  await rerun(page, 'pickProductivity');
  await expect(picks.getByTestId('rpt-table').locator('thead')).toContainText('Lines per hour');
  await shot(page, 'reports-10-pick-productivity-en');
});

/** Counts `item` at its locations in zone AMB, each found as given (the book says what putStock put in). */
async function countAt(page: Page, item: string, found: Record<string, string>): Promise<void> {
  const locations = Object.keys(found).sort();
  await callApi(page, 'tblCycleCountTask/generateCountTaskByLocItem', {
    whId: 'WH01',
    zone: 'AMB',
    itemNumber: item,
    fromLocation: locations[0],
    toLocation: locations.at(-1),
  });
  const tasks = await callApi<{ content: { locationId: string }[] }>(page, 'tblCycleCountTask/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: 'WH01', itemNumber: item, status: 'N' },
  });
  expect(tasks.content.map((task) => task.locationId).sort()).toEqual(locations);
  for (const task of tasks.content) {
    await callApi(page, 'tblCycleCountTask/save', { ...task, cycleCountQty: found[task.locationId] });
  }
}

test('inventory accuracy by zone and by item in Chinese and English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  // An item no other spec touches, at two locations of zone AMB: 10 on the book counted 9, 5 counted 5.
  const item = 'ACME-0047';
  await putStock(page, 'e2e count accuracy', [
    { locationId: 'A03-05-2', itemNumber: item, uom: 'EA', qty: '10' },
    { locationId: 'A03-06-2', itemNumber: item, uom: 'EA', qty: '5' },
  ]);
  await countAt(page, item, { 'A03-05-2': '9', 'A03-06-2': '5' });

  // By zone, for the item: AMB with two locations, one exact (50 %), one line of two with a difference, 1 unit at 2.50.
  await openReport(page, DIRECTORY.zh, '盘点准确率', 'countAccuracy', /Wms\/RptCountAccuracy/);
  const accuracy = screen(page, 'countAccuracy');
  await accuracy.getByTestId('rpt-item').locator('input').fill(item);
  await pickOption(page, accuracy.getByTestId('rpt-groupBy'), '库区');
  await rerun(page, 'countAccuracy');
  const table = accuracy.getByTestId('rpt-table');
  await expect(table.locator('thead th').first()).toHaveText('库区');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['AMB', '2', '1', '50%', '2', '1', '50%', '1', '2.5']);
  await shot(page, 'reports-11-count-accuracy-zone-zh');

  // By item within the zone: the item's row among the zone's counted items.
  await accuracy.getByTestId('rpt-item').locator('input').fill('');
  await accuracy.getByTestId('rpt-zone').locator('input').fill('AMB');
  await pickOption(page, accuracy.getByTestId('rpt-groupBy'), '商品');
  await rerun(page, 'countAccuracy');
  await expect(table.locator('thead th').first()).toHaveText('商品');
  await expect(table.locator('tbody tr').filter({ hasText: item }).locator('td').nth(3)).toHaveText('50%');
  await shot(page, 'reports-12-count-accuracy-item-zh');

  await setLanguage(page, 'English');
  await openScreen(page, DIRECTORY.en, 'Count accuracy', /Wms\/RptCountAccuracy/);
  await rerun(page, 'countAccuracy');
  await expect(table.locator('thead th').first()).toHaveText('Item');
  // The group chosen before the switch reads in English too (the select's own label is redrawn).
  await expect(accuracy.getByTestId('rpt-groupBy').locator('input.select__display-input')).toHaveValue('Item');
  await expect(table.locator('thead')).toContainText('Exact locations');
  await expect(table.locator('tbody tr').filter({ hasText: item }).locator('td').nth(3)).toHaveText('50%');
  await shot(page, 'reports-13-count-accuracy-item-en');
});
