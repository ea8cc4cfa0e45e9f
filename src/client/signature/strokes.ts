/**
 * The stroke model behind every signature canvas (spec 000 §4, §9: undo history of 100 strokes per page), free of the
 * DOM so that it is unit-tested: a signature is a list of strokes, each a list of points in canvas pixels.
 */

/** Undo history per page (spec 000 §9). */
export const MAX_UNDO = 100;

export interface Point {
  x: number;
  y: number;
}
export type Stroke = readonly Point[];

/** The strokes of one canvas and how many of them can still be undone. */
export interface StrokeHistory {
  strokes: readonly Stroke[];
  /** Strokes at the end of `strokes` that undo may take back (at most MAX_UNDO). */
  undoable: number;
}

export const EMPTY_HISTORY: StrokeHistory = { strokes: [], undoable: 0 };

/** A finished stroke added; the oldest step falls out of the undo history past MAX_UNDO (its ink stays). */
export function addStroke(history: StrokeHistory, stroke: Stroke): StrokeHistory {
  if (stroke.length === 0) return history;
  return { strokes: [...history.strokes, stroke], undoable: Math.min(history.undoable + 1, MAX_UNDO) };
}

/** The last stroke taken back, while the history holds one. */
export function undoStroke(history: StrokeHistory): StrokeHistory {
  if (history.undoable === 0) return history;
  return { strokes: history.strokes.slice(0, -1), undoable: history.undoable - 1 };
}

/** Whether anything is drawn. */
export const isBlank = (history: StrokeHistory): boolean => history.strokes.length === 0;

/** The total length of the strokes' lines, in canvas pixels (a one-point stroke, a dot, has none). */
export function inkLength(strokes: readonly Stroke[]): number {
  let length = 0;
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1] as Point;
      const b = stroke[i] as Point;
      length += Math.hypot(b.x - a.x, b.y - a.y);
    }
  }
  return length;
}

/** Draws strokes onto a 2D context (round pen, `lineWidth` in canvas pixels); a one-point stroke is a dot. */
export function paintStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  options: { color?: string; lineWidth?: number } = {},
): void {
  context.save();
  context.strokeStyle = options.color ?? '#10243e';
  context.fillStyle = options.color ?? '#10243e';
  context.lineWidth = options.lineWidth ?? 2.5;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      context.beginPath();
      context.arc(first.x, first.y, context.lineWidth / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const p of rest) context.lineTo(p.x, p.y);
    context.stroke();
  }
  context.restore();
}
