/** Pure helpers behind DataTable: the remembered column settings and the pager's page list. No DOM, no React (but the type of
 * a column's own cell content). */
import type { ReactNode } from 'react';
import type { PageSort } from '../../shared/wire';

/** A column as a screen declares it. */
export interface TableColumn<Row> {
  /** Key of the value in the row; also the column id. */
  field: string;
  /** Locale key of the default header label. */
  headerKey: string;
  /** Values the header label interpolates (e.g. the attribute slot number). */
  headerValues?: Readonly<Record<string, string | number>>;
  /** Default minimum width in px. */
  minWidth?: number;
  /** Hidden until the user ticks it in the column chooser. */
  hidden?: boolean;
  /** A header click sorts the rows on the server by this column (a field the entity declares sortable). */
  sortable?: boolean;
  /** Display text of a cell (also what the Excel export writes); defaults to the raw value as text. */
  format?: (value: unknown, row: Row) => string;
  /** What the cell shows instead of its text (e.g. the text with a badge); the export still writes `format`'s text. */
  render?: (row: Row) => ReactNode;
  /** A date (or date and time) column: the Excel export writes real dates, not their text. */
  type?: 'date' | 'dateTime';
}

/** What the user changed for one column; absent properties mean "the default". */
export interface ColumnPref {
  visible?: boolean;
  label?: string;
  minWidth?: number;
}

export type ColumnPrefs = Record<string, ColumnPref>;

/** A column with the user's settings applied. */
export interface EffectiveColumn {
  field: string;
  visible: boolean;
  /** The user's own label, or null for the translated default. */
  label: string | null;
  minWidth: number;
}

export const DEFAULT_MIN_WIDTH = 100;
const MIN_WIDTH_FLOOR = 40;
const MIN_WIDTH_CEILING = 1000;

const STORAGE_PREFIX = 'wharf.table.';

/** Reads a table's remembered settings; anything malformed counts as "no settings". */
export function loadColumnPrefs(tableId: string, storage: Pick<Storage, 'getItem'> = localStorage): ColumnPrefs {
  try {
    const raw = storage.getItem(STORAGE_PREFIX + tableId);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return sanitizePrefs(parsed);
  } catch {
    return {};
  }
}

/** Remembers a table's settings (an empty object forgets them). */
export function saveColumnPrefs(
  tableId: string,
  prefs: ColumnPrefs,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (Object.keys(prefs).length === 0) storage.removeItem(STORAGE_PREFIX + tableId);
    else storage.setItem(STORAGE_PREFIX + tableId, JSON.stringify(prefs));
  } catch {
    // Private mode or a full quota: the settings last for this page only.
  }
}

/** Reads the column a table was last sorted by; anything malformed counts as "the entity's order". */
export function loadSort(tableId: string, storage: Pick<Storage, 'getItem'> = localStorage): PageSort | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(`${STORAGE_PREFIX}${tableId}.sort`) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { field, order } = parsed as Record<string, unknown>;
    if (typeof field !== 'string' || !field || (order !== 'asc' && order !== 'desc')) return null;
    return { field, order };
  } catch {
    return null;
  }
}

/** Remembers the column a table is sorted by, beside its column settings (null forgets it). */
export function saveSort(
  tableId: string,
  sort: PageSort | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (sort) storage.setItem(`${STORAGE_PREFIX}${tableId}.sort`, JSON.stringify({ field: sort.field, order: sort.order }));
    else storage.removeItem(`${STORAGE_PREFIX}${tableId}.sort`);
  } catch {
    // Private mode or a full quota: the sort lasts for this page only.
  }
}

/** Column widths the user dragged, by field; beside the sort, so that a reopened tab shows the table as it was left. */
export type ColumnWidths = Record<string, number>;

/** Reads the widths a table's columns were dragged to; anything malformed is left out. */
export function loadColumnWidths(tableId: string, storage: Pick<Storage, 'getItem'> = localStorage): ColumnWidths {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(`${STORAGE_PREFIX}${tableId}.widths`) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const widths: ColumnWidths = {};
    for (const [field, width] of Object.entries(parsed)) {
      if (typeof width === 'number' && Number.isFinite(width)) widths[field] = clampWidth(width);
    }
    return widths;
  } catch {
    return {};
  }
}

/** Remembers the widths a table's columns were dragged to (an empty object forgets them). */
export function saveColumnWidths(
  tableId: string,
  widths: ColumnWidths,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (Object.keys(widths).length === 0) storage.removeItem(`${STORAGE_PREFIX}${tableId}.widths`);
    else storage.setItem(`${STORAGE_PREFIX}${tableId}.widths`, JSON.stringify(widths));
  } catch {
    // Private mode or a full quota: the widths last for this page only.
  }
}

function sanitizePrefs(value: unknown): ColumnPrefs {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const prefs: ColumnPrefs = {};
  for (const [field, pref] of Object.entries(value)) {
    if (typeof pref !== 'object' || pref === null) continue;
    const clean: ColumnPref = {};
    if ('visible' in pref && typeof pref.visible === 'boolean') clean.visible = pref.visible;
    if ('label' in pref && typeof pref.label === 'string' && pref.label.trim()) clean.label = pref.label.trim();
    if ('minWidth' in pref && typeof pref.minWidth === 'number') clean.minWidth = clampWidth(pref.minWidth);
    prefs[field] = clean;
  }
  return prefs;
}

/** Keeps a typed width within sane bounds so a typo cannot make a column vanish or fill ten screens. */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_MIN_WIDTH;
  return Math.min(MIN_WIDTH_CEILING, Math.max(MIN_WIDTH_FLOOR, Math.round(width)));
}

/** Applies remembered settings to the declared columns, in declaration order. */
export function applyColumnPrefs<Row>(columns: readonly TableColumn<Row>[], prefs: ColumnPrefs): EffectiveColumn[] {
  return columns.map((column) => {
    const pref = prefs[column.field] ?? {};
    return {
      field: column.field,
      visible: pref.visible ?? !column.hidden,
      label: pref.label ?? null,
      minWidth: pref.minWidth ?? column.minWidth ?? DEFAULT_MIN_WIDTH,
    };
  });
}

/**
 * Turns what the chooser shows back into settings, keeping only what differs from the defaults, so a
 * later change of a default (or of the language, for labels) still reaches users who never touched it.
 */
export function diffColumnPrefs<Row>(
  columns: readonly TableColumn<Row>[],
  edited: readonly EffectiveColumn[],
  defaultLabel: (column: TableColumn<Row>) => string,
): ColumnPrefs {
  const prefs: ColumnPrefs = {};
  for (const column of columns) {
    const state = edited.find((e) => e.field === column.field);
    if (!state) continue;
    const pref: ColumnPref = {};
    if (state.visible === Boolean(column.hidden)) pref.visible = state.visible;
    const label = state.label?.trim();
    if (label && label !== defaultLabel(column)) pref.label = label;
    const width = clampWidth(state.minWidth);
    if (width !== (column.minWidth ?? DEFAULT_MIN_WIDTH)) pref.minWidth = width;
    if (Object.keys(pref).length > 0) prefs[column.field] = pref;
  }
  return prefs;
}

/** One entry of the pager: a page number, or a gap shown as "…". */
export type PagerItem = number | 'gap';

/**
 * The page buttons around the current page: always the first and last page, up to two neighbours each
 * side, and a gap where pages are left out (the familiar Element-style pager the spec describes).
 */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), pageCount);
  let start = Math.max(2, page - 2);
  let end = Math.min(pageCount - 1, page + 2);
  // Keep five middle buttons near the ends too, so the pager does not change width while paging.
  if (page <= 4) {
    start = 2;
    end = 6;
  } else if (page >= pageCount - 3) {
    start = pageCount - 5;
    end = pageCount - 1;
  }
  const items: PagerItem[] = [1];
  if (start > 2) items.push('gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pageCount - 1) items.push('gap');
  items.push(pageCount);
  return items;
}

/** Number of pages for a total (at least 1, so the pager always shows page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Formats a server timestamp (ISO) as local `yyyy-MM-dd HH:mm:ss`; other values pass through as text. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/**
 * Formats a calendar date as `yyyy-MM-dd` in every language (spec 001 §9 "Date format yyyy-MM-dd"): the one format of
 * every list, form and export. A timestamp gives its date; other values pass through as text.
 */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  return match ? `${match[1]}-${match[2]}-${match[3]}` : String(value);
}

/** Display text of a cell. */
export function cellText<Row>(column: TableColumn<Row>, row: Row): string {
  const value = (row as unknown as Record<string, unknown>)[column.field];
  if (column.format) return column.format(value, row);
  return value === null || value === undefined ? '' : String(value);
}
