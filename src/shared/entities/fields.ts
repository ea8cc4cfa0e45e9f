import { CODE_LISTS, type CodeListName } from './codeLists';
import type { FieldDef, LookupRef } from './defineEntity';

/** Business codes (item numbers, location ids, zone codes …): letters, digits and `_ . -`, no spaces. */
export const CODE_PATTERN = '^[A-Za-z0-9_.-]+$';

/** The warehouse a row belongs to: chosen from the user's warehouses, never changed after insert. */
export const whIdField: FieldDef = {
  type: 'text',
  required: true,
  max: 20,
  filter: true,
  column: true,
  width: 100,
  immutable: true,
  lookup: 'warehouse',
};

/** A business key: required, filterable, shown, fixed after insert. */
export function keyField(max: number, width = 120, extra: Partial<FieldDef> = {}): FieldDef {
  return {
    type: 'text',
    required: true,
    max,
    filter: true,
    column: true,
    width,
    immutable: true,
    pattern: CODE_PATTERN,
    ...extra,
  };
}

/** Free text shown in the list (and filterable when `filter`). */
export function textField(max: number, extra: Partial<FieldDef> = {}): FieldDef {
  return { type: 'text', max, ...extra };
}

/** A value from one of the closed code lists, labelled `code.<list>.<value>`. */
export function codeField(list: CodeListName, extra: Partial<FieldDef> = {}): FieldDef {
  return { type: 'code', codes: CODE_LISTS[list], codeList: list, ...extra };
}

/** A quantity or measure: numeric(18, 3), up to 3 decimals. */
export function decimalField(extra: Partial<FieldDef> = {}): FieldDef {
  // Measures, weights, prices and capacities are never negative; the console and the server say so alike.
  return { type: 'decimal', rule: 'qtyNonNegative', ...extra };
}

/** A reference to other master data, chosen from a `/globalOptions/<name>` lookup filled from this form's fields. */
export function refField(
  max: number,
  name: string,
  params: Readonly<Record<string, string>>,
  extra: Partial<FieldDef> = {},
): FieldDef {
  const lookup: LookupRef = { name, params };
  return { type: 'text', max, pattern: CODE_PATTERN, lookup, ...extra };
}

/** Parameters of lookups scoped by warehouse, and by warehouse and client. */
export const BY_WAREHOUSE = { whId: 'whId' } as const;
export const BY_CLIENT = { whId: 'whId', clientCode: 'clientCode' } as const;

/** Active / inactive, required. */
export const statusField: FieldDef = codeField('status', { required: true, filter: true, column: true, width: 90 });
