import { expect, type Page, test } from '@playwright/test';
import { login, openScreen, pickOption, setLanguage, shot } from './ui';

// Lot trace (issue 26 item 6) on the demo data: in Chinese at 1440 wide, the order DEMO-SO-3A (packed into two
// labelled cartons of an open delivery) → the lots it took, its customer and its delivery; one of those lots → the
// customers that got it (the recall question answered by one section), its ledger rows and what is left on hand. In
// English at 360 wide, the delivery → its lots; the sections scroll by themselves, the page does not.

const section = (page: Page, name: string) => page.getByTestId(`trace-${name}`);

async function trace(page: Page, kind: RegExp, value: string): Promise<void> {
  await pickOption(page, page.getByTestId('trace-kind'), kind);
  await page.getByTestId('trace-number').locator('input').fill(value);
  const answered = page.waitForResponse((r) => r.url().includes('/api/trace/') && r.request().method() === 'POST');
  await page.getByTestId('trace-search').click();
  await answered;
}

test('trace an order, then its lot, in Chinese and English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await openScreen(page, '库存管理', '批次追溯', /Wms\/Trace/);
  await expect(page.getByText('选择仓库，输入批次号')).toBeVisible();
  await pickOption(page, page.getByTestId('trace-wh'), /^WH01/);
  await trace(page, /^订单号$/, 'DEMO-SO-3A');
  await expect(section(page, 'customers')).toContainText('蓝海电商 天猫店 Blue Ocean Tmall store');
  await expect(section(page, 'customers').locator('h3')).toHaveText('发往客户 1');
  const lots = section(page, 'lots').locator('tbody tr');
  await expect(lots.first()).toBeVisible();
  await expect(section(page, 'cartons').locator('tbody tr')).toHaveCount(2);
  // In its delivery, or shipped already when pod-unattached.spec.ts ran before on this server (it ships DL00000001).
  await expect(section(page, 'cartons')).toContainText(/已交接|已发运/);
  await shot(page, 'trace-01-order-zh-1440');

  // One of its lots, forward: who got it, its ledger rows, what is left.
  const lot = (await lots.first().locator('td').nth(1).textContent())?.trim() ?? '';
  expect(lot).not.toBe('');
  await trace(page, /^批次号$/, lot);
  await expect(section(page, 'customers')).toContainText('蓝海电商 天猫店 Blue Ocean Tmall store');
  await expect(section(page, 'movements').locator('tbody tr').first()).toBeVisible();
  await expect(section(page, 'movements')).toContainText('拣货');
  await expect(section(page, 'onHand').locator('h3')).toContainText('当前库存');
  await shot(page, 'trace-02-lot-zh-1440');

  // English, on a phone: the delivery of those cartons → its lots.
  const delivery = (await section(page, 'cartons').locator('tbody tr').first().locator('td').nth(6).textContent())?.trim() ?? '';
  expect(delivery).toMatch(/^DL/);
  await setLanguage(page, 'English');
  await expect(page.getByTestId('trace-search')).toHaveText('Trace');
  await page.setViewportSize({ width: 360, height: 640 });
  await trace(page, /^Delivery number$/, delivery);
  await expect(section(page, 'customers').locator('h3')).toHaveText('Shipped to: customers 1');
  await expect(section(page, 'lots')).toContainText(lot);
  await expect(section(page, 'deliveries')).toContainText(delivery);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'trace-03-delivery-en-360');
});
