/**
 * Excel export of a table: every row matching its filters, not only the page shown (issue 27 item 6). The xlsx writer
 * (~25 KB) is loaded only when the user exports.
 */
import type { SheetData } from 'write-excel-file/browser';
import { MAX_PAGE_SIZE, type PageResult } from '../../shared/wire';

/** What a column's cells are in the workbook besides text: a calendar date, or a date and time. */
export type ExportCellType = 'date' | 'dateTime';

/** One exported column: its header as shown (already translated) and the cell text of a row. */
export interface ExportColumn<Row> {
  header: string;
  /** Column width in px as shown on screen; converted to Excel character widths. */
  widthPx?: number;
  text: (row: Row) => string;
  /** Dates are written as Excel dates (sortable, filterable), shown yyyy-mm-dd like the table (spec 001 §9). */
  type?: ExportCellType;
}

/** The Excel number format of each date type: the table's own (yyyy-MM-dd, and HH:mm:ss for times). */
const EXCEL_FORMATS: Readonly<Record<ExportCellType, string>> = { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm:ss' };

/**
 * The date a cell shows (`yyyy-MM-dd`, or `yyyy-MM-dd HH:mm:ss` in the user's time) as a Date whose UTC fields are the
 * ones shown: a workbook has no time zone, so the file reads the same wherever it is opened. Null for any other text.
 */
export function excelDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [year, month, day, hours, minutes, seconds] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0));
}

/**
 * A text that a spreadsheet would take for a formula (= + - @, or a leading tab or carriage return that some
 * applications strip first) gets an apostrophe in front, so that no formula runs when the file is opened or a cell is
 * edited (OWASP "CSV injection"). A plain number ("-5", "+1.5") is no formula and stays as it is.
 */
export function escapeFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  return `'${text}`;
}

/** The text as it was before `escapeFormula` (for a file that comes back to be imported again). */
export function unescapeFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

// Excel measures width in characters of the default font; ~7 px each at 100% zoom.
const PX_PER_CHAR = 7;

/** The sheet as rows of cells: a bold header row, then one row per record. Pure, for testing. */
export function buildSheetData<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): SheetData {
  const header = columns.map((column) => ({ value: escapeFormula(column.header), fontWeight: 'bold' as const }));
  // Every other value is written as text: ids and codes such as "007" must keep their leading zeros; a text that would
  // start a formula is escaped. Dates are Excel dates, in the table's format.
  const body = rows.map((row) =>
    columns.map((column) => {
      const text = column.text(row);
      const date = column.type ? excelDate(text) : null;
      if (date && column.type) return { value: date, type: Date, format: EXCEL_FORMATS[column.type] };
      return { value: escapeFormula(text), type: String };
    }),
  );
  return [header, ...body];
}

/** Excel column widths (characters) from on-screen widths. */
export function sheetColumnWidths<Row>(columns: readonly ExportColumn<Row>[]): { width: number }[] {
  return columns.map((column) => ({ width: Math.max(8, Math.round((column.widthPx ?? 100) / PX_PER_CHAR)) }));
}

/** `<base>_yyyyMMddHHmmss.xlsx`, so repeated exports do not overwrite each other in the downloads folder. */
export function exportFileName(base: string, now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${base.replace(/[\\/:*?"<>|]/g, '_')}_${stamp}.xlsx`;
}

/** Writes the rows to an .xlsx file and hands it to the browser as a download. */
export async function exportExcel<Row>(
  fileName: string,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(buildSheetData(columns, rows), { columns: sheetColumnWidths(columns), sheet: 'Sheet1' }).toFile(fileName);
}

/**
 * The most rows one export fetches and writes: 50 calls of the server's largest page, a workbook of a few MB that a
 * browser writes in seconds. A list matching more is refused with its count, so the user narrows the filters.
 */
export const EXPORT_MAX_ROWS = 50_000;

/** One page of the list as the screen asks it (same call, filters and sort); null when the call failed (reported). */
export type PageLoader<Row> = (pageNum: number, pageSize: number) => Promise<PageResult<Row> | null>;

/** What `collectPages` answers: every row, or why not. */
export type Collected<Row> = { rows: Row[] } | { tooMany: number } | { failed: true };

/**
 * Every row of a list, page after page of the server's largest size, in the list's order; `progress` is told the rows
 * so far and the total after each page. A row met twice (rows added before it while paging) is kept once. Stops at the
 * first failed call, and refuses a list of more than `limit` rows before fetching them.
 */
export async function collectPages<Row extends { id?: number | string }>(
  load: PageLoader<Row>,
  progress: (done: number, total: number) => void,
  limit: number = EXPORT_MAX_ROWS,
  pageSize: number = MAX_PAGE_SIZE,
): Promise<Collected<Row>> {
  const rows: Row[] = [];
  const seen = new Set<number | string>();
  let total = Number.POSITIVE_INFINITY;
  for (let pageNum = 1; rows.length < total; pageNum++) {
    const page = await load(pageNum, pageSize);
    if (!page) return { failed: true };
    if (page.totalSize > limit) return { tooMany: page.totalSize };
    total = page.totalSize;
    for (const row of page.content) {
      if (row.id !== undefined && seen.has(row.id)) continue;
      if (row.id !== undefined) seen.add(row.id);
      rows.push(row);
    }
    progress(Math.min(rows.length, total), total);
    // The last page (rows deleted meanwhile end the list early).
    if (page.content.length < pageSize) break;
  }
  return { rows };
}
