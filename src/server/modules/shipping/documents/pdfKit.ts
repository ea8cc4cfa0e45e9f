/**
 * The drawing kit of the shipping documents (README "Documents"): the Chinese font, pdf-lib's fontkit adapter, barcodes
 * drawn as rectangles on the printer's dot grid, and a text wrapper that breaks Chinese between any two characters.
 *
 * - Font: Noto Sans SC 400/700 (static TTF, OFL) from `@expo-google-fonts/noto-sans-sc`, read and parsed once per
 *   process and embedded as a subset (only the glyphs a document uses).
 * - fontkit 2 with pdf-lib 1.17 (docs/stack-notes.md): fontkit 2's subset lacks the `encodeStream()` pdf-lib calls, so the
 *   adapter adds one that emits `encode()`'s bytes. `@pdf-lib/fontkit` 1.x drops glyphs of Chinese subsets silently.
 * - Barcodes: bwip-js `raw()` gives bar/space widths (linear) or the module matrix (QR); they are drawn as one filled
 *   path of rectangles whose module width is a whole number of printer dots (8 dots/mm, 203.2 dpi), each bar narrowed
 *   by 0.02 mm for ink spread, and placed on the dot grid, so a thermal printer (and a 203.2-dpi render) reproduces
 *   every bar exactly.
 */
import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import * as fontkit from 'fontkit';
import {
  type Color,
  grayscale,
  PDFDocument,
  type PDFFont,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
} from 'pdf-lib';

/** PDF points per millimetre. */
export const MM = 72 / 25.4;
/** One printer dot at 203.2 dpi (8 dots/mm): 0.125 mm. */
export const DOT = 0.125 * MM;
/** A4 portrait in points. */
export const A4: [number, number] = [210 * MM, 297 * MM];
/** The 100 × 150 mm label in points. */
export const LABEL: [number, number] = [100 * MM, 150 * MM];

export const BLACK = grayscale(0);
export const GREY = grayscale(0.35);
export const LIGHT = grayscale(0.9);
export const WHITE = grayscale(1);

type Weight = 'regular' | 'bold';
const FONT_FILES: Record<Weight, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

const fontBytes = new Map<Weight, Uint8Array>();
/** The TTF bytes of a weight, read once per process. */
function readFont(weight: Weight): Uint8Array {
  let bytes = fontBytes.get(weight);
  if (!bytes) {
    const path = createRequire(import.meta.url).resolve(FONT_FILES[weight]);
    bytes = new Uint8Array(fs.readFileSync(path));
    fontBytes.set(weight, bytes);
  }
  return bytes;
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitSubset = ReturnType<fontkit.Font['createSubset']>;

/** A subset that also streams, as pdf-lib 1.17 expects: one `data` event with the encoded font, then `end`. */
function streamingSubset(subset: FontkitSubset): FontkitSubset & { encodeStream(): EventEmitter } {
  return Object.assign(subset, {
    encodeStream(): EventEmitter {
      const emitter = new EventEmitter();
      // pdf-lib attaches its listeners right after the call: emit on the next turn.
      setImmediate(() => {
        try {
          emitter.emit('data', subset.encode());
          emitter.emit('end');
        } catch (error) {
          emitter.emit('error', error);
        }
      });
      return emitter;
    },
  });
}

const parsedFonts = new WeakMap<Uint8Array, fontkit.Font>();
/**
 * fontkit 2 for pdf-lib: parses each font's bytes once per process (pdf-lib would re-parse the 10 MB TTF on every
 * `embedFont`, ~60 ms) and gives its subsets `encodeStream()`. Sharing the parsed font between documents is safe: every
 * fontkit call pdf-lib makes (layout, subset encoding) is synchronous.
 */
const fontkitAdapter = {
  create(bytes: Uint8Array): fontkit.Font {
    let font = parsedFonts.get(bytes);
    if (!font) {
      const parsed = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (!('createSubset' in parsed)) throw new Error('font collection where one font was expected');
      const createSubset = parsed.createSubset.bind(parsed);
      font = Object.assign(parsed, { createSubset: () => streamingSubset(createSubset()) });
      parsedFonts.set(bytes, font);
    }
    return font;
  },
} as unknown as PdfLibFontkit;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A subset font's name tag (PDF 32000 §9.6.4): six capital letters, different for every subset. */
function subsetTag(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
}

/** A new PDF with both weights embedded as subsets, and its metadata. */
export async function openDocument(title: string, language: string): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitAdapter);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(readFont('regular'), { subset: true, customName: `${subsetTag()}+NotoSansSC-Regular` }),
    pdf.embedFont(readFont('bold'), { subset: true, customName: `${subsetTag()}+NotoSansSC-Bold` }),
  ]);
  fontWeights.set(regular, 'regular');
  fontWeights.set(bold, 'bold');
  pdf.setTitle(title);
  pdf.setLanguage(language === 'zh_cn' ? 'zh-CN' : 'en-US');
  pdf.setCreator('Wharf WMS');
  pdf.setProducer('Wharf WMS (pdf-lib)');
  return { pdf, fonts: { regular, bold } };
}

const fontWeights = new WeakMap<PDFFont, Weight>();
const advances: Record<Weight, Map<string, number>> = { regular: new Map(), bold: new Map() };

/**
 * The width of a text: the sum of its characters' advance widths, each measured once per process and weight (pdf-lib's
 * `widthOfTextAtSize` runs fontkit's whole layout on every call: most of a label's time when wrapping). Kerning is left
 * out, which only ever overstates Latin pairs slightly: a line measured to fit does fit.
 */
export function measure(font: PDFFont, value: string, size: number): number {
  const weight = fontWeights.get(font);
  if (!weight) return font.widthOfTextAtSize(value, size);
  const cache = advances[weight];
  let width = 0;
  for (const char of value) {
    let advance = cache.get(char);
    if (advance === undefined) {
      advance = font.widthOfTextAtSize(char, 1000);
      cache.set(char, advance);
    }
    width += advance;
  }
  return (width * size) / 1000;
}

/** Text as one printable line: control characters and runs of white space become one space. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * A wrap token: a run of spaces, or opening marks (kept with what follows) + a Latin word or number, or any one other
 * character + closing marks and punctuation that must not start a line (kept with what precedes).
 */
const WRAP_TOKENS =
  /\s+|[([{（「『《〈“‘【]*(?:[A-Za-z0-9\u00c0-\u024f@#&*_+=./:\\-]+|.)[，。、；：！？）」』》〉”’】,.;:!?)\]}%'"]*/gsu;

/**
 * Breaks text into lines no wider than `maxWidth`: Chinese (and other characters outside Latin words) may break
 * between any two characters, Latin words and numbers break at spaces, and a word longer than a line is cut where it
 * must. Punctuation that may not start a line (，。、）etc.) stays with the character before it.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const clean = oneLine(text);
  if (!clean) return [];
  const tokens = clean.match(WRAP_TOKENS) ?? [];
  const width = (s: string) => measure(font, s, size);
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    if (width(line + token) <= maxWidth) {
      line += token;
      continue;
    }
    push();
    if (width(token) <= maxWidth) {
      line = token;
      continue;
    }
    // A word wider than the line: cut it by characters.
    for (const char of token) {
      if (width(line + char) > maxWidth && line) push();
      line += char;
    }
  }
  push();
  return lines;
}

/** Lines of `wrapText`, at most `maxLines`: the last one shown ends with "…" when text was left out. */
export function wrapLines(text: string, font: PDFFont, size: number, maxWidth: number, maxLines: number): string[] {
  const lines = wrapText(text, font, size, maxWidth);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsis(`${kept[maxLines - 1]}${lines[maxLines]}`, font, size, maxWidth);
  return kept;
}

/** The text cut to `maxWidth` with "…" when it is longer. */
export function ellipsis(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const clean = oneLine(text);
  if (measure(font, clean, size) <= maxWidth) return clean;
  const chars = [...clean];
  while (chars.length > 0 && measure(font, `${chars.join('')}…`, size) > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

/** The largest size from `size` down to `minSize` (0.5 pt steps) at which the text fits `maxWidth`. */
export function fitSize(text: string, font: PDFFont, size: number, maxWidth: number, minSize: number): number {
  let s = size;
  while (s > minSize && measure(font, text, s) > maxWidth) s -= 0.5;
  return s;
}

export interface TextOptions {
  font: PDFFont;
  size: number;
  color?: Color;
  /** Left edge, or the centre / right edge with `align`. */
  align?: 'left' | 'center' | 'right';
  /** When given, the text is cut with "…" to this width. */
  maxWidth?: number;
}

/** One line of text at baseline `y`. Answers the drawn width. */
export function text(page: PDFPage, value: string, x: number, y: number, options: TextOptions): number {
  const { font, size, color = BLACK, align = 'left', maxWidth } = options;
  const line = maxWidth === undefined ? oneLine(value) : ellipsis(value, font, size, maxWidth);
  if (!line) return 0;
  const width = measure(font, line, size);
  const left = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
  page.drawText(line, { x: left, y, size, font, color });
  return width;
}

/** A stroked line. */
export function rule(page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.6, color = BLACK): void {
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
}

/** A rectangle outline (`y` is its bottom edge), optionally filled. */
export function box(
  page: PDFPage,
  x: number,
  y: number,
  width: number,
  height: number,
  thickness = 0.6,
  fillColor?: Color,
): void {
  page.drawRectangle({ x, y, width, height, borderWidth: thickness, borderColor: BLACK, color: fillColor });
}

/** Filled rectangles as one path and one fill, in black: one operator holding the whole path (`x y w h re` each). */
function fillRects(page: PDFPage, rects: readonly (readonly [number, number, number, number])[]): void {
  const n = (v: number) => String(Math.round(v * 1000) / 1000);
  const path = rects.map(([x, y, w, h]) => `${n(x)} ${n(y)} ${n(w)} ${n(h)} re`).join('\n');
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    PDFOperator.of(PDFOperatorNames.FillNonZero, [path]),
    popGraphicsState(),
  );
}

/** Snaps a position to the printer's dot grid (pages start on it: 100 × 150 mm and A4 are whole dots). */
const onGrid = (v: number) => Math.round(v / DOT) * DOT;
const INK_SPREAD = 0.02 * MM;
const QUIET_MODULES = 10;

export interface LinearBarcode {
  /** The drawn bars' width in points (without the quiet zones). */
  width: number;
  /** Printer dots per module. */
  dots: number;
  /** The first bar's left edge. */
  left: number;
}

/** The bar/space widths of a Code 128 symbol (in modules, starting with a bar). */
function code128Modules(value: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text: value });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js: no Code 128 symbol');
  return symbol.sbs;
}

/** Total modules of a Code 128 symbol, quiet zones included. */
export function code128Width(value: string, dots: number): number {
  return (code128Modules(value).reduce((a, b) => a + b, 0) + 2 * QUIET_MODULES) * dots * DOT;
}

/**
 * A Code 128 of `value` with its left edge at `x` (or centred on `x`), bottom at `y`, `height` tall: the widest module
 * (from `maxDots` down to 2 dots) whose symbol with its quiet zones fits `maxWidth`.
 */
export function drawCode128(
  page: PDFPage,
  value: string,
  options: { x: number; y: number; height: number; maxWidth: number; maxDots?: number; align?: 'left' | 'center' | 'right' },
): LinearBarcode {
  const modules = code128Modules(value);
  const total = modules.reduce((a, b) => a + b, 0);
  let dots = options.maxDots ?? 4;
  while (dots > 2 && (total + 2 * QUIET_MODULES) * dots * DOT > options.maxWidth) dots -= 1;
  const width = total * dots * DOT;
  const quiet = QUIET_MODULES * dots * DOT;
  const left = onGrid(
    options.align === 'center'
      ? options.x - width / 2
      : options.align === 'right'
        ? options.x - quiet - width
        : options.x + quiet,
  );
  const rects: [number, number, number, number][] = [];
  let at = 0;
  modules.forEach((m, i) => {
    if (i % 2 === 0)
      rects.push([left + at * dots * DOT + INK_SPREAD / 2, options.y, m * dots * DOT - INK_SPREAD, options.height]);
    at += m;
  });
  fillRects(page, rects);
  return { width, dots, left };
}

/**
 * A QR code (error correction M) with its top-left corner at (x, top), modules of whole dots, at most `maxSize` wide.
 * The caller leaves the 4-module quiet zone around it.
 */
export function drawQr(
  page: PDFPage,
  value: string,
  options: { x: number; top: number; maxSize: number; align?: 'left' | 'center' },
): number {
  const [symbol] = bwipjs.raw('qrcode', value, 'eclevel=M');
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js: no QR symbol');
  const { pixs, pixx, pixy } = symbol;
  const dots = Math.max(2, Math.floor(options.maxSize / (pixx * DOT)));
  const m = dots * DOT;
  const left = onGrid(options.align === 'center' ? options.x - (pixx * m) / 2 : options.x);
  const top = onGrid(options.top);
  const rects: [number, number, number, number][] = [];
  for (let row = 0; row < pixy; row += 1) {
    // Runs of dark modules in a row as one rectangle each.
    let col = 0;
    while (col < pixx) {
      if (!pixs[row * pixx + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < pixx && pixs[row * pixx + col]) col += 1;
      rects.push([left + start * m, top - (row + 1) * m, (col - start) * m, m]);
    }
  }
  fillRects(page, rects);
  return pixx * m;
}

/** A date-time as `yyyy-MM-dd HH:mm` in the server's time zone (the warehouse's clock); a bare date as it is. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** A decimal string without trailing zeros (`2.500` → `2.5`, `3.000` → `3`). */
export function trimDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
