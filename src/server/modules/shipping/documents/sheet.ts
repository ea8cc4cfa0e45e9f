/**
 * A4 pages that flow: a cursor going down the page, tables whose rows grow with wrapped text and continue on a new
 * page under a repeated header row, and a footer on every page (document, page n of m, printed at) drawn at the end.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { A4, BLACK, box, drawCode128, type Fonts, formatTime, GREY, LIGHT, MM, rule, text, wrapLines } from './pdfKit';
import type { TextKey } from './texts';

export const MARGIN_X = 15 * MM;
const MARGIN_TOP = 14 * MM;
const MARGIN_BOTTOM = 18 * MM;
export const CONTENT_WIDTH = A4[0] - 2 * MARGIN_X;

export type T = (key: TextKey, params?: Record<string, string | number>) => string;

export interface Column {
  title: string;
  /** Width in mm; the widths of a table add up to 180 (the A4 content width). */
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Lines a cell may wrap to (1: cut with "…"). */
  maxLines?: number;
}

export interface Row {
  cells: string[];
  bold?: boolean;
  shade?: boolean;
}

const CELL_SIZE = 8.5;
const LINE_HEIGHT = 11;
const PAD_X = 3;
const PAD_Y = 3.4;

export class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The cursor: PDF y of the next thing's top. */
  y = 0;
  /** Text of the running header of continuation pages (e.g. "Delivery note DL00000001"). */
  running = '';

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly t: T,
    private readonly footerLeft: string,
  ) {}

  get left(): number {
    return MARGIN_X;
  }

  get right(): number {
    return A4[0] - MARGIN_X;
  }

  /** A new page; continuation pages start with the running header. */
  newPage(continuation = false): void {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN_TOP;
    if (continuation && this.running) {
      text(this.page, `${this.running} ${this.t('doc.continued')}`, this.left, this.y - 9, { font: this.fonts.bold, size: 10 });
      this.y -= 9 + 4 * MM;
    }
  }

  /** Room for `height` more points on this page, else a continuation page. Answers whether a page was added. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN_BOTTOM) return false;
    this.newPage(true);
    return true;
  }

  /**
   * The document's head on its first page: the title (and a subtitle under it) on the left, a Code 128 of `barcode`
   * with its text under it on the right.
   */
  titleBlock(title: string, subtitle: string, barcode: string | null): void {
    const top = this.y;
    text(this.page, title, this.left, top - 20, { font: this.fonts.bold, size: 20, maxWidth: 95 * MM });
    if (subtitle)
      text(this.page, subtitle, this.left, top - 36, { font: this.fonts.regular, size: 9.5, color: GREY, maxWidth: 95 * MM });
    if (barcode) {
      const height = 11 * MM;
      const code = drawCode128(this.page, barcode, {
        x: this.right,
        y: top - height,
        height,
        maxWidth: 80 * MM,
        maxDots: 3,
        align: 'right',
      });
      text(this.page, barcode, code.left + code.width / 2, top - height - 11, {
        font: this.fonts.bold,
        size: 10,
        align: 'center',
      });
    }
    this.y = top - 17 * MM;
    rule(this.page, this.left, this.y, this.right, this.y, 1.2);
    this.y -= 4 * MM;
  }

  /** Moves the cursor down. */
  gap(mm: number): void {
    this.y -= mm * MM;
  }

  /** A section caption (bold, a rule under it). */
  caption(value: string): void {
    this.ensure(14 + 4 * LINE_HEIGHT);
    text(this.page, value, this.left, this.y - 10, { font: this.fonts.bold, size: 10.5 });
    this.y -= 13;
    rule(this.page, this.left, this.y, this.right, this.y, 0.8);
    this.y -= 2 * MM;
  }

  /**
   * "Caption: value" pairs in columns (each column a list of pairs), wrapped values. Advances the cursor past the
   * tallest column.
   */
  fields(columns: [string, string][][], captionWidth = 24): void {
    const colWidth = CONTENT_WIDTH / columns.length;
    let lowest = this.y;
    const size = 9;
    columns.forEach((pairs, c) => {
      let y = this.y;
      const x = this.left + c * colWidth;
      for (const [label, value] of pairs) {
        const lines = wrapLines(value || '—', this.fonts.regular, size, colWidth - captionWidth * MM - 3 * MM, 3);
        text(this.page, label, x, y - size, { font: this.fonts.bold, size, color: GREY, maxWidth: captionWidth * MM - 1 * MM });
        lines.forEach((line, i) => {
          text(this.page, line, x + captionWidth * MM, y - size - i * 12, { font: this.fonts.regular, size });
        });
        y -= Math.max(1, lines.length) * 12 + 2;
      }
      lowest = Math.min(lowest, y);
    });
    this.y = lowest;
  }

  /** A table: header row, rows that wrap, continued on new pages under a repeated header; full grid lines. */
  table(columns: Column[], rows: Row[]): void {
    const widths = columns.map((c) => c.width * MM);
    const xs = [this.left];
    for (const w of widths) xs.push((xs[xs.length - 1] ?? this.left) + w);
    const { regular, bold } = this.fonts;

    // A cell's text wraps; "\n" starts a new line.
    const layout = (cells: string[], isBold: boolean) =>
      columns.map((col, i) =>
        (cells[i] ?? '')
          .split('\n')
          .flatMap((part) => wrapLines(part, isBold ? bold : regular, CELL_SIZE, (widths[i] ?? 0) - 2 * PAD_X, col.maxLines ?? 3))
          .slice(0, col.maxLines ?? 3),
      );
    const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * LINE_HEIGHT + 2 * PAD_Y - 3;

    const drawRow = (lines: string[][], isBold: boolean, shade: boolean) => {
      const h = heightOf(lines);
      if (shade) {
        this.page.drawRectangle({ x: this.left, y: this.y - h, width: CONTENT_WIDTH, height: h, color: LIGHT });
        rule(this.page, this.left, this.y, this.right, this.y, 0.4);
      }
      lines.forEach((cellLines, i) => {
        const col = columns[i];
        const x0 = xs[i] ?? this.left;
        const w = widths[i] ?? 0;
        const align = col?.align ?? 'left';
        const x = align === 'right' ? x0 + w - PAD_X : align === 'center' ? x0 + w / 2 : x0 + PAD_X;
        cellLines.forEach((line, j) => {
          text(this.page, line, x, this.y - PAD_Y - CELL_SIZE + 1 - j * LINE_HEIGHT, {
            font: isBold ? bold : regular,
            size: CELL_SIZE,
            align,
          });
        });
      });
      this.y -= h;
      rule(this.page, this.left, this.y, this.right, this.y, 0.4);
    };

    const header = layout(
      columns.map((c) => c.title),
      true,
    );
    let top = 0;
    const startChunk = () => {
      top = this.y;
      rule(this.page, this.left, this.y, this.right, this.y, 0.4);
      drawRow(header, true, true);
    };
    const endChunk = () => {
      for (const x of xs) rule(this.page, x, top, x, this.y, 0.4);
    };

    this.ensure(heightOf(header) + LINE_HEIGHT * 2 + 2 * PAD_Y);
    startChunk();
    for (const row of rows) {
      const lines = layout(row.cells, row.bold ?? false);
      if (this.y - heightOf(lines) < MARGIN_BOTTOM) {
        endChunk();
        this.newPage(true);
        startChunk();
      }
      drawRow(lines, row.bold ?? false, row.shade ?? false);
    }
    endChunk();
  }

  /** Footers on every page: the document on the left, page n of m in the middle, the print time on the right. */
  finish(printedAt: string): void {
    const size = 7.5;
    const { regular } = this.fonts;
    this.pages.forEach((page, i) => {
      const y = 10 * MM;
      rule(page, this.left, y + 9, this.right, y + 9, 0.4, GREY);
      text(page, this.footerLeft, this.left, y, { font: regular, size, color: GREY, maxWidth: 70 * MM });
      text(page, this.t('doc.page', { page: i + 1, pages: this.pages.length }), A4[0] / 2, y, {
        font: regular,
        size,
        color: GREY,
        align: 'center',
      });
      text(page, `${this.t('doc.printedAt')} ${formatTime(printedAt)}`, this.right, y, {
        font: regular,
        size,
        color: GREY,
        align: 'right',
      });
    });
  }

  /** A box of signature lines (caption, then "Name ____" rows); `width` in points, the cursor is its top. */
  signatureBox(x: number, width: number, caption: string, lines: string[], rows = lines.length): number {
    const height = (12 + rows * 11) * MM;
    const top = this.y;
    box(this.page, x, top - height, width, height, 0.6);
    text(this.page, caption, x + 3 * MM, top - 6 * MM, { font: this.fonts.bold, size: 10 });
    lines.forEach((label, i) => {
      const baseline = top - (17 + i * 11) * MM;
      text(this.page, label, x + 3 * MM, baseline, { font: this.fonts.regular, size: 9 });
      rule(this.page, x + 22 * MM, baseline - 1.5, x + width - 4 * MM, baseline - 1.5, 0.5, BLACK);
    });
    return height;
  }
}

/** Sums decimal strings exactly to 3 decimals (weights, quantities). */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  const thousandths = values.reduce((acc, v) => acc + (v ? Math.round(Number(v) * 1000) : 0), 0);
  const s = (thousandths / 1000).toFixed(3);
  return s.replace(/\.?0+$/, '');
}
