import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IMPORT_LIMITS, IMPORT_TYPES, type ImportRequest, importEntityName } from '../../../shared/imports';
import { permission } from '../../../shared/permissions';
import { registerCrudRoutes } from '../../crud/crud.routes';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
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

/** A batch of 5,000 rows of wide text: above the API's 2 MB default. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

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
        schema: { body: ImportBody },
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { permission: permission(entity, 'add'), auditBody: importSummary(type) },
      },
      async (request) => ok(await importBatch(ctx.db, request.user!, type, request.body as ImportRequest, request.lang)),
    );
    app.post(
      `/${entity}/commitGroup`,
      { schema: { body: GroupBody }, config: { permission: permission(entity, 'add') } },
      async (request) =>
        ok(await commitGroup(ctx.db, request.user!, type, (request.body as { groupId: number }).groupId, request.lang)),
    );
    app.post(
      `/${entity}/deleteGroup`,
      { schema: { body: GroupBody }, config: { permission: permission(entity, 'delete') } },
      async (request) =>
        ok({ deleted: await deleteGroup(ctx.db, request.user!, type, (request.body as { groupId: number }).groupId) }),
    );
    app.post(
      `/${entity}/findGroups`,
      { schema: { body: GroupsBody }, config: { permission: permission(entity, 'view') } },
      async (request) => ok(await findGroups(ctx.db, request.user!, type, (request.body as { whId?: string }).whId)),
    );
  }
}
