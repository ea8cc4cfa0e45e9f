import { expect, type Page, test } from '@playwright/test';
import { rowAction, rowWhere, scrollToStart } from './grid';
import { callApi, dialog, field, input, login, openScreen, putStock, setLanguage, shot, submitDialog } from './ui';

// A count of a serial-controlled item names the serials found (src/server/modules/serials/README.md, "Counts"): two
// units of ACME-0094 (serial-controlled, used by no other spec) are put in with their serials at a location of this
// spec's own and a count task is made for them (API); the count dialog asks one serial per unit counted — too few
// refused before the server is asked (Chinese) —, then (English) the count names one serial in stock and one never
// recorded; the adjustment generated from it carries the new serial up and the missing one down.

const ITEM = 'ACME-0094';
const LOCATION = 'A03-12-1';
const ENTITY = 'tblCycleCountTask';
const tasks = (page: Page) => page.locator(`[data-entity="${ENTITY}"]`).filter({ visible: true });

interface AdjustmentLine {
  qty: string;
  serialNumbers: string | null;
}

test('the count dialog asks the serials found of a serial-controlled item, and the adjustment carries them', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36).toUpperCase();
  const [kept, missing, found] = [`CC${run}A`, `CC${run}B`, `CC${run}C`];
  await login(page);

  // Two units in stock with their serials (an adjustment up names them), and a count task for them.
  const attributes = { genericAttrValue1: 'PB-10K', genericAttrValue2: '深圳 Shenzhen', genericAttrValue3: 'V2' };
  const stock = {
    locationId: LOCATION,
    itemNumber: ITEM,
    uom: 'EA',
    qty: '2',
    ...attributes,
    serialNumbers: `${kept}\n${missing}`,
  };
  await putStock(page, `e2e serial count ${run}`, [stock]);
  const locations = await callApi<{ content: { zone: string }[] }>(page, 'tLocation/findPage', {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: 'WH01', locationId: LOCATION },
  });
  const zone = locations.content[0]?.zone ?? '';
  const made = await callApi<{ firstWorkQId: string }>(page, `${ENTITY}/generateCountTaskByLocItem`, {
    whId: 'WH01',
    zone,
    itemNumber: ITEM,
    fromLocation: LOCATION,
    toLocation: LOCATION,
  });
  const workQId = made.firstWorkQId;

  // 循环盘点: the count dialog shows the serial list once a quantity is typed; one serial for two is refused.
  await openScreen(page, '库存管理', '循环盘点', /\/Wms\/TblCycleCountTask/);
  const list = tasks(page);
  await list.getByTestId('filter-workQId').locator('input').fill(workQId);
  await list.getByTestId('search').click();
  await scrollToStart(list);
  await (await rowAction(list, await rowWhere(list, workQId), 'edit')).click();
  await expect(dialog(page)).toContainText(LOCATION);
  const serials = field(page, 'serialNumbers');
  await expect(serials).toHaveCount(0);
  await input(page, 'cycleCountQty').fill('2');
  const area = dialog(page).getByTestId('count-serials');
  await expect(area).toContainText('已录入 0 / 需要 2');
  await area.locator('textarea').fill(kept);
  await expect(area).toContainText('已录入 1 / 需要 2');
  // Said before any confirmation (kit rule: the checks first), and nothing is sent.
  await dialog(page).getByTestId('dialog-submit').click();
  await expect(dialog(page).getByTestId('count-serials-problem')).toContainText('需要同样多个序列号，实际录入 1 个');
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
  await shot(page, 'serials-count-dialog-zh');
  await dialog(page).getByTestId('dialog-cancel').click();
  await expect(dialog(page)).toHaveCount(0);

  // In English: counted with the serial kept and one never recorded (the other one is not there).
  await setLanguage(page, 'English');
  await (await rowAction(list, await rowWhere(list, workQId), 'edit')).click();
  await input(page, 'cycleCountQty').fill('2');
  await area.locator('textarea').fill(`${kept}\n${kept}`);
  await dialog(page).getByTestId('dialog-submit').click();
  await expect(dialog(page).getByTestId('count-serials-problem')).toContainText(`Serial ${kept} of item ${ITEM} given twice`);
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
  await area.locator('textarea').fill(`${kept}\n${found}`);
  await expect(area).toContainText('2 of 2 entered');
  await shot(page, 'serials-count-dialog-en');
  await submitDialog(page);

  // The adjustment made from the count: the serial found up, the serial missing down.
  const task = await callApi<{ content: { id: number; serialNumbers: string }[] }>(page, `${ENTITY}/findPage`, {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: 'WH01', workQId },
  });
  expect(task.content[0]?.serialNumbers).toBe(`${kept}\n${found}`);
  const adjustment = await callApi<{ adjustmentTaskId: string }>(page, `${ENTITY}/generateAdjustmentTask`, {
    whId: 'WH01',
    ids: [task.content[0]?.id],
  });
  const lines = await callApi<{ content: AdjustmentLine[] }>(page, 'tblInvAdjustmentDetail/findPage', {
    pageNum: 1,
    pageSize: 10,
    columnFilters: { whId: 'WH01', taskId: adjustment.adjustmentTaskId },
  });
  expect(lines.content.map((l) => [Number(l.qty), l.serialNumbers])).toEqual([
    [1, found],
    [-1, missing],
  ]);
});
