/**
 * The line calls of a document (spec 000 §7 movement and adjustment lines, spec 001 §7 PO lines): findPage, save,
 * batchDelete and delete, findDuplicateLine, findNextLineNumber — each behind the line entity's permission.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { MAX_PAGE_SIZE } from '../../../shared/wire';
import { entityRowSchema, IdSchema, PageNumSchema } from '../../crud/crud.routes';
import type { Row } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { booleanAnswer, countAnswer, idAnswer, page, text } from '../../platform/answerSchemas';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope, type JsonSchema } from '../../platform/openapi';
import {
  deleteLines,
  duplicateLine,
  findLinePage,
  type LineDocument,
  mayReadDocument,
  nextLineNumber,
  saveLine,
  TASK_LINES,
} from './lines.service';
import type { TaskKind } from './tasks';

const FilterValue = Type.Union([Type.String({ maxLength: 30 }), Type.Number(), Type.Null()]);
const WhId = Type.String({ minLength: 1, maxLength: 20 });
const DocKey = Type.String({ minLength: 1, maxLength: 30 });
const IdList = Type.Array(Type.Object({ id: IdSchema }), { minItems: 1, maxItems: MAX_PAGE_SIZE });

/** What a kind of document does with its lines: save one (id or 0 = not allowed), delete some (count or 0). */
export interface LineActions {
  save: (db: Db, user: SessionUser, input: Row) => Promise<number>;
  remove: (db: Db, user: SessionUser, ids: number[]) => Promise<number>;
}

/**
 * A line as findLinePage answers it: the line's columns (`l.*`, decimals as text, dates as yyyy-MM-dd), the item's
 * description and its attribute type labels `genericAttrShow1..11`.
 */
function lineRowSchema(doc: LineDocument): JsonSchema {
  const row = entityRowSchema(doc.entity);
  const shows = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`genericAttrShow${i + 1}`, text]));
  return { ...row, properties: { ...(row.properties as Record<string, JsonSchema>), ...shows, itemDescription: text } };
}

/** Registers `/{lineEntity}/findPage|save|batchDelete|delete|findDuplicateLine|findNextLineNumber` for one document. */
export function registerDocumentLineRoutes(app: FastifyInstance, ctx: AppContext, doc: LineDocument, actions: LineActions): void {
  const { name, resource } = doc.entity;
  const key = doc.docField;
  const view = permission(resource, 'view');
  const pageBody = Type.Object({
    pageNum: PageNumSchema,
    pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
    columnFilters: Type.Object(
      { whId: WhId, [key]: DocKey, localeId: Type.Optional(FilterValue) },
      { additionalProperties: true },
    ),
  });
  const keys = Type.Object({ whId: WhId, [key]: DocKey });
  const duplicateBody = Type.Object({
    whId: WhId,
    [key]: DocKey,
    lineNumber: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999_999 }), Type.String({ pattern: '^[1-9][0-9]{0,8}$' })]),
    id: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  });
  type Keys = { whId: string } & Record<string, string>;

  app.post(
    `/${name}/findPage`,
    { schema: { body: pageBody, response: { 200: envelope(page(lineRowSchema(doc))) } }, config: { permission: view } },
    async (request) => {
      const body = request.body as { pageNum: number; pageSize: number; columnFilters: Keys };
      const filters = body.columnFilters;
      return ok(
        await findLinePage(ctx.db, request.user!, doc, {
          pageNum: body.pageNum,
          pageSize: body.pageSize,
          whId: filters.whId,
          docKey: String(filters[key]),
        }),
      );
    },
  );
  // Save is insert or update: the route admits either permission, the service checks the one that applies.
  app.post(
    `/${name}/save`,
    {
      schema: { body: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown()), response: { 200: idAnswer } },
      config: { permission: `${permission(resource, 'add')},${permission(resource, 'edit')}` },
    },
    async (request) => ok(await actions.save(ctx.db, request.user!, request.body as Row)),
  );
  // batchDelete is the spec's call; delete is the generic one the list kit uses. Both need the delete permission
  // (spec 000 §6: batch buttons use the delete permission).
  for (const call of ['batchDelete', 'delete']) {
    app.post(
      `/${name}/${call}`,
      { schema: { body: IdList, response: { 200: countAnswer } }, config: { permission: permission(resource, 'delete') } },
      async (request) =>
        ok(
          await actions.remove(
            ctx.db,
            request.user!,
            (request.body as { id: number }[]).map((r) => r.id),
          ),
        ),
    );
  }
  // A document of a warehouse or client the user does not hold answers as a missing one: no duplicate, line 1.
  app.post(
    `/${name}/findDuplicateLine`,
    { schema: { body: duplicateBody, response: { 200: booleanAnswer } }, config: { permission: view } },
    async (request) => {
      const body = request.body as Keys & { lineNumber: number | string; id?: number | null };
      if (!(await mayReadDocument(ctx.db, request.user!, doc, body.whId, String(body[key])))) return ok(false);
      return ok(await duplicateLine(ctx.db, doc, body.whId, String(body[key]), Number(body.lineNumber), body.id ?? null));
    },
  );
  // The line dialog fills in the next line number (issue 10 item 11).
  app.post(
    `/${name}/findNextLineNumber`,
    {
      schema: { body: keys, response: { 200: envelope({ type: 'integer', minimum: 1, description: 'the next line number' }) } },
      config: { permission: view },
    },
    async (request) => {
      const body = request.body as Keys;
      if (!(await mayReadDocument(ctx.db, request.user!, doc, body.whId, String(body[key])))) return ok(1);
      return ok(await nextLineNumber(ctx.db, doc, body.whId, String(body[key])));
    },
  );
}

/** `/tblInvMovementDetail/*` and `/tblInvAdjustmentDetail/*`: the line calls of spec 000 §7. */
export function registerLineRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of ['movement', 'adjustment'] as const satisfies readonly TaskKind[]) {
    registerDocumentLineRoutes(app, ctx, TASK_LINES[kind], {
      save: (db, user, input) => saveLine(db, user, kind, input),
      remove: (db, user, ids) => deleteLines(db, user, kind, ids),
    });
  }
}
