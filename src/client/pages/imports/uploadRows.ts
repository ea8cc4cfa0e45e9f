/**
 * Sends a sheet's rows to `importExcel` in batches under one group: the first batch without a group (a new one) or with
 * the group being re-imported into, the next ones with the group the server answered. Pure but for `send`.
 */
import { IMPORT_LIMITS, type ImportAnswer, type ImportCell, type ImportRequest } from '../../../shared/imports';
import type { SheetRow } from './sheetRows';

/** Rows per call: small enough that the progress bar moves on an ordinary file, within the contract's limit. */
export const BATCH_ROWS = Math.min(IMPORT_LIMITS.rowsPerBatch, 1000);

export interface UploadTotals {
  groupId: number;
  received: number;
  valid: number;
  errors: number;
  skipped: number;
}

export interface UploadOptions {
  whId: string;
  /** Re-import into this group (its error rows are replaced); absent: a new group. */
  groupId?: number;
  batchRows?: number;
  /** One call; null when the server refused it (its message was shown). */
  send: (request: ImportRequest) => Promise<ImportAnswer | null>;
  onProgress: (sent: number, total: number) => void;
}

/**
 * A row as the server takes it: its values by field key, and its row number — the error file's own column when it is a
 * whole number (a corrected row keeps the number it failed under), else its row in this sheet.
 */
export function requestRow(row: SheetRow): Record<string, ImportCell> {
  const { rowNumber, ...values } = row.values;
  const own = rowNumber && /^[1-9]\d{0,8}$/.test(rowNumber) ? Number(rowNumber) : null;
  return { ...values, rowNumber: own ?? row.rowNo };
}

/** Sends every row; answers the totals, or null when a batch was refused (the batches before it stay staged). */
export async function uploadRows(rows: readonly SheetRow[], options: UploadOptions): Promise<UploadTotals | null> {
  const size = options.batchRows ?? BATCH_ROWS;
  const totals: UploadTotals = { groupId: options.groupId ?? 0, received: 0, valid: 0, errors: 0, skipped: 0 };
  options.onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += size) {
    const first = start === 0;
    const request: ImportRequest = {
      whId: options.whId,
      ...(first && options.groupId === undefined ? {} : { groupId: totals.groupId }),
      // A re-import replaces the group's error rows, once, before its first batch.
      ...(first && options.groupId !== undefined ? { replaceErrors: true } : {}),
      rows: rows.slice(start, start + size).map(requestRow),
    };
    const answer = await options.send(request);
    if (!answer) return null;
    totals.groupId = answer.groupId;
    totals.received += answer.received;
    totals.valid += answer.valid;
    totals.errors += answer.errors;
    totals.skipped += answer.skipped;
    options.onProgress(Math.min(rows.length, start + size), rows.length);
  }
  return totals;
}
