/**
 * From the cells read-excel-file gives to the rows an import sends: which column holds which field (by the template's
 * key row, else by a header label in either language), each cell as text (Excel dates as YYYY-MM-DD), empty rows left
 * out. Pure, for testing.
 */
import { unescapeFormula } from '../../kit/exportExcel';

/** A column an import type reads: its field key and its header labels (the user may send a template in either language). */
export interface SheetColumn {
  key: string;
  labels: readonly string[];
}

/** A row to import: its row number in the sheet (1-based, as Excel shows it) and its values by field key. */
export interface SheetRow {
  rowNo: number;
  values: Record<string, string>;
}

export type SheetMapping =
  | {
      ok: true;
      /** Field keys found, in sheet order. */
      keys: string[];
      rows: SheetRow[];
      /** How the columns were recognised: the template's key row, or the header labels. */
      by: 'keys' | 'labels';
    }
  | { ok: false; reason: 'noColumns' };

/** The marker the template puts after a required column's label. */
export const REQUIRED_MARK = ' *';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as the text the server validates: a date cell (read-excel-file gives a Date at UTC midnight of the day shown)
 * as YYYY-MM-DD, a number as read, a boolean as Y/N (the code of the yes/no fields), a text trimmed and with the
 * apostrophe an error file adds before a formula-like text taken off.
 */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'Y' : 'N';
  return unescapeFormula(String(cell).trim());
}

/** A header label as compared: trimmed, case-folded, inner spaces collapsed, the required mark dropped. */
export function normalizeLabel(text: string): string {
  return text
    .replace(/\s*\*\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** For each sheet column, the field key it holds (null: a column the import does not read, e.g. an error message). */
function matchRow(cells: readonly unknown[], match: (text: string) => string | undefined): (string | null)[] {
  const seen = new Set<string>();
  return cells.map((cell) => {
    const key = match(cellText(cell));
    // A field twice: the first column wins, the second is not read.
    if (!key || seen.has(key)) return null;
    seen.add(key);
    return key;
  });
}

const count = (keys: readonly (string | null)[]) => keys.filter((k) => k !== null).length;

/**
 * Maps a sheet to rows. The template's second row names the field keys: found there (or in the first row), the keys
 * decide; otherwise the first row's labels, in either language. Data starts below the row that decided.
 */
export function mapSheet(sheet: readonly (readonly unknown[])[], columns: readonly SheetColumn[]): SheetMapping {
  const byKey = new Map(columns.map((c) => [c.key.toLowerCase(), c.key]));
  const byLabel = new Map<string, string>();
  for (const column of columns) for (const label of column.labels) byLabel.set(normalizeLabel(label), column.key);

  const header = sheet[0] ?? [];
  const second = sheet[1] ?? [];
  const keysIn = (row: readonly unknown[]) => matchRow(row, (text) => byKey.get(text.toLowerCase()));
  let keys = keysIn(second);
  let dataStart = 2;
  let by: 'keys' | 'labels' = 'keys';
  if (count(keys) === 0) {
    keys = keysIn(header);
    dataStart = 1;
  }
  if (count(keys) === 0) {
    keys = matchRow(header, (text) => byLabel.get(normalizeLabel(text)));
    by = 'labels';
  }
  if (count(keys) === 0) return { ok: false, reason: 'noColumns' };

  const rows: SheetRow[] = [];
  for (let r = dataStart; r < sheet.length; r++) {
    const cells = sheet[r] ?? [];
    const values: Record<string, string> = {};
    let empty = true;
    keys.forEach((key, c) => {
      if (!key) return;
      const text = cellText(cells[c]);
      values[key] = text;
      if (text !== '') empty = false;
    });
    if (!empty) rows.push({ rowNo: r + 1, values });
  }
  return { ok: true, keys: keys.filter((k): k is string => k !== null), rows, by };
}
