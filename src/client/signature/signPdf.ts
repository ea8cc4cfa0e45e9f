/**
 * Stamps signatures onto a PDF (spec 000 §9): each signed page gets its signature image at x 500, y 20 (PDF user space,
 * origin bottom-left), scaled to one fifth of the 300 × 200 canvas, so 60 × 40 pt. Unsigned pages are left untouched.
 * DOM-free (pdf-lib only), so the console, the kiosk and the benchmark share it; load it lazily (pdf-lib ~134 KB gzip).
 */
import { concatTransformationMatrix, drawObject, PDFDocument, type PDFImage, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { SIGNATURE_PLACEMENT } from './placement';

/**
 * The signed copy of `pdfBytes`: `signatures` maps a page index (0-based) to the PNG drawn on that page. A PNG passed
 * for several pages (the same Uint8Array) is embedded once and drawn on each of them. Throws a RangeError for a page
 * the document does not have, and pdf-lib's error for a PDF it cannot read (encrypted, damaged).
 */
export async function signPdf(pdfBytes: Uint8Array, signatures: ReadonlyMap<number, Uint8Array>): Promise<Uint8Array> {
  // updateMetadata false: a signed document keeps its producer and dates; only the stamps are added.
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const pages = pdf.getPages();
  const images = new Map<Uint8Array, PDFImage>();
  const { x, y, width, height } = SIGNATURE_PLACEMENT;
  for (const [index, png] of [...signatures].sort(([a], [b]) => a - b)) {
    const page = pages[index];
    if (!page) throw new RangeError(`page ${index + 1} does not exist (the document has ${pages.length})`);
    let image = images.get(png);
    if (!image) {
      image = await pdf.embedPng(png);
      images.set(png, image);
    }
    // One matrix, written as is (drawImage would split it into translate, rotate, scale and skew): the image's unit
    // square becomes the 60 × 40 pt box at (500, 20). pdf-lib wraps the page's own content in q … Q first, so a
    // transformation left over by the original page cannot move the stamp.
    const name = page.node.newXObject('Signature', image.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, x, y),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return pdf.save();
}
