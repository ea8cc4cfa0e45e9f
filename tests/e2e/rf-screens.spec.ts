/**
 * Issue 25 item 18, the RF screens as a worker meets them: on the handheld page (/Core/RfDialog, 360 × 640, touch) and
 * inside the dock station (/kiosk, 1280 × 800, touch), in both languages.
 * - a touch worker confirms an input step with the on-screen OK (the one filled key; Done, which leaves the flow, is not);
 * - the camera opens full page (no console menu or header) and its scan goes to the step the flow was at;
 * - a refused scan shows only the refusal and the prompt, not the headers and list of the scan before;
 * - texts: "1 row", headers in the language switched to, no lot label without a lot (also rf.texts.test.ts);
 * - the station's RF dialog is sized for the station (prompt ≥ 24 px, targets ≥ 48 px), the handheld's is unchanged.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CAMERA_CHROMIUM, LAUNCH_ARGS } from './browser';
import { checkTargets, signedInStation } from './kioskStation';
import { callApi, login, openHandheld, shot } from './ui';
import { code128Luma, writeY4m } from './y4m';

const HANDHELD = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true } as const;
const CAMERA_CODE = 'ACME-0071';
const VIDEO = resolve('test-results/rf-screens-camera.y4m');

// The camera shows nothing for 2 s (the page is looked at), then the item's label; written before the browser starts.
mkdirSync('test-results', { recursive: true });
writeY4m(VIDEO, 640, 480, code128Luma(CAMERA_CODE, 640, 480, 3), { fps: 5, blankSeconds: 2, codeSeconds: 3 });
test.use({
  launchOptions: {
    executablePath: CAMERA_CHROMIUM,
    args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  },
});

const dialogOf = (page: Page) => page.getByTestId('rf-dialog');
const input = (page: Page) => page.getByTestId('rf-input');
const message = (page: Page) => page.getByTestId('rf-message');
const headers = (page: Page) => page.getByTestId('rf-headers');

/** A wedge scanner: the code as a fast burst, then Enter, into the focused input. */
async function scan(page: Page, text: string): Promise<void> {
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Waits for the dialog to leave `step`; answers the new step. */
async function movedFrom(page: Page, step: string | null): Promise<string> {
  await expect(dialogOf(page)).not.toHaveAttribute('data-step', step ?? '');
  return (await dialogOf(page).getAttribute('data-step')) ?? '';
}

/** The handheld page in a language, the flow started afresh (one left running is ended with Done). */
async function openRf(page: Page, mainProcessName: string, language: 'zh_cn' | 'en_us'): Promise<void> {
  await openHandheld(page);
  await expect(page.getByTestId('rf-home').or(dialogOf(page))).toBeVisible();
  await page.getByTestId('rf-menu-button').tap();
  await page.getByTestId(`rf-language-${language}`).tap();
  await expect(page.getByTestId('rf-menu-button')).toHaveAttribute('aria-label', language === 'en_us' ? 'Menu' : '菜单');
  if (await dialogOf(page).isVisible()) await page.getByTestId('rf-key-DONE').tap();
  else if (!(await page.getByTestId('rf-home').isVisible())) {
    await page.getByTestId('rf-menu-button').tap();
    await page.getByTestId('rf-menu-flows').tap();
  }
  await page.getByTestId(`rf-flow-${mainProcessName}`).tap();
  await expect(dialogOf(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

const fontPx = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
const background = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

/** How many stock rows of client ACME a location of WH01 holds. */
async function rowsAt(page: Page, locationId: string): Promise<number> {
  const found = await callApi<{ totalSize: number }>(page, 'tStoredItem/findPage', {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: 'WH01', clientCode: 'ACME', locationId: { value: locationId, exact: true } },
  });
  return found.totalSize;
}

test.describe('handheld', () => {
  test.use(HANDHELD);

  test('a touch worker confirms an input step with OK, the one filled key (Done, which leaves the flow, is plain)', async ({
    page,
  }) => {
    await login(page);
    for (const [language, lang] of [
      ['en_us', 'en'],
      ['zh_cn', 'zh'],
    ] as const) {
      await openRf(page, 'INQUIRY', language);
      const ok = page.getByTestId('rf-ok');
      await expect(ok).toBeVisible();
      await expect(ok).toHaveText(language === 'en_us' ? /OK/ : /确定/);
      expect(await background(page, 'rf-ok')).not.toBe('rgb(255, 255, 255)');
      expect(await background(page, 'rf-key-DONE')).toBe('rgb(255, 255, 255)');
      expect((await ok.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      await shot(page, `rf-handheld-input-${lang}`);

      // Typed on the screen's keyboard and confirmed with a tap on OK: the step is answered, the input keeps the focus.
      const step = await dialogOf(page).getAttribute('data-step');
      await input(page).tap();
      await page.keyboard.type('A02-11-1');
      await ok.tap();
      await movedFrom(page, step);
      await expect(dialogOf(page)).toHaveAttribute('data-sub-process', 'INQ_RESULT');
      await expect(headers(page)).toContainText('A02-11-1');
      await expect(input(page)).toBeFocused();
      // "1 row", never "1 rows".
      const count = await rowsAt(page, 'A02-11-1');
      if (language === 'en_us') {
        await expect(headers(page)).toContainText(`${count} ${count === 1 ? 'row' : 'rows'} · on hand`);
        await expect(headers(page)).not.toContainText('1 rows');
      } else await expect(headers(page)).toContainText(`${count} 行 · 在库`);
      await shot(page, `rf-handheld-result-${lang}`);
      await page.getByTestId('rf-key-DONE').tap();
      await expect(page.getByTestId('rf-home')).toBeVisible();
    }
  });

  test('a refused scan shows only the refusal and the prompt, not the headers and list of the scan before', async ({ page }) => {
    await login(page);
    for (const [language, lang] of [
      ['en_us', 'en'],
      ['zh_cn', 'zh'],
    ] as const) {
      await openRf(page, 'INQUIRY', language);
      await scan(page, 'A02-11-1');
      await expect(headers(page)).toContainText('A02-11-1');
      await expect(page.getByTestId('rf-list')).toBeVisible();
      // A code that names nothing: the refusal and the prompt, without the last scan's headers and list.
      await scan(page, 'NOTHING-HERE-18');
      await expect(message(page)).toHaveAttribute('data-kind', 'error');
      await expect(message(page)).toContainText('NOTHING-HERE-18');
      await expect(headers(page)).toHaveCount(0);
      await expect(page.getByTestId('rf-list')).toHaveCount(0);
      await expect(page.locator('label.rf-prompt')).toBeVisible();
      await shot(page, `rf-handheld-refused-${lang}`);
      // The next good scan shows its own result again.
      await scan(page, 'A02-12-1');
      await expect(headers(page)).toContainText('A02-12-1');
      await expect(page.getByTestId('rf-list')).toBeVisible();
      await page.getByTestId('rf-key-DONE').tap();
      await expect(page.getByTestId('rf-home')).toBeVisible();
    }
  });

  test('a header follows a language switch (rendered from the codes, not kept in the language of the scan)', async ({ page }) => {
    await login(page);
    await openRf(page, 'INQUIRY', 'zh_cn');
    await scan(page, 'A02-11-1');
    await expect(headers(page)).toContainText('库位 A02-11-1');
    await page.getByTestId('rf-menu-button').tap();
    await page.getByTestId('rf-language-en_us').tap();
    await expect(page.getByTestId('rf-title')).toHaveText('Stock inquiry');
    await expect(headers(page)).toContainText('Location A02-11-1');
    await expect(headers(page)).not.toContainText(/[\u4e00-\u9fff]/);
    await shot(page, 'rf-handheld-switched-en');
    await page.getByTestId('rf-key-DONE').tap();
  });

  test.describe('with a camera', () => {
    test.use({ permissions: ['camera'] });

    test('the camera opens full page in the middle of a flow and its scan answers the step the flow was at', async ({ page }) => {
      await login(page);
      // MOVE from A02-11-1: the item step. Its scan through the camera must answer this step (not a new flow's first).
      await openRf(page, 'MOVE', 'en_us');
      await scan(page, 'A02-11-1');
      await expect(dialogOf(page)).toHaveAttribute('data-sub-process', 'MOV_ITEM');
      await page.getByTestId('rf-camera').tap();
      await expect(page).toHaveURL(/\/Core\/ScanCodePage\?/);
      await expect(page.getByTestId('scan-code-page')).toBeVisible();
      // No console around it (no menu, header or tabs): read at once, while the camera page shows (an assertion that
      // waits would pass once the page has gone back).
      const around = await page.getByTestId('scan-code-page').evaluate((el) => ({
        inShell: el.closest('.shell') !== null,
        header: document.querySelector('.shell-header, .side-menu, .workspace-tabs') !== null,
        top: el.getBoundingClientRect().top,
      }));
      expect(around).toEqual({ inShell: false, header: false, top: 0 });
      await shot(page, 'rf-handheld-camera-en');
      // The label comes into view: back on the RF page, the move's item step answered with it.
      await expect(dialogOf(page)).toHaveAttribute('data-sub-process', 'MOV_QTY', { timeout: 20_000 });
      await expect(page).toHaveURL(/\/Core\/RfDialog$/);
      await expect(headers(page)).toContainText(CAMERA_CODE);
      await expect(headers(page)).toContainText('From A02-11-1');
      await expect(page.locator('video')).toHaveCount(0);
      await shot(page, 'rf-handheld-after-camera-en');
      await page.getByTestId('rf-key-DONE').tap();
    });
  });
});

test.describe('station', () => {
  test('the station RF dialog is sized for 1280 × 800 (prompt ≥ 24 px, targets ≥ 48 px); the handheld keeps its sizes', async ({
    browser,
    page: office,
  }) => {
    await login(office);
    const kiosk = await signedInStation(browser, office, { name: 'E2E-RF', flows: 'HANDOVER,LOOKUP', language: 'zh_cn' });
    for (const lang of ['zh', 'en'] as const) {
      await kiosk.getByTestId('kiosk-tile-LOOKUP').click();
      await expect(kiosk.getByTestId('rf-dialog')).toBeVisible();
      await expect(kiosk.getByTestId('rf-input')).toBeFocused();
      expect(await fontPx(kiosk, 'label.rf-prompt')).toBeGreaterThanOrEqual(24);
      expect(await fontPx(kiosk, '.rf-title')).toBeGreaterThanOrEqual(24);
      expect((await kiosk.getByTestId('rf-input').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      await checkTargets(kiosk);
      await kiosk.keyboard.type('A02-11-1', { delay: 5 });
      await kiosk.keyboard.press('Enter');
      await expect(kiosk.getByTestId('rf-headers')).toContainText('A02-11-1');
      await expect(kiosk.getByTestId('rf-list')).toBeVisible();
      expect(await fontPx(kiosk, '.rf-headers')).toBeGreaterThanOrEqual(20);
      expect(await fontPx(kiosk, '.rf-list-detail')).toBeGreaterThanOrEqual(18);
      for (const button of await kiosk.locator('.rf-dialog button').all()) {
        expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      }
      await checkTargets(kiosk);
      await shot(kiosk, `rf-station-lookup-${lang}`);
      await kiosk.getByTestId('rf-key-DONE').click();
      await kiosk.getByTestId('kiosk-home').click();
      if (lang === 'zh') await kiosk.getByTestId('kiosk-language').click();
    }
    await kiosk.context().close();

    // The handheld at 360 × 640: the sizes it always had.
    const handheld = await (await browser.newContext(HANDHELD)).newPage();
    await login(handheld);
    await openRf(handheld, 'INQUIRY', 'en_us');
    expect(await fontPx(handheld, 'label.rf-prompt')).toBe(18);
    expect(await fontPx(handheld, '.rf-title')).toBe(22);
    expect((await handheld.getByTestId('rf-input').boundingBox())?.height).toBe(56);
    expect(await handheld.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await handheld.getByTestId('rf-key-DONE').tap();
    await handheld.context().close();
  });
});
