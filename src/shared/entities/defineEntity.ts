import type { FieldRule } from '../validation';

/**
 * Plain-data entity definitions drive the server's generic save/delete/findPage routes and the
 * console's list and edit screens. Labels come from locale keys `entity.<name>.field.<field>`.
 */

export type FieldType = 'text' | 'int' | 'decimal' | 'date' | 'code';

export interface FieldDef {
  type: FieldType;
  required?: boolean;
  /** Maximum length of a text value. */
  max?: number;
  /** For `code` fields: the allowed values (labels `code.<list>.<value>`). */
  codes?: readonly string[];
  /**
   * Name of the code list (locale key prefix `code.<codeList>`). On a `text` field (a reason, a work type the warehouse
   * may extend): lists show the label of a value the list names, any other value as it is.
   */
  codeList?: string;
  /**
   * A `code` field holding several values of its list: a comma-separated list without spaces or repeats, in list
   * order (`HANDOVER,LOOKUP`); the console's form offers a multi-choice.
   */
  multiple?: boolean;
  /** May be used in `columnFilters`. */
  filter?: boolean;
  /** Shown as a column in the list screen. */
  column?: boolean;
  /**
   * A click on the column header sorts the rows on the server by it. Default: a column that is also a filter
   * (the fields people look rows up by, which the tables index); `false` or `true` overrides.
   */
  sortable?: boolean;
  /** A timestamp: lists show it as local date-time in the user's language, never as ISO text. */
  dateTime?: boolean;
  /**
   * A typed filter value without `%` matches exactly instead of "contains": the identifiers of the stock ledger, a
   * table of millions of rows whose indexes serve equality but no contained match (77× slower on 1M rows).
   */
  filterExact?: boolean;
  /** The list column starts hidden (the column chooser shows it). */
  hidden?: boolean;
  /** Minimum column width in px. */
  width?: number;
  /** Cannot be changed after insert (a key). */
  immutable?: boolean;
  /** Server-maintained; never accepted from the client. */
  readOnly?: boolean;
  /** A regular expression the text value must match (locale key `entity.<name>.rule.<field>`). */
  pattern?: string;
  /** A value rule of the shared validation (quantities, line numbers, percent), checked by server and console alike. */
  rule?: FieldRule;
  /** The server may write a system text here (src/shared/systemText.ts): `findPage` answers it in the reader's language. */
  systemText?: boolean;
  /** The edit form offers a choice list from a lookup instead of free text. */
  lookup?: 'warehouse' | LookupRef;
  /**
   * Left empty on a new row, the server numbers it from the warehouse's series: the form says so beside the field
   * (issue 27 item 5).
   */
  autoNumber?: boolean;
}

/**
 * A choice list served by `POST /globalOptions/<name>`, answering options `{ optionValue, optionDisplay }`
 * limited to the user's warehouse grants. Until every lookup is wired, the form may show free text.
 */
export interface LookupRef {
  name: string;
  /** Request body keys filled from other fields of the same form: body key → field name (e.g. whId → whId). */
  params?: Readonly<Record<string, string>>;
  /** Request body keys with a fixed value (e.g. a reason list's `type: 'HOLD'`). */
  fixed?: Readonly<Record<string, string>>;
}

export interface EntityDef<F extends string = string> {
  name: string;
  /** Permission resource: `sys:<resource>:view|add|edit|delete`. */
  resource: string;
  /** Rows belong to a warehouse (`whId`) and are limited to the user's grants. */
  warehouseScoped: boolean;
  /** Fields that together are unique (besides the id). */
  unique: readonly NoInfer<F>[];
  fields: Record<F, FieldDef>;
  /** Order of the rows in findPage. */
  orderBy: readonly NoInfer<F>[];
  /**
   * The column a row is known by — the document number, the code — where it is not the first shown column (mostly the
   * warehouse): the list pins it left, whole, on every screen width (issue 27 item 7: a phone showed ten "WH01" rows).
   */
  listKey?: NoInfer<F>;
  /** Logs: the latest rows first (after `orderBy`, by id descending). */
  newestFirst?: boolean;
  /** Rows of the edit form, each a list of fields. */
  form: readonly (readonly NoInfer<F>[])[];
  /** Rows of optional fields the edit form keeps folded in a "more" section below `form`. */
  more?: readonly (readonly NoInfer<F>[])[];
  /** Only listed (logs, the stock ledger): no save or delete route, no add, edit or delete buttons. */
  viewOnly?: boolean;
  /** findPage answers `itemDescription`, the description of the row's item, shown beside its number. */
  itemDescription?: boolean;
  /** Rows carry createTime and updateTime (default). Logs carry their own date instead. */
  timestamps?: boolean;
}

/** Checks the definition's internal references at compile time (keys, order and form name declared fields) and returns it unchanged. */
export function defineEntity<F extends string>(def: EntityDef<F>): EntityDef<F> {
  return def;
}

/** Whether findPage may sort the entity's rows by the field (see `FieldDef.sortable`; the row times always). */
export function isSortable(def: EntityDef, field: string): boolean {
  if (rowTimes(def).includes(field)) return true;
  const fieldDef = Object.hasOwn(def.fields, field) ? def.fields[field] : undefined;
  if (!fieldDef?.column) return false;
  return fieldDef.sortable ?? Boolean(fieldDef.filter);
}

/** Fields every entity row carries, maintained by the server. */
export const SYSTEM_FIELDS = ['id', 'createTime', 'updateTime'] as const;

/** The server-maintained row times an entity has. */
export const rowTimes = (def: EntityDef): readonly string[] => (def.timestamps === false ? [] : ['createTime', 'updateTime']);
