import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { rowButton } from './grid';
import { callApi, login, openScreen, rows, setLanguage, shot } from './ui';

// Lists as people use them (issue 10 items 5–9), in both languages: part of a code finds rows, a header click sorts
// on the server and is remembered after a reload, headers are never cut off, the transaction log shows labels and
// local times instead of codes and ISO text, dates are typed yyyy-MM-dd with a picker, and buttons the server would
// refuse look disabled.

async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { account: 'admin', password: 'Admin#2024', captcha: '' } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A confirmed adjustment of 5 cups: one transaction log row, one completed task. Answers the task id. */
async function confirmedAdjustment(request: APIRequestContext, description: string): Promise<string> {
  const headers = { token: await apiToken(request) };
  const post = async (url: string, data: unknown) => {
    const body = (await (await request.post(`/api${url}`, { headers, data })).json()) as { code: number; data: unknown };
    expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(200);
    return body.data;
  };
  await post('/tblInvAdjustment/save', { whId: 'WH01', description });
  const page = (await post('/tblInvAdjustment/findPage', {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { description },
  })) as { content: { taskId: string }[] };
  const taskId = page.content[0]?.taskId ?? '';
  await post('/tblInvAdjustmentDetail/save', {
    whId: 'WH01',
    taskId,
    lineNumber: 1,
    itemNumber: 'ACME-0001',
    locationId: 'P01-01-1',
    qty: '5',
    uom: 'CUP',
    lotNumber: 'LOT-LIST',
    expirationDate: '2027-06-30',
    huId: 'PAL-LIST',
  });
  await post('/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId });
  return taskId;
}

const findPageBody = (page: Page, entity: string) =>
  page
    .waitForRequest((r) => r.url().endsWith(`/api/${entity}/findPage`))
    .then((r) => r.postDataJSON() as Record<string, unknown>);

/** No header text of the visible grid is cut off. */
async function expectHeadersWhole(page: Page, entity: string): Promise<void> {
  const cut = await page
    .locator(`[data-entity="${entity}"] .ag-header-cell:not([col-id="__actions"]) .ag-header-cell-text`)
    .evaluateAll((cells) => cells.filter((c) => c.textContent && c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut).toEqual([]);
}

test('filters, sorting, labels, dates and locked rows, in Chinese then English', async ({ page, request }) => {
  test.setTimeout(240_000);
  const taskId = await confirmedAdjustment(request, '列表测试调整');
  await login(page);

  // Part of a location id, typed without %, finds the locations containing it; the placeholder says so.
  await openScreen(page, '基础资料', '库位', /\/Wms\/TLocation/);
  const locations = page.locator('[data-entity="tLocation"]');
  const filter = locations.getByTestId('filter-locationId').locator('input');
  await expect(filter).toHaveAttribute('placeholder', '包含…（% 表示任意）');
  await filter.fill('p01-01');
  await locations.getByTestId('search').click();
  await expect(rows(page, 'tLocation').first()).toContainText('P01-01-');
  for (const text of await rows(page, 'tLocation').allTextContents()) expect(text).toContain('P01-01-');
  // The warehouse is the same select as on every screen.
  await expect(locations.getByTestId('filter-whId')).toHaveJSProperty('tagName', 'SL-SELECT');
  await shot(page, 'lists-01-partial-code-filter-zh');

  // A header click sorts on the server: ascending, then descending.
  const header = locations.locator('.ag-header-cell[col-id="locationId"] .ag-header-cell-label');
  let sent = findPageBody(page, 'tLocation');
  await header.click();
  expect((await sent).sort).toEqual({ field: 'locationId', order: 'asc' });
  sent = findPageBody(page, 'tLocation');
  await header.click();
  expect((await sent).sort).toEqual({ field: 'locationId', order: 'desc' });
  // The grid keeps its row elements and moves them: the first row shown is row-index 0.
  await expect(locations.locator('[role="row"][row-index="0"]')).toContainText('P01-01-3');
  await shot(page, 'lists-02-header-sort-zh');
  // … and remembered with the columns: after a reload the first page comes sorted the same way.
  sent = findPageBody(page, 'tLocation');
  await page.reload();
  expect((await sent).sort).toEqual({ field: 'locationId', order: 'desc' });
  await expect(page.locator('[data-entity="tLocation"] .ag-header-cell[col-id="locationId"]')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // A column that is not declared sortable offers no sort.
  await expect(page.locator('[data-entity="tLocation"] .ag-header-cell[col-id="description"]')).not.toHaveClass(
    /ag-header-cell-sortable/,
  );
  await expectHeadersWhole(page, 'tLocation');

  // The transaction log: the transaction type's label and the local date-time, not codes and ISO text.
  await openScreen(page, '日志与报表', '事务日志', /\/Wms\/TranLog/);
  const log = page.locator('[data-entity="tranLog"]');
  // The whole task number: the other specs of a run leave documents whose numbers share its digits.
  await log.getByTestId('filter-controlNumber').locator('input').fill(taskId);
  await log.getByTestId('search').click();
  await expect(rows(page, 'tranLog')).toHaveCount(1);
  const logRow = rows(page, 'tranLog').first();
  await expect(logRow).toContainText('库存调整');
  await expect(logRow).not.toContainText('ADJUST');
  await expect(logRow.locator('[col-id="tranDate"]')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await shot(page, 'lists-03-transaction-log-labels-zh');
  // Its date filter is a date picker: the day the row shows finds it, the day before does not.
  const shownDay = (await logRow.locator('[col-id="tranDate"]').textContent())?.slice(0, 10) ?? '';
  await log.getByTestId('filter-tranDate-pick').click();
  await log.getByTestId('filter-tranDate-calendar').locator(`[data-date="${shownDay}"]`).click();
  await expect(log.getByTestId('filter-tranDate').locator('input')).toHaveValue(shownDay);
  await log.getByTestId('search').click();
  await expect(rows(page, 'tranLog')).toHaveCount(1);
  const dayBefore = new Date(Date.parse(`${shownDay}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await log.getByTestId('filter-tranDate').locator('input').fill(dayBefore);
  await log.getByTestId('search').click();
  await expect(rows(page, 'tranLog')).toHaveCount(0);
  await shot(page, 'lists-03-transaction-log-date-filter-zh');

  // The operation log's dates: yyyy-MM-dd in both languages, typed or picked.
  await openScreen(page, '系统管理', '系统日志', /\/sys\/log/);
  const syslog = page.locator('[data-entity="log"]');
  const from = syslog.getByTestId('filter-timeFrom').locator('input');
  await expect(from).toHaveAttribute('placeholder', '年-月-日');
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  // The calendar speaks the user's language (the browser's own picker would follow the browser's), weeks from Monday.
  await syslog.getByTestId('filter-timeFrom-pick').click();
  const calendar = syslog.getByTestId('filter-timeFrom-calendar');
  await expect(calendar.getByTestId('filter-timeFrom-calendar-title')).toHaveText(/^\d{4}年\d{1,2}月$/);
  await expect(calendar.locator('.wharf-calendar__weekday').first()).toHaveText('周一');
  await shot(page, 'lists-04-date-calendar-zh');
  await calendar.locator(`[data-date="${today}"]`).click();
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue(today);
  await syslog.getByTestId('search').click();
  await expect(rows(page, 'log').first()).toContainText(today);
  await shot(page, 'lists-04-date-filter-zh');
  // A header click sorts the operation log on the server: the oldest entry first.
  await syslog.locator('.ag-header-cell[col-id="time"] .ag-header-cell-label').click();
  await expect(syslog.locator('.ag-header-cell[col-id="time"]')).toHaveAttribute('aria-sort', 'ascending');

  // A completed task's edit and delete look disabled; so does deleting one's own user.
  await openScreen(page, '库存管理', '库存调整', /\/Wms\/TblInvAdjustment/);
  const done = rows(page, 'tblInvAdjustment').filter({ hasText: taskId });
  await expect(await rowButton(done, 'edit')).toHaveAttribute('disabled', '');
  await expect(await rowButton(done, 'delete')).toHaveAttribute('disabled', '');
  await expect(done.getByTestId('row-lines')).not.toHaveAttribute('disabled', '');
  await shot(page, 'lists-05-completed-task-locked-zh');
  await openScreen(page, '系统管理', '用户管理', /\/sys\/user/);
  const me = rows(page, 'user').filter({ hasText: 'admin' }).first();
  await expect(await rowButton(me, 'delete')).toHaveAttribute('disabled', '');
  await expect(await rowButton(me, 'edit')).not.toHaveAttribute('disabled', '');

  // English: longer headers are whole, the same labels and dates in English.
  await setLanguage(page, 'English');
  await openScreen(page, 'Master data', 'Locations', /\/Wms\/TLocation/);
  await expect(page.locator('[data-entity="tLocation"] .ag-header-cell[col-id="whId"]')).toContainText('Warehouse ID');
  await expectHeadersWhole(page, 'tLocation');
  await expect(page.locator('[data-entity="tLocation"]').getByTestId('filter-locationId').locator('input')).toHaveAttribute(
    'placeholder',
    'Contains… (% = any)',
  );
  await shot(page, 'lists-06-headers-whole-en');
  await openScreen(page, 'Logs and reports', 'Transaction log', /\/Wms\/TranLog/);
  await expect(rows(page, 'tranLog').filter({ hasText: taskId }).first()).toContainText('Adjustment');
  await expectHeadersWhole(page, 'tranLog');
  await shot(page, 'lists-07-transaction-log-labels-en');
  await openScreen(page, 'System', 'Operation log', /\/sys\/log/);
  await expect(page.locator('[data-entity="log"]').getByTestId('filter-timeFrom').locator('input')).toHaveAttribute(
    'placeholder',
    'yyyy-mm-dd',
  );
  await page.locator('[data-entity="log"]').getByTestId('filter-timeFrom-pick').click();
  const calendarEn = page.locator('[data-entity="log"]').getByTestId('filter-timeFrom-calendar');
  await expect(calendarEn.getByTestId('filter-timeFrom-calendar-title')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(calendarEn.locator('.wharf-calendar__weekday').first()).toHaveText('Sun');
  await shot(page, 'lists-08-date-filter-en');
});

/** The toast saying `text`. */
const toastSaying = (page: Page, text: string) => page.locator('sl-alert').filter({ hasText: text }).first();

/**
 * Exports the locations list shown and reads the file back. The second page of the export's calls is held until the
 * progress it shows has been read (`progress`), so that the test sees it whatever the machine's speed.
 */
async function exportLocations(page: Page, progress: string | RegExp | null): Promise<unknown[][]> {
  const locations = page.locator('[data-entity="tLocation"]');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tLocation/findPage', async (route) => {
    const body = route.request().postDataJSON() as { pageNum: number; pageSize: number };
    if (body.pageNum === 2 && body.pageSize === 1000) await held;
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await locations.getByTestId('export').click();
  if (progress) {
    await expect(locations.getByTestId('export-progress')).toHaveText(progress);
    await shot(page, `lists-09-export-progress-${String(progress).includes('Exporting') ? 'en' : 'zh'}`);
  }
  release();
  const file = await download;
  await page.unroute('**/api/tLocation/findPage');
  await expect(locations.getByTestId('export-progress')).toHaveCount(0);
  return (await readSheet(readFileSync(await file.path()))) as unknown[][];
}

test('the Excel export writes every row matching the filters, not the page shown, with its progress (zh, en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  // Every location of the demo (more than one page of the server's largest, 1,000), as the list's own call counts them.
  const all = await callApi<{ totalSize: number }>(page, 'tLocation/findPage', { pageNum: 1, pageSize: 1, columnFilters: {} });
  expect(all.totalSize).toBeGreaterThan(1000);
  await openScreen(page, '基础资料', '库位', /\/Wms\/TLocation/);
  await expect(rows(page, 'tLocation')).toHaveCount(10);
  const total = all.totalSize.toLocaleString('en-US');
  const sheet = await exportLocations(page, `正在导出 1,000 / ${total}…`);
  // A header row, then every location once — not the 10 on screen.
  expect(sheet[0]).toContain('库位');
  const column = (sheet[0] ?? []).indexOf('库位');
  const ids = sheet.slice(1).map((row) => `${row[0]}|${row[column]}`);
  expect(ids).toHaveLength(all.totalSize);
  expect(new Set(ids).size).toBe(all.totalSize);
  await expect(toastSaying(page, `已导出 ${total} 行`)).toBeAttached();

  // English: the same progress and count in English; then filtered, the rows matching the filter (more than the page
  // shown), in the file's English headers.
  await setLanguage(page, 'English');
  await openScreen(page, 'Master data', 'Locations', /\/Wms\/TLocation/);
  expect((await exportLocations(page, `Exporting 1,000 / ${total}…`)).slice(1)).toHaveLength(all.totalSize);
  await expect(toastSaying(page, `${total} rows exported`)).toBeAttached();
  const locations = page.locator('[data-entity="tLocation"]');
  await locations.getByTestId('filter-locationId').locator('input').fill('P01-');
  await locations.getByTestId('search').click();
  await expect(rows(page, 'tLocation').first()).toContainText('P01-');
  const matching = await callApi<{ totalSize: number }>(page, 'tLocation/findPage', {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { locationId: 'P01-' },
  });
  expect(matching.totalSize).toBeGreaterThan(10);
  const filtered = await exportLocations(page, matching.totalSize > 1000 ? /^Exporting 1,000 \/ / : null);
  expect(filtered[0]).toContain('Location');
  const at = (filtered[0] ?? []).indexOf('Location');
  expect(filtered.slice(1)).toHaveLength(matching.totalSize);
  for (const row of filtered.slice(1)) expect(String(row[at])).toContain('P01-');
  await expect(toastSaying(page, `${matching.totalSize} rows exported`)).toBeAttached();
  await shot(page, 'lists-10-export-filtered-en');
});
