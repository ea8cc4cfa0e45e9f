import { type Browser, expect, type Page, test } from '@playwright/test';
import { ownDeliveries } from './kioskDelivery';
import { adminId, bindStation, checkPod, checkTargets, enrolCode, STATION, scan, signOnPad } from './kioskStation';
import { callApi, login, shot } from './ui';

// Issue 25 item 11: a station with a touch screen and no keyboard types what a hand-over needs on its own keys, touch
// only (taps, no keyboard but the scanner): a Chinese driver's name by pinyin (张伟), a Latin one with a space and lower
// case (John Smith), a plate with its province from the province panel (沪A12345) — in both languages, each hand-over
// confirmed and read back by the office (the delivery's proof of delivery). The pinyin table loads only when 中 mode is
// first used.

const ADMIN_PIN = '8642';

/** Taps the station's keys for each character ("␣" and " " are the space bar). */
async function tapKeys(kiosk: Page, text: string): Promise<void> {
  for (const char of text) await kiosk.getByTestId(char === ' ' ? 'key-space' : `key-${char}`).tap();
}

/** A new station in `language`, enrolled and bound through the API; the administrator signs in by tapping account and PIN. */
async function stationSignedIn(browser: Browser, office: Page, language: 'zh_cn' | 'en_us'): Promise<Page> {
  const context = await browser.newContext(STATION);
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  await bindStation(office, await enrolCode(kiosk), { name: `E2E-KBD-${language}`, language });
  await callApi(office, 'user/setPin', { id: await adminId(office), pin: ADMIN_PIN });
  await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible({ timeout: 15_000 });
  // The account's keys stay lower-case, without shift or 中.
  await expect(kiosk.getByTestId('key-a')).toBeVisible();
  await expect(kiosk.getByTestId('key-mode')).toHaveCount(0);
  await tapKeys(kiosk, 'admin');
  await kiosk.getByTestId('key-ok').tap();
  await tapKeys(kiosk, ADMIN_PIN);
  await kiosk.getByTestId('key-ok').tap();
  await expect(kiosk.getByTestId('kiosk-tile-HANDOVER')).toBeVisible();
  return kiosk;
}

/** The hand-over of a delivery of one carton up to the driver's details. */
async function toDetails(kiosk: Page, deliveryNumber: string, cartonNumber: string): Promise<void> {
  await kiosk.getByTestId('kiosk-tile-HANDOVER').tap();
  await scan(kiosk, deliveryNumber);
  await expect(kiosk.getByTestId('kiosk-cartons')).toBeVisible();
  await scan(kiosk, cartonNumber);
  await expect(kiosk.getByTestId('kiosk-count')).toHaveAttribute('data-loaded', '1');
  await kiosk.getByTestId('kiosk-next').tap();
  await expect(kiosk.getByTestId('kiosk-details')).toBeVisible();
}

/** The plate from the province panel and the keys; the signature; confirmed, shipped; the office's proof names both. */
async function plateSignConfirm(office: Page, kiosk: Page, deliveryNumber: string, name: string, plate: string, lang: string) {
  await kiosk.getByTestId('kiosk-plate').tap();
  await expect(kiosk.getByTestId('kiosk-keyboard')).toHaveAttribute('data-layout', 'plate');
  await kiosk.getByTestId(`key-${plate[0]}`).tap();
  await tapKeys(kiosk, plate.slice(1));
  await expect(kiosk.getByTestId('kiosk-plate')).toHaveValue(plate);
  await expect(kiosk.getByTestId('kiosk-driver-name')).toHaveValue(name);
  await checkTargets(kiosk);
  await shot(kiosk, `kiosk-keyboard-plate-${lang}`);
  await signOnPad(kiosk, name, `keyboard-${lang}`);
  await kiosk.getByTestId('kiosk-confirm').tap();
  await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-kind', 'sent');
  const rows = await callApi<{
    content: { deliveryNumber: string; status: string; podDriverName: string; podVehiclePlate: string }[];
  }>(office, 'tDelivery/findPage', { pageNum: 1, pageSize: 5, columnFilters: { whId: 'WH01', deliveryNumber } });
  expect(rows.content.find((row) => row.deliveryNumber === deliveryNumber)).toMatchObject({
    status: 'S',
    podDriverName: name,
    podVehiclePlate: plate,
  });
  await checkPod(office, deliveryNumber, name, `keyboard-${lang}`);
}

test('a Chinese driver name by pinyin and a plate with its province, by touch (Chinese)', async ({ page: office, browser }) => {
  await login(office);
  const [own] = await ownDeliveries(office, 'KBD-ZH', 'A04-09-2', 1);
  if (!own) throw new Error('no delivery');
  const kiosk = await stationSignedIn(browser, office, 'zh_cn');
  await toDetails(kiosk, own.deliveryNumber, own.cartonNumber);

  // The name field first, in 中 mode (the station speaks Chinese): letters build the pinyin, its characters offered.
  const name = kiosk.getByTestId('kiosk-driver-name');
  const keyboard = kiosk.getByTestId('kiosk-keyboard');
  const letters = kiosk.getByTestId('pinyin-letters');
  await expect(keyboard).toHaveAttribute('data-mode', 'zh');
  await expect(kiosk.getByTestId('kiosk-pinyin')).toHaveAttribute('data-table', 'ready');
  await tapKeys(kiosk, 'zhang');
  await expect(letters).toHaveAttribute('data-letters', 'zhang');
  await kiosk.getByTestId('candidate-张').tap();
  await expect(name).toHaveValue('张');
  await expect(letters).toHaveAttribute('data-letters', '');
  await tapKeys(kiosk, 'wei');
  await expect(kiosk.getByTestId('candidate-伟')).toBeVisible();
  await checkTargets(kiosk);
  await shot(kiosk, 'kiosk-keyboard-pinyin-zh');
  await kiosk.getByTestId('candidate-伟').tap();
  await expect(name).toHaveValue('张伟');
  // Backspace takes pinyin letters first, then characters; the space bar types the first candidate.
  await tapKeys(kiosk, 'li');
  await kiosk.getByTestId('key-backspace').tap();
  await expect(letters).toHaveAttribute('data-letters', 'l');
  await kiosk.getByTestId('key-backspace').tap();
  await expect(letters).toHaveAttribute('data-letters', '');
  await expect(name).toHaveValue('张伟');
  await tapKeys(kiosk, 'de ');
  await expect(name).toHaveValue('张伟的');
  await kiosk.getByTestId('key-backspace').tap();
  await expect(name).toHaveValue('张伟');
  // Paging: the next page offers other characters of the syllable.
  await tapKeys(kiosk, 'shi');
  const firstPage = await kiosk.locator('.kiosk-candidate').allTextContents();
  await kiosk.getByTestId('pinyin-next').tap();
  await expect(kiosk.getByTestId('pinyin-prev')).toBeEnabled();
  const secondPage = await kiosk.locator('.kiosk-candidate').allTextContents();
  expect(secondPage.filter((char) => firstPage.includes(char))).toEqual([]);
  for (let n = 0; n < 3; n++) await kiosk.getByTestId('key-backspace').tap();
  await expect(letters).toHaveAttribute('data-letters', '');
  // EN mode on the Chinese screen: the Latin keys, lower case.
  await kiosk.getByTestId('key-mode').tap();
  await expect(keyboard).toHaveAttribute('data-mode', 'en');
  await expect(kiosk.getByTestId('kiosk-pinyin')).toHaveCount(0);
  await shot(kiosk, 'kiosk-keyboard-latin-zh');

  await plateSignConfirm(office, kiosk, own.deliveryNumber, '张伟', '沪A12345', 'zh');
});

test('a Latin driver name with a space and lower case by touch; the pinyin table loads only for 中 (English)', async ({
  page: office,
  browser,
}) => {
  await login(office);
  const [own] = await ownDeliveries(office, 'KBD-EN', 'A04-10-2', 1);
  if (!own) throw new Error('no delivery');
  const kiosk = await stationSignedIn(browser, office, 'en_us');
  const tableLoads: string[] = [];
  kiosk.on('request', (request) => {
    if (/pinyinTable/.test(request.url())) tableLoads.push(request.url());
  });
  await toDetails(kiosk, own.deliveryNumber, own.cartonNumber);

  const name = kiosk.getByTestId('kiosk-driver-name');
  const keyboard = kiosk.getByTestId('kiosk-keyboard');
  await expect(keyboard).toHaveAttribute('data-mode', 'en');
  // Shift: the next letter upper-case, then lower case again.
  await kiosk.getByTestId('key-shift').tap();
  await expect(kiosk.getByTestId('key-shift')).toHaveAttribute('data-shift', 'once');
  await tapKeys(kiosk, 'J');
  await expect(kiosk.getByTestId('key-shift')).toHaveAttribute('data-shift', 'off');
  await tapKeys(kiosk, 'ohn ');
  await kiosk.getByTestId('key-shift').tap();
  await tapKeys(kiosk, 'Smith');
  await expect(name).toHaveValue('John Smith');
  await checkTargets(kiosk);
  await shot(kiosk, 'kiosk-keyboard-latin-en');
  expect(tableLoads).toEqual([]);

  // 中 on the English screen: the table loads now, once.
  await kiosk.getByTestId('key-mode').tap();
  await expect(keyboard).toHaveAttribute('data-mode', 'zh');
  await expect(kiosk.getByTestId('kiosk-pinyin')).toHaveAttribute('data-table', 'ready');
  expect(tableLoads).toHaveLength(1);
  await tapKeys(kiosk, 'wang');
  await expect(kiosk.getByTestId('candidate-王')).toBeVisible();
  await shot(kiosk, 'kiosk-keyboard-pinyin-en');
  for (let n = 0; n < 4; n++) await kiosk.getByTestId('key-backspace').tap();
  await kiosk.getByTestId('key-mode').tap();
  await expect(keyboard).toHaveAttribute('data-mode', 'en');
  await expect(name).toHaveValue('John Smith');

  await plateSignConfirm(office, kiosk, own.deliveryNumber, 'John Smith', '粤B67890', 'en');
});
