/**
 * What the dock-station browser tests share (kiosk.spec.ts, kiosk-proofs.spec.ts, kiosk-offline.spec.ts,
 * kiosk-lockdown.spec.ts, dock-scans.spec.ts): the station's screen, a new station enrolled, bound and signed in through
 * the API, a scanner, the station's size rules, the driver's signing, and the office's view of a delivery.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { callApi, shot } from './ui';

/** A station: 1280 × 800, touch. */
export const STATION = {
  viewport: { width: 1280, height: 800 },
  hasTouch: true,
  isMobile: false,
  reducedMotion: 'reduce',
} as const;

/**
 * A new station of WH01 (its own browser context, `STATION`): enrolled, bound by the office through the API, and the
 * administrator signed in with a badge scan set through the API. Answers the station's page on its home screen.
 */
export async function signedInStation(
  browser: Browser,
  office: Page,
  options: { name: string; flows?: string; language?: 'zh_cn' | 'en_us' },
): Promise<Page> {
  const context = await browser.newContext(STATION);
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  await bindStation(office, await enrolCode(kiosk), options);
  const badge = `S${Date.now() % 1000000}`;
  await callApi(office, 'user/setBadge', { id: await adminId(office), badge });
  await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible({ timeout: 15_000 });
  await expect(kiosk.getByTestId('kiosk-badge')).toBeFocused();
  await kiosk.keyboard.type(badge, { delay: 5 });
  await kiosk.keyboard.press('Enter');
  await expect(kiosk.getByTestId('kiosk-home-screen')).toBeVisible();
  return kiosk;
}

/** The code a new station shows on its enrolment screen. */
export async function enrolCode(kiosk: Page): Promise<string> {
  const shown = kiosk.getByTestId('kiosk-enrol-code');
  await expect(shown).toHaveText(/^[A-Z0-9]{4}-?[A-Z0-9]{4}$/);
  return ((await shown.textContent()) ?? '').trim();
}

/**
 * The office adds a station of WH01 (its name made unique; HANDOVER, English and 300 s idle unless given) and binds the
 * station that shows `code`; answers the station's id.
 */
export async function bindStation(
  office: Page,
  code: string,
  station: { name: string; flows?: string; language?: 'zh_cn' | 'en_us'; idleSeconds?: number },
): Promise<number> {
  const id = await callApi<number>(office, 'tKioskStation/save', {
    whId: 'WH01',
    stationName: `${station.name}-${Date.now() % 100000}`,
    flows: station.flows ?? 'HANDOVER',
    language: station.language ?? 'en_us',
    idleSeconds: station.idleSeconds ?? 300,
  });
  await callApi(office, 'tKioskStation/bind', { id, code });
  return id;
}

/** The id of the administrator's account (to set its badge or PIN). */
export async function adminId(office: Page): Promise<number> {
  const users = await callApi<{ content: { id: number; name: string }[] }>(office, 'user/findPage', {
    pageNum: 1,
    pageSize: 10,
    columnFilters: { name: 'admin' },
  });
  const admin = users.content.find((u) => u.name === 'admin');
  if (!admin) throw new Error('no admin user');
  return admin.id;
}

/**
 * Opens the hand-over of a delivery at a signed-in station (its home showing): the HANDOVER tile, the delivery scanned;
 * answers its carton numbers as listed.
 */
export async function openHandover(kiosk: Page, deliveryNumber: string): Promise<string[]> {
  await kiosk.getByTestId('kiosk-tile-HANDOVER').click();
  await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
  await scan(kiosk, deliveryNumber);
  await expect(kiosk.getByTestId('kiosk-cartons')).toBeVisible();
  return (await kiosk.locator('.kiosk-carton-number').allTextContents()).map((s) => s.trim());
}

export interface DeliveryRow {
  whId: string;
  deliveryNumber: string;
  status: string;
  podId: number | null;
  podDriverName: string | null;
}

/** A scanner at the station: the code as a fast burst of keys, then Enter, into the focused scan field. */
export async function scan(kiosk: Page, text: string): Promise<void> {
  await expect(kiosk.locator('input.kiosk-scan')).toBeFocused();
  await kiosk.keyboard.type(text, { delay: 5 });
  await kiosk.keyboard.press('Enter');
}

/** Cancels a hand-over with cartons scanned: Cancel, then "Discard" in the question it asks (issue 25 item 10). */
export async function discardHandover(kiosk: Page): Promise<void> {
  await kiosk.getByTestId('kiosk-cancel').click();
  await kiosk.getByTestId('kiosk-discard-yes').click();
  await expect(kiosk.getByTestId('kiosk-handover')).toHaveAttribute('data-step', 'scan');
}

/** The station's rules: nothing wider than the screen, every visible control at least 48 px. */
export async function checkTargets(kiosk: Page): Promise<void> {
  expect(await kiosk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const small = await kiosk.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.kiosk-page button, .kiosk-page input:not(.kiosk-scan-hidden)')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el: el.dataset.testid ?? el.className, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 48 || box.width < 48)
      .map(({ el }) => el),
  );
  expect(small).toEqual([]);
}

/** The office's row of a delivery of WH01 (its status and proof of delivery). */
export async function delivery(office: Page, deliveryNumber: string): Promise<DeliveryRow> {
  const page = await callApi<{ content: DeliveryRow[] }>(office, 'tDelivery/findPage', {
    pageNum: 1,
    pageSize: 5,
    columnFilters: { whId: 'WH01', deliveryNumber },
  });
  const row = page.content.find((r) => r.deliveryNumber === deliveryNumber);
  if (!row) throw new Error(`${deliveryNumber} not found`);
  return row;
}

/** Driver's name and plate, the signature drawn with the mouse, the preview. */
export async function driverSigns(kiosk: Page, driverName: string, plate: string, lang: string): Promise<void> {
  await kiosk.getByTestId('kiosk-next').click();
  await kiosk.getByTestId('kiosk-driver-name').fill(driverName);
  // The plate on the station's own keys.
  await kiosk.getByTestId('kiosk-plate').click();
  for (const key of plate) await kiosk.getByTestId(`key-${key}`).click();
  await expect(kiosk.getByTestId('kiosk-plate')).toHaveValue(plate);
  await checkTargets(kiosk);
  await shot(kiosk, `kiosk-04-driver-${lang}`);
  await signOnPad(kiosk, driverName, lang);
}

/** From the driver's details: the signature drawn with the mouse, the preview naming the driver. */
export async function signOnPad(kiosk: Page, driverName: string, lang: string): Promise<void> {
  await kiosk.getByTestId('kiosk-next').click();
  const pad = kiosk.locator('.kiosk-sign-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await kiosk.mouse.move(box.x + 200, box.y + box.height * 0.6);
  await kiosk.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    await kiosk.mouse.move(box.x + 200 + i * 30, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 2 });
  }
  await kiosk.mouse.up();
  await expect(pad).toHaveAttribute('data-strokes', '1');
  await shot(kiosk, `kiosk-05-sign-${lang}`);
  await kiosk.getByTestId('kiosk-next').click();
  await expect(kiosk.getByTestId('kiosk-preview-driver')).toHaveText(driverName);
  await expect(kiosk.getByTestId('kiosk-preview-signature')).toBeVisible();
  await shot(kiosk, `kiosk-06-preview-${lang}`);
}

/** Loads every carton of the delivery shown: answers their numbers. */
export async function cartonsOf(kiosk: Page): Promise<string[]> {
  await expect(kiosk.getByTestId('kiosk-cartons')).toBeVisible();
  return (await kiosk.locator('.kiosk-carton-number').allTextContents()).map((s) => s.trim());
}

/** The proof of delivery as the office downloads it: a PDF with the signature image and the driver's name. */
export async function checkPod(office: Page, deliveryNumber: string, driverName: string, lang: string): Promise<void> {
  const token = await office.evaluate(() => sessionStorage.getItem('token'));
  const res = await office.request.post('/api/tblShippingLabel/getPodDocument', {
    headers: { token: token ?? '' },
    data: { whId: 'WH01', deliveryNumber },
  });
  expect(res.headers()['content-type']).toContain('application/pdf');
  const bytes = await res.body();
  const doc = await PDFDocument.load(bytes);
  const images = doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  expect(images.length).toBeGreaterThan(0);
  mkdirSync('tests/artifacts', { recursive: true });
  const file = `tests/artifacts/kiosk-pod-${lang}.pdf`;
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(driverName);
}
