import { expect, type Page, test } from '@playwright/test';
import { filterList, login } from './ui';

const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input').first();

test('a client is added to a chosen warehouse, refused as a duplicate, and removed by batch delete', async ({ page }) => {
  await login(page);
  await page.locator('.menu-label', { hasText: '基础资料' }).click();
  await page.locator('.menu-label').getByText('客户', { exact: true }).click();
  await expect(page).toHaveURL(/\/Wms\/TClient/);
  await expect(page.getByText('ACME').first()).toBeVisible();

  // The warehouse comes from the user's warehouses, not free text.
  await page.getByTestId('add').click();
  await page.getByTestId('field-whId').click();
  await page.getByRole('option', { name: /^WH02/ }).click();
  await field(page, 'field-clientCode').fill('E2EC');
  await field(page, 'field-name').fill('端到端客户');
  await field(page, 'field-email').fill('not-an-email');
  await field(page, 'field-phone').click();
  await expect(page.getByTestId('error-email')).not.toBeEmpty();
  await field(page, 'field-email').fill('e2e@example.com');
  await page.getByTestId('dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
  await page.screenshot({ path: 'tests/artifacts/11-client-added-zh.png', fullPage: true });

  // The same code in the same warehouse is refused with the server's message; the dialog stays open.
  await page.getByTestId('add').click();
  await page.getByTestId('field-whId').click();
  await page.getByRole('option', { name: /^WH02/ }).click();
  await field(page, 'field-clientCode').fill('E2EC');
  await field(page, 'field-name').fill('重复客户');
  await page.getByTestId('dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('仓库编号 + 客户代码已存在').first()).toBeVisible();
  await page.screenshot({ path: 'tests/artifacts/12-client-duplicate-zh.png', fullPage: true });
  await page.getByTestId('dialog-cancel').click();

  await filterList(page, 'tClient', { clientCode: 'E2EC' }, 1);
  await expect(page.locator('[role="row"][row-index]').first()).toContainText('WH02');
  await page.locator('[role="row"][row-index]').first().getByRole('checkbox').click();
  await page.getByTestId('batch-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('[role="row"][row-index]')).toHaveCount(0);
});
