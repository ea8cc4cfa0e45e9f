/**
 * How a column filter matches (README "The generic entity engine"), shared by the generic engine and the operation log:
 * a typed text value finds the rows containing it, case-insensitive (`ACME-0` finds `ACME-001`); a value with
 * `%` is a case-insensitive pattern where only `%` is a wildcard; `%` alone (or nothing) filters nothing. Values
 * chosen rather than typed — codes, lookups, numbers, dates, and `{value, exact: true}` — are equality.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ColumnFilterValue } from '../../shared/wire';

/** The value of one column filter, or null when it filters nothing (`''`, `%`, null). */
export function filterValue(value: ColumnFilterValue | undefined): string | null {
  const raw = value !== null && typeof value === 'object' ? value.value : value;
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  return text === '' || /^%+$/.test(text) ? null : text;
}

/** Whether the caller marked the value as chosen, not typed (`{value, exact: true}`). */
export function markedExact(value: ColumnFilterValue | undefined): boolean {
  return value !== null && typeof value === 'object' && value?.exact === true;
}

/** Escapes LIKE's specials other than `%` (`_` and the escape character) so that they match themselves. */
const escapeLike = (text: string): string => text.replace(/[\\_]/g, (c) => `\\${c}`);

/**
 * `column` matches a LIKE pattern regardless of case. Written as `lower(column) like lower(pattern)`, which is what
 * ILIKE does, so that an index on `lower(column) text_pattern_ops` serves a pattern starting with fixed text
 * (migration 0010: the stock ledger's locations).
 */
export function matchesPattern(column: RawBuilder<unknown>, pattern: string): RawBuilder<unknown> {
  return sql`lower(${column}::text) like lower(${pattern})`;
}

/**
 * The condition of one filter value on a column. `typed`: the field is free text the user types (contained
 * match); otherwise a value without `%` is equality.
 */
export function matchCondition(column: RawBuilder<unknown>, value: string, typed: boolean): RawBuilder<unknown> {
  if (value.includes('%')) return matchesPattern(column, escapeLike(value));
  if (typed) return matchesPattern(column, `%${escapeLike(value)}%`);
  return sql`${column}::text = ${value}`;
}
