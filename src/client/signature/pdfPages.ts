/**
 * Opening and rendering PDFs with pdf.js for the signature tool. pdf.js (~138 KB gzip) is imported on first use only,
 * and all its data comes from our own origin (build.mjs copies it to /pdfjs/): kiosks are offline and the CSP allows
 * no CDN. The CMaps matter for Chinese: a PDF whose CJK font is not embedded shows nothing without them.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { Matrix, PageGeometry } from './placement';

type PdfJs = typeof import('pdfjs-dist');

const BASE = '/pdfjs/';

/** Largest file the tool opens: the whole file is held in memory, twice (pdf.js's copy and ours). */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

let library: Promise<PdfJs> | null = null;

/** pdf.js, loaded once, with its worker (esbuild cannot bundle the worker: build.mjs copies the file as it is). */
export function loadPdfJs(): Promise<PdfJs> {
  library ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = `${BASE}pdf.worker.min.mjs`;
    return pdfjs;
  });
  return library;
}

/** Why a chosen file is refused before pdf.js sees it. */
export type FileRefusal = 'notPdf' | 'tooLarge';

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Checks the name (.pdf, any case) and the first bytes (`%PDF-`): a renamed text file is refused too. */
export function refusePdfFile(name: string, bytes: Uint8Array): FileRefusal | null {
  if (!/\.pdf$/i.test(name.trim())) return 'notPdf';
  if (bytes.length < MAGIC.length || MAGIC.some((byte, i) => bytes[i] !== byte)) return 'notPdf';
  if (bytes.length > MAX_PDF_BYTES) return 'tooLarge';
  return null;
}

/** Why pdf.js could not open a file that looked like a PDF. */
export type OpenFailure = 'damaged' | 'password';

export class PdfOpenError extends Error {
  constructor(readonly reason: OpenFailure) {
    super(`PDF not opened: ${reason}`);
  }
}

/** An open document's pages (all fetched at once: their sizes lay the list out before anything is drawn). */
export interface OpenPdf {
  pages: PDFPageProxy[];
  /** Ends the document: its worker and memory. */
  close(): Promise<void>;
}

/** Opens a PDF from its bytes (which stay usable: pdf.js gets, and detaches, a copy). */
export async function openPdf(bytes: Uint8Array): Promise<OpenPdf> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    cMapUrl: `${BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${BASE}standard_fonts/`,
    wasmUrl: `${BASE}wasm/`,
    iccUrl: `${BASE}iccs/`,
    enableXfa: false,
  });
  const close = () => task.destroy();
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    void close();
    throw new PdfOpenError(error instanceof Error && error.name === 'PasswordException' ? 'password' : 'damaged');
  }
  try {
    const pages = await Promise.all(Array.from({ length: document.numPages }, (_, i) => document.getPage(i + 1)));
    return { pages, close };
  } catch {
    void close();
    throw new PdfOpenError('damaged');
  }
}

/** A page's size in CSS pixels when shown `width` pixels wide (rotation included). */
export function pageSize(page: PDFPageProxy, width: number): { width: number; height: number } {
  const natural = page.getViewport({ scale: 1 });
  return { width, height: Math.round((natural.height * width) / natural.width) };
}

/**
 * A page's geometry as pdf.js shows it, for the preview: `view` is its CropBox clipped to its MediaBox and `rotate` its
 * /Rotate, both as pdf.js settled them (signPdf reads the file's own entries and has the last word).
 */
export function viewGeometry(page: PDFPageProxy): PageGeometry {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
  return { mediaBox: [x1, y1, x2, y2], rotate: page.rotate };
}

/** PDF user space → CSS pixels of the page shown `width` pixels wide (pdf.js's viewport transform). */
export function pageTransform(page: PDFPageProxy, width: number): Matrix {
  const scale = width / page.getViewport({ scale: 1 }).width;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = page.getViewport({ scale }).transform;
  return [a, b, c, d, e, f];
}

/** A render in progress: `done` settles when the page is drawn (false when cancelled); `cancel` stops it. */
export interface PageRender {
  done: Promise<boolean>;
  cancel(): void;
}

/** Renders a page onto a canvas `width` CSS pixels wide, sharp on high-density screens. */
export function renderPage(page: PDFPageProxy, canvas: HTMLCanvasElement, width: number): PageRender {
  const natural = page.getViewport({ scale: 1 });
  const scale = width / natural.width;
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport });
  return {
    cancel: () => task.cancel(),
    done: task.promise.then(
      () => true,
      (error: unknown) => {
        if (error instanceof Error && error.name === 'RenderingCancelledException') return false;
        throw error;
      },
    ),
  };
}
