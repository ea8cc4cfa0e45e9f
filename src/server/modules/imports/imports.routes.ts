import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  IMPORT_LIMITS,
  IMPORT_STATUSES,
  IMPORT_TYPE_DEFS,
  IMPORT_TYPES,
  type ImportColumn,
  type ImportRequest,
  type ImportType,
  importEntityName,
} from '../../../shared/imports';
import { permission } from '../../../shared/permissions';
import { registerCrudRoutes } from '../../crud/crud.routes';
import { closed, integer, isoTime, list, string } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { IMPORT_BINDINGS } from './imports.bindings';
import { commitGroup } from './imports.commit';
import { deleteGroup, findGroups, importBatch } from './imports.service';

const GroupId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** A cell: text, a number or empty; one JSON type list (schemas.ts: no union an array slips through). */
const Cell = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'], maxLength: 10_000 });

const ImportBody = Type.Object({
  whId: Type.String({ maxLength: 20 }),
  groupId: Type.Optional(GroupId),
  firstRowNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  replaceErrors: Type.Optional(Type.Boolean()),
  // More than a batch is refused by the service with its own message (importBatchTooLarge), not by the schema.
  rows: Type.Array(Type.Record(Type.String({ maxLength: 60 }), Cell, { maxProperties: 200 }), {
    maxItems: IMPORT_LIMITS.rowsPerBatch * 4,
  }),
});
const GroupBody = Type.Object({ groupId: GroupId });
const GroupsBody = Type.Object({ whId: Type.Optional(Type.String({ maxLength: 20 })) });

/** The answers of shared/imports.ts: ImportAnswer, CommitAnswer, DeleteGroupAnswer and ImportGroup. */
const errorRows = list(closed({ rowNumber: integer, errorMsg: string }));
const ImportAnswer = envelope(
  closed({ groupId: integer, received: integer, valid: integer, errors: integer, skipped: integer, errorRows }),
);
const CommitAnswer = envelope(closed({ committed: integer, documents: integer, failed: integer, errorRows }));
const DeleteGroupAnswer = envelope(closed({ deleted: integer }));
const GroupsAnswer = envelope(
  list(
    closed({
      groupId: integer,
      whId: string,
      createDate: isoTime,
      createBy: string,
      total: integer,
      counts: closed(Object.fromEntries(IMPORT_STATUSES.map((status) => [status, integer]))),
    }),
  ),
);

/** UTF-8 bytes of one character of a cell: a Chinese character takes 3 (so does no legitimate character more). */
const BYTES_PER_CHAR = 3;
/** Characters of a number, date or date-time cell as JSON: `-123456789012345.678`, `2025-01-31T08:00:00.000+08:00`. */
const VALUE_CHARS = 30;
/** `{"whId":…,"groupId":…,"firstRowNumber":…,"replaceErrors":false,"rows":[]}` around the rows, with room to spare. */
const ENVELOPE_BYTES = 1024;

/** The characters a cell of a column holds when it fits the column: its max length, its longest code, or a value's. */
function cellChars(column: ImportColumn): number {
  if (column.max !== undefined) return column.max;
  if (column.codes) return Math.max(...column.codes.map((code) => code.length));
  return VALUE_CHARS;
}

/**
 * The largest body a batch of one type legitimately takes (`bodyLimit` of its `importExcel`): 5,000 rows whose every
 * cell fills its column's max length (the target field's, which staging validates: a longer cell is a row error
 * whatever the batch) in 3-byte characters, with each cell's key and quotes and each row's `rowNumber`. Larger is
 * refused 413 from the Content-Length alone (or as the bytes arrive), before any JSON is parsed. An ASCII batch so
 * has room for cells three times their max; the console sends 1,000 rows a call (`uploadRows.ts`).
 */
export function importBodyLimit(type: ImportType): number {
  const cells = IMPORT_TYPE_DEFS[type].columns.reduce(
    // "key":"value",
    (bytes, column) => bytes + column.field.length + 6 + cellChars(column) * BYTES_PER_CHAR,
    0,
  );
  // {…,"rowNumber":1000000000},
  const row = cells + 30;
  return ENVELOPE_BYTES + IMPORT_LIMITS.rowsPerBatch * row;
}

/** The operation log's record of a batch: its type, warehouse, group and row count, not its up to 5,000 rows. */
const importSummary =
  (type: string) =>
  (body: unknown): unknown => {
    const { rows, ...rest } = body as ImportRequest;
    return { type, ...rest, rows: rows.length };
  };

/** The ten staging entities' generic routes, and each type's import, commit, group delete and group list. */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, IMPORT_BINDINGS);
  for (const type of IMPORT_TYPES) {
    const entity = importEntityName(type);
    app.post(
      `/${entity}/importExcel`,
      {
        schema: { body: ImportBody, response: { 200: ImportAnswer } },
        bodyLimit: importBodyLimit(type),
        config: { permission: permission(entity, 'add'), auditBody: importSummary(type) },
      },
      async (request) => ok(await importBatch(ctx.db, request.user!, type, request.body as ImportRequest, request.lang)),
    );
    app.post(
      `/${entity}/commitGroup`,
      { schema: { body: GroupBody, response: { 200: CommitAnswer } }, config: { permission: permission(entity, 'add') } },
      async (request) =>
        ok(await commitGroup(ctx.db, request.user!, type, (request.body as { groupId: number }).groupId, request.lang)),
    );
    app.post(
      `/${entity}/deleteGroup`,
      { schema: { body: GroupBody, response: { 200: DeleteGroupAnswer } }, config: { permission: permission(entity, 'delete') } },
      async (request) =>
        ok({ deleted: await deleteGroup(ctx.db, request.user!, type, (request.body as { groupId: number }).groupId) }),
    );
    app.post(
      `/${entity}/findGroups`,
      { schema: { body: GroupsBody, response: { 200: GroupsAnswer } }, config: { permission: permission(entity, 'view') } },
      async (request) => ok(await findGroups(ctx.db, request.user!, type, (request.body as { whId?: string }).whId)),
    );
  }
}
