import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cellsWith, clickRowAction, deskTable, rowsWith } from './grid';
import { confirmOk, filterList, login, openScreen, pickOption, rows, setLanguage, shot } from './ui';

// Inspection and putaway at the desks, in both languages: two receipts of a demo PO's lot-controlled yogurt (its item
// has a 10 % sample rate, so they await inspection) are received through addReceipt; at the inspection desk the
// sample lines are generated, one line passes whole and one fails in part to a damaged-goods location; at the putaway
// desk the suggestion (dairy → chilled shelving, the demo rule) becomes a putaway task that is approved there; the
// stock query and the transaction log then show the stock at its place and the INSPECT/PUTAWAY rows.

interface Arrival {
  receiptId: string;
}

async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const body = (await (await request.post(`/api${url}`, { headers: { token }, data })).json()) as { code: number; data: T };
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** Two receipts of PO line 1 (10 cups, and 6 of which 1 damaged) at a shelf location, one arrival. */
async function receiveTwo(request: APIRequestContext, token: string, poNumber: string): Promise<Arrival> {
  const page = await apiPost<{ content: { lotNumber: string | null }[] }>(request, token, '/tPoDetail/findPage', {
    pageNum: 1,
    pageSize: 8,
    columnFilters: { whId: 'WH01', poNumber, lineNumber: 1 },
  });
  const line = { whId: 'WH01', poNumber, lineNumber: 1, lotNumber: page.content[0]?.lotNumber, expirationDate: '2027-12-31' };
  const first = await apiPost<{ receiptId: string }>(request, token, '/globalOptions/addReceipt', {
    ...line,
    qty: 10,
    locationId: 'A01-01-1',
  });
  await apiPost(request, token, '/globalOptions/addReceipt', {
    ...line,
    qty: 6,
    qtyDamaged: 1,
    locationId: 'A01-01-1',
    receiptId: first.receiptId,
  });
  return { receiptId: first.receiptId };
}

/** The warehouse and client of a desk's filter bar. */
async function chooseWarehouseClient(page: Page, screen: string): Promise<void> {
  const bar = page.getByTestId(screen);
  await bar.getByTestId('filter-whId').click();
  await page.getByRole('option', { name: /WH01/ }).first().click();
  await bar.getByTestId('filter-clientCode').click();
  await page.getByRole('option', { name: /ACME/ }).first().click();
}

interface Texts {
  lang: 'zh' | 'en';
  inbound: string;
  inspection: string;
  putaway: string;
  inventory: string;
  stock: string;
  logs: string;
  tranLog: string;
  passed: string;
  failed: string;
  putawayLabel: string;
  masterdata: string;
  rules: string;
}

async function walk(page: Page, arrival: Arrival, x: Texts): Promise<void> {
  const receiptId = arrival.receiptId;
  await openScreen(page, x.inbound, x.inspection, /\/Wms\/Inspection/);
  await chooseWarehouseClient(page, 'inspection-page');
  const receipts = rowsWith(deskTable(page, 'inspection-receipts'), receiptId);
  await expect(receipts).toHaveCount(2);
  await clickRowAction(deskTable(page, 'inspection-receipts'), receiptId, 'generate');
  const lines = rowsWith(deskTable(page, 'inspection-lines'), receiptId);
  await expect(lines).toHaveCount(2);
  expect(await cellsWith(deskTable(page, 'inspection-lines'), receiptId, 'qtyToInspect')).toEqual(['10', '5']);

  // One line passes whole (the quantity to inspect is offered as passed).
  await clickRowAction(deskTable(page, 'inspection-lines'), receiptId, 'record', 'qtyToInspect', '10');
  const dialog = page.locator('[data-testid="record-dialog"][open]');
  await expect(dialog.getByTestId('qty-passed').locator('input')).toHaveValue('10');
  await dialog.getByTestId('record-submit').click();
  await confirmOk(page);
  await expect(dialog).toHaveCount(0);

  // The other (5 good units) fails in part: 2 go to a damaged-goods location, after a refusal without one.
  await pickOption(page, page.getByTestId('result-filter'), x.lang === 'zh' ? '未检验' : 'Not inspected');
  const open = rowsWith(deskTable(page, 'inspection-lines'), receiptId);
  await expect(open).toHaveCount(1);
  await clickRowAction(deskTable(page, 'inspection-lines'), receiptId, 'record');
  await dialog.getByTestId('qty-passed').locator('input').fill('3');
  await dialog.getByTestId('qty-failed').locator('input').fill('2');
  await dialog.getByTestId('record-submit').click();
  await confirmOk(page);
  await expect(
    page.getByText(x.lang === 'zh' ? '有不合格数量时请选择不合格品库位' : 'Choose the location the failed units go to').first(),
  ).toBeVisible();
  await dialog.getByTestId('fail-location').click();
  await page
    .getByRole('option', { name: /D01-01-1/ })
    .first()
    .click();
  await dialog
    .getByTestId('remark')
    .locator('input')
    .fill(x.lang === 'zh' ? '外包装破损' : 'crushed cups');
  await dialog.getByTestId('record-submit').click();
  await confirmOk(page);
  await expect(dialog).toHaveCount(0);
  // Every result recorded: the filter cleared shows both, one passed and one failed.
  await page.getByTestId('result-filter').locator('[part~="clear-button"]').click();
  await expect(rowsWith(deskTable(page, 'inspection-lines'), receiptId)).toHaveCount(2);
  expect(await cellsWith(deskTable(page, 'inspection-lines'), receiptId, 'result')).toEqual([x.passed, x.failed].sort());
  await expect(rowsWith(deskTable(page, 'inspection-receipts'), receiptId)).toHaveCount(0);
  await shot(page, `inbound-inspection-01-recorded-${x.lang}`);

  // Putaway: the two receipt rows are ready (10 and 3 units); the suggestion sends both to chilled shelving.
  await openScreen(page, x.inbound, x.putaway, /\/Wms\/Putaway/);
  await chooseWarehouseClient(page, 'putaway-page');
  const ready = rowsWith(deskTable(page, 'putaway-ready'), receiptId);
  await expect(ready).toHaveCount(2);
  for (const row of await ready.all()) await row.locator('.ag-checkbox-input').check();
  await page.getByTestId('suggest').click();
  const suggestions = page.getByTestId('suggestions').locator('tbody tr');
  await expect(suggestions).toHaveCount(2);
  const destination = await page.getByTestId('dest-0').locator('input').inputValue();
  expect(destination).toMatch(/^C\d{2}-\d{2}-\d$/);
  await expect(page.getByTestId('dest-1').locator('input')).toHaveValue(destination);
  await shot(page, `inbound-inspection-02-suggested-${x.lang}`);
  await page.getByTestId('create-task').click();
  await confirmOk(page);
  const task = page.getByTestId('putaway-task');
  await expect(task).toBeVisible();
  const taskId = ((await task.locator('span').textContent()) ?? '').match(/MV\d+/)?.[0] ?? '';
  expect(taskId).not.toBe('');
  await task.getByTestId('task-approve').click();
  await confirmOk(page);
  await expect(task.getByTestId('task-approve')).toHaveAttribute('disabled');
  await expect(rowsWith(deskTable(page, 'putaway-ready'), receiptId)).toHaveCount(0);
  await shot(page, `inbound-inspection-03-put-away-${x.lang}`);

  // The stock query: 13 cups at the chilled location; the log: both inspections and the putaway rows.
  await openScreen(page, x.inventory, x.stock, /\/Wms\/TStoredItem/);
  await filterList(page, 'tStoredItem', { locationId: destination }, 1);
  await expect(rows(page, 'tStoredItem').first()).toContainText('13');
  await shot(page, `inbound-inspection-04-stock-${x.lang}`);
  await openScreen(page, x.logs, x.tranLog, /\/Wms\/TranLog/);
  await filterList(page, 'tranLog', { controlNumber: receiptId }, 5);
  await filterList(page, 'tranLog', { controlNumber: taskId }, 2);
  await expect(rows(page, 'tranLog').first()).toContainText(x.putawayLabel);
  await shot(page, `inbound-inspection-05-log-${x.lang}`);

  // The rule the suggestion followed (dairy to chilled shelving), one per demo warehouse.
  await openScreen(page, x.masterdata, x.rules, /\/Wms\/TPutawayRule/);
  await filterList(page, 'tPutawayRule', { classId: 'DAIRY' }, 2);
  await expect(rows(page, 'tPutawayRule').filter({ hasText: 'CHL' })).toHaveCount(2);
  await shot(page, `inbound-inspection-06-rules-${x.lang}`);
}

test('receipts are inspected (one passed, one failed in part), put away, and found in the stock query and the log', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = (
    (await (await request.post('/api/login', { data: { account: 'admin', password: 'Admin#2024', captcha: '' } })).json()) as {
      data: { token: string };
    }
  ).data.token;
  const zh = await receiveTwo(request, token, 'PO00000001');
  const en = await receiveTwo(request, token, 'PO00000002');
  await login(page);
  await walk(page, zh, {
    lang: 'zh',
    inbound: '入库管理',
    inspection: '质检',
    putaway: '上架',
    inventory: '库存管理',
    stock: '库存',
    logs: '日志与报表',
    tranLog: '事务日志',
    passed: '合格',
    failed: '不合格',
    putawayLabel: '上架',
    masterdata: '基础资料',
    rules: '上架规则',
  });
  await setLanguage(page, 'English');
  await walk(page, en, {
    lang: 'en',
    inbound: 'Inbound',
    inspection: 'Inspection',
    putaway: 'Putaway',
    inventory: 'Inventory',
    stock: 'Stored items',
    logs: 'Logs and reports',
    tranLog: 'Transaction log',
    passed: 'Passed',
    failed: 'Failed',
    putawayLabel: 'Putaway',
    masterdata: 'Master data',
    rules: 'Putaway rules',
  });
});
