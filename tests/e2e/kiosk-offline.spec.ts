import { expect, test } from '@playwright/test';
import { ownDeliveries } from './kioskDelivery';
import { cartonsOf, checkTargets, delivery, driverSigns, scan, signedInStation } from './kioskStation';
import { login, shot } from './ui';

// Issue 25 item 14: a dock station reloaded without a network showed Chromium's "No internet" page. Now its offline
// shell (a service worker, scope /kiosk) starts it from the cache: its home — station, language toggle — and its
// outbox, with the offline state and the flows shown disabled with the reason; when the network returns the page
// resumes and the outbox sends: the delivery is shipped with the driver's signature.

test('reloaded without a network, the station shows its home and its outbox; the network back, the hand-over ships', async ({
  page: office,
  browser,
}) => {
  await login(office);
  // A delivery of its own (an order of ACME for a lot no other spec uses, picked, packed, labelled).
  const [own] = await ownDeliveries(office, 'OFFLINE', 'A04-11-2', 1);
  if (!own) throw new Error('no delivery made');
  const { deliveryNumber, cartonNumber } = own;
  const kiosk = await signedInStation(browser, office, { name: 'E2E-OFFLINE', flows: 'HANDOVER,SIGN', language: 'zh_cn' });

  // The station's worker is installed and controls the page (it registers from the kiosk only).
  await expect
    .poll(() => kiosk.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toMatch(/\/kiosk-sw\.js$/);
  await kiosk.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // A hand-over confirmed with the network gone: kept in the station's outbox.
  await kiosk.getByTestId('kiosk-tile-HANDOVER').click();
  await scan(kiosk, deliveryNumber);
  expect(await cartonsOf(kiosk)).toEqual([cartonNumber]);
  await scan(kiosk, cartonNumber);
  await driverSigns(kiosk, '孙立 Sun Li', 'A2468', 'offline-zh');
  await kiosk.context().setOffline(true);
  await kiosk.getByTestId('kiosk-confirm').click();
  await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-kind', 'saved');
  await kiosk.getByTestId('kiosk-result-home').click();
  await expect(kiosk.getByTestId('kiosk-outbox')).toHaveAttribute('data-count', '1');

  // Reloaded without a network: not the browser's error page but the station's home, offline, with its outbox.
  const reloaded = Date.now();
  await kiosk.reload();
  await expect(kiosk.getByTestId('kiosk-home-screen')).toBeVisible();
  console.log(`kiosk offline: reload → home ${Date.now() - reloaded} ms`);
  await expect(kiosk.getByTestId('kiosk-offline')).toContainText('离线');
  await expect(kiosk.getByTestId('kiosk-outbox')).toHaveAttribute('data-count', '1');
  await expect(kiosk.locator('.kiosk-bar-title')).toContainText('E2E-OFFLINE');
  // The flows need the server: shown, disabled, saying why.
  for (const flow of ['HANDOVER', 'SIGN']) {
    await expect(kiosk.getByTestId(`kiosk-tile-${flow}`)).toBeDisabled();
    await expect(kiosk.getByTestId(`kiosk-tile-${flow}`)).toContainText('离线：需要连接服务器');
  }
  // The icons came from the cache too.
  await expect(kiosk.locator('.kiosk-offline sl-icon')).toHaveJSProperty('name', 'wifi-off');
  await expect
    .poll(() => kiosk.evaluate(() => document.querySelector('.kiosk-offline sl-icon')?.shadowRoot?.querySelector('svg') !== null))
    .toBe(true);
  await checkTargets(kiosk);
  await shot(kiosk, 'kiosk-offline-home-zh');
  // The other language's messages are kept too.
  await kiosk.getByTestId('kiosk-language').click();
  await expect(kiosk.getByTestId('kiosk-offline')).toContainText('Offline');
  await expect(kiosk.getByTestId('kiosk-outbox')).toContainText('1 signed hand-over is saved on this station');
  await expect(kiosk.getByTestId('kiosk-tile-HANDOVER')).toContainText('Offline: needs the server');
  await shot(kiosk, 'kiosk-offline-home-en');
  expect(await delivery(office, deliveryNumber)).toMatchObject({ status: 'O', podId: null });

  // The network returns: the page resumes, the outbox sends with the station's credentials, the delivery ships.
  const back = Date.now();
  await kiosk.context().setOffline(false);
  await expect(kiosk.getByTestId('kiosk-outbox')).toHaveCount(0, { timeout: 15_000 });
  console.log(`kiosk offline: network back → outbox sent ${Date.now() - back} ms`);
  await expect(kiosk.getByTestId('kiosk-offline')).toHaveCount(0);
  await expect(kiosk.getByTestId('kiosk-tile-HANDOVER')).toBeEnabled();
  expect(await kiosk.evaluate(() => localStorage.getItem('wharf.kiosk.outbox'))).toBe('[]');
  expect(await delivery(office, deliveryNumber)).toMatchObject({ status: 'S', podDriverName: '孙立 Sun Li' });

  // The cache holds the shell of this build only: no API answer was ever kept.
  const kept = await kiosk.evaluate(async () => {
    const names = await caches.keys();
    const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
    return { names, urls: urls.map((request) => new URL(request.url).pathname) };
  });
  expect(kept.names).toHaveLength(1);
  expect(kept.names[0]).toMatch(/^wharf-kiosk-[0-9a-f]{16}$/);
  expect(kept.urls).toContain('/kiosk');
  expect(kept.urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  // A console address, even in this browser, is outside the worker's scope: served by the server, never by the cache.
  await kiosk.goto('/login');
  await expect(kiosk).toHaveURL(/\/kiosk$/);
  expect(await kiosk.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await kiosk.context().close();
});
