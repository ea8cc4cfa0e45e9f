/** Excel export of what a table shows. The xlsx writer (~25 KB) is loaded only when the user exports. */
import type { SheetData } from 'write-excel-file/browser';

/** One exported column: its header as shown (already translated) and the cell text of a row. */
export interface ExportColumn<Row> {
  header: string;
  /** Column width in px as shown on screen; converted to Excel character widths. */
  widthPx?: number;
  text: (row: Row) => string;
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
  // Every value is written as text: ids and codes such as "007" must keep their leading zeros; a text that would start
  // a formula is escaped.
  const body = rows.map((row) => columns.map((column) => ({ value: escapeFormula(column.text(row)), type: String })));
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
