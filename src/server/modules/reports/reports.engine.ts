/**
 * The report engine (README "Reports"): every definition of `shared/reports.ts` becomes one route
 * `POST /report/<name>` with its own body schema (its filters), its own answer schema (its columns), and its view
 * permission `sys:<resource>:view`. The engine checks the filters once for every report — a granted warehouse, dates
 * that are dates, from ≤ to, at most REPORT_MAX_DAYS days — and runs the report's statement (`definitions.ts`).
 */
import type { FastifyInstance } from 'fastify';
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
  type ReportRequest,
  STOCK_GROUPS,
} from '../../../shared/reports';
import { isCalendarDate } from '../../../shared/validation';
import { decimal, list, row, text } from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { envelope, type JsonSchema } from '../../platform/openapi';
import { REPORT_RUNS } from './definitions';

const FILTER_SCHEMAS: Record<ReportFilterName, TSchema> = {
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  clientCode: Type.String({ maxLength: 30 }),
  dateFrom: Type.String({ maxLength: 10 }),
  dateTo: Type.String({ maxLength: 10 }),
  zone: Type.String({ maxLength: 20 }),
  itemNumber: Type.String({ maxLength: 50 }),
  groupBy: Type.Union(STOCK_GROUPS.map((g) => Type.Literal(g))),
};

/** A report's body: its filters, whId always required, the others optional (checked with a translated refusal). */
function bodySchema(definition: ReportDefinition): TObject {
  const properties: Record<string, TSchema> = {};
  for (const name of definition.filters) {
    properties[name] = name === 'whId' ? FILTER_SCHEMAS.whId : Type.Optional(FILTER_SCHEMAS[name]);
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

const FILTER_FIELD = (name: ReportFilterName) => `rpt.filter.${name}`;
const DAY_MS = 86_400_000;

/** The filters as the report reads them: blanks dropped, required ones present, a granted warehouse, a sane range. */
export function checkFilters(definition: ReportDefinition, user: SessionUser, body: ReportRequest): ReportRequest {
  const filters: ReportRequest = { whId: body.whId.trim() };
  for (const name of definition.filters) {
    const value = body[name]?.trim();
    if (name !== 'whId' && value) Object.assign(filters, { [name]: value });
  }
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

export function registerReportEngine(app: FastifyInstance, ctx: AppContext): void {
  for (const name of REPORT_NAMES) {
    const definition = REPORTS[name];
    const run = REPORT_RUNS[name];
    app.post(
      `/report/${name}`,
      {
        schema: { body: bodySchema(definition), response: { 200: answerSchema(definition) } },
        config: { permission: permission(definition.resource, 'view') },
      },
      async (request) => {
        const filters = checkFilters(definition, request.user!, request.body as ReportRequest);
        const rows = await run(ctx.db, request.user!, filters);
        const answer: ReportAnswer = { rows: rows.slice(0, REPORT_ROW_LIMIT), truncated: rows.length > REPORT_ROW_LIMIT };
        return ok(answer);
      },
    );
  }
}
