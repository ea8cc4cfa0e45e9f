import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { discardHandover, openHandover, scan, signedInStation } from './kioskStation';
import { login, shot } from './ui';

// Issue 25 items 9 and 10 on the real dock station (/kiosk, 1280 × 800, touch): the browser's keys are refused by the
// page (typing, editing and the scanner's GS1 separator still work); a long press or a two-finger touch on a home tile
// opens nothing, a short tap does; a tap's dot is no signature; a history Back, Home, Sign out, Cancel and a reload never
// drop a hand-over in progress silently: "放弃本次交接？ / Discard this hand-over?" asks first (nothing asked with
// nothing scanned).
// Named to run before kiosk.spec.ts, which ships the demo kiosk deliveries: this walk only reads one (it discards).

/** The demo kiosk delivery of two cartons (DEMO_KIOSK_DELIVERIES.SF of src/server/demo/demoKiosk.ts), open. */
const DEMO_DELIVERY = 'DL00000002';

/** Keys whose browser action a page can refuse: help, find, reload, address bar, history, downloads, devtools, zoom… */
const BROWSER_KEYS = [
  'F1',
  'F3',
  'F5',
  'F6',
  'F7',
  'F10',
  'F11',
  'F12',
  'Control+f',
  'Control+h',
  'Control+j',
  'Control+l',
  'Control+r',
  'Control+u',
  'Control+p',
  'Control+s',
  'Control+o',
  'Control+d',
  'Control+Equal',
  'Control+Minus',
  'Control+0',
  'Control+Shift+I',
  'Control+Shift+J',
  'Control+Shift+C',
  'Control+Shift+Delete',
  'Control+Shift+B',
  'Alt+ArrowLeft',
  'Alt+ArrowRight',
  'Alt+Home',
  'Alt+d',
  'Backspace',
];

let kiosk: Page;
let cdp: CDPSession;
let cartons: string[] = [];

const tile = () => kiosk.getByTestId('kiosk-tile-HANDOVER');
const count = () => kiosk.getByTestId('kiosk-count');
const dialog = () => kiosk.getByTestId('kiosk-discard-dialog');
const handover = () => kiosk.getByTestId('kiosk-handover');

/** The centre of a locator on the screen. */
async function centre(locator: ReturnType<Page['getByTestId']>): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Counts the clicks the page receives (to wait for a gesture's click, if the browser makes one). */
async function countClicks(): Promise<void> {
  await kiosk.evaluate(() => {
    const w = window as unknown as { clicks: number };
    w.clicks = 0;
    document.addEventListener('click', () => (w.clicks += 1), true);
  });
}

/** The delivery and its first `n` cartons scanned, on the hand-over's load step. */
async function scanned(n: number): Promise<void> {
  await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
  await scan(kiosk, DEMO_DELIVERY);
  await expect(count()).toBeVisible();
  for (const carton of cartons.slice(0, n)) await scan(kiosk, carton);
  await expect(count()).toHaveAttribute('data-loaded', String(n));
}

test.beforeAll(async ({ browser }) => {
  const office = await (await browser.newContext()).newPage();
  await login(office);
  kiosk = await signedInStation(browser, office, { name: 'E2E-LOCK', flows: 'HANDOVER,LOOKUP' });
  await office.context().close();
  cdp = await kiosk.context().newCDPSession(kiosk);
  cartons = await openHandover(kiosk, DEMO_DELIVERY);
  expect(cartons).toHaveLength(2);
  // Nothing scanned but the delivery: Cancel asks nothing.
  await kiosk.getByTestId('kiosk-cancel').click();
  await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
  await expect(dialog()).toHaveCount(0);
  await kiosk.getByTestId('kiosk-home').click();
  await expect(tile()).toBeVisible();
});
test.afterAll(() => kiosk.context().close());

test('the browser keys are refused; typing, editing and the scanner (GS1 separator as Ctrl+]) still work', async () => {
  await kiosk.evaluate(() => {
    const w = window as unknown as { keys: { key: string; prevented: boolean }[] };
    w.keys = [];
    // Bubbling, at the window: after every handler of the page.
    window.addEventListener('keydown', (e) => {
      if (!['Control', 'Shift', 'Alt'].includes(e.key)) w.keys.push({ key: e.key, prevented: e.defaultPrevented });
    });
  });
  for (const key of BROWSER_KEYS) await kiosk.keyboard.press(key);
  const seen = await kiosk.evaluate(() => (window as unknown as { keys: { key: string; prevented: boolean }[] }).keys);
  expect(seen).toHaveLength(BROWSER_KEYS.length);
  expect(seen.filter((k) => !k.prevented).map((k) => k.key)).toEqual([]);
  await expect(tile()).toBeVisible();
  await expect(kiosk).toHaveURL(/\/kiosk\/?$/);

  // In the scan field: letters, the separator a scanner sends as Ctrl+], Backspace, select all and delete.
  await tile().click();
  const field = kiosk.locator('input.kiosk-scan');
  await expect(field).toBeFocused();
  await kiosk.keyboard.type('AB', { delay: 80 });
  await kiosk.keyboard.press('Control+BracketRight');
  await kiosk.keyboard.type('c', { delay: 80 });
  await expect(field).toHaveValue('AB\u001dc');
  await kiosk.keyboard.press('Backspace');
  await expect(field).toHaveValue('AB\u001d');
  await kiosk.keyboard.press('Control+a');
  await kiosk.keyboard.press('Delete');
  await expect(field).toHaveValue('');
  // A scan still scans.
  await scanned(1);
  await discardHandover(kiosk);
  await kiosk.getByTestId('kiosk-home').click();
  await expect(tile()).toBeVisible();
});

test('a long press or a two-finger touch on a tile opens nothing; a short tap opens the flow', async () => {
  await countClicks();
  const at = await centre(tile());
  // A finger held 700 ms on the tile: Chromium clicks when it lifts.
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  const down = await kiosk.evaluate(() => performance.now());
  await kiosk.waitForFunction((start) => performance.now() - start > 700, down);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await kiosk.waitForFunction(() => (window as unknown as { clicks: number }).clicks === 1);
  await expect(tile()).toBeVisible();
  await expect(kiosk).toHaveURL(/\/kiosk\/?$/);

  // A pinch that starts on the tile: the first finger, a second one beside it, both lift, and the first finger's
  // click (as a touch panel's gesture recogniser may send it).
  await kiosk.getByTestId('kiosk-tile-HANDOVER').evaluate((element, point) => {
    const touch = (type: string, pointerId: number, isPrimary: boolean, x: number, y: number) =>
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        pointerId,
        pointerType: 'touch',
        isPrimary,
        clientX: x,
        clientY: y,
      });
    element.dispatchEvent(touch('pointerdown', 11, true, point.x, point.y));
    document
      .elementFromPoint(point.x + 120, point.y + 90)
      ?.dispatchEvent(touch('pointerdown', 12, false, point.x + 120, point.y + 90));
    document
      .elementFromPoint(point.x + 120, point.y + 90)
      ?.dispatchEvent(touch('pointerup', 12, false, point.x + 160, point.y + 130));
    element.dispatchEvent(touch('pointerup', 11, true, point.x - 30, point.y - 20));
    element.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1, clientX: point.x, clientY: point.y }),
    );
  }, at);
  await kiosk.waitForFunction(() => (window as unknown as { clicks: number }).clicks === 2);
  await expect(tile()).toBeVisible();
  await expect(kiosk).toHaveURL(/\/kiosk\/?$/);

  // Two real fingers on the tile, spread apart: nothing opens either.
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at, id: 1 }] });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [
      { ...at, id: 1 },
      { x: at.x + 40, y: at.y + 30, id: 2 },
    ],
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchMove',
    touchPoints: [
      { x: at.x - 40, y: at.y - 30, id: 1 },
      { x: at.x + 90, y: at.y + 70, id: 2 },
    ],
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

  // One short tap opens the hand-over.
  await kiosk.touchscreen.tap(at.x, at.y);
  await expect(handover()).toBeVisible();
  await kiosk.getByTestId('kiosk-home').click();
  await expect(tile()).toBeVisible();
});

test("a dot or a dash is no signature: the preview opens on a name's worth of ink", async () => {
  await tile().click();
  await scanned(2);
  await kiosk.getByTestId('kiosk-next').click();
  await kiosk.getByTestId('kiosk-driver-name').fill('Wang Lei');
  await kiosk.getByTestId('kiosk-plate').click();
  for (const key of 'A12345') await kiosk.getByTestId(`key-${key}`).click();
  await kiosk.getByTestId('kiosk-next').click();
  const pad = kiosk.locator('.kiosk-sign-pad');
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');

  // A tap: a dot. Not a signature: the preview stays shut and the caption says why.
  await kiosk.touchscreen.tap(box.x + 300, box.y + 200);
  await expect(pad).toHaveAttribute('data-strokes', '1');
  await expect(kiosk.getByTestId('kiosk-sign-short')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-next')).toBeDisabled();
  await shot(kiosk, 'kiosk-sign-dot-en');
  // A dash of 100 px (26 mm): still too short.
  await kiosk.mouse.move(box.x + 400, box.y + 300);
  await kiosk.mouse.down();
  await kiosk.mouse.move(box.x + 500, box.y + 300, { steps: 5 });
  await kiosk.mouse.up();
  await expect(pad).toHaveAttribute('data-strokes', '2');
  await expect(kiosk.getByTestId('kiosk-next')).toBeDisabled();
  // A name's worth of ink: the preview opens.
  await kiosk.mouse.move(box.x + 200, box.y + 400);
  await kiosk.mouse.down();
  for (let i = 1; i <= 12; i += 1) await kiosk.mouse.move(box.x + 200 + i * 25, box.y + 400 - 60 * Math.sin(i / 2), { steps: 2 });
  await kiosk.mouse.up();
  await expect(pad).toHaveAttribute('data-strokes', '3');
  await expect(kiosk.getByTestId('kiosk-sign-short')).toHaveCount(0);
  await kiosk.getByTestId('kiosk-next').click();
  await expect(kiosk.getByTestId('kiosk-preview-signature')).toBeVisible();

  // Signed: leaving asks, and says the signature goes too.
  await kiosk.getByTestId('kiosk-home').click();
  await expect(dialog()).toContainText("The driver's signature is deleted.");
  await kiosk.getByTestId('kiosk-discard-yes').click();
  await expect(tile()).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-draft')).toHaveCount(0);
});

test('a history Back, Home and Sign out ask before dropping a hand-over in progress', async () => {
  await tile().click();
  await scanned(2);
  // A history Back (a swipe, the mouse's back button, history.back()): the station stays, and asks.
  await kiosk.evaluate(() => history.back());
  await expect(dialog()).toBeVisible();
  await expect(dialog()).toContainText('Discard this hand-over?');
  await expect(dialog()).toContainText('The 2 cartons scanned no longer count');
  await expect(kiosk).toHaveURL(/\/kiosk\/handover$/);
  await kiosk.getByTestId('kiosk-discard-keep').click();
  await expect(dialog()).toHaveCount(0);
  await expect(count()).toHaveAttribute('data-loaded', '2');
  // Again, twice in a row: still here, still asking.
  await kiosk.goBack();
  await kiosk.evaluate(() => history.go(-1));
  await expect(dialog()).toBeVisible();
  await kiosk.getByTestId('kiosk-discard-keep').click();
  await expect(count()).toHaveAttribute('data-loaded', '2');
  await expect(kiosk).toHaveURL(/\/kiosk\/handover$/);

  // The top bar's Home and Sign out ask too.
  await kiosk.getByTestId('kiosk-home').click();
  await expect(dialog()).toBeVisible();
  await kiosk.getByTestId('kiosk-discard-keep').click();
  await kiosk.getByTestId('kiosk-signout').click();
  await expect(dialog()).toBeVisible();
  await kiosk.getByTestId('kiosk-discard-keep').click();
  await expect(count()).toHaveAttribute('data-loaded', '2');

  // A Back, discarded: home, and the hand-over gone.
  await kiosk.goBack();
  await expect(dialog()).toBeVisible();
  await kiosk.getByTestId('kiosk-discard-yes').click();
  await expect(tile()).toBeVisible();
  await tile().click();
  await expect(handover()).toHaveAttribute('data-step', 'scan');
  await kiosk.getByTestId('kiosk-home').click();
  await expect(tile()).toBeVisible();
});

test('Cancel asks before discarding scanned cartons, in both languages; a reload or close is asked too', async () => {
  await tile().click();
  await scanned(1);
  await kiosk.getByTestId('kiosk-cancel').click();
  await expect(dialog()).toBeVisible();
  await expect(dialog()).toContainText('The carton scanned no longer counts');
  await shot(kiosk, 'kiosk-discard-en');
  await kiosk.getByTestId('kiosk-discard-keep').click();
  await expect(count()).toHaveAttribute('data-loaded', '1');

  // A reload or a close: the browser asks (dismissed here: the station stays, the carton still counted).
  const asked = kiosk.waitForEvent('dialog');
  await kiosk.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(count()).toHaveAttribute('data-loaded', '1');

  await kiosk.getByTestId('kiosk-language').click();
  await kiosk.getByTestId('kiosk-cancel').click();
  await expect(dialog()).toContainText('放弃本次交接？');
  await expect(dialog()).toContainText('已扫描的 1 箱将不再计入');
  await expect(kiosk.getByTestId('kiosk-discard-yes')).toHaveText('放弃');
  await shot(kiosk, 'kiosk-discard-zh');
  await kiosk.getByTestId('kiosk-discard-yes').click();
  await expect(dialog()).toHaveCount(0);
  await expect(handover()).toHaveAttribute('data-step', 'scan');
  // Nothing in progress now: a close is not asked (the walk's last step: the station's page goes).
  const closed = kiosk.waitForEvent('close');
  await kiosk.close({ runBeforeUnload: true });
  await closed;
});
