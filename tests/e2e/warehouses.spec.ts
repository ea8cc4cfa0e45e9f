import { expect, type Page, test } from '@playwright/test';
import { filterList } from './ui';

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function confirmDialog(page: Page): Promise<void> {
  await page.getByTestId('confirm-ok').click();
}

test('an administrator manages warehouses from the menu, in Chinese and then in English', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await shot(page, '01-login-zh');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('Admin#2024');
  await page.getByRole('button', { name: '登录' }).click();

  // The menu tree: open 基础资料, then the warehouse screen, which opens in a tab.
  await page.locator('.menu-label', { hasText: '基础资料' }).click();
  await page.locator('.menu-label').getByText('仓库', { exact: true }).click();
  await expect(page).toHaveURL(/\/Wms\/TWhse/);
  await expect(page.locator('.workspace-tabs')).toContainText('仓库');
  await expect(page.getByText('WH01').first()).toBeVisible();
  await shot(page, '02-warehouses-zh');

  // Add.
  await page.getByTestId('add').click();
  await field(page, 'field-whId').fill('E2E1');
  await field(page, 'field-name').fill('端到端测试仓');
  await field(page, 'field-city').fill('宁波');
  await shot(page, '03-add-dialog-zh');
  await page.getByTestId('dialog-submit').click();
  await confirmDialog(page);
  await expect(page.getByTestId('form-dialog')).not.toHaveAttribute('open', '');

  // Filter on the new warehouse.
  await filterList(page, 'tWhse', { whId: 'E2E%' }, 1);
  await expect(page.locator('[role="row"][row-index]').first()).toContainText('端到端测试仓');

  // Edit.
  await page.getByTestId('row-edit').first().click();
  await expect(field(page, 'field-whId')).toHaveAttribute('readonly', '');
  await field(page, 'field-name').fill('端到端测试仓（已改）');
  await page.getByTestId('dialog-submit').click();
  await confirmDialog(page);
  await expect(page.locator('[role="row"][row-index]').first()).toContainText('端到端测试仓（已改）');
  await shot(page, '04-edited-zh');

  // Delete after the confirmation.
  await page.getByTestId('row-delete').first().click();
  await expect(page.getByText('Do you confirm the deletion?').or(page.getByText('确认删除'))).toBeVisible();
  await confirmDialog(page);
  await expect(page.locator('[role="row"][row-index]')).toHaveCount(0);

  // English: the menu, the tab and the screen follow.
  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name: 'English' }).click();
  await expect(page.locator('.menu-label', { hasText: 'Master data' })).toBeVisible();
  await expect(page.locator('.workspace-tabs')).toContainText('Warehouses');
  await page.getByTestId('reset').click();
  await expect(page.getByText('WH01').first()).toBeVisible();
  await expect(page.getByText('Warehouse ID').first()).toBeVisible();
  await expect(page.getByTestId('pager').locator('sl-select input').first()).toHaveValue('10 / page');
  await shot(page, '05-warehouses-en');

  // Log out after the confirmation.
  await page.locator('.header-user').click();
  await page.locator('.user-card-logout').click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login/);
  await shot(page, '06-logged-out-en');
});
