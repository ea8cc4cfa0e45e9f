import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { chinesePdf, drawnImages, signaturePng } from '../../../tests/support/signatureFixtures';
import { SIGNATURE_PLACEMENT } from './placement';
import { signPdf } from './signPdf';

let original: Uint8Array;
const png = signaturePng();

/** How many images the whole document holds (a PNG's alpha channel, its soft mask, is part of its image). */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  const images = pdf.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  const masks = new Set(images.map(([, object]) => String((object as PDFRawStream).dict.get(PDFName.of('SMask')))));
  return images.filter(([ref]) => !masks.has(ref.toString())).length;
}

/** The raw content of each page as pdf-lib reads it (its Contents entry). */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => String(page.node.get(PDFName.of('Contents'))));
}

beforeAll(async () => {
  original = await chinesePdf(3);
});

describe('signPdf', () => {
  it('draws a signature at x 500, y 20 scaled to one fifth (60 × 40 pt) on each signed page, and nothing on the others', async () => {
    expect(SIGNATURE_PLACEMENT).toEqual({ x: 500, y: 20, width: 60, height: 40 });
    const signed = await signPdf(
      original,
      new Map([
        [0, png],
        [2, png],
      ]),
    );
    const images = await drawnImages(signed);
    expect(images.map((page) => page.length)).toEqual([1, 0, 1]);
    for (const image of [images[0]?.[0], images[2]?.[0]]) {
      expect(image?.matrix).toEqual([60, 0, 0, 40, 500, 20]);
      expect(image?.pixels).toEqual([300, 200]);
    }
    // The unsigned page keeps its content stream as it was.
    expect((await pageContents(signed))[1]).toBe((await pageContents(original))[1]);
    expect(await drawnImages(original)).toEqual([[], [], []]);
  });

  it('embeds a PNG used on several pages once, and a different PNG per page once each', async () => {
    const same = await signPdf(original, new Map([0, 1, 2].map((page) => [page, png])));
    expect(await imageCount(same)).toBe(1);
    expect(new Set((await drawnImages(same)).map((page) => page[0]?.ref)).size).toBe(1);

    const distinct = await signPdf(original, new Map([0, 1, 2].map((page) => [page, signaturePng()])));
    expect(await imageCount(distinct)).toBe(3);
  });

  it('keeps the document as it was when no page is signed', async () => {
    const signed = await signPdf(original, new Map());
    expect(await drawnImages(signed)).toEqual([[], [], []]);
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(3);
  });

  it('refuses a page the document does not have', async () => {
    await expect(signPdf(original, new Map([[3, png]]))).rejects.toThrow(RangeError);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(signPdf(new TextEncoder().encode('%PDF-1.7 broken'), new Map([[0, png]]))).rejects.toThrow();
  });
});
