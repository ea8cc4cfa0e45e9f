/**
 * One PDF page as the signature tool shows it: pdf.js's rendering, drawn when the page first scrolls near the screen
 * (a 100-page document does not render 100 pages up front), with a transparent layer on top that draws the page's
 * signature exactly where the stamp will go (and, while signing, the outline of that box).
 */
import type { PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pageSize, pageTransform, renderPage } from './pdfPages';
import { type Placement, padToScreen, SIGNATURE_CANVAS } from './placement';
import { paintStrokes, type Stroke } from './strokes';

export interface PdfPageViewProps {
  page: PDFPageProxy;
  /** Shown width in CSS pixels. */
  width: number;
  strokes: readonly Stroke[];
  /** Where the page's stamp goes (`placeSignature`); a refused page shows neither outline nor signature. */
  placement: Placement;
  /** Draws the signature box's outline (sign mode: where the signature will land). */
  outline: boolean;
  label: string;
  onRenderError(): void;
}

export function PdfPageView({ page, width, strokes, placement, outline, label, onRenderError }: PdfPageViewProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const pageCanvas = useRef<HTMLCanvasElement | null>(null);
  const overlay = useRef<HTMLCanvasElement | null>(null);
  const [near, setNear] = useState(false);
  const [rendered, setRendered] = useState(false);
  const size = useMemo(() => pageSize(page, width), [page, width]);
  const transform = useMemo(() => pageTransform(page, width), [page, width]);
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;

  // Render once the page comes within a screen of the viewport.
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const canvas = pageCanvas.current;
    if (!near || !canvas) return;
    setRendered(false);
    const render = renderPage(page, canvas, width);
    render.done.then(setRendered, onRenderError);
    return () => render.cancel();
  }, [near, page, width, onRenderError]);

  useEffect(() => {
    const context = overlay.current?.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, context.canvas.width, context.canvas.height);
    if (!placement.ok) return;
    const toScreen = padToScreen(transform, placement.padToPage);
    if (outline) {
      // The pad's rectangle where it lands on the page (turned with the page), drawn dashed in screen pixels.
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.transform(...toScreen);
      context.beginPath();
      context.rect(0, 0, SIGNATURE_CANVAS.width, SIGNATURE_CANVAS.height);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.setLineDash([4, 3]);
      context.strokeStyle = 'rgba(20, 137, 154, 0.9)';
      context.lineWidth = 1;
      context.stroke();
      context.setLineDash([]);
    }
    if (strokes.length > 0) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.transform(...toScreen);
      paintStrokes(context, strokes);
    }
  }, [strokes, placement, outline, transform, ratio]);

  return (
    <div
      ref={box}
      className="signature-page"
      style={{ width: size.width, height: size.height }}
      role="img"
      aria-label={label}
      data-testid="signature-page"
      data-rendered={rendered}
    >
      <canvas ref={pageCanvas} style={{ width: size.width, height: size.height }} />
      <canvas
        ref={overlay}
        className="signature-page__overlay"
        width={Math.round(size.width * ratio)}
        height={Math.round(size.height * ratio)}
        style={{ width: size.width, height: size.height }}
      />
    </div>
  );
}
