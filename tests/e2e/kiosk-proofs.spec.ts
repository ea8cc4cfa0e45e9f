import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM, LAUNCH_ARGS } from './browser';
import { adminId, bindStation, cartonsOf, checkPod, delivery, driverSigns, enrolCode, STATION, scan } from './kioskStation';
import { callApi, login, shot } from './ui';

// Issue 25: a driver's signature once captured is never only in a browser. A station opened by a LAN name over plain
// http:// (no secure context: no crypto.randomUUID) signs a delivery; the idle sign-out at the preview keeps the signed
// hand-over and the next sign-in offers it again; the network is cut at the confirmation and the worker signs out; the
// office ships the delivery from its desk meanwhile; the network returns and the station's outbox sends the hand-over
// with the station's own credentials, nobody signed in: the signature becomes the shipped delivery's proof. A browser
// in which the station cannot work refuses to start, in both languages.

/** The name the station reaches the server by: a LAN name, so the page is not a secure context. */
const LAN_HOST = 'wharf-dock.lan';

/** A delivery of its own for this walk: DEMO-SO-3B's closed carton (no other walk uses it), labelled, in a new delivery. */
async function ownDelivery(office: Page): Promise<string> {
  const cartons = await callApi<{ content: { cartonNumber: string }[] }>(office, 'tblShippingLabel/findPage', {
    pageNum: 1,
    pageSize: 10,
    columnFilters: { whId: 'WH01', orderNumber: 'DEMO-SO-3B' },
  });
  const cartonNumbers = cartons.content.map((c) => c.cartonNumber);
  expect(cartonNumbers.length).toBe(1);
  await callApi(office, 'tblShippingLabel/applyShipLabel', { whId: 'WH01', cartonNumbers });
  const made = await callApi<{ deliveryNumber: string }>(office, 'tblShippingLabel/generateDelivery', {
    whId: 'WH01',
    cartonNumbers,
  });
  return made.deliveryNumber;
}

/** The administrator signs in at the station with account and PIN, on the station's keys. */
async function signInByPin(kiosk: Page, pin: string): Promise<void> {
  await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible({ timeout: 15_000 });
  for (const key of 'admin') await kiosk.getByTestId(`key-${key}`).click();
  await kiosk.getByTestId('key-ok').click();
  for (const key of pin) await kiosk.getByTestId(`key-${key}`).click();
  await kiosk.getByTestId('key-ok').click();
  await expect(kiosk.getByTestId('kiosk-tile-HANDOVER')).toBeVisible();
}

test('plain HTTP, idle sign-out at the preview, offline confirm, shipped from a desk meanwhile: the signature reaches the server', async ({
  page: office,
  baseURL,
}) => {
  await login(office);
  const deliveryNumber = await ownDelivery(office);
  const port = new URL(baseURL ?? '').port;
  // Its own browser, resolving the LAN name to this server (the machine's DNS would).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...LAUNCH_ARGS, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  });
  try {
    const context = await browser.newContext({ ...STATION, baseURL: `http://${LAN_HOST}:${port}` });
    const kiosk = await context.newPage();
    await kiosk.clock.install();
    await kiosk.goto('/kiosk');
    // Plain HTTP by a LAN name: no secure context, no crypto.randomUUID.
    expect(await kiosk.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
    await bindStation(office, await enrolCode(kiosk), { name: 'E2E-HTTP', idleSeconds: 30 });
    await callApi(office, 'user/setPin', { id: await adminId(office), pin: '2468' });

    await signInByPin(kiosk, '2468');
    await expect(kiosk.getByTestId('kiosk-outbox')).toHaveCount(0);
    await kiosk.getByTestId('kiosk-tile-HANDOVER').click();
    await scan(kiosk, deliveryNumber);
    for (const carton of await cartonsOf(kiosk)) await scan(kiosk, carton);
    await driverSigns(kiosk, 'Qian Lei', 'C4455', 'http');

    // Idle at the preview: the countdown says the signed hand-over is kept; the station signs out.
    await kiosk.clock.fastForward(20_000);
    await expect(kiosk.getByTestId('kiosk-idle-draft')).toContainText(deliveryNumber);
    await shot(kiosk, 'kiosk-proofs-idle-draft-en');
    await kiosk.clock.fastForward(12_000);
    await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible();
    // Plain HTTP is said at the sign-in (the station still works).
    await expect(kiosk.getByTestId('kiosk-insecure')).toBeVisible();

    // The next sign-in offers it again, at its preview: signature, driver and cartons as they were.
    await signInByPin(kiosk, '2468');
    await expect(kiosk.getByTestId('kiosk-draft')).toContainText(deliveryNumber);
    await shot(kiosk, 'kiosk-proofs-draft-offered-en');
    await kiosk.getByTestId('kiosk-draft-resume').click();
    await expect(kiosk.getByTestId('kiosk-preview-driver')).toHaveText('Qian Lei');
    await expect(kiosk.getByTestId('kiosk-preview-signature')).toBeVisible();

    // No network at the confirmation: kept on the station (the confirm works without a secure context).
    await kiosk.route('**/api/kiosk/station/handover', (route) => route.abort());
    await kiosk.getByTestId('kiosk-confirm').click();
    await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-kind', 'saved');
    await kiosk.getByTestId('kiosk-signout').click();
    // Nobody signed in: the sign-in screen says what waits.
    await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible();
    await expect(kiosk.getByTestId('kiosk-outbox')).toHaveAttribute('data-count', '1');
    await shot(kiosk, 'kiosk-proofs-outbox-signin-en');

    // Meanwhile the office ships the delivery from its desk.
    await callApi(office, 'tblShippingLabel/shippingByDelivery', { whId: 'WH01', deliveryNumber });
    expect(await delivery(office, deliveryNumber)).toMatchObject({ status: 'S', podId: null });

    // The network returns: the outbox sends with the station's credentials, nobody signed in.
    await kiosk.unrouteAll({ behavior: 'wait' });
    const back = Date.now();
    await kiosk.clock.fastForward(6000);
    await expect(kiosk.getByTestId('kiosk-outbox')).toHaveCount(0, { timeout: 15_000 });
    console.log(`kiosk timing: network back → proof stored ${Date.now() - back} ms`);
    expect(await kiosk.evaluate(() => localStorage.getItem('wharf.kiosk.outbox'))).toBe('[]');
    expect(await kiosk.evaluate(() => localStorage.getItem('wharf.kiosk.refused'))).toBeNull();
    // The shipped delivery now holds the driver's signature as its proof of delivery.
    expect(await delivery(office, deliveryNumber)).toMatchObject({ status: 'S', podDriverName: 'Qian Lei' });
    await checkPod(office, deliveryNumber, 'Qian Lei', 'http');
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a browser in which the station cannot work refuses to start, in both languages, before enrolling', async ({ browser }) => {
  const context = await browser.newContext(STATION);
  const kiosk = await context.newPage();
  // No random numbers (a browser or policy without crypto.getRandomValues).
  await kiosk.addInitScript(() => {
    Object.defineProperty(Crypto.prototype, 'getRandomValues', { value: undefined });
  });
  const enrolments: string[] = [];
  kiosk.on('request', (request) => {
    if (request.url().includes('/api/kiosk/')) enrolments.push(request.url());
  });
  await kiosk.goto('/kiosk');
  const screen = kiosk.getByTestId('kiosk-unsupported');
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('This browser cannot be a dock station');
  await expect(screen).toContainText('此浏览器无法用作月台终端');
  await expect(kiosk.getByTestId('kiosk-unsupported-random')).toBeVisible();
  await shot(kiosk, 'kiosk-proofs-unsupported');
  expect(enrolments).toEqual([]);
  expect(await kiosk.evaluate(() => localStorage.getItem('wharf.kiosk.stationKey'))).toBeNull();
  await context.close();
});
