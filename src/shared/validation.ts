/**
 * Validation shared by the server and the console (spec 000 §5, spec 001 §5): the closed code lists, the
 * quantity patterns and the date format. The console checks a field as the user leaves it; the server runs the
 * same checks on save and refuses with the same localized message.
 */
import type { EntityDef, FieldDef } from './entities/defineEntity';
import type { ErrorCode, ErrorParams } from './errors';

/** Y/N flags: lot control, serial control, special size, use of an extra carton (spec 001 §5). */
export const YES_NO = ['Y', 'N'] as const;
/** Location type: F forklift (pallet rack), S staging, I single item, M multi item. */
export const LOCATION_TYPES = ['F', 'S', 'I', 'M'] as const;
/** What a location holds: I items, H handling units (pallets). */
export const HU_INDICATORS = ['I', 'H'] as const;
/** Zone type: A qualified, D unqualified, Q pending inspection. */
export const ZONE_TYPES = ['A', 'D', 'Q'] as const;
/** An item's default carton: N its original box, P a paper bag. */
export const CARTON_KINDS = ['N', 'P'] as const;

/** Named value rules a FieldDef may carry (`rule`), beyond its type. */
export const FIELD_RULES = ['qtyPositive', 'qtySigned', 'qtyNonNegative', 'positiveInt', 'percent'] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

// A decimal part without trailing zero: 1 to 3 digits, the last one not 0.
const FRACTION = String.raw`\.\d{0,2}[1-9]`;
// numeric(18, 3) keeps 15 digits before the point.
const WHOLE = String.raw`[1-9]\d{0,14}`;

/**
 * The patterns of the rules, as the spec states them:
 * - qtyPositive: greater than 0, up to 3 decimals, no trailing zero in the decimals, no leading zero (movement,
 *   PO and order lines);
 * - qtySigned: the same with an optional sign, never 0 (adjustment lines: a change of stock);
 * - qtyNonNegative: 0 or more, up to 3 decimals;
 * - positiveInt: an integer greater than 0 without leading zero (line numbers, split-carton quantities);
 * - percent: an integer from 1 to 100.
 */
export const RULE_PATTERNS: Readonly<Record<FieldRule, RegExp>> = {
  qtyPositive: new RegExp(`^(0${FRACTION}|${WHOLE}(${FRACTION})?)$`),
  qtySigned: new RegExp(`^[+-]?(0${FRACTION}|${WHOLE}(${FRACTION})?)$`),
  qtyNonNegative: new RegExp(String.raw`^(0|${WHOLE})(\.\d{1,3})?$`),
  // Nine digits at most: line numbers are integer columns.
  positiveInt: /^[1-9]\d{0,8}$/,
  percent: /^([1-9]\d?|100)$/,
};

const RULE_ERRORS: Readonly<Record<FieldRule, ErrorCode>> = {
  qtyPositive: 'fieldQtyPositive',
  qtySigned: 'fieldQtySigned',
  qtyNonNegative: 'fieldQtyNonNegative',
  positiveInt: 'fieldPositiveInt',
  percent: 'fieldPercent',
};

/** Whether a value (as typed, or a JSON number) satisfies a rule. */
export function matchesRule(rule: FieldRule, value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && RULE_PATTERNS[rule].test(String(value).trim());
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd (2024-02-29 yes, 2023-02-29 and 2024-04-31 no). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as written.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/**
 * The length of a text as people count it, and as PostgreSQL's varchar(n) and Ajv's maxLength do: in characters (code
 * points), not UTF-16 units — an emoji or a rare CJK character outside the basic plane is one character, not two.
 */
export function textLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The first `max` characters of a text (code points, as `textLength` counts them): what a field of that size keeps. */
export function clipText(text: string, max: number): string {
  if (text.length <= max || textLength(text) <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/**
 * The invisible bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the
 * left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C). They change the order in
 * which the text around them is shown, so "invoice\u202Efdp.exe" reads "invoiceexe.pdf" in a list, a label or a PDF.
 * Right-to-left letters themselves (Arabic, Hebrew) are ordered by the Unicode algorithm without them and stay allowed.
 */
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Whether a text holds a bidirectional control character (see DIRECTION_CONTROL). */
export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROL.test(text);
}

/** One refused field: the console shows it under the field, the server answers the first one. */
export interface FieldProblem {
  field: string;
  code: ErrorCode;
  params: ErrorParams;
}

const INT = /^-?(0|[1-9]\d*)$/;
const DECIMAL = new RegExp(String.raw`^-?(0|${WHOLE})(\.\d{1,3})?$`);
/** PostgreSQL integer columns. */
const INT_MAX = 2_147_483_647;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function notInList(field: string, def: FieldDef, params: ErrorParams): FieldProblem {
  return { field, code: 'fieldNotInList', params: { ...params, values: (def.codes ?? []).join(', ') } };
}

/** The refusal of a value that is not a string or a number, in the words of the field's type. */
function notScalar(field: string, def: FieldDef, params: ErrorParams): FieldProblem {
  switch (def.type) {
    case 'int':
    case 'decimal':
      return { field, code: 'fieldNotNumber', params };
    case 'date':
      return { field, code: 'fieldNotDate', params };
    case 'code':
      return notInList(field, def, params);
    case 'text':
      return { field, code: 'fieldInvalid', params };
  }
}

/** A comma-separated list of distinct codes of `codes` (a multiple-choice code field), at least one. */
export function isCodeList(text: string, codes: readonly string[]): boolean {
  const values = text.split(',');
  return values.every((v) => codes.includes(v)) && new Set(values).size === values.length;
}

/** Checks one field value against its definition; `null` when it is acceptable. */
export function checkField(entity: string, field: string, def: FieldDef, value: unknown): FieldProblem | null {
  const params = { field: `entity.${entity}.field.${field}` };
  if (isEmpty(value)) return def.required ? { field, code: 'fieldRequired', params } : null;
  // A field holds one string or number: an array, object or boolean is refused, never stored as its text
  // (String([5]) is "5", String({}) "[object Object]").
  if (typeof value !== 'string' && typeof value !== 'number') return notScalar(field, def, params);
  const text = String(value).trim();
  // A rule says more than the type ("greater than 0 …" rather than "a number"), so it answers first.
  if (def.rule) return matchesRule(def.rule, text) ? null : { field, code: RULE_ERRORS[def.rule], params };
  switch (def.type) {
    case 'text':
      if (def.max !== undefined && textLength(text) > def.max)
        return { field, code: 'fieldTooLong', params: { ...params, max: def.max } };
      // Every text field of an entity is one line — a code, a name, a description, a remark — shown in lists, forms,
      // labels and PDFs, where none needs a direction control and each could disguise what is shown.
      if (hasDirectionControl(text)) return { field, code: 'fieldDirectionControl', params };
      if (def.pattern && !new RegExp(def.pattern).test(text)) return { field, code: 'fieldInvalid', params };
      return null;
    case 'int':
      if (!INT.test(text)) return { field, code: 'fieldNotNumber', params };
      return Math.abs(Number(text)) <= INT_MAX ? null : { field, code: 'numberOutOfRange', params };
    case 'decimal':
      return DECIMAL.test(text) ? null : { field, code: 'fieldNotNumber', params };
    case 'date':
      return isCalendarDate(text) ? null : { field, code: 'fieldNotDate', params };
    case 'code':
      if (def.multiple) return isCodeList(text, def.codes ?? []) ? null : notInList(field, def, params);
      return def.codes?.includes(text) ? null : notInList(field, def, params);
  }
}

/**
 * The one refusal the server answers for a row's problems: the first, except that a missing warehouse or client (or
 * both) comes first, in the spec's words (spec 001 §8: "Operation failed. Warehouse cannot be empty", with client and
 * warehouse-and-client variants). The console's form still marks each field with its own message.
 */
export function rowRefusal(problems: readonly FieldProblem[]): { code: ErrorCode; params: ErrorParams } | null {
  const missing = (field: string) => problems.some((p) => p.field === field && p.code === 'fieldRequired');
  const warehouse = missing('whId');
  const client = missing('clientCode');
  if (warehouse || client)
    return { code: warehouse && client ? 'warehouseClientEmpty' : warehouse ? 'warehouseEmpty' : 'clientEmpty', params: {} };
  const first = problems[0];
  return first ? { code: first.code, params: first.params } : null;
}

/** Checks every editable field of a row; returns the problems in form order. */
export function validateRow(def: EntityDef, row: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, fieldDef] of Object.entries(def.fields)) {
    if (fieldDef.readOnly) continue;
    const problem = checkField(def.name, field, fieldDef, row[field]);
    if (problem) problems.push(problem);
  }
  return problems;
}
