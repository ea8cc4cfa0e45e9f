import { type RawBuilder, sql } from 'kysely';
import type { OptionEntry } from '../../../shared/lookups';
import type { Db } from '../../db/connect';
import { type Grantee, grantScope } from '../../platform/grants';

/** The most rows a non-searchable list answers: every such list (vendors, zones …) is short, this only bounds it. */
export const OPTION_LIST_CAP = 1000;

/**
 * A warehouse-scoped choice list read from one table: `value` becomes optionValue, `value label` the display
 * ("SKU001 螺丝 M6"). Every list lookup is one of these, so scoping, search and limits live in one place.
 */
export interface OptionSource {
  table: string;
  /** Column (snake_case) holding the code. */
  value: string;
  /** Column shown after the code, if any. */
  label?: string;
  /** Column holding the owning client: rows are limited to the user's clients (a null owner serves every client). */
  clientColumn?: string;
  /** Only rows whose `status` is A (active). */
  activeOnly?: boolean;
  /** Columns the keyword is looked for in; default the value and the label. */
  search?: readonly string[];
  /** Sort columns; default the value. */
  orderBy?: readonly string[];
}

export interface OptionRequest {
  /** The client the caller asks for, if any. */
  clientCode?: string | undefined;
  keyword?: string | undefined;
  /** Only this code (the console asks for the display of a value it already holds). */
  optionValue?: string | undefined;
  limit?: number | undefined;
  /** Further conditions of the particular lookup (type, zone, not the source location …). */
  where?: readonly RawBuilder<unknown>[];
}

/** `%` and `_` typed by the user match themselves. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Reads one option list of a warehouse within the user's warehouse and client grants (the one guard). */
export async function listOptions(
  db: Db,
  user: Grantee,
  whId: string,
  source: OptionSource,
  request: OptionRequest,
): Promise<OptionEntry[]> {
  const value = sql.ref(source.value);
  const label = source.label ? sql.ref(source.label) : null;
  const owner = source.clientColumn ? sql.ref(source.clientColumn) : null;
  const where: RawBuilder<unknown>[] = [sql`wh_id = ${whId}`, grantScope(user, sql.ref('wh_id'), owner)];
  if (source.activeOnly) where.push(sql`status = 'A'`);
  if (owner && request.clientCode) where.push(sql`(${owner} = ${request.clientCode} or ${owner} is null)`);
  const keyword = request.keyword?.trim();
  if (keyword) {
    const columns = source.search ?? [source.value, ...(source.label ? [source.label] : [])];
    const pattern = containsPattern(keyword);
    where.push(
      sql`(${sql.join(
        columns.map((c) => sql`${sql.ref(c)} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  if (request.optionValue) where.push(sql`${value} = ${request.optionValue}`);
  where.push(...(request.where ?? []));
  const display = label ? sql`concat_ws(' ', ${value}, nullif(${label}, ''))` : value;
  const order = sql.join((source.orderBy ?? [source.value]).map((c) => sql`${sql.ref(c)} nulls last`));
  const limit = Math.min(request.limit ?? OPTION_LIST_CAP, OPTION_LIST_CAP);
  const { rows } = await sql<OptionEntry>`
    select ${value}::text as option_value, ${display}::text as option_display
    from ${sql.table(source.table)}
    where ${sql.join(where, sql` and `)}
    order by ${order}, ${value}
    limit ${limit}`.execute(db);
  return rows;
}
