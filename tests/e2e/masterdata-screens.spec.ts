import { expect, type Page, test } from '@playwright/test';
import { login, openScreen, rows, shot } from './ui';

// Each open tab keeps its screen: look only at the rows of the entity's list.
const items = (page: Page) => page.locator('[data-entity="tItemMaster"]');

test('the demo items, locations and reason codes are listed and edited from the generic screens, in both languages', async ({
  page,
}) => {
  await login(page);

  await openScreen(page, '基础资料', '商品', /\/Wms\/TItemMaster/);
  await expect(rows(page, 'tItemMaster').first()).toContainText('ACME-0001');
  await expect(page.getByText('批次管理').first()).toBeVisible();
  await shot(page, '21-items-zh');

  // The edit form of a lot-controlled item: keys locked, code lists labelled.
  await rows(page, 'tItemMaster').first().getByTestId('row-edit').click();
  await expect(items(page).getByTestId('field-itemNumber').locator('input')).toHaveAttribute('readonly', '');
  await expect(items(page).getByTestId('field-lotControl').locator('input').first()).toHaveValue('是');
  await shot(page, '22-item-form-zh');
  await items(page).getByTestId('dialog-cancel').click();

  await openScreen(page, '基础资料', '库位', /\/Wms\/TLocation/);
  await expect(rows(page, 'tLocation').first()).toContainText('混放位');
  await shot(page, '23-locations-zh');

  await openScreen(page, '基础资料', '原因代码', /\/Wms\/TReason/);
  await expect(rows(page, 'tReason').first()).toContainText('库存调整');
  await expect(rows(page, 'tReason').getByText('冻结', { exact: true }).first()).toBeVisible();

  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name: 'English' }).click();
  await openScreen(page, 'Master data', 'Items', /\/Wms\/TItemMaster/);
  await expect(page.getByText('Lot control').first()).toBeVisible();
  await shot(page, '24-items-en');
  await rows(page, 'tItemMaster').first().getByTestId('row-edit').click();
  await expect(items(page).getByTestId('form-dialog')).toContainText('Lot control');
  // The code list that showed 是 in Chinese now shows the English label.
  await expect(items(page).getByTestId('field-lotControl').locator('input').first()).toHaveValue('Yes');
  await shot(page, '25-item-form-en');
  await items(page).getByTestId('dialog-cancel').click();
  await openScreen(page, 'Master data', 'Dock doors', /\/Wms\/TDockDoor/);
  await expect(rows(page, 'tDockDoor').first()).toContainText('STG-IN-01');
  await shot(page, '26-dock-doors-en');
});
