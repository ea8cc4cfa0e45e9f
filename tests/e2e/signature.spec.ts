/**
 * The PDF signature tool (spec 000 §2 "Signature tool", §9): a three-page PDF with Chinese text is opened from the
 * menu, pages 1 and 2 are signed (one stroke undone), and the downloaded TestPdf.pdf carries the signature image at
 * x 500, y 20, 60 × 40 pt, on those two pages only. Files that are not PDFs, or damaged ones, are refused with a message.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { chinesePdf, drawnImages } from '../support/signatureFixtures';
import { login, openScreen, setLanguage, shot } from './ui';

const chooseFile = (page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) =>
  page.getByTestId('signature-file').setInputFiles(file);

/** Draws a stroke across a page's signature canvas with the mouse, from and to fractions of its size. */
async function drawStroke(page: Page, pageNumber: number, from: [number, number], to: [number, number]): Promise<void> {
  const pad = page.getByTestId(`signature-row-${pageNumber}`).locator('canvas.signature-row__canvas');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error(`no signature canvas on page ${pageNumber}`);
  const at = ([fx, fy]: [number, number]) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    const t = step / 8;
    const [x, y] = at([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t - 0.15 * Math.sin(t * Math.PI)]);
    await page.mouse.move(x, y);
  }
  await page.mouse.up();
}

test('a three-page Chinese PDF is signed on pages 1 and 2 and downloaded as TestPdf.pdf with the stamps in place', async ({
  page,
}, testInfo) => {
  const pdfPath = testInfo.outputPath('签收单.pdf');
  await writeFile(pdfPath, await chinesePdf(3));
  const textPath = testInfo.outputPath('notes.txt');
  await writeFile(textPath, '不是 PDF');

  await login(page);
  await openScreen(page, '工具', 'PDF签名', /\/Core\/Signature/);
  await chooseFile(page, textPath);
  await expect(page.getByTestId('signature-error')).toContainText('“notes.txt”不是 PDF 文件：只能选择 .pdf 文件。');

  await chooseFile(page, pdfPath);
  await expect(page.getByTestId('signature-error')).toHaveCount(0);
  await expect(page.getByTestId('signature-file-info')).toContainText('签收单.pdf（共 3 页）');
  await expect(page.locator('[data-testid="signature-page"][data-rendered="true"]').first()).toBeVisible();

  await drawStroke(page, 1, [0.15, 0.6], [0.85, 0.5]);
  await drawStroke(page, 1, [0.3, 0.3], [0.6, 0.8]);
  await drawStroke(page, 2, [0.1, 0.5], [0.9, 0.6]);
  const pad1 = page.getByTestId('signature-row-1').locator('canvas.signature-row__canvas');
  await expect(pad1).toHaveAttribute('data-strokes', '2');
  await page.getByTestId('signature-undo-1').click();
  await expect(pad1).toHaveAttribute('data-strokes', '1');
  await expect(page.getByTestId('signature-count')).toHaveText('已签名 2 / 3 页');
  await page.getByTestId('signature-row-1').scrollIntoViewIfNeeded();
  await shot(page, 'signature-sign-zh');

  await page.getByTestId('signature-mode-preview').click();
  await expect(page.getByTestId('signature-preview-1').locator('[data-rendered="true"]')).toBeVisible();
  await expect(page.getByTestId('signature-preview-3')).toContainText('未签名');
  await page.getByTestId('signature-preview-1').scrollIntoViewIfNeeded();
  await shot(page, 'signature-preview-zh');

  const download = page.waitForEvent('download');
  await page.getByTestId('signature-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('TestPdf.pdf');
  const images = await drawnImages(new Uint8Array(await readFile(await file.path())));
  expect(images.map((drawn) => drawn.length)).toEqual([1, 1, 0]);
  for (const [image] of images.slice(0, 2)) {
    expect(image?.matrix).toEqual([60, 0, 0, 40, 500, 20]);
    expect(image?.pixels[0]).toBeGreaterThanOrEqual(300);
  }
});

test('files that are not PDFs, or damaged ones, are refused with a message (English)', async ({ page }, testInfo) => {
  await login(page);
  await setLanguage(page, 'English');
  await openScreen(page, 'Tools', 'PDF signature', /\/Core\/Signature/);
  // A text file renamed .pdf: the name passes, the first bytes do not.
  await chooseFile(page, { name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
  await expect(page.getByTestId('signature-error')).toContainText('"renamed.pdf" is not a PDF file');
  await chooseFile(page, { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<') });
  await expect(page.getByTestId('signature-error')).toContainText('"broken.pdf" cannot be opened: the file is damaged');
  await expect(page.getByTestId('signature-drop')).toContainText('Choose the PDF file to sign');
  await shot(page, 'signature-refused-en');

  const pdfPath = testInfo.outputPath('receipt.pdf');
  await writeFile(pdfPath, await chinesePdf(2));
  await chooseFile(page, pdfPath);
  await expect(page.getByTestId('signature-file-info')).toContainText('receipt.pdf (2 pages)');
  await expect(page.getByTestId('signature-count')).toHaveText('Signed: 0 of 2 pages');
  await expect(page.getByTestId('signature-download')).toHaveAttribute('disabled', '');
  await expect(page.locator('[data-testid="signature-page"][data-rendered="true"]').first()).toBeVisible();
  await shot(page, 'signature-sign-en');
});
