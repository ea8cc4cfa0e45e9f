/**
 * The template of an import type and the error file made from a group's failed rows: a header row in the user's
 * language, a second row of field keys (what the reader goes by, so a template of either language imports), then the
 * rows. Columns with fixed codes get an Excel drop-down list (a data-validation "feature" of write-excel-file, which
 * has no such option of its own). Pure but for `writeWorkbook`, which loads write-excel-file on demand.
 */
import type { Feature, SheetData } from 'write-excel-file/browser';
import { escapeFormula } from '../../kit/exportExcel';
import { REQUIRED_MARK } from './sheetRows';

/** A column of a template: its field key, translated label, whether it is required, its codes, and an example. */
export interface TemplateColumn {
  key: string;
  label: string;
  required: boolean;
  /** Fixed codes: the cell offers them as a drop-down list. */
  codes?: readonly string[];
  /** The codes' meanings in the user's language, shown when the cell is selected ("F forklift, S staging …"). */
  codesHint?: string;
  example: string;
}

/** A drop-down list of codes over one column's data cells. */
export interface CodeValidation {
  /** 0-based column index. */
  column: number;
  codes: readonly string[];
  /** Shown when a cell is selected, and when a value outside the list is typed. */
  title: string;
  hint: string;
}

export interface Workbook {
  data: SheetData;
  widths: { width: number }[];
  validations: CodeValidation[];
}

/** Rows below the header the drop-down lists cover (the contract's row limit is the most a file may hold). */
export const VALIDATED_ROWS = 10_000;
/** The sheet rows before the data: labels, keys. */
export const HEADER_ROWS = 2;

const KEY_ROW_STYLE = { color: '#808080', fontSize: 9 } as const;
const HEADER_STYLE = { fontWeight: 'bold', backgroundColor: '#E8EEF7' } as const;

/** Width in characters: the longest of label, key, example, at least 10, at most 60. */
function widthOf(texts: readonly string[]): number {
  // CJK characters take two columns in Excel's default font.
  const length = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  return Math.min(60, Math.max(10, ...texts.map(length)) + 2);
}

function headerRows(columns: readonly TemplateColumn[]): SheetData {
  const labels = columns.map((c) => `${c.label}${c.required ? REQUIRED_MARK : ''}`);
  const keys = columns.map((c) => c.key);
  return [
    labels.map((label) => ({ value: escapeFormula(label), type: String, ...HEADER_STYLE })),
    keys.map((key) => ({ value: key, type: String, ...KEY_ROW_STYLE })),
  ];
}

function codeValidations(columns: readonly TemplateColumn[], title: string): CodeValidation[] {
  return columns.flatMap((c, column) =>
    c.codes?.length ? [{ column, codes: c.codes, title, hint: c.codesHint ?? c.codes.join(', ') }] : [],
  );
}

/** The template of an import type: labels, keys, one example row, drop-down lists of codes. */
export function templateWorkbook(columns: readonly TemplateColumn[], codesTitle: string): Workbook {
  const example = columns.map((c) => ({ value: escapeFormula(c.example), type: String }));
  return {
    data: [...headerRows(columns), example],
    widths: columns.map((c) => ({ width: widthOf([`${c.label}${REQUIRED_MARK}`, c.key, c.example]) })),
    validations: codeValidations(columns, codesTitle),
  };
}

/** The extra columns of an error file: the row number first (what a corrected row comes back under), the message last. */
export interface ErrorFileColumns {
  rowNumber: { key: string; label: string };
  error: { key: string; label: string };
}

/**
 * The rows that failed, in the template's columns between their row number and their error message, to be corrected
 * and imported again. Every text cell is escaped as the table export escapes it (no formula runs); the reader takes
 * the escape off again.
 */
export function errorWorkbook(
  columns: readonly TemplateColumn[],
  rows: readonly Record<string, unknown>[],
  extra: ErrorFileColumns,
  codesTitle: string,
): Workbook {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const cell = (value: unknown) => ({ value: escapeFormula(text(value)), type: String });
  const body = rows.map((row) => [
    cell(row[extra.rowNumber.key]),
    ...columns.map((c) => cell(row[c.key])),
    { ...cell(row[extra.error.key]), color: '#C00000' },
  ]);
  const [labels = [], keys = []] = headerRows(columns);
  const headerCell = (value: string) => ({ value: escapeFormula(value), type: String, ...HEADER_STYLE });
  const keyCell = (value: string) => ({ value, type: String, ...KEY_ROW_STYLE });
  return {
    data: [
      [headerCell(extra.rowNumber.label), ...labels, headerCell(extra.error.label)],
      [keyCell(extra.rowNumber.key), ...keys, keyCell(extra.error.key)],
      ...body,
    ],
    widths: [
      { width: widthOf([extra.rowNumber.label, extra.rowNumber.key]) },
      ...columns.map((c) => ({
        width: widthOf([`${c.label}${REQUIRED_MARK}`, c.key, ...rows.slice(0, 50).map((r) => text(r[c.key]))]),
      })),
      { width: 60 },
    ],
    // The row number column comes first: the lists move one column to the right.
    validations: codeValidations(columns, codesTitle).map((v) => ({ ...v, column: v.column + 1 })),
  };
}

/** A1-style column letters of a 0-based index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** XML attribute text: the five predefined entities, control characters dropped. */
function attr(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are invalid in XML 1.0 and are dropped
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

// Excel's own limits: titles 32 characters, messages 255, a literal list 255 including its quotes and commas.
const clip = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);

/** The `<dataValidations>` element of the first sheet (empty text when there is none). */
export function dataValidationsXml(validations: readonly CodeValidation[], firstRow: number, lastRow: number): string {
  const usable = validations.filter((v) => v.codes.join(',').length + 2 <= 255);
  if (usable.length === 0) return '';
  const items = usable.map((v) => {
    const column = columnLetters(v.column);
    const title = attr(clip(v.title, 32));
    const hint = attr(clip(v.hint, 255));
    return (
      `<dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" errorStyle="stop" ` +
      `errorTitle="${title}" error="${hint}" promptTitle="${title}" prompt="${hint}" sqref="${column}${firstRow}:${column}${lastRow}">` +
      `<formula1>"${attr(v.codes.join(','))}"</formula1></dataValidation>`
    );
  });
  return `<dataValidations count="${items.length}">${items.join('')}</dataValidations>`;
}

/**
 * A write-excel-file feature putting the drop-down lists into the first sheet, where the file format wants them:
 * after `<sheetData>` (and conditional formatting), before `<pageMargins>`.
 */
export function dataValidationFeature<FileContent>(
  validations: readonly CodeValidation[],
  insert: (xml: string, element: string) => string,
): Feature<FileContent> {
  const element = dataValidationsXml(validations, HEADER_ROWS + 1, HEADER_ROWS + VALIDATED_ROWS);
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transform: (xml, _options, { sheetIndex }) => (sheetIndex === 0 && element ? insert(xml, element) : xml),
        },
      },
    },
  };
}

/** Writes the workbook and hands it to the browser as a download. */
export async function downloadWorkbook(workbook: Workbook, fileName: string, sheetName: string): Promise<void> {
  const [{ default: writeXlsxFile }, utility] = await Promise.all([
    import('write-excel-file/browser'),
    import('write-excel-file/utility'),
  ]);
  const order = utility.getOrderOfSiblings('xl/worksheets/sheet{id}.xml', 'worksheet') ?? [];
  const feature = dataValidationFeature<File | Blob | ArrayBuffer>(workbook.validations, (xml, element) =>
    utility.insertElementMarkupAccordingToOrderOfSiblings(xml, element, order, 'worksheet'),
  );
  await writeXlsxFile(
    workbook.data,
    { columns: workbook.widths, sheet: sheetName, stickyRowsCount: HEADER_ROWS },
    { features: [feature] },
  ).toFile(fileName);
}
