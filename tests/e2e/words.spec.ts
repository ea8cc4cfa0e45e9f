/**
 * Issue 27 items 10–12, "words and small things", in both languages: what the server writes into rows (a count's log
 * description, the adjustment made from counts) reads in the reader's language; codes show their labels; the count list
 * tells two pallets apart; a document's whole list shows its total, not "1 条/页"; a dragged column width survives the
 * screen being opened again; the login screen keeps the profile's language unless another is picked there; the scan
 * code page says there is no camera (Chromium here runs without a fake camera).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { gridCell, rowWhere, showColumn } from './grid';
import { callApi, login, openPo, rows, setLanguage, shot } from './ui';

// A pallet location of zone PAL no other spec uses, and a carton item (EA, no lot) neither on a demo PO nor in another
// spec's counts.
const LOCATION = 'P04-19-2';
const ITEM = 'ACME-0059';
const list = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"]`).filter({ visible: true });

interface CountTask {
  id: number;
  workQId: string;
  huId: string | null;
}

/** Two pallets of the item at the location, their two count tasks counted (9 against 10, and 10), the adjustment made. */
async function countedPallets(page: Page, stamp: string): Promise<{ tasks: CountTask[]; adjustment: string }> {
  const pallets = [`PLT-W${stamp}-1`, `PLT-W${stamp}-2`];
  const taskId = await callApi<number>(page, 'tblInvAdjustment/save', { whId: 'WH01', description: `e2e words ${stamp}` });
  const found = await callApi<{ content: { id: number; taskId: string }[] }>(page, 'tblInvAdjustment/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: 'WH01' },
  });
  const adjustmentIn = found.content.find((task) => task.id === taskId)?.taskId ?? '';
  for (const [n, huId] of pallets.entries()) {
    await callApi(page, 'tblInvAdjustmentDetail/save', {
      whId: 'WH01',
      taskId: adjustmentIn,
      lineNumber: n + 1,
      locationId: LOCATION,
      itemNumber: ITEM,
      uom: 'EA',
      qty: '10',
      huId,
    });
  }
  await callApi(page, 'tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: adjustmentIn });
  await callApi(page, 'tblCycleCountTask/generateCountTaskByLocItem', {
    whId: 'WH01',
    zone: 'PAL',
    itemNumber: ITEM,
    fromLocation: LOCATION,
    toLocation: LOCATION,
  });
  const page1 = await callApi<{ content: (CountTask & Record<string, unknown>)[] }>(page, 'tblCycleCountTask/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: 'WH01', itemNumber: ITEM, locationId: LOCATION, status: 'N' },
  });
  const tasks = page1.content.filter((task) => pallets.includes(String(task.huId)));
  expect(tasks).toHaveLength(2);
  for (const task of tasks) {
    await callApi(page, 'tblCycleCountTask/save', { ...task, cycleCountQty: task.huId === pallets[0] ? '9' : '10' });
  }
  const made = await callApi<{ adjustmentTaskId: string }>(page, 'tblCycleCountTask/generateAdjustmentTask', {
    whId: 'WH01',
    ids: tasks.map((task) => task.id),
  });
  return { tasks, adjustment: made.adjustmentTaskId };
}

/** A list filtered on one text field, waiting for `count` rows. */
async function filtered(page: Page, entity: string, filters: Record<string, string>, count: number) {
  const screen = list(page, entity);
  await expect(async () => {
    for (const [name, value] of Object.entries(filters)) await screen.getByTestId(`filter-${name}`).locator('input').fill(value);
    await screen.getByTestId('search').click();
    await expect(rows(page, entity)).toHaveCount(count, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  return screen;
}

test('server-made texts read in the reader’s language, codes show labels, the count list shows the pallet', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  const stamp = String(Date.now()).slice(-7);
  const { tasks, adjustment } = await countedPallets(page, stamp);
  const [first, second] = tasks.map((task) => task.workQId).sort();
  const short = tasks.find((task) => task.huId?.endsWith('-1'))!;

  for (const x of [
    {
      lang: 'zh',
      adjustmentText: `循环盘点 ${first}–${second}`,
      countText: '盘点 9，账面 10',
      reason: '盘点差异',
      workType: '拆零拣货',
    },
    {
      lang: 'en',
      adjustmentText: `cycle count ${first}–${second}`,
      countText: 'counted 9, book 10',
      reason: 'Count difference',
      workType: 'Each pick',
    },
  ]) {
    if (x.lang === 'en') {
      await page.goto('/');
      await setLanguage(page, 'English');
    }
    // The count list: two tasks at one location, told apart by the pallet shown beside the location.
    await page.goto('/Wms/TblCycleCountTask');
    const counts = await filtered(page, 'tblCycleCountTask', { itemNumber: ITEM, locationId: LOCATION }, 2);
    const headers = await counts
      .locator('.ag-header-cell[col-id]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('col-id')));
    expect(headers.indexOf('huId')).toBe(headers.indexOf('locationId') + 1);
    for (const task of tasks) {
      // In view as the list opens at 1440 px, without scrolling sideways.
      const index = await rowWhere(counts, task.workQId);
      await expect(gridCell(counts, index, 'huId')).toHaveText(String(task.huId));
      await expect(gridCell(counts, index, 'huId')).toBeInViewport();
    }
    await shot(page, `words-01-count-pallets-${x.lang}`);

    // The adjustment made from the counts: its description and reason in the reader's language.
    await page.goto('/Wms/TblInvAdjustment');
    const adjustments = await filtered(page, 'tblInvAdjustment', { taskId: adjustment }, 1);
    await expect(gridCell(adjustments, 0, 'description')).toHaveText(x.adjustmentText);
    await expect(gridCell(adjustments, 0, 'reasonId')).toHaveText(x.reason);
    await shot(page, `words-02-adjustment-description-${x.lang}`);

    // The count's log row: "counted 9, book 10" in the reader's language.
    await page.goto('/Wms/TranLog');
    const log = await filtered(page, 'tranLog', { controlNumber: short.workQId }, 1);
    await showColumn(log, 0, 'description');
    await expect(gridCell(log, 0, 'description')).toHaveText(x.countText);
    await shot(page, `words-03-log-description-${x.lang}`);

    // A demo wave's work type by its label, not EACHPICK.
    await page.goto('/Wms/TWaveMaster');
    const waves = await filtered(page, 'tWaveMaster', { waveId: 'DEMO-WV-K' }, 1);
    await showColumn(waves, 0, 'overrideWorkType');
    await expect(gridCell(waves, 0, 'overrideWorkType')).toHaveText(x.workType);
  }
});

test('a whole list shows its total, not a page size; a dragged column keeps its width when the screen opens again', async ({
  page,
}) => {
  await login(page);
  const poNumber = `PO-W${String(Date.now()).slice(-8)}`;
  await openPo(page, poNumber, { itemNumber: 'ACME-0023', qty: '5', orderUom: 'EA' });
  for (const [lang, perPage] of [
    ['zh', /条\/页/],
    ['en', /per page/i],
  ] as const) {
    if (lang === 'en') await setLanguage(page, 'English');
    for (const screen of ['Receiving', 'PoReconcile']) {
      await page.goto(`/Wms/${screen}?poNumber=${poNumber}&whId=WH01&t=${Date.now()}`);
      const pager = page.getByTestId('pager').filter({ visible: true });
      await expect(pager).toContainText(lang === 'zh' ? '共 1 条' : 'Total 1');
      await expect(pager).not.toContainText(perPage);
      await expect(pager.getByTestId('pager-next')).toHaveCount(0);
      await shot(page, `words-04-${screen.toLowerCase()}-pager-${lang}`);
    }
  }

  // A column of the stock list dragged 120 px wider keeps that width when the screen is opened again.
  await page.goto('/Wms/TStoredItem');
  const header = page.locator('[data-entity="tStoredItem"] .ag-header-cell[col-id="lotNumber"]').filter({ visible: true });
  await expect(header).toBeVisible();
  const before = (await header.boundingBox())!;
  const handle = header.locator('.ag-header-cell-resize');
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.move(grip.x + grip.width / 2 + 120, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBeGreaterThan(before.width + 100);
  const dragged = Math.round((await header.boundingBox())!.width);
  await page.goto('/');
  await page.goto('/Wms/TStoredItem');
  await expect(header).toBeVisible();
  await expect.poll(async () => Math.round((await header.boundingBox())!.width)).toBe(dragged);
});

/** A user whose saved language is English, made by the administrator's session. */
async function englishUser(page: Page): Promise<{ name: string; password: string }> {
  const name = `lang${String(Date.now()).slice(-8)}`;
  const password = 'Lang#2024x';
  await callApi(page, 'user/save', {
    name,
    status: '1',
    language: 'en_us',
    password,
    roleIds: [],
    warehouses: [{ whId: 'WH01', clientCodes: null }],
  });
  return { name, password };
}

/** The saved language of a user, as the administrator reads it. */
async function savedLanguage(page: Page, name: string): Promise<string> {
  const found = await callApi<{ content: { name: string; language: string }[] }>(page, 'user/findPage', {
    pageNum: 1,
    pageSize: 10,
    columnFilters: { name },
  });
  return found.content.find((user) => user.name === name)?.language ?? '';
}

async function signIn(browser: Browser, baseURL: string | undefined, name: string, password: string, pick?: 'English' | '中文') {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const other = await context.newPage();
  await other.goto('/login');
  // A fresh browser opens the login screen in Chinese.
  await expect(other.getByPlaceholder('账号')).toBeVisible();
  if (pick) await setLanguage(other, pick);
  const chinese = pick !== 'English';
  await other.getByPlaceholder(chinese ? '账号' : 'Account').fill(name);
  await other.getByPlaceholder(chinese ? '密码' : 'Password').fill(password);
  await other.getByRole('button', { name: chinese ? '登录' : 'Login' }).click();
  await expect(other.locator('.shell-header')).toBeVisible();
  return { context, other };
}

test('the login screen keeps the profile’s language unless another is picked there', async ({ page, browser, baseURL }) => {
  await login(page);
  const user = await englishUser(page);

  // Left alone, the Chinese login screen does not overwrite the saved English: the console opens in English.
  const left = await signIn(browser, baseURL, user.name, user.password);
  await expect(left.other.locator('.language-select .language-name').first()).toHaveText('English');
  await expect(left.other.locator('.workspace-tab-group')).toContainText('Home');
  await expect.poll(() => left.other.evaluate(() => localStorage.getItem('wharf.language'))).toBe('en_us');
  expect(await savedLanguage(page, user.name)).toBe('en_us');
  await shot(left.other, 'words-05-login-keeps-profile-en');
  await left.context.close();

  // Picked on the login screen, Chinese becomes the saved language and the console's.
  const picked = await signIn(browser, baseURL, user.name, user.password, '中文');
  await expect(picked.other.locator('.language-select .language-name').first()).toHaveText('中文');
  await expect(picked.other.locator('.workspace-tab-group')).toContainText('首页');
  expect(await savedLanguage(page, user.name)).toBe('zh_cn');
  await shot(picked.other, 'words-06-login-picked-zh');
  await picked.context.close();
});

test('the scan code page says there is no camera, in both languages', async ({ browser, baseURL }) => {
  // This browser has no camera at all (no fake device); the page may use one, so nothing waits for a permission prompt.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, permissions: ['camera'] });
  const page = await context.newPage();
  await login(page);
  const query = 'mainProcessName=INQUIRY&whId=WH01&clientCode=ACME&localeId=2052';
  await page.goto(`/Core/ScanCodePage?${query}`);
  await expect(page.getByTestId('scan-error')).toHaveText('错误：此设备上没有摄像头');
  await expect(page.getByTestId('scan-code-page')).toHaveAttribute('data-camera', 'failed');
  await shot(page, 'words-07-scan-no-camera-zh');
  await page.goto('/');
  await setLanguage(page, 'English');
  await page.goto(`/Core/ScanCodePage?${query}`);
  await expect(page.getByTestId('scan-error')).toHaveText('Error: no camera on this device');
  await shot(page, 'words-08-scan-no-camera-en');
  await page.getByTestId('scan-cancel').click();
  await expect(page).toHaveURL(/\/Core\/RfDialog/);
  await context.close();
});
