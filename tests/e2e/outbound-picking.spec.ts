import { expect, type Page, test } from '@playwright/test';
import { callApi, filterList, login, openScreen, rows, setLanguage, shot } from './ui';

// Picking in both languages (issue 12): a demo wave is released through the API (seeded as the waves part would build
// it: orders in the wave over demo stock); the pick task list shows its allocations, one task is picked to the wave's
// staging location through the confirm dialog, one shortage is reported through the short dialog (what was found is
// picked, the rest is re-allocated — Chinese — or stays unplanned — English), the allocation list of a pick detail and the pick details show
// it, and the stock query shows the picked stock at the staging location.

const tasks = (page: Page) => rows(page, 'tWavePickTask');
/** The status cells of the task list showing a status label (row buttons carry words like "short pick" too). */
const statusCells = (page: Page, label: string) => tasks(page).locator('[col-id="status"]', { hasText: label });

/** Releases a wave with the session's own token (the browser's), as the wave screen's release dialog would. */
async function releaseWave(page: Page, waveId: string): Promise<void> {
  const answer = await callApi<{ waveId: string }[]>(page, 'tWaveMaster/releaseWave', {
    whId: 'WH01',
    waveIds: [waveId],
    overrideWorkType: 'EACHPICK',
    priority: 20,
    workersRequired: 2,
    earliestShipDate: '2031-01-01',
    latestShipDate: '2031-01-05',
  });
  expect(answer[0]?.waveId).toBe(waveId);
}

async function submitDialog(page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][open]`).getByTestId('pick-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator(`[data-testid="${testId}"][open]`)).toHaveCount(0);
}

interface Texts {
  lang: 'zh' | 'en';
  outbound: string;
  pickTasks: string;
  pickDetails: string;
  inventory: string;
  storedItems: string;
  picked: string;
  short: string;
  open: string;
  /** The pick dialog's quantity: what is picked now, not the allocated quantity (issue 27 item 10). */
  pickQty: string;
  /** Tasks of the wave as released, and where the short item's shortage is reported. */
  count: number;
  shortAt: string;
}

async function pickWave(page: Page, waveId: string, x: Texts): Promise<void> {
  await releaseWave(page, waveId);
  await openScreen(page, x.outbound, x.pickTasks, /\/Wms\/TWavePickTask/);
  await filterList(page, 'tWavePickTask', { waveId }, x.count);
  await expect(statusCells(page, x.open)).toHaveCount(x.count);
  await shot(page, `pick-01-tasks-${x.lang}`);

  // Confirm one pick at the first shelving location, prefilled as allocated.
  const first = tasks(page).filter({ hasText: 'A04-16-1' }).first();
  await first.getByTestId('row-pick').click();
  const pickDialog = page.locator('[data-testid="pick-dialog"][open]');
  await expect(pickDialog.getByTestId('pick-location')).toHaveJSProperty('value', 'A04-16-1');
  await expect(pickDialog.getByTestId('pick-qty')).toHaveJSProperty('label', x.pickQty);
  await shot(page, `pick-02-confirm-${x.lang}`);
  await submitDialog(page, 'pick-dialog');
  await expect(statusCells(page, x.picked)).toHaveCount(1);

  // Report a shortage where the short item was allocated: 1 found.
  const shortRow = tasks(page).filter({ hasText: x.shortAt }).first();
  await shortRow.getByTestId('row-short').click();
  const shortDialog = page.locator('[data-testid="short-dialog"][open]');
  await shortDialog.getByTestId('pick-qty').locator('input').fill('1');
  await shot(page, `pick-03-short-${x.lang}`);
  await submitDialog(page, 'short-dialog');
  await expect(statusCells(page, x.short)).toHaveCount(1);
  await shot(page, `pick-04-after-${x.lang}`);

  // The allocations of the short task's pick detail.
  await tasks(page).filter({ hasText: x.shortAt }).first().getByTestId('row-allocations').click();
  await expect(page).toHaveURL(/\/Wms\/TAllocation\?id=\d+&t=\d+/);
  // The short task and the other allocation of the same pick detail (re-allocated, or allocated at release).
  await expect(rows(page, 'tAllocation')).toHaveCount(2);
  await expect(page.locator('[data-entity="tAllocation"]').getByTestId('add')).toHaveCount(0);
  await shot(page, `pick-05-allocations-${x.lang}`);

  await openScreen(page, x.outbound, x.pickDetails, /\/Wms\/TPickDetail/);
  await filterList(page, 'tPickDetail', { waveId }, 3);
  await shot(page, `pick-06-details-${x.lang}`);

  await openScreen(page, x.inventory, x.storedItems, /\/Wms\/TStoredItem/);
  await filterList(page, 'tStoredItem', { locationId: 'STG-OUT-01', itemNumber: 'ACME-0097' }, 1);
  await shot(page, `pick-07-staged-${x.lang}`);
}

test('picks a released wave in Chinese, then another in English', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page);
  await pickWave(page, 'DEMO-WV-1', {
    lang: 'zh',
    outbound: '出库管理',
    pickTasks: '拣货任务',
    pickDetails: '拣货明细',
    inventory: '库存管理',
    storedItems: '库存',
    picked: '已拣',
    short: '短拣',
    open: '待拣',
    pickQty: '拣货数量',
    count: 3,
    shortAt: 'A04-18-1',
  });
  await setLanguage(page, 'English');
  await pickWave(page, 'DEMO-WV-2', {
    lang: 'en',
    outbound: 'Outbound',
    pickTasks: 'Pick tasks',
    pickDetails: 'Pick details',
    inventory: 'Inventory',
    storedItems: 'Stored items',
    picked: 'Picked',
    short: 'Short',
    open: 'Open',
    pickQty: 'Quantity picked',
    count: 4,
    shortAt: 'A04-20-1',
  });
});
