import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HandGroup, type HandPage, handPdf, inkBoxes, quarterPng, stampQuarter } from '../../../tests/support/handPdf';
import { chinesePdf, drawnImages, signaturePng } from '../../../tests/support/signatureFixtures';
import { placeSignature, SIGNATURE_PLACEMENT } from './placement';
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
    const {
      bytes: signed,
      signed: pages,
      refused,
    } = await signPdf(
      original,
      new Map([
        [0, png],
        [2, png],
      ]),
    );
    expect(pages).toEqual([0, 2]);
    expect(refused).toEqual([]);
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
    const { bytes: same } = await signPdf(original, new Map([0, 1, 2].map((page) => [page, png])));
    expect(await imageCount(same)).toBe(1);
    expect(new Set((await drawnImages(same)).map((page) => page[0]?.ref)).size).toBe(1);

    const { bytes: distinct } = await signPdf(original, new Map([0, 1, 2].map((page) => [page, signaturePng()])));
    expect(await imageCount(distinct)).toBe(3);
  });

  it('keeps the document as it was when no page is signed', async () => {
    const { bytes: signed } = await signPdf(original, new Map());
    expect(await drawnImages(signed)).toEqual([[], [], []]);
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(3);
  });

  it('refuses a page the document does not have', async () => {
    await expect(signPdf(original, new Map([[3, png]]))).rejects.toThrow(RangeError);
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(signPdf(new TextEncoder().encode('%PDF-1.7 broken'), new Map([[0, png]]))).rejects.toThrow();
  });

  describe('on pages of any size, offset, crop box and rotation (a hand-written PDF, rendered by poppler)', () => {
    const A4: HandPage = { mediaBox: [0, 0, 595.28, 841.89] };
    /** Each page, with its size as shown (points) and the stamp's expected scale; null: refused, and why. */
    const cases: { name: string; page: HandPage | HandGroup; shown: [number, number]; scale: number | string }[] = [
      { name: 'A4 portrait', page: A4, shown: [595.28, 841.89], scale: 1 },
      { name: 'A5', page: { mediaBox: [0, 0, 419.53, 595.28] }, shown: [419.53, 595.28], scale: 1 },
      { name: 'A6', page: { mediaBox: [0, 0, 297.64, 419.53] }, shown: [297.64, 419.53], scale: 1 },
      { name: 'offset MediaBox', page: { mediaBox: [200, 300, 795.28, 1141.89] }, shown: [595.28, 841.89], scale: 1 },
      {
        name: 'CropBox inside an A4 MediaBox',
        page: { mediaBox: [0, 0, 595.28, 841.89], cropBox: [50, 100, 400, 600] },
        shown: [350, 500],
        scale: 1,
      },
      {
        name: 'CropBox partly outside (clipped to the MediaBox), corners swapped',
        page: { mediaBox: [0, 0, 420, 595], cropBox: [500, 300, 100, -50] },
        shown: [320, 300],
        scale: 1,
      },
      { name: '/Rotate 90 A4', page: { ...A4, rotate: 90 }, shown: [841.89, 595.28], scale: 1 },
      {
        name: '/Rotate 180, offset',
        page: { mediaBox: [-100, -50, 319.53, 545.28], rotate: 180 },
        shown: [419.53, 595.28],
        scale: 1,
      },
      {
        name: '/Rotate -90 (270), A5 with a CropBox',
        page: { mediaBox: [0, 0, 419.53, 595.28], cropBox: [20, 30, 400, 580], rotate: -90 },
        shown: [550, 380],
        scale: 1,
      },
      {
        name: '/Rotate 90 and MediaBox inherited from a Pages node',
        page: { inherit: { mediaBox: [10, 10, 307.64, 429.53], rotate: 90 }, pages: [{}] },
        shown: [419.53, 297.64],
        scale: 1,
      },
      { name: 'a small label, 100 × 70 pt', page: { mediaBox: [0, 0, 100, 70] }, shown: [100, 70], scale: 100 / 130.56 },
      { name: 'a 20 × 20 pt page', page: { mediaBox: [0, 0, 20, 20] }, shown: [20, 20], scale: 'tooSmall' },
      {
        name: 'a CropBox outside the MediaBox',
        page: { mediaBox: [0, 0, 595.28, 841.89], cropBox: [700, 900, 900, 1000] },
        shown: [595.28, 841.89],
        scale: 'noVisibleArea',
      },
      { name: '/Rotate 45', page: { ...A4, rotate: 45 }, shown: [595.28, 841.89], scale: 'rotation' },
    ];

    it('stamps each page upright in the bottom-right corner of what it shows, and refuses, by reason, those it cannot', async () => {
      const pdf = handPdf(cases.map((c) => c.page));
      const quarter = quarterPng();
      const { bytes, signed, refused } = await signPdf(pdf, new Map(cases.map((_, index) => [index, quarter])));
      const placeable = cases.flatMap((c, index) => (typeof c.scale === 'number' ? [index] : []));
      expect(signed).toEqual(placeable);
      expect(refused).toEqual(cases.flatMap((c, index) => (typeof c.scale === 'string' ? [{ index, reason: c.scale }] : [])));

      // The A4 portrait page keeps the spec's box exactly.
      expect((await drawnImages(bytes))[0]?.[0]?.matrix).toEqual([60, 0, 0, 40, 500, 20]);

      const dpi = 144;
      const px = dpi / 72;
      const pages = inkBoxes(bytes, dpi);
      expect(pages).toHaveLength(cases.length);
      cases.forEach((c, index) => {
        const page = pages[index];
        const [width, height] = c.shown;
        // Pages that pdftoppm shows with no area are not rendered at their size; the others are, turned.
        if (c.scale !== 'noVisibleArea') {
          expect(page?.width, c.name).toBeCloseTo(width * px, -0.5);
          expect(page?.height, c.name).toBeCloseTo(height * px, -0.5);
        }
        if (typeof c.scale !== 'number') {
          expect(page?.ink, c.name).toBeNull();
          return;
        }
        // The red quarter is the pad's top-left one: it must be the stamp's top-left quarter as the page is read.
        const want = stampQuarter(width, height, c.scale, px);
        const ink = page?.ink;
        expect(ink, c.name).not.toBeNull();
        for (const [got, wanted] of [
          [ink?.left, want.left],
          [ink?.right, want.right],
          [ink?.top, want.top],
          [ink?.bottom, want.bottom],
        ] as const) {
          expect(Math.abs((got ?? -99) - wanted), `${c.name}: ${JSON.stringify(ink)} against ${wanted}`).toBeLessThanOrEqual(2);
        }
      });
    });

    it("places the preview where it stamps: the same matrix from pdf.js's view of a page as from the file", () => {
      // pdf.js hands the preview its clipped view and normalized rotation; the file has the raw entries.
      const raw = placeSignature({ mediaBox: [0, 0, 419.53, 595.28], cropBox: [20, 30, 400, 580], rotate: -90 });
      const view = placeSignature({ mediaBox: [20, 30, 400, 580], rotate: 270 });
      expect(view).toEqual(raw);
      expect(placeSignature({ mediaBox: [0, 0, 595.28, 841.89], rotate: 0 })).toEqual({
        ok: true,
        padToPage: [0.2, 0, 0, -0.2, 500, 60],
        scale: 1,
      });
    });
  });
});
