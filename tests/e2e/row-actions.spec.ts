import { expect, type Page, test } from '@playwright/test';
import { rowButton } from './grid';
import { confirmOk, login, openPo, rows, setLanguage, shot } from './ui';

// Issue 27 item 8: a list with more than three row actions keeps one button per row (the PO's lines) and folds the
// others into the row's menu (RowActionsCell), so the PO list at 1440 px shows its data: at least 8 columns, not 5 beside
// six buttons. The menu's actions work and keep their permissions and locks: a cancelled PO's receive, edit and cancel
// stay disabled in it.

const PO = 'ROWACT-PO-1';
const list = (page: Page) => page.locator('[data-entity="tPoMaster"]');

/** The data columns (neither the check box nor the operation column) wholly in view in the grid. */
async function columnsInView(page: Page): Promise<string[]> {
  const grid = list(page).locator('.ag-root-wrapper');
  const gridBox = await grid.boundingBox();
  const actionsBox = await grid.locator('.ag-header-cell[col-id="__actions"]').boundingBox();
  if (!gridBox || !actionsBox) throw new Error('the PO list has no grid or no operation column');
  const cells = await grid.locator('.ag-header-cell[col-id]').evaluateAll((headers) =>
    headers.map((header) => {
      const box = header.getBoundingClientRect();
      return { id: header.getAttribute('col-id') ?? '', left: box.left, right: box.right, width: box.width };
    }),
  );
  return cells
    .filter((c) => c.id !== '__actions' && !c.id.startsWith('ag-Grid') && c.width > 0)
    .filter((c) => c.left >= gridBox.x - 1 && c.right <= actionsBox.x + 1)
    .map((c) => c.id);
}

/** The row of the test's PO, the list filtered to it. */
async function poRow(page: Page) {
  await list(page).getByTestId('filter-poNumber').locator('input').fill(PO);
  await list(page).getByTestId('search').click();
  await expect(rows(page, 'tPoMaster')).toHaveCount(1);
  return rows(page, 'tPoMaster');
}

test('the PO list folds its row actions into a menu and shows its data, in Chinese and in English', async ({ page }) => {
  await login(page, '/');
  await openPo(page, PO, { itemNumber: 'ACME-0001', qty: '10', orderUom: 'CUP' });
  await page.goto('/Wms/TPoMaster');
  const row = await poRow(page);

  // One button (the lines) and the menu; the other five actions are not buttons of the row.
  await expect(row.getByTestId('row-lines')).toBeVisible();
  await expect(row.getByTestId('row-menu')).toBeVisible();
  for (const action of ['edit', 'delete', 'receive', 'reconcile', 'cancel'])
    await expect(row.getByTestId(`row-${action}`)).toHaveCount(0);
  expect((await columnsInView(page)).length).toBeGreaterThanOrEqual(8);

  // The menu names the others; Receive opens the receiving desk on this PO.
  const receive = await rowButton(row, 'receive');
  const menu = page.locator('.wharf-row-menu');
  await expect(menu).toContainText('编辑');
  await expect(menu).toContainText('对账');
  await expect(menu).toContainText('取消订单');
  await shot(page, 'row-actions-po-menu-zh');
  await receive.click();
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/Wms/Receiving\\?.*poNumber=${PO}`));
  await expect(page.getByTestId('receiving-page').filter({ visible: true })).toBeVisible();

  // English: cancel the PO from the menu; its receive, edit and cancel are then disabled there, its lines still open.
  await page.goto('/Wms/TPoMaster');
  await setLanguage(page, 'English');
  const enRow = await poRow(page);
  expect((await columnsInView(page)).length).toBeGreaterThanOrEqual(8);
  await (await rowButton(enRow, 'cancel')).click();
  await confirmOk(page);
  await expect(enRow).toContainText('Cancelled');
  for (const action of ['receive', 'edit', 'cancel'])
    await expect(await rowButton(enRow, action)).toHaveAttribute('disabled', '');
  await expect(menu).toContainText('Reconcile');
  await shot(page, 'row-actions-po-menu-en');
  // Escape closes the menu; the lines stay one click away.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(enRow.getByTestId('row-lines')).not.toHaveAttribute('disabled', '');
});
