/** Wire types shared by the server and the console (spec 000 §3, §7). */

/** Every JSON answer. `code` 200 is success; business refusals use -10000 with a localized `msg`. */
export interface Envelope<T> {
  code: number;
  msg: string | null;
  data: T;
  /** The closed error code of a business refusal (see errors.ts). */
  errorCode?: string;
}

export const SUCCESS = 200;
export const BUSINESS_ERROR = -10000;

/**
 * A column filter as the console sends it: a bare value or `{name, value}`. A typed text value finds the rows
 * containing it (case-insensitive); a value with `%` is a pattern; `%` alone is any. `exact: true` marks a value
 * chosen, not typed (a task's key, a location picked): equality. Codes and lookups are always exact.
 */
export type ColumnFilterValue = string | number | { name?: string; value: string | number | null; exact?: boolean } | null;

export type SortOrder = 'asc' | 'desc';

/** The column a page is sorted by (a field the entity declares sortable); the id always breaks ties. */
export interface PageSort {
  field: string;
  order: SortOrder;
}

export interface PageRequest {
  pageNum: number;
  pageSize: number;
  columnFilters?: Record<string, ColumnFilterValue>;
  /** Absent: the entity's own order. */
  sort?: PageSort | null;
}

export interface PageResult<T> {
  content: T[];
  totalSize: number;
  pageNum: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 1000;
/** The highest page number: any page of any size then starts at an offset the database and JavaScript hold exactly. */
export const MAX_PAGE_NUM = 10_000_000;

export interface LoginRequest {
  account: string;
  password: string;
  captcha: string;
  /** The language chosen on the login screen: the console opens in it and it becomes the user's saved language. */
  language?: LanguageCode;
}

export interface LoginAnswer {
  token: string;
  /** ISO time at which the session ends at the latest. */
  expireTime: string;
}

export type LanguageCode = 'zh_cn' | 'en_us';
export const LANGUAGES: readonly LanguageCode[] = ['zh_cn', 'en_us'];
export const DEFAULT_LANGUAGE: LanguageCode = 'zh_cn';
/** Locale ids of the spec: 2052 Chinese, 1033 English. */
export const LOCALE_IDS: Record<LanguageCode, number> = { zh_cn: 2052, en_us: 1033 };

export function isLanguage(value: unknown): value is LanguageCode {
  return value === 'zh_cn' || value === 'en_us';
}

export interface UserLanguage {
  localeId: number;
  language: LanguageCode;
}

/** Menu types: 0 directory, 1 menu (a screen), 2 button (a permission). */
export type MenuType = 0 | 1 | 2;

export interface MenuNode {
  id: number;
  parentId: number;
  /** Name in the caller's language. */
  name: string;
  url: string | null;
  perms: string | null;
  type: MenuType;
  icon: string | null;
  orderNum: number;
  level: number;
  /** A screen reached only from another screen (detail routes): a route, but not shown in the side menu. */
  hidden: boolean;
  keepAlive: boolean;
  children: MenuNode[];
}

/** Header names the console sends. */
export const TOKEN_HEADER = 'token';
export const LANGUAGE_HEADER = 'lang';
