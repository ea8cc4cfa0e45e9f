/**
 * Status of an Excel import staging row (`importStatus`, code list `importStatus`): N new (stored, not validated yet —
 * a row added or corrected in the preview), E error (see errorMsg), V valid (ready to commit), S committed (written into
 * the real tables; never committed twice). Apart from imports.ts so that the code lists can use it without a cycle.
 */
export const IMPORT_STATUSES = ['N', 'E', 'V', 'S'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
