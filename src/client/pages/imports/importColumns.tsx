/**
 * An import type's columns as the screen needs them: the template's (translated), the reader's (keys with the labels of
 * both languages), and the preview grid's. Pure but for the translate functions passed in.
 */
import type { ReactNode } from 'react';
import type { ImportColumn, ImportTypeDef } from '../../../shared/imports';
import type { TableColumn } from '../../kit/tableState';
import type { SheetColumn } from './sheetRows';
import type { TemplateColumn } from './templateSheet';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The row number column of an error file (what a corrected row is matched by when it comes back). */
export const ROW_NUMBER = { key: 'rowNumber', labelKey: 'import.col.rowNumber' } as const;
/** The error message column of an error file and of the preview. */
export const ERROR_MSG = { key: 'errorMsg', labelKey: 'import.col.errorMsg' } as const;

/** A staging row as findPage answers it: the sheet's values as text plus the staging fields. */
export type StagingRow = Record<string, unknown> & {
  id?: number;
  rowNumber?: number;
  importStatus?: string;
  errorMsg?: string | null;
};

/** The label of a code in the current language ("F 叉车位"), or the code itself. */
function codeLabel(t: Translate, column: ImportColumn, code: string): string {
  const key = `code.${column.codeList ?? column.field}.${code}`;
  const label = t(key);
  return label === key ? code : `${code} ${label}`;
}

/** The template's columns in the user's language. */
export function templateColumns(def: ImportTypeDef, t: Translate): TemplateColumn[] {
  return def.columns.map((column) => ({
    key: column.field,
    label: t(column.label),
    required: column.required,
    ...(column.codes
      ? { codes: column.codes, codesHint: column.codes.map((code) => codeLabel(t, column, code)).join(', ') }
      : {}),
    example: def.example[column.field] ?? '',
  }));
}

/**
 * The text of a message without placeholders: as written in the locale file, or as the build precompiles it (a list of
 * literal elements, ICU type 0); anything else (a message with placeholders) is no label.
 */
export function messageText(message: unknown): string | null {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return null;
  const parts = message.map((element: unknown) =>
    typeof element === 'object' &&
    element !== null &&
    'type' in element &&
    element.type === 0 &&
    'value' in element &&
    typeof element.value === 'string'
      ? element.value
      : null,
  );
  return parts.every((part) => part !== null) ? parts.join('') : null;
}

/** What the reader recognises: every field (and the error file's row number) by key, or by its label in any language. */
export function sheetColumns(def: ImportTypeDef, languages: readonly Readonly<Record<string, unknown>>[]): SheetColumn[] {
  const labels = (key: string) =>
    languages.map((messages) => messageText(messages[key])).filter((label): label is string => Boolean(label));
  return [
    { key: ROW_NUMBER.key, labels: labels(ROW_NUMBER.labelKey) },
    ...def.columns.map((column) => ({ key: column.field, labels: labels(column.label) })),
  ];
}

/** Minimum width of a preview column by what it holds. */
function widthOf(column: ImportColumn): number {
  if (column.kind === 'code') return 100;
  if (column.kind === 'date') return 120;
  if (column.kind !== 'text') return 100;
  return Math.min(220, Math.max(110, (column.max ?? 20) * 4));
}

/**
 * The preview grid's columns: row number, status, error message (wide enough to read), then the type's fields — a code
 * with its label ("M 混放库位"), as the template's hint writes it, not the bare letter.
 */
export function previewColumns(
  def: ImportTypeDef,
  renderStatus: (row: StagingRow) => ReactNode,
  statusText: (code: string) => string,
  t: Translate,
) {
  const columns: TableColumn<StagingRow>[] = [
    { field: ROW_NUMBER.key, headerKey: ROW_NUMBER.labelKey, minWidth: 80 },
    {
      field: 'importStatus',
      headerKey: 'import.col.status',
      minWidth: 110,
      format: (value) => statusText(String(value ?? '')),
      render: renderStatus,
    },
    // Wide enough for a message naming two columns; a longer one shows whole on hover.
    {
      field: ERROR_MSG.key,
      headerKey: ERROR_MSG.labelKey,
      minWidth: 520,
      render: (row) => <span title={String(row.errorMsg ?? '')}>{String(row.errorMsg ?? '')}</span>,
    },
    ...def.columns.map(
      (column): TableColumn<StagingRow> => ({
        field: column.field,
        headerKey: column.label,
        minWidth: widthOf(column),
        ...(column.codes
          ? {
              format: (value: unknown) =>
                value === null || value === undefined || value === '' ? '' : codeLabel(t, column, String(value)),
            }
          : {}),
      }),
    ),
  ];
  return columns;
}
