/**
 * Where a signature goes (spec 000 §9), shared by the stamping (signPdf) and the on-screen preview, DOM- and
 * library-free. The spec puts a 300 × 200 canvas per page at x 500, y 20 (PDF user space, origin bottom-left) at one
 * fifth: on an A4 portrait page, a 60 × 40 pt box 35.28 pt from the right edge and 20 pt above the bottom edge. Every
 * page gets that same spot as a reader sees it: the bottom-right corner of its VISIBLE box (CropBox ∩ MediaBox, with
 * its offset), upright under the page's /Rotate, scaled down (margins too) on a page too small to hold it. A page it
 * cannot go on visibly says why, and is never stamped (`placeSignature`).
 */

/** The signature canvas of each page, in CSS pixels. */
export const SIGNATURE_CANVAS = { width: 300, height: 200 } as const;

/** The signature's box on an A4 portrait page, in PDF points: the canvas at one fifth (60 × 40 pt) at (500, 20). */
export const SIGNATURE_PLACEMENT = {
  x: 500,
  y: 20,
  width: SIGNATURE_CANVAS.width / 5,
  height: SIGNATURE_CANVAS.height / 5,
} as const;

/** The width of an A4 portrait page, in points (as pdf-lib and most producers write it: 210 mm is 595.2756 pt). */
export const A4_WIDTH = 595.28;

/** The spec's spot as margins: from the visible box's right edge to the stamp's (35.28 pt), and below it (20 pt). */
const RIGHT_MARGIN = A4_WIDTH - SIGNATURE_PLACEMENT.x - SIGNATURE_PLACEMENT.width;
const BOTTOM_MARGIN = SIGNATURE_PLACEMENT.y;

/**
 * The smallest scale a stamp is drawn at (15 × 10 pt, about 5 × 3.5 mm): on a page smaller than that allows, the
 * signature could not be made out, so the page is refused rather than stamped with a speck.
 */
export const MIN_SIGNATURE_SCALE = 0.25;

/** A 2D affine matrix [a, b, c, d, e, f], as in PDF `cm` and canvas `setTransform`. */
export type Matrix = readonly [number, number, number, number, number, number];

/** A rectangle in PDF user space as a page dictionary writes it: [x1, y1, x2, y2], any two opposite corners. */
export type Rect = readonly [number, number, number, number];

/** What decides where a page's stamp goes: its boxes (as read, inherited ones included) and its /Rotate. */
export interface PageGeometry {
  /** Missing or unreadable: the page has no area a reader would show. */
  mediaBox: Rect | null;
  /** Missing: the MediaBox is the visible box. */
  cropBox?: Rect | null;
  /** Degrees clockwise, as written (any multiple of 90, negative too). */
  rotate: number;
}

/** Why a page cannot take a visible stamp (each has a message, `signature.cannotPlace.*`). */
export type PlacementRefusal = 'noVisibleArea' | 'tooSmall' | 'rotation';

export type Placement =
  | {
      ok: true;
      /** Canvas pixels of the pad (origin top-left, y down) → PDF user space of the page. */
      padToPage: Matrix;
      /** The stamp's scale against the spec's 60 × 40 pt (1 but on small pages). */
      scale: number;
    }
  | { ok: false; reason: PlacementRefusal };

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

/** The box with its corners ordered ([left, bottom, right, top]), or null when it is not four finite numbers. */
function normalized(box: Rect | null | undefined): Rect | null {
  if (box?.length !== 4 || !box.every(Number.isFinite)) return null;
  const [x1, y1, x2, y2] = box;
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

/**
 * The part of the page a reader shows: the CropBox clipped to the MediaBox (PDF 32000 §14.11.2), or null when nothing
 * is left. A CropBox that does not overlap the MediaBox is shown differently by different readers (pdf.js falls back
 * to the MediaBox, poppler shows nothing), so no stamp could be promised visible there.
 */
export function visibleBox(mediaBox: Rect | null, cropBox?: Rect | null): Rect | null {
  const media = normalized(mediaBox);
  if (!media) return null;
  const crop = cropBox == null ? media : normalized(cropBox);
  if (!crop) return null;
  const box: Rect = [
    Math.max(media[0], crop[0]),
    Math.max(media[1], crop[1]),
    Math.min(media[2], crop[2]),
    Math.min(media[3], crop[3]),
  ];
  return box[2] > box[0] && box[3] > box[1] ? box : null;
}

/**
 * The rotation as shown, 0, 90, 180 or 270, or null for a /Rotate that is not a multiple of 90 (readers disagree on
 * it: pdf.js ignores it, others refuse or round it).
 */
export function normalRotation(rotate: number): 0 | 90 | 180 | 270 | null {
  if (!Number.isInteger(rotate) || rotate % 90 !== 0) return null;
  return (((rotate % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/**
 * The page as it is shown (upright, origin at its bottom-left corner) → PDF user space, for the visible box `box`
 * turned `rotation` degrees clockwise by the reader.
 */
function shownToUser([left, bottom, right, top]: Rect, rotation: 0 | 90 | 180 | 270): Matrix {
  switch (rotation) {
    case 0:
      return [1, 0, 0, 1, left, bottom];
    case 90: // the box's bottom-right corner is shown bottom-left; "up" on screen runs to the box's left
      return [0, 1, -1, 0, right, bottom];
    case 180:
      return [-1, 0, 0, -1, right, top];
    case 270:
      return [0, -1, 1, 0, left, top];
  }
}

/** Rounded so that a matrix reads the same however the page's size was written (595.2756 or 595.28 wide). */
const tidy = ([a, b, c, d, e, f]: Matrix): Matrix => {
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits + 0; // + 0: no -0
  return [round(a, 6), round(b, 6), round(c, 6), round(d, 6), round(e, 2), round(f, 2)];
};

/**
 * Where the signature goes on a page: the spec's spot on an A4 portrait page (x 500, y 20, 60 × 40 pt) and, on any
 * other page, the same corner of what is shown — 35.28 pt from the right, 20 pt from the bottom, upright as the page
 * is read. A page narrower than the stamp and its margins on both sides (130.56 pt) or lower (80 pt) gets the stamp
 * and its margins scaled down to fit; below MIN_SIGNATURE_SCALE, or with no visible box or an odd rotation, the page
 * is refused.
 */
export function placeSignature(geometry: PageGeometry): Placement {
  const rotation = normalRotation(geometry.rotate);
  if (rotation === null) return { ok: false, reason: 'rotation' };
  const box = visibleBox(geometry.mediaBox, geometry.cropBox);
  if (!box) return { ok: false, reason: 'noVisibleArea' };
  const sideways = rotation === 90 || rotation === 270;
  const shownWidth = sideways ? box[3] - box[1] : box[2] - box[0];
  const shownHeight = sideways ? box[2] - box[0] : box[3] - box[1];
  const { width, height } = SIGNATURE_PLACEMENT;
  const scale = Math.min(1, shownWidth / (width + 2 * RIGHT_MARGIN), shownHeight / (height + 2 * BOTTOM_MARGIN));
  if (scale < MIN_SIGNATURE_SCALE) return { ok: false, reason: 'tooSmall' };
  // The stamp's top-left corner on the page as shown; the pad's y runs down.
  const left = shownWidth - (RIGHT_MARGIN + width) * scale;
  const top = (BOTTOM_MARGIN + height) * scale;
  const pixel = (width / SIGNATURE_CANVAS.width) * scale;
  const padToShown: Matrix = [pixel, 0, 0, -pixel, left, top];
  return { ok: true, padToPage: tidy(multiply(shownToUser(box, rotation), padToShown)), scale };
}

/** The pad's unit square as an image is drawn (origin bottom-left, y up) → pad pixels: the image's `cm` is this after. */
export const IMAGE_TO_PAD: Matrix = [SIGNATURE_CANVAS.width, 0, 0, -SIGNATURE_CANVAS.height, 0, SIGNATURE_CANVAS.height];

/**
 * Pad pixels → screen pixels of a rendered page, given the page viewport's transform (pdf.js maps user space to the
 * rendering with it, rotation and crop box included), so the preview draws the signature exactly where the stamp goes.
 */
export const padToScreen = (viewportTransform: Matrix, padToPage: Matrix): Matrix => multiply(viewportTransform, padToPage);
