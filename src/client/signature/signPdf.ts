/**
 * Stamps signatures onto a PDF (spec 000 §9): each signed page gets its signature image where `placeSignature` puts it
 * — the spec's x 500, y 20 at one fifth (60 × 40 pt) on an A4 portrait page, the same corner of the visible box,
 * upright, on any other page — and a page the stamp could not be seen on is refused, not stamped. Unsigned pages are
 * left untouched. DOM-free (pdf-lib only), so the console, the kiosk and the benchmark share it; load it lazily
 * (pdf-lib ~134 KB gzip).
 */
import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDocument,
  type PDFImage,
  PDFName,
  PDFNumber,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { IMAGE_TO_PAD, multiply, type PageGeometry, type PlacementRefusal, placeSignature, type Rect } from './placement';

/** The signed document and what became of each signature asked for. */
export interface SignedPdf {
  bytes: Uint8Array;
  /** Pages (0-based, ascending) that carry their signature. */
  signed: number[];
  /** Pages (0-based, ascending) left unsigned because their stamp would not be visible, and why. */
  refused: { index: number; reason: PlacementRefusal }[];
}

/** A box entry of the page or one of its ancestors (MediaBox, CropBox), or null when absent or not four numbers. */
function readBox(page: PDFPage, key: 'MediaBox' | 'CropBox'): Rect | null {
  const value = page.doc.context.lookup(page.node.getInheritableAttribute(PDFName.of(key)));
  if (!(value instanceof PDFArray) || value.size() !== 4) return null;
  const numbers = value.asArray().map((item) => page.doc.context.lookup(item));
  if (!numbers.every((n) => n instanceof PDFNumber)) return null;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = numbers.map((n) => (n as PDFNumber).asNumber());
  return [x1, y1, x2, y2];
}

/** A page's geometry as written (inherited entries included), as every reader reads it. */
export function pageGeometry(page: PDFPage): PageGeometry {
  const rotate = page.doc.context.lookup(page.node.getInheritableAttribute(PDFName.of('Rotate')));
  const hasCrop = page.node.getInheritableAttribute(PDFName.of('CropBox')) !== undefined;
  return {
    mediaBox: readBox(page, 'MediaBox'),
    cropBox: hasCrop ? readBox(page, 'CropBox') : undefined,
    rotate: rotate instanceof PDFNumber ? rotate.asNumber() : 0,
  };
}

/**
 * The signed copy of `pdfBytes`: `signatures` maps a page index (0-based) to the PNG (of the 300 × 200 pad) drawn on
 * that page. A PNG passed for several pages (the same Uint8Array) is embedded once and drawn on each of them. Throws a
 * RangeError for a page the document does not have, and pdf-lib's error for a PDF it cannot read (encrypted, damaged).
 */
export async function signPdf(pdfBytes: Uint8Array, signatures: ReadonlyMap<number, Uint8Array>): Promise<SignedPdf> {
  // updateMetadata false: a signed document keeps its producer and dates; only the stamps are added.
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const pages = pdf.getPages();
  const images = new Map<Uint8Array, PDFImage>();
  const result: Omit<SignedPdf, 'bytes'> = { signed: [], refused: [] };
  for (const [index, png] of [...signatures].sort(([a], [b]) => a - b)) {
    const page = pages[index];
    if (!page) throw new RangeError(`page ${index + 1} does not exist (the document has ${pages.length})`);
    const placement = placeSignature(pageGeometry(page));
    if (!placement.ok) {
      result.refused.push({ index, reason: placement.reason });
      continue;
    }
    let image = images.get(png);
    if (!image) {
      image = await pdf.embedPng(png);
      images.set(png, image);
    }
    // One matrix, written as is (drawImage would split it into translate, rotate, scale and skew): the image's unit
    // square becomes the stamp's box, turned with the page. pdf-lib wraps the page's own content in q … Q first, so a
    // transformation left over by the original page cannot move the stamp.
    const [a, b, c, d, e, f] = multiply(placement.padToPage, IMAGE_TO_PAD).map((v) => Math.round(v * 1e4) / 1e4 + 0);
    const name = page.node.newXObject('Signature', image.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(a ?? 0, b ?? 0, c ?? 0, d ?? 0, e ?? 0, f ?? 0),
      drawObject(name),
      popGraphicsState(),
    );
    result.signed.push(index);
  }
  return { bytes: await pdf.save(), ...result };
}
