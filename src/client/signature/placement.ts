/**
 * Where a signature goes (spec 000 §9), shared by the stamping (signPdf) and the on-screen preview, DOM- and
 * library-free: a 300 × 200 canvas per page, placed at x 500, y 20 (PDF user space, origin bottom-left) at one fifth.
 */

/** The signature canvas of each page, in CSS pixels. */
export const SIGNATURE_CANVAS = { width: 300, height: 200 } as const;

/** The signature's box on its page, in PDF points: the canvas at one fifth (60 × 40 pt), lower-left corner at (500, 20). */
export const SIGNATURE_PLACEMENT = {
  x: 500,
  y: 20,
  width: SIGNATURE_CANVAS.width / 5,
  height: SIGNATURE_CANVAS.height / 5,
} as const;

/** A 2D affine matrix [a, b, c, d, e, f], as in PDF `cm` and canvas `setTransform`. */
export type Matrix = readonly [number, number, number, number, number, number];

/** m1 applied after m2 (the matrix of "first m2, then m1"). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/**
 * Canvas pixels of the signature pad (origin top-left, y down) → PDF user space: the pad's top-left corner lands on the
 * box's top-left (500, 60), its bottom-right on (560, 20).
 */
const { x, y, width, height } = SIGNATURE_PLACEMENT;
export const PAD_TO_PAGE: Matrix = [width / SIGNATURE_CANVAS.width, 0, 0, -height / SIGNATURE_CANVAS.height, x, y + height];

/**
 * Pad pixels → screen pixels of a rendered page, given the page viewport's transform (pdf.js maps user space to the
 * rendering with it, rotation and crop box included), so the preview draws the signature exactly where the stamp goes.
 */
export const padToScreen = (viewportTransform: Matrix): Matrix => multiply(viewportTransform, PAD_TO_PAGE);
