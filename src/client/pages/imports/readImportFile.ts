/**
 * Reads a chosen file into rows to import, or says why not (a locale key of the message): the spec's file checks, the
 * contract's limits, and the zip guard before read-excel-file (loaded here, on demand) unpacks anything.
 */
import { IMPORT_LIMITS } from '../../../shared/imports';
import { mapSheet, type SheetColumn, type SheetRow } from './sheetRows';
import { inspectZip, isOleWorkbook } from './zipGuard';

export type FileCheck = { ok: true } | { ok: false; messageKey: string; values?: Record<string, string | number> };
export type ReadResult =
  | { ok: true; rows: SheetRow[] }
  | { ok: false; messageKey: string; values?: Record<string, string | number> };

/** Spec 000 §8: a missing file, or a file that is not .xls/.xlsx; .xls is refused with a request to save it as .xlsx. */
export function checkFileChoice(file: { name: string; size: number } | null): FileCheck {
  if (!file) return { ok: false, messageKey: 'error.importFileMissing' };
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return { ok: false, messageKey: 'error.importXlsNotSupported' };
  if (!name.endsWith('.xlsx')) return { ok: false, messageKey: 'error.importFileFormat' };
  if (file.size > IMPORT_LIMITS.fileBytes)
    return { ok: false, messageKey: 'error.importFileTooLarge', values: { maxMb: IMPORT_LIMITS.fileBytes / 1024 / 1024 } };
  return { ok: true };
}

const EXCEPTION = { ok: false, messageKey: 'error.importException' } as const;

/** Reads the first sheet of the chosen file and maps its columns; nothing is sent from here. */
export async function readImportFile(file: File, columns: readonly SheetColumn[]): Promise<ReadResult> {
  const check = checkFileChoice(file);
  if (!check.ok) return check;
  const bytes = new Uint8Array(await file.arrayBuffer());
  // An old workbook renamed .xlsx.
  if (isOleWorkbook(bytes)) return { ok: false, messageKey: 'error.importXlsNotSupported' };
  const verdict = inspectZip(bytes);
  if (!verdict.ok) {
    console.warn(`import file refused before reading: ${verdict.reason}`);
    return EXCEPTION;
  }
  let sheet: unknown[][];
  try {
    const { readSheet } = await import('read-excel-file/browser');
    sheet = (await readSheet(bytes.buffer)) as unknown[][];
  } catch (error) {
    console.warn('import file could not be read', error);
    return EXCEPTION;
  }
  const mapped = mapSheet(sheet, columns);
  if (!mapped.ok) return { ok: false, messageKey: 'import.msg.noColumns' };
  if (mapped.rows.length === 0) return { ok: false, messageKey: 'import.msg.noRows' };
  if (mapped.rows.length > IMPORT_LIMITS.rowsPerGroup)
    return {
      ok: false,
      messageKey: 'import.msg.tooManyRows',
      values: { max: IMPORT_LIMITS.rowsPerGroup, rows: mapped.rows.length },
    };
  return { ok: true, rows: mapped.rows };
}
