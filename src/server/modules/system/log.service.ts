import { sql } from 'kysely';
import type { PageRequest, PageResult } from '../../../shared/wire';
import { filterValue, markedExact, matchCondition } from '../../crud/filter';
import type { Db } from '../../db/connect';
import { AppError } from '../../platform/errors';

/** An operation-log row as /log/findPage answers it (spec 000 §3 "Log"). */
export interface LogRow {
  id: number;
  userName: string | null;
  operation: string;
  method: string;
  params: string | null;
  time: Date;
  ip: string | null;
}

/** Text filters, matched as every list's typed text (crud/filter.ts): contained, `%` a wildcard, `%` alone any. */
const TEXT_FILTERS = { userName: 'user_name', operation: 'operation', method: 'method', ip: 'ip', params: 'params' } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Columns a header click sorts by (the id breaks ties, so time order is the order of entry). */
const SORTABLE = { time: 'id', userName: 'user_name', operation: 'operation', method: 'method', ip: 'ip' } as const;

/** The page's order: the requested sortable column, else newest first. */
function orderBy(sort: PageRequest['sort']) {
  if (!sort) return sql`id desc`;
  const column = Object.hasOwn(SORTABLE, sort.field) ? SORTABLE[sort.field as keyof typeof SORTABLE] : undefined;
  if (!column) throw new AppError('unknownSort', { field: sort.field });
  const desc = sort.order === 'desc';
  return sql`${sql.ref(column)} ${desc ? sql`desc nulls last` : sql`asc nulls first`}, id ${desc ? sql`desc` : sql`asc`}`;
}

/**
 * One page of the operation log, newest first unless a sortable column is asked for. Besides the text filters,
 * `timeFrom` and `timeTo` (yyyy-MM-dd, inclusive days) bound the time.
 */
export async function findLogPage(db: Db, request: PageRequest): Promise<PageResult<LogRow>> {
  const where = [];
  for (const [field, raw] of Object.entries(request.columnFilters ?? {})) {
    const value = filterValue(raw);
    if (field === 'timeFrom' || field === 'timeTo') {
      if (value === null) continue;
      if (!DATE.test(value)) throw new AppError('fieldNotDate', { field: `sys.log.field.${field}` });
      where.push(field === 'timeFrom' ? sql`time >= ${value}::date` : sql`time < ${value}::date + 1`);
      continue;
    }
    // Own keys only: `constructor` or `toString` must not find Object.prototype's members.
    const column = Object.hasOwn(TEXT_FILTERS, field) ? TEXT_FILTERS[field as keyof typeof TEXT_FILTERS] : undefined;
    if (!column) throw new AppError('unknownFilter', { field });
    if (value === null) continue;
    where.push(matchCondition(sql.ref(column), value, !markedExact(raw)));
  }
  const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (request.pageNum - 1) * request.pageSize;
  const order = orderBy(request.sort);
  const [count, page] = await Promise.all([
    sql<{ total: number }>`select count(*)::int as total from sys_log ${clause}`.execute(db),
    sql<LogRow>`select id, user_name, operation, method, params, time, ip from sys_log ${clause}
      order by ${order} limit ${request.pageSize} offset ${offset}`.execute(db),
  ]);
  return { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum: request.pageNum, pageSize: request.pageSize };
}
