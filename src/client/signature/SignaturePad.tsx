/**
 * A canvas to sign on with a finger, a pen or a mouse (pointer events), used by the PDF signature tool (a 300 × 200
 * canvas per page, spec 000 §9) and by the dock kiosk's hand-over (the driver signs full screen). Controlled: the
 * parent keeps each canvas's StrokeHistory, so undo and clear are plain state changes.
 */
import { type PointerEvent, useEffect, useRef } from 'react';
import { addStroke, type Point, paintStrokes, type Stroke, type StrokeHistory } from './strokes';

export interface SignaturePadProps {
  /** The canvas's size in CSS pixels; strokes are kept in these units. */
  width: number;
  height: number;
  history: StrokeHistory;
  onChange(history: StrokeHistory): void;
  /** Accessible name of the canvas. */
  label: string;
  lineWidth?: number;
  disabled?: boolean;
  className?: string;
}

export function SignaturePad({ width, height, history, onChange, label, lineWidth, disabled, className }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef<{ pointerId: number; points: Point[] } | null>(null);
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;

  const repaint = (extra?: Stroke) => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    paintStrokes(context, extra ? [...history.strokes, extra] : history.strokes, { lineWidth });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: repaint reads exactly these
  useEffect(() => repaint(), [history, width, height, ratio, lineWidth]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const y = ((event.clientY - box.top) / box.height) * height;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    drawing.current = null;
    onChange(addStroke(history, stroke.points));
  };

  return (
    <canvas
      ref={canvasRef}
      className={className}
      width={Math.round(width * ratio)}
      height={Math.round(height * ratio)}
      style={{ width, height, touchAction: 'none' }}
      role="img"
      aria-label={label}
      data-strokes={history.strokes.length}
      onPointerDown={(event) => {
        if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        drawing.current = { pointerId: event.pointerId, points: [pointAt(event)] };
        repaint(drawing.current.points);
      }}
      onPointerMove={(event) => {
        const stroke = drawing.current;
        if (!stroke || stroke.pointerId !== event.pointerId) return;
        stroke.points.push(pointAt(event));
        repaint(stroke.points);
      }}
      onPointerUp={finish}
      onPointerCancel={finish}
    />
  );
}

/**
 * The strokes as a PNG with a transparent background, drawn at `scale` times the canvas size (sharper when the image
 * is placed smaller on a page). Browser only.
 */
export async function strokesToPng(
  strokes: readonly Stroke[],
  width: number,
  height: number,
  options: { scale?: number; lineWidth?: number } = {},
): Promise<Uint8Array> {
  const scale = options.scale ?? 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.scale(scale, scale);
  paintStrokes(context, strokes, { lineWidth: options.lineWidth });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the signature could not be encoded');
  return new Uint8Array(await blob.arrayBuffer());
}
