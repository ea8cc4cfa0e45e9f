import { expect, type Page, type Route, test } from '@playwright/test';
import { discardHandover, openHandover, signedInStation } from './kioskStation';
import { callApi, login, openHandheld, openPo } from './ui';

// Issue 25 items 5–7, "no scan ever mangled", on the real handheld page (/Core/RfDialog, 360 × 640) and dock station
// (/kiosk, 1280 × 800), every scan typed as a keyboard-wedge burst:
// - a GS1 separator (FNC1) the scanner sends as a key (Ctrl+], or the GS character) reaches the field: the lot and the
//   expiry of one scan are read apart; a GS1 item label is refused at the pallet step;
// - scans made while an answer is pending (the server's answer held back with page.route) are sent in order, each
//   whole — none dropped, none glued, none cut by an answer arriving mid-burst;
// - a good carton scanned during the station's red refusal flash is counted; a carton scanned while the delivery is
//   being looked up is counted once it is found.
// It also measures RF scan → next prompt (p50 / p95) and prints it.
// Named to run before kiosk.spec.ts, which ships the demo kiosk deliveries: this walk only reads one (it cancels).

const GS = '\u001d';
const input = (page: Page) => page.getByTestId('rf-input');
const dialogOf = (page: Page) => page.getByTestId('rf-dialog');
const message = (page: Page) => page.getByTestId('rf-message');

/** A scanner: the code as a fast burst of keys, then Enter. */
async function scan(page: Page, text: string, delay = 5): Promise<void> {
  await page.keyboard.type(text, { delay });
  await page.keyboard.press('Enter');
}

/** The GS character as a key of its own (Playwright's keyboard has no such key): a raw key event, as a scanner sends. */
async function pressGs(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const type of ['keyDown', 'keyUp'] as const) {
    await cdp.send('Input.dispatchKeyEvent', { type, key: GS, text: type === 'keyDown' ? GS : undefined, unmodifiedText: GS });
  }
  await cdp.detach();
}

/** Waits for the dialog to move past `step` (a new prompt); answers the new step. */
async function movedFrom(page: Page, step: string | null): Promise<string> {
  await expect(dialogOf(page)).not.toHaveAttribute('data-step', step ?? '');
  return (await dialogOf(page).getAttribute('data-step')) ?? '';
}

/** The handheld page, signed in, in English, with the flow started. */
async function openRf(page: Page, mainProcessName: string): Promise<void> {
  await openHandheld(page);
  await expect(page.getByTestId('rf-page')).toBeVisible();
  await page.getByTestId('rf-menu-button').click();
  await page.getByTestId('rf-language-en_us').click();
  await expect(page.getByTestId('rf-menu-button')).toHaveAttribute('aria-label', 'Menu');
  await expect(page.getByTestId('rf-home').or(dialogOf(page))).toBeVisible();
  if (!(await page.getByTestId('rf-home').isVisible())) {
    await page.getByTestId('rf-menu-button').click();
    await page.getByTestId('rf-menu-flows').click();
  }
  await page.getByTestId(`rf-flow-${mainProcessName}`).click();
  await expect(dialogOf(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

/** Holds every confirm back by `ms` and records the inputs the server received, in order. */
async function slowConfirms(page: Page, ms: number): Promise<string[]> {
  const received: string[] = [];
  await page.route('**/api/rfDialog/confirmRfDialog', async (route: Route) => {
    const body = route.request().postDataJSON() as { input?: string };
    received.push(body.input ?? '');
    // The network's latency, not a wait of the test: the answer comes when it comes.
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return received;
}

test.describe('handheld', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

  test('a GS1 separator sent as a key splits lot and expiry; a GS1 item label is no pallet id', async ({ page }) => {
    const poNumber = `GS${Date.now().toString(36).toUpperCase()}`;
    await login(page);
    // An open PO of a lot-controlled item (orange juice, no attributes) whose line names no lot.
    await openPo(page, poNumber, { itemNumber: 'ACME-0003', qty: '20', orderUom: 'BTL' });
    await openRf(page, 'RECEIVE');
    let step = await dialogOf(page).getAttribute('data-step');
    await scan(page, poNumber);
    step = await movedFrom(page, step);
    await scan(page, 'ACME-0003');
    step = await movedFrom(page, step);
    await expect(dialogOf(page)).toHaveAttribute('data-input-field', 'lotNumber');

    // `]C1 10 LOT123 <FNC1> 17 261231`, the FNC1 as Ctrl+]: the lot is LOT123, the expiry 2026-12-31.
    await page.keyboard.type(']C110LOT123', { delay: 5 });
    await page.keyboard.press('Control+BracketRight');
    await expect(input(page)).toHaveValue(`]C110LOT123${GS}`);
    await page.keyboard.type('17261231', { delay: 5 });
    await page.keyboard.press('Enter');
    step = await movedFrom(page, step);
    await expect(dialogOf(page)).toHaveAttribute('data-input-field', 'expirationDate');
    await expect(input(page)).toHaveValue('2026-12-31');
    await expect(page.getByTestId('rf-headers')).toContainText('LOT123');
    await expect(page.getByTestId('rf-headers')).not.toContainText('LOT12317261231');
    await page.keyboard.press('Enter');
    step = await movedFrom(page, step);
    await scan(page, '1');
    step = await movedFrom(page, step);
    // A pallet lane: the pallet step follows.
    await scan(page, 'STG-IN-01');
    step = await movedFrom(page, step);
    await expect(dialogOf(page)).toHaveAttribute('data-input-field', 'huId');

    // The item's own GS1 label at the pallet step, its FNC1 as the GS character: refused, nothing received.
    await page.keyboard.type(']C1010950110153000310LOT123', { delay: 5 });
    await pressGs(page);
    await page.keyboard.type('17261231', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(message(page)).toHaveAttribute('data-kind', 'error');
    await expect(message(page)).toContainText('The GS1 code holds no pallet id (SSCC, AI 00)');
    await expect(dialogOf(page)).toHaveAttribute('data-step', step);
    const hu = `HU${poNumber}`;
    await scan(page, hu);
    step = await movedFrom(page, step);
    await expect(message(page)).toHaveAttribute('data-kind', 'success');
    const stock = await callApi<{ content: { huId: string; lotNumber: string; expirationDate: string }[] }>(
      page,
      'tStoredItem/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: 'WH01', itemNumber: 'ACME-0003', locationId: 'STG-IN-01' } },
    );
    expect(stock.content.map((r) => [r.huId, r.lotNumber, r.expirationDate?.slice(0, 10)])).toContainEqual([
      hu,
      'LOT123',
      '2026-12-31',
    ]);
    expect(stock.content.some((r) => r.huId.startsWith(']C1'))).toBe(false);
  });

  test('scans made while an answer is pending are sent in order, each whole; scan → next prompt is measured', async ({
    page,
  }) => {
    await login(page);
    await openRf(page, 'INQUIRY');
    const codes = ['A02-11-1', 'ACME-0071', 'A02-12-1', 'ACME-0083'];

    // 400 ms latency, three scans back to back: all three reach the server, in order, none glued to another.
    const received = await slowConfirms(page, 400);
    for (const code of codes.slice(0, 3)) await scan(page, code);
    await expect.poll(() => received.length).toBe(3);
    await expect(page.getByTestId('rf-page')).toHaveAttribute('aria-busy', 'false');
    expect(received).toEqual(codes.slice(0, 3));
    await expect(page.getByTestId('rf-headers')).toContainText('A02-12-1');

    // The answer arrives in the middle of the next scan's burst: the scan still goes whole.
    received.length = 0;
    await page.unrouteAll({ behavior: 'wait' });
    const late = await slowConfirms(page, 150);
    await scan(page, codes[3] ?? '');
    await scan(page, codes[0] ?? '', 25);
    await expect.poll(() => late.length).toBe(2);
    await expect(page.getByTestId('rf-page')).toHaveAttribute('aria-busy', 'false');
    expect(late).toEqual([codes[3], codes[0]]);
    await page.unrouteAll({ behavior: 'wait' });

    // Scan → next prompt, without added latency: from the scan's Enter to the new step on screen.
    await page.evaluate(() => {
      const w = window as unknown as { rfTimes: number[]; rfEnter: number };
      w.rfTimes = [];
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key === 'Enter') w.rfEnter = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        w.rfTimes.push(performance.now() - w.rfEnter);
      }).observe(document.querySelector('[data-testid="rf-dialog"]') as Element, { attributeFilter: ['data-step'] });
    });
    // From codes[1]: the same code twice in a row within 0.8 s is a trigger pulled twice (ignored), not a scan.
    for (let i = 1; i <= 24; i += 1) {
      const step = await dialogOf(page).getAttribute('data-step');
      await scan(page, codes[i % codes.length] ?? '');
      await movedFrom(page, step);
    }
    const times = await page.evaluate(() => (window as unknown as { rfTimes: number[] }).rfTimes);
    expect(times).toHaveLength(24);
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
    console.log(`RF scan → next prompt: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${times.length} scans)`);
  });
});

// The station ------------------------------------------------------------------------------------------------------

/** The demo kiosk delivery of two cartons (DEMO_KIOSK_DELIVERIES.SF of src/server/demo/demoKiosk.ts), open on a fresh database. */
const DEMO_DELIVERY = 'DL00000002';

/** The demo delivery, open (read only here: the walk cancels, it stays open for kiosk.spec.ts). */
async function openDelivery(office: Page): Promise<string> {
  const found = await callApi<{ content: { deliveryNumber: string; status: string }[] }>(office, 'tDelivery/findPage', {
    pageNum: 1,
    pageSize: 5,
    columnFilters: { whId: 'WH01', deliveryNumber: DEMO_DELIVERY },
  });
  expect(found.content.find((d) => d.deliveryNumber === DEMO_DELIVERY)?.status, `${DEMO_DELIVERY} open`).toBe('O');
  return DEMO_DELIVERY;
}

test.describe('station', () => {
  let kiosk: Page;
  let cartons: string[] = [];
  const count = () => kiosk.getByTestId('kiosk-count');

  // One station, signed in, on the hand-over's first step; the delivery's cartons read from a first look.
  test.beforeAll(async ({ browser }) => {
    const office = await (await browser.newContext()).newPage();
    await login(office);
    await openDelivery(office);
    kiosk = await signedInStation(browser, office, { name: 'E2E-SCANS' });
    await office.context().close();
    cartons = await openHandover(kiosk, DEMO_DELIVERY);
    expect(cartons).toHaveLength(2);
    await kiosk.getByTestId('kiosk-cancel').click();
  });
  test.afterAll(() => kiosk.context().close());

  test('scans made during the red refusal flash are processed: a good carton is counted', async () => {
    await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
    await scan(kiosk, DEMO_DELIVERY);
    await scan(kiosk, cartons[0] ?? '');
    await expect(count()).toHaveAttribute('data-loaded', '1');
    // A carton of no delivery here: the red flash. Another wrong carton while it shows flashes anew; the good one is
    // counted and ends the flash.
    await scan(kiosk, 'CT-NOT-OURS-25');
    await expect(kiosk.getByTestId('kiosk-flash')).toContainText('CT-NOT-OURS-25');
    await scan(kiosk, 'CT-NOT-OURS-26');
    await expect(kiosk.getByTestId('kiosk-flash')).toContainText('CT-NOT-OURS-26');
    await expect(count()).toHaveAttribute('data-loaded', '1');
    await scan(kiosk, cartons[1] ?? '');
    await expect(count()).toHaveAttribute('data-loaded', '2');
    await expect(kiosk.getByTestId('kiosk-flash')).toHaveCount(0);
    await discardHandover(kiosk);
  });

  test('a carton scanned while the delivery is being looked up is counted once it shows', async () => {
    await kiosk.route('**/api/kiosk/delivery/find*', async (route) => {
      // The network's latency, not a wait of the test.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
    await scan(kiosk, DEMO_DELIVERY);
    await scan(kiosk, cartons[0] ?? '');
    await expect(count()).toHaveAttribute('data-loaded', '1');
    await kiosk.unrouteAll({ behavior: 'wait' });
    await discardHandover(kiosk);
  });
});
