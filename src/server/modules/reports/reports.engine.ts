/**
 * The report engine (README "Reports"): every definition of `shared/reports.ts` becomes one route
 * `POST /report/<name>` with its own body schema (its filters), its own answer schema (its columns), and its view
 * permission `sys:<resource>:view`. The engine checks the filters once for every report — a granted warehouse, dates
 * that are dates, from ≤ to, at most REPORT_MAX_DAYS days — and runs the report's statement (`definitions.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type TObject, type TSchema, Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import {
  REPORT_MAX_DAYS,
  REPORT_NAMES,
  REPORT_ROW_LIMIT,
  REPORTS,
  type ReportAnswer,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilterName,
  type ReportName,
  type ReportRequest,
} from '../../../shared/reports';
import { isCalendarDate } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { decimal, list, row, text } from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { envelope, type JsonSchema } from '../../platform/openapi';
import { REPORT_RUNS, type ReportRow } from './definitions';

const FILTER_SCHEMAS: Record<Exclude<ReportFilterName, 'groupBy'>, TSchema> = {
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  clientCode: Type.String({ maxLength: 30 }),
  dateFrom: Type.String({ maxLength: 10 }),
  dateTo: Type.String({ maxLength: 10 }),
  zone: Type.String({ maxLength: 20 }),
  itemNumber: Type.String({ maxLength: 50 }),
};

/**
 * A report's body: its filters, whId always required, the others optional (checked with a translated refusal);
 * `groupBy` one of the report's own groups.
 */
function bodySchema(definition: ReportDefinition): TObject {
  const properties: Record<string, TSchema> = {};
  for (const name of definition.filters) {
    if (name === 'groupBy') properties[name] = Type.Optional(Type.Union((definition.groups ?? []).map((g) => Type.Literal(g))));
    else properties[name] = name === 'whId' ? FILTER_SCHEMAS.whId : Type.Optional(FILTER_SCHEMAS[name]);
  }
  return Type.Object(properties);
}

function columnSchema(column: ReportColumn): JsonSchema {
  switch (column.kind) {
    case 'integer':
      return { type: 'integer' };
    case 'decimal':
    case 'hours':
    case 'percent':
      return decimal;
    case 'text':
    case 'code':
    case 'bucket':
    case 'day':
    case 'time':
      return text;
  }
}

/** A report's answer: its rows with one property per column, and whether they were cut at REPORT_ROW_LIMIT. */
export function answerSchema(definition: ReportDefinition): JsonSchema {
  const properties = Object.fromEntries(definition.columns.map((c) => [c.field, columnSchema(c)]));
  return envelope({
    type: 'object',
    required: ['rows', 'truncated'],
    properties: {
      rows: list(row(properties, Object.keys(properties))),
      truncated: { type: 'boolean', description: `true when more than ${REPORT_ROW_LIMIT} rows matched` },
    },
  });
}

/**
 * The planner settings of a report's statement, its transaction's own (`set local`). Sort and hash memory: the
 * default 4 MB made PostgreSQL sort a month of ledger rows on disk, or plan a sort where a hash of a few hundred groups
 * serves (the transaction volume over 431,000 rows: 240 ms, 150 with 32 MB). Parallel workers: the defaults price them
 * for short statements, and a scan of a warehouse's stock ran on one core (stock ageing 225 ms, 145 ms on two).
 * One report at a time per connection; the statements group into hundreds of rows, the memory is a ceiling, not an
 * allocation. Measured in this module's README, "Performance".
 */
const REPORT_SETTINGS = { work_mem: '32MB', parallel_setup_cost: '100', parallel_tuple_cost: '0.01' };

const FILTER_FIELD = (name: ReportFilterName) => `rpt.filter.${name}`;
const DAY_MS = 86_400_000;

/**
 * The filters as the report reads them: blanks dropped, the report's first group when none is chosen, required ones
 * present, a granted warehouse, a sane range.
 */
export function checkFilters(definition: ReportDefinition, user: SessionUser, body: ReportRequest): ReportRequest {
  const filters: ReportRequest = { whId: body.whId.trim() };
  for (const name of definition.filters) {
    const value = body[name]?.trim();
    if (name !== 'whId' && value) Object.assign(filters, { [name]: value });
  }
  if (definition.groups && !filters.groupBy) filters.groupBy = definition.groups[0];
  for (const name of definition.required) {
    if (!filters[name]) throw new AppError('fieldRequired', { field: FILTER_FIELD(name) });
  }
  if (!grantsWarehouse(user, filters.whId)) throw new AppError('warehouseNotGranted', { whId: filters.whId });
  for (const name of ['dateFrom', 'dateTo'] as const) {
    const value = filters[name];
    if (value !== undefined && !isCalendarDate(value)) throw new AppError('fieldNotDate', { field: FILTER_FIELD(name) });
  }
  const { dateFrom, dateTo } = filters;
  if (dateFrom && dateTo) {
    if (dateFrom > dateTo) throw new AppError('dateRangeInvalid', { from: FILTER_FIELD('dateFrom'), to: FILTER_FIELD('dateTo') });
    const days = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY_MS + 1;
    if (days > REPORT_MAX_DAYS) throw new AppError('reportRangeTooLong', { days: REPORT_MAX_DAYS });
  }
  return filters;
}

/** A report's statement over checked filters (`checkFilters`), in a read-only transaction with the reports' settings. */
export function runReport(db: Db, name: ReportName, user: SessionUser, filters: ReportRequest): Promise<ReportRow[]> {
  return inTransaction(db, async (trx) => {
    await sql`set transaction read only`.execute(trx);
    // `set local` for each, in one statement.
    const settings = Object.entries(REPORT_SETTINGS).map(([setting, value]) => sql`set_config(${setting}, ${value}, true)`);
    await sql`select ${sql.join(settings)}`.execute(trx);
    return REPORT_RUNS[name](trx, user, filters);
  });
}

export function registerReportEngine(app: FastifyInstance, ctx: AppContext): void {
  for (const name of REPORT_NAMES) {
    const definition = REPORTS[name];
    app.post(
      `/report/${name}`,
      {
        schema: { body: bodySchema(definition), response: { 200: answerSchema(definition) } },
        config: { permission: permission(definition.resource, 'view') },
      },
      async (request) => {
        const filters = checkFilters(definition, request.user!, request.body as ReportRequest);
        const rows = await runReport(ctx.db, name, request.user!, filters);
        const answer: ReportAnswer = { rows: rows.slice(0, REPORT_ROW_LIMIT), truncated: rows.length > REPORT_ROW_LIMIT };
        return ok(answer);
      },
    );
  }
}
