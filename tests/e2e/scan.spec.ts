/**
 * The camera scan pages (spec 001 §2.12, §8) in Chromium with a fake camera: the scan code page reads a Code 128
 * label from a video made here and hands it to the RF dialog; Cancel goes back without a scan; the QR page shows the
 * camera error when there is no camera to be had. At 360 × 640, in both languages.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { CAMERA_CHROMIUM, LAUNCH_ARGS } from './browser';
import { login, setLanguage, shot } from './ui';
import { code128Luma, writeY4m } from './y4m';

const CODE = 'LOC-A01-01-1';
const QUERY = 'mainProcessName=INQUIRY&whId=WH01&clientCode=ACME&localeId=2052';
const VIDEO = resolve('test-results/scan-camera.y4m');

// Written before the browser starts: Chromium reads the file when the page asks for the camera.
mkdirSync('test-results', { recursive: true });
writeY4m(VIDEO, 640, 480, code128Luma(CODE, 640, 480, 3), { fps: 5, blankSeconds: 7, codeSeconds: 2 });

// One fake camera playing the video; each test's context decides whether the page may use it.
test.use({
  viewport: { width: 360, height: 640 },
  launchOptions: {
    executablePath: CAMERA_CHROMIUM,
    args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  },
});

test.describe('with a camera', () => {
  test.use({ permissions: ['camera'] });

  test('the scan code page reads a label into the RF dialog, and Cancel goes back without a scan', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') logged.push(message.text());
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await login(page);

    // Chinese: aiming at nothing, the page says it is recognising, then that recognition failed; then the label
    // comes into view and is read; the camera is off once the RF dialog shows.
    await page.goto(`/Core/ScanCodePage?editDialogVisible=true&${QUERY}`);
    await expect(page.getByTestId('scan-hint')).toContainText('正在尝试识别');
    await expect(page.getByTestId('scan-video')).toHaveJSProperty('paused', false);
    await shot(page, 'scan-code-recognising-zh');
    await expect(page.getByTestId('scan-misread')).toContainText('识别失败', { timeout: 6000 });
    await shot(page, 'scan-code-failed-tip-zh');
    // The RF dialog takes the scan from its address at once (and clears it, so a reload resumes instead of scanning
    // again): the address it was given is read from the navigations, the scan from the dialog's answer.
    await expect.poll(() => visited.find((u) => u.includes('scanText=')), { timeout: 10_000 }).toBeTruthy();
    const given = new URL(visited.find((u) => u.includes('scanText=')) ?? '');
    expect(given.pathname).toBe('/Core/RfDialog');
    expect(Object.fromEntries(given.searchParams)).toEqual({
      editDialogVisible: 'true',
      mainProcessName: 'INQUIRY',
      whId: 'WH01',
      clientCode: 'ACME',
      localeId: '2052',
      scanText: CODE,
    });
    // The stock inquiry was started and confirmed with the scanned text: not a location, item or pallet.
    await expect(page.getByTestId('rf-message')).toContainText(CODE);
    await expect(page.getByTestId('rf-message')).toHaveAttribute('data-kind', 'error');
    await expect(page.locator('video')).toHaveCount(0);
    await shot(page, 'scan-rf-dialog-zh');

    // English: Cancel goes to the RF dialog with the same query values and no scan.
    await page.goto('/');
    await setLanguage(page, 'English');
    await page.goto(`/Core/ScanCodePage?${QUERY}`);
    await expect(page.getByTestId('scan-hint')).toContainText(/Calling the camera|Trying to recognise/);
    await shot(page, 'scan-code-en');
    visited.length = 0;
    await page.getByTestId('scan-cancel').click();
    await expect.poll(() => visited.find((u) => u.includes('/Core/RfDialog?')), { timeout: 10_000 }).toBeTruthy();
    expect(Object.fromEntries(new URL(visited.find((u) => u.includes('/Core/RfDialog?')) ?? '').searchParams)).toEqual({
      mainProcessName: 'INQUIRY',
      whId: 'WH01',
      clientCode: 'ACME',
      localeId: '2052',
    });
    await expect(page.locator('video')).toHaveCount(0);
    expect(logged.filter((text) => /camera|摄像头/i.test(text))).toEqual([]);
  });
});

test.describe('without camera permission', () => {
  test.use({ permissions: [] });

  test('the QR page shows the camera error, in both languages', async ({ page }) => {
    await login(page);
    await page.goto('/Core/ScanQrCode?userId=1');
    const error = page.getByTestId('scan-error');
    await expect(error).toContainText(/错误：(需要授予摄像头访问权限|此设备上没有摄像头)/);
    await shot(page, 'scan-qr-error-zh');
    await page.goto('/');
    await setLanguage(page, 'English');
    await page.goto('/Core/ScanQrCode?userId=1');
    await expect(error).toContainText(/Error: (you need to grant camera access permission|no camera on this device)/);
    await shot(page, 'scan-qr-error-en');
    await page.getByTestId('scan-cancel').click();
    await expect(page).not.toHaveURL(/ScanQrCode/);
  });
});
