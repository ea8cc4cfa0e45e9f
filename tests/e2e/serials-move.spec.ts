import { expect, type Page, test } from '@playwright/test';
import type { SerialLookupRow } from '../../src/shared/serials';
import { callApi, dialog, field, input, login, openScreen, putStock, rows, scan, setLanguage, shot } from './ui';

// Serials of a partial move (src/server/modules/serials/README.md, "Movements") and the item's minimum shelf life
// (outbound README "Allocation"): three power banks (ACME-0034, serial-controlled, used by no other spec) are put in
// with their serials; the movement line dialog of a task of this spec's own shows the serial list for the item and
// refuses, before the server is asked, a partial move without serials and a wrong count (Chinese); with two serials
// the line is saved, the task approved, and the look-up API shows them at the destination, the third where it was.
// In English the dialog shows the list again; the item form shows the minimum shelf life field in both languages.

const ITEM = 'ACME-0034';
const FROM = 'A03-09-1';
const TO = 'A01-01-1';
const ATTRIBUTES = { genericAttrValue1: 'PB-10K', genericAttrValue2: '深圳 Shenzhen', genericAttrValue3: 'V2' };

/** The movement line dialog filled for `qty` of the power banks from FROM to TO, attributes typed. */
async function fillLine(page: Page, qty: string): Promise<void> {
  await page.locator('[data-entity="tblInvMovementDetail"]').getByTestId('add').click();
  await scan(page, 'itemNumber', ITEM);
  await scan(page, 'sourceLocationId', FROM);
  await scan(page, 'destLocationId', TO);
  await input(page, 'qty').fill(qty);
  for (const [slot, value] of Object.values(ATTRIBUTES).entries()) {
    await dialog(page)
      .getByTestId(`attribute-value-${slot + 1}`)
      .locator('input')
      .fill(value);
  }
  await expect(dialog(page).getByTestId('available-qty')).toHaveAttribute('data-qty', /^[1-9]/);
}

/** A movement task of this spec's own, made as the office would, its lines screen opened. */
async function openNewMovement(page: Page, description: string, visit: string): Promise<string> {
  const id = await callApi<number>(page, 'tblInvMovement/save', { whId: 'WH01', description });
  const tasks = await callApi<{ content: { id: number; taskId: string }[] }>(page, 'tblInvMovement/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: 'WH01' },
  });
  const taskId = tasks.content.find((task) => task.id === id)?.taskId ?? '';
  await page.goto(`/Wms/TblInvMovementDetail?taskId=${taskId}&whId=WH01&t=${visit}`);
  await expect(page.locator('[data-testid="task-header"][aria-busy="false"]', { hasText: taskId })).toBeVisible();
  return taskId;
}

const serialList = (page: Page) => dialog(page).getByTestId('line-serials');

async function submitLine(page: Page): Promise<void> {
  await dialog(page).getByTestId('dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
}

/** Submits a line the dialog refuses: the refusal is said before any confirmation (kit rule), nothing is sent. */
async function refusedLine(page: Page, text: string): Promise<void> {
  await dialog(page).getByTestId('dialog-submit').click();
  await expect(dialog(page).getByTestId('line-refusal')).toContainText(text);
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
}

test('a partial move of a serial item names its serials in the line dialog; the item form has its minimum shelf life', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const serials = [`MV${run}A`, `MV${run}B`, `MV${run}C`];
  await login(page);
  const stock = { locationId: FROM, itemNumber: ITEM, uom: 'EA', qty: '3', ...ATTRIBUTES, serialNumbers: serials.join('\n') };
  await putStock(page, `e2e serial move ${run}`, [stock]);

  // 商品: the item form shows the minimum remaining shelf life.
  await openScreen(page, '基础资料', '商品', /\/Wms\/TItemMaster/);
  await rows(page, 'tItemMaster').first().getByTestId('row-edit').click();
  await expect(field(page, 'minShelfLifeDays')).toContainText('最短剩余保质期（天）');
  await field(page, 'minShelfLifeDays').scrollIntoViewIfNeeded();
  await shot(page, 'item-min-shelf-life-zh');
  await dialog(page).getByTestId('dialog-cancel').click();

  // A movement task of this spec's own, its lines opened.
  const taskId = await openNewMovement(page, `e2e serial move ${run}`, run);

  // Two of three: the serial list shows for the item; none, then one, is refused before the server is asked.
  await fillLine(page, '2');
  await expect(serialList(page)).toContainText('已录入 0 / 需要 2');
  await refusedLine(page, `商品 ${ITEM} 受序列号管控：请填写从库位 ${FROM} 移出的 2 个单位的序列号`);
  await serialList(page)
    .locator('textarea')
    .fill(serials[0] as string);
  await refusedLine(page, '需要同样多个序列号，实际录入 1 个');
  await serialList(page).locator('textarea').fill(serials.slice(0, 2).join('\n'));
  await expect(serialList(page)).toContainText('已录入 2 / 需要 2');
  await shot(page, 'serials-move-line-zh');
  const saved = page.waitForRequest((request) => request.url().endsWith('/api/tblInvMovementDetail/save'));
  await submitLine(page);
  expect(((await saved).postDataJSON() as { serialNumbers: string }).serialNumbers).toBe(serials.slice(0, 2).join('\n'));
  await expect(dialog(page)).toHaveCount(0);
  await expect(rows(page, 'tblInvMovementDetail')).toHaveCount(1);
  await callApi(page, 'tblInvMovement/approvePlannedMove', { whId: 'WH01', taskId });
  const place = async (serialNumber: string) =>
    (await callApi<SerialLookupRow[]>(page, 'tblSnMaster/lookup', { whId: 'WH01', serialNumber }))[0]?.locationId;
  expect(await place(serials[0] as string)).toBe(TO);
  expect(await place(serials[1] as string)).toBe(TO);
  expect(await place(serials[2] as string)).toBe(FROM);

  // In English: the dialog's serial list for the last unit (a whole move names none, but may).
  await setLanguage(page, 'English');
  await openNewMovement(page, `e2e serial move ${run} 2`, `${run}2`);
  await fillLine(page, '1');
  await serialList(page)
    .locator('textarea')
    .fill(serials[2] as string);
  await expect(serialList(page)).toContainText('1 of 1 entered');
  await shot(page, 'serials-move-line-en');
  await dialog(page).getByTestId('dialog-cancel').click();

  await openScreen(page, 'Master data', 'Items', /\/Wms\/TItemMaster/);
  await rows(page, 'tItemMaster').first().getByTestId('row-edit').click();
  await expect(field(page, 'minShelfLifeDays')).toContainText('Min. shelf life (days)');
  await field(page, 'minShelfLifeDays').scrollIntoViewIfNeeded();
  await shot(page, 'item-min-shelf-life-en');
  await dialog(page).getByTestId('dialog-cancel').click();
});
