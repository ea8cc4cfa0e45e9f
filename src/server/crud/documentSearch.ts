/**
 * The parameterised search of a document header (`findPageByPara` of tPoMaster and tOrder): the conditions a search
 * may set (a chosen value, a typed code, one or several statuses, a date range), the warehouse and client grants, the
 * sort by a declared column, and each row with its lines' totals — one engine for every document list.
 */
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { type TObject, Type } from 'typebox';
import { type EntityDef, isSortable } from '../../shared/entities/defineEntity';
import { type Action, permission } from '../../shared/permissions';
import { isCalendarDate } from '../../shared/validation';
import { MAX_PAGE_SIZE, type PageResult, type PageSort } from '../../shared/wire';
import type { Db } from '../db/connect';
import { page } from '../platform/answerSchemas';
import type { AppContext, SessionUser } from '../platform/context';
import { ok } from '../platform/envelope';
import { AppError } from '../platform/errors';
import { grantScope, grantsWarehouse } from '../platform/grants';
import { envelope } from '../platform/openapi';
import { entityRowSchema, PageNumSchema } from './crud.routes';
import type { Row } from './crud.types';
import { filterValue, matchCondition } from './filter';

/** The conditions of one search over the header table, aliased `m`, starting with its warehouse and the user's grants. */
export class SearchWhere {
  readonly conditions: RawBuilder<unknown>[];

  /** `labelPrefix` names the search's date parameters in refusals (`inbound.po` → `inbound.po.createDateFrom`). */
  constructor(
    user: SessionUser,
    whId: string,
    private readonly labelPrefix: string,
  ) {
    this.conditions = [sql`m.wh_id = ${whId}`, grantScope(user, sql.ref('m.wh_id'), sql.ref('m.client_code'))];
  }

  add(condition: RawBuilder<unknown>): void {
    this.conditions.push(condition);
  }

  /** A chosen value (exact) or, `typed`, a code a person typed (contained match, `%` a pattern); blank or `%` is any. */
  value(column: string, value: string | undefined, typed = false): void {
    const v = filterValue(value);
    if (v !== null) this.add(matchCondition(sql.ref(column), v, typed));
  }

  /** One status or several; blank or `%` is any. */
  statuses(column: string, status: string | string[] | undefined): void {
    const chosen = (Array.isArray(status) ? status : [status ?? '']).map((s) => s.trim()).filter((s) => s !== '' && s !== '%');
    if (chosen.length > 0) this.add(sql`${sql.ref(column)} = any(${chosen}::text[])`);
  }

  /** A date parameter: yyyy-MM-dd and a real calendar day (null when blank), else refused naming the parameter. */
  date(name: string, value: string | undefined): string | null {
    const v = value?.trim();
    if (!v) return null;
    if (!isCalendarDate(v)) throw new AppError('fieldNotDate', { field: `${this.labelPrefix}.${name}` });
    return v;
  }

  /** `column` within [from, to], each end optional. */
  dateRange(
    column: string,
    from: { name: string; value: string | undefined },
    to: { name: string; value: string | undefined },
  ): void {
    const start = this.date(from.name, from.value);
    const end = this.date(to.name, to.value);
    if (start) this.add(sql`${sql.ref(column)} >= ${start}::date`);
    if (end) this.add(sql`${sql.ref(column)} <= ${end}::date`);
  }
}

/** What a document search is: its header entity and table, its conditions, and the lines' totals of a row. */
export interface DocumentSearch<S extends { whId: string }> {
  entity: EntityDef;
  table: string;
  labelPrefix: string;
  conditions: (where: SearchWhere, search: S) => void;
  /** A select over the lines of the header row `m` (one row): its columns are added to each header row. */
  totals: RawBuilder<unknown>;
  /** The order without a sort (columns of `m`); default newest first (`m.id desc`). */
  order?: RawBuilder<unknown>;
}

export interface SearchRequest<S> {
  pageNum: number;
  pageSize: number;
  sort?: PageSort | null;
  search: S;
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One page of the headers of one warehouse matching the search, newest first (or by a sortable column), each with its
 * totals. Grants apply: another warehouse answers an empty page, other clients' documents are not found.
 */
export async function findDocumentPage<S extends { whId: string }>(
  db: Db,
  user: SessionUser,
  def: DocumentSearch<S>,
  { pageNum, pageSize, sort, search }: SearchRequest<S>,
): Promise<PageResult<Row>> {
  if (!grantsWarehouse(user, search.whId)) return { content: [], totalSize: 0, pageNum, pageSize };
  if (sort && !isSortable(def.entity, sort.field)) throw new AppError('unknownSort', { field: sort.field });
  const where = new SearchWhere(user, search.whId, def.labelPrefix);
  def.conditions(where, search);
  const condition = sql.join(where.conditions, sql` and `);
  const order = sort
    ? sql`${sql.ref(`m.${snake(sort.field)}`)} ${sort.order === 'desc' ? sql`desc nulls last, m.id desc` : sql`asc nulls first, m.id`}`
    : (def.order ?? sql`m.id desc`);
  const table = sql.table(def.table);
  const [count, page] = await Promise.all([
    sql<{ total: number }>`select count(*)::int as total from ${table} m where ${condition}`.execute(db),
    sql<Row>`
      select m.*, t.* from ${table} m cross join lateral (${def.totals}) t
      where ${condition} order by ${order}
      limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(db),
  ]);
  return { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum, pageSize };
}

/** A status parameter of a search schema: one of the list's codes, blank or `%` (any), or several codes. */
export function statusParameter(codes: readonly string[]) {
  const Status = Type.Union(codes.map((s) => Type.Literal(s)));
  return Type.Optional(Type.Union([Status, Type.Literal(''), Type.Literal('%'), Type.Array(Status, { maxItems: codes.length })]));
}

/**
 * `POST /<entity>/findPageByPara`: the page request with the search's parameters in `columnFilters` (`searchSchema`),
 * under the entity's view permission.
 */
export function registerDocumentSearchRoute<S extends { whId: string }>(
  app: FastifyInstance,
  ctx: AppContext,
  def: DocumentSearch<S>,
  searchSchema: TObject,
  action: Action = 'view',
): void {
  const body = Type.Object({
    pageNum: PageNumSchema,
    pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
    columnFilters: searchSchema,
    sort: Type.Optional(
      Type.Union([
        Type.Object({ field: Type.String({ maxLength: 60 }), order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }),
        Type.Null(),
      ]),
    ),
  });
  app.post(
    `/${def.entity.name}/findPageByPara`,
    // The header rows as stored, each with the columns of its lines' totals (kept by the row's additionalProperties).
    {
      schema: { body, response: { 200: envelope(page(entityRowSchema(def.entity))) } },
      config: { permission: permission(def.entity.resource, action) },
    },
    async (request) => {
      const { pageNum, pageSize, sort, columnFilters } = request.body as {
        pageNum: number;
        pageSize: number;
        sort?: PageSort | null;
        columnFilters: S;
      };
      return ok(
        await findDocumentPage(ctx.db, request.user!, def, { pageNum, pageSize, sort: sort ?? null, search: columnFilters }),
      );
    },
  );
}
