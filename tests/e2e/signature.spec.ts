/**
 * The PDF signature tool (spec 000 §2 "Signature tool", §9): a three-page PDF with Chinese text is opened from the
 * menu, pages 1 and 2 are signed (one stroke undone), and the downloaded TestPdf.pdf carries the signature image at
 * x 500, y 20, 60 × 40 pt, on those two pages only. Files that are not PDFs, or damaged ones, are refused with a message.
 * A hand-written PDF of mixed sizes and rotations gets each stamp upright in the corner of what each page shows
 * (rendered by poppler), and pages the stamp could not be seen on are said and never counted.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { handPdf, inkBoxes, stampQuarter } from '../support/handPdf';
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

test('a hand-written PDF of mixed sizes and rotations: each signed page shows the stamp upright in its corner; pages it cannot show on are never counted', async ({
  page,
}, testInfo) => {
  // Not made by pdf-lib: A5, an A4 turned by /Rotate 90, a 20 × 20 pt page (too small) and a page whose CropBox lies
  // outside its MediaBox (pdf.js shows the MediaBox, other readers nothing: signPdf refuses it at download).
  const pdfPath = testInfo.outputPath('mixed.pdf');
  await writeFile(
    pdfPath,
    handPdf([
      { mediaBox: [0, 0, 419.53, 595.28] },
      { mediaBox: [0, 0, 595.28, 841.89], rotate: 90 },
      { mediaBox: [0, 0, 20, 20] },
      { mediaBox: [0, 0, 595.28, 841.89], cropBox: [700, 900, 900, 1000] },
    ]),
  );
  await login(page);
  await openScreen(page, '工具', 'PDF签名', /\/Core\/Signature/);
  await chooseFile(page, pdfPath);
  await expect(page.getByTestId('signature-file-info')).toContainText('mixed.pdf（共 4 页）');
  await expect(page.getByTestId('signature-state-3')).toHaveText('无法签名');
  await expect(page.getByTestId('signature-refusal-3')).toHaveText('此页无法签名：页面太小，签名缩到最小仍无法清晰显示。');

  // Each stroke stays in the pad's top-left quarter: where that quarter lands shows the stamp's place and way up.
  for (const n of [1, 2, 3, 4]) await drawStroke(page, n, [0.1, 0.3], [0.4, 0.4]);
  await expect(page.getByTestId('signature-row-3').locator('canvas.signature-row__canvas')).toHaveAttribute('data-strokes', '0');
  await expect(page.getByTestId('signature-count')).toHaveText('已签名 3 / 4 页');
  await page.getByTestId('signature-row-2').scrollIntoViewIfNeeded();
  await shot(page, 'signature-mixed-sign-zh');

  const download = page.waitForEvent('download');
  await page.getByTestId('signature-download').click();
  const file = await download;
  await expect(page.getByTestId('signature-error')).toContainText('以下页面未签名');
  // Said where the user is, though the download was clicked far down the list.
  await expect(page.locator('.signature-alert')).toBeInViewport();
  await expect(page.getByTestId('signature-error')).toContainText('第 4 页：页面没有可见区域');
  await shot(page, 'signature-mixed-refused-zh');

  const pages = inkBoxes(new Uint8Array(await readFile(await file.path())), 144, 'dark');
  const px = 2;
  for (const [index, [width, height]] of [
    [0, [419.53, 595.28]],
    [1, [841.89, 595.28]],
  ] as const) {
    const quarter = stampQuarter(width, height, 1, px);
    const ink = pages[index]?.ink;
    expect(ink, `page ${index + 1}`).not.toBeNull();
    // Inside the stamp's top-left quarter as the page is read (2 px of anti-aliasing either side).
    expect(ink?.left).toBeGreaterThanOrEqual(quarter.left - 2);
    expect(ink?.right).toBeLessThanOrEqual(quarter.right + 2);
    expect(ink?.top).toBeGreaterThanOrEqual(quarter.top - 2);
    expect(ink?.bottom).toBeLessThanOrEqual(quarter.bottom + 2);
  }
  expect(pages[2]?.ink).toBeNull();
  expect(pages[3]?.ink).toBeNull();
});
