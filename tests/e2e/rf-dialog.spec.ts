import { expect, type Page, test } from '@playwright/test';
import { callApi, login, openHandheld, openPo, shot } from './ui';

// Issue 15 "Proof": a worker on a 360 × 640 handheld runs RECEIVE (against a PO made here) and PICK (a demo wave
// released here, one task picked, the next one short with F1), every scan typed as a keyboard-wedge burst, in
// Chinese and in English. The dialog is answered by what it asks for (the flow value its input sets), so the test
// follows the seeded configuration rather than a fixed order of steps.

test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

const input = (page: Page) => page.getByTestId('rf-input');
const dialogOf = (page: Page) => page.getByTestId('rf-dialog');
const message = (page: Page) => page.getByTestId('rf-message');

/** A scanner: the code as a fast burst of keys, then Enter. */
async function scan(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The handheld's rules at 360 × 640: no horizontal scroll, every control at least 48 px, the input kept focused. */
async function checkHandheld(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.rf-page button, .rf-page input')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el: el.dataset.testid ?? el.className, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 48 || box.width < 48)
      .map(({ el }) => el),
  );
  expect(small).toEqual([]);
  if (await input(page).count()) {
    await expect(input(page)).toBeFocused();
    // Near the top: an on-screen keyboard (about half the screen) leaves it in view.
    expect((await input(page).boundingBox())?.y ?? 999).toBeLessThan(320);
  }
}

/**
 * Answers the dialogs of a flow from `answers` (flow value → scan; null = take the prefilled default with Enter) until
 * `done` shows on the message line. Each answer must move the flow on (a new step) or end with the message.
 */
async function runFlow(page: Page, answers: Record<string, string | null>, done: RegExp, lang: string, name: string) {
  for (let turn = 0; turn < 12; turn += 1) {
    await expect(dialogOf(page)).toBeVisible();
    const field = (await dialogOf(page).getAttribute('data-input-field')) ?? '';
    const step = await dialogOf(page).getAttribute('data-step');
    if (!(field in answers)) throw new Error(`${name}: the dialog asks for ${field || 'a key'}; the test has no answer`);
    await checkHandheld(page);
    if (turn === 1) await shot(page, `rf-dialog-${name}-${lang}`);
    const value = answers[field] ?? null;
    if (value === null) {
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Enter');
    } else await scan(page, value);
    await expect(async () => {
      const moved = (await dialogOf(page).getAttribute('data-step')) !== step;
      const kind = await message(page).getAttribute('data-kind');
      expect(moved || kind === 'error').toBe(true);
    }).toPass({ timeout: 10_000 });
    expect(await message(page).getAttribute('data-kind'), (await message(page).textContent()) ?? '').not.toBe('error');
    if (done.test((await message(page).textContent()) ?? '')) return;
  }
  throw new Error(`${name}: ${done} never showed`);
}

interface Task {
  pickLocation: string;
  itemNumber: string;
  quantity: string;
  pickedQty: string;
}

/** The open pick task the dialog shows: the one whose location and item its headers name. */
async function shownTask(page: Page, waveId: string): Promise<Task> {
  const { content } = await callApi<{ content: Task[] }>(page, 'tWavePickTask/findPage', {
    pageNum: 1,
    pageSize: 200,
    columnFilters: { waveId, status: 'O' },
  });
  const headers = (await page.getByTestId('rf-headers').textContent()) ?? '';
  const task = content.find((t) => headers.includes(t.pickLocation) && headers.includes(t.itemNumber));
  if (!task) throw new Error(`no open task of ${waveId} matches the headers: ${headers}`);
  return task;
}

async function startFlow(page: Page, mainProcessName: string): Promise<void> {
  if (!(await page.getByTestId('rf-home').isVisible())) {
    await page.getByTestId('rf-menu-button').click();
    await page.getByTestId('rf-menu-flows').click();
  }
  await page.getByTestId(`rf-flow-${mainProcessName}`).click();
  await expect(dialogOf(page)).toBeVisible();
}

const TEXTS = {
  // Each language picks one of the two waves the RF demo seeds released (no other spec touches them).
  zh: { received: /已收货/, picked: /已拣/, short: /短拣|已无待拣任务/, waveId: 'DEMO-WV-RF' },
  en: { received: /Received/, picked: /Picked/, short: /short by|no open task left/, waveId: 'DEMO-WV-RF2' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a worker receives and picks on a handheld with wedge scans (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await login(page);
    await openHandheld(page);
    await expect(page.getByTestId('rf-page')).toBeVisible();
    if (lang === 'en') {
      // The language switch of the handheld's menu: the flows and the dialog are read again in English.
      await page.getByTestId('rf-menu-button').click();
      await page.getByTestId('rf-language-en_us').click();
      await expect(page.getByTestId('rf-menu-button')).toHaveAttribute('aria-label', 'Menu');
    }
    await expect(page.getByTestId('rf-home').or(dialogOf(page))).toBeVisible();
    await shot(page, `rf-dialog-home-${lang}`);

    // RECEIVE: PO → item → quantity → location (the default taken) → received; the flow loops to the next item.
    const poNumber = `RF${lang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    // A plain item: no lot, no attributes, no inspection.
    await openPo(page, poNumber, { itemNumber: 'ACME-0011', qty: '50', orderUom: 'EA' });
    await startFlow(page, 'RECEIVE');
    await runFlow(
      page,
      { poNumber, itemScan: 'ACME-0011', itemNumber: 'ACME-0011', qty: '2', locationId: null, huId: `HU${poNumber}` },
      x.received,
      lang,
      'receive',
    );
    await expect(message(page)).toHaveAttribute('data-kind', 'success');
    await shot(page, `rf-dialog-received-${lang}`);
    // A wrong scan is refused on the message line, the worker stays where they were, the input selected for a rescan.
    const step = await dialogOf(page).getAttribute('data-step');
    await scan(page, 'NO-SUCH-ITEM-42');
    await expect(message(page)).toHaveAttribute('data-kind', 'error');
    await expect(dialogOf(page)).toHaveAttribute('data-step', step ?? '');
    await expect(input(page)).toBeFocused();
    await shot(page, `rf-dialog-refused-${lang}`);

    // PICK: the wave from the dialog's list (tapped), then location → item → quantity; the next task short with F1.
    await startFlow(page, 'PICK');
    await expect(page.getByTestId('rf-list-row').first()).toBeVisible();
    await page.locator(`[data-testid="rf-list-row"][data-value="${x.waveId}"]`).click();
    await expect(dialogOf(page)).not.toHaveAttribute('data-input-field', 'waveId');
    const task = await shownTask(page, x.waveId);
    const open = String(Number(task.quantity) - Number(task.pickedQty));
    await runFlow(page, { scanLocation: task.pickLocation, scanItem: task.itemNumber, pickQty: open }, x.picked, lang, 'pick');
    await shot(page, `rf-dialog-picked-${lang}`);
    if (await page.getByTestId('rf-key-F1').isVisible()) {
      await page.keyboard.press('F1');
      await expect(dialogOf(page)).toHaveAttribute('data-input-field', 'qtyFound');
      await scan(page, '0');
      // The short is said, or — when it was the wave's last task — that the wave is done (back to the wave step).
      await expect(message(page)).toHaveText(x.short);
      await expect(message(page)).toHaveAttribute('data-kind', 'success');
      await checkHandheld(page);
      await shot(page, `rf-dialog-short-${lang}`);
    }
  });
}
