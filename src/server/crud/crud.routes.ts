import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../shared/permissions';
import { MAX_PAGE_NUM, MAX_PAGE_SIZE, type PageRequest } from '../../shared/wire';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/envelope';
import { AppError } from '../platform/errors';
import { deleteRows, findPage, pageInLanguage, saveRow } from './crud.service';
import type { CrudBinding, Row } from './crud.types';

const FilterValue = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Number(),
  Type.Null(),
  Type.Object({
    name: Type.Optional(Type.String()),
    value: Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]),
    exact: Type.Optional(Type.Boolean()),
  }),
]);

/** A page number, capped so that the offset of any page stays a valid bigint (pageNum 1e17 × 1000 is not). */
export const PageNumSchema = Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUM, default: 1 });

/** The spec's page request; page number and size capped. */
export const PageRequestSchema = Type.Object({
  pageNum: PageNumSchema,
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
  columnFilters: Type.Optional(Type.Record(Type.String({ maxLength: 60 }), FilterValue)),
  sort: Type.Optional(
    Type.Union([
      Type.Object({ field: Type.String({ maxLength: 60 }), order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }),
      Type.Null(),
    ]),
  ),
});

const SaveBody = Type.Record(Type.String({ maxLength: 60 }), Type.Unknown());
/** A row id: a bigint serial, kept to integers JavaScript holds exactly (1e308 is an integer to Ajv). */
export const IdSchema = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const DeleteBody = Type.Array(Type.Object({ id: IdSchema }), { minItems: 1, maxItems: MAX_PAGE_SIZE });

/** Registers `/{entity}/findPage|save|delete` for each binding, each behind its permission. */
export function registerCrudRoutes(app: FastifyInstance, ctx: AppContext, bindings: readonly CrudBinding[]): void {
  for (const binding of bindings) {
    const { name, resource } = binding.entity;
    app.post(
      `/${name}/findPage`,
      { schema: { body: PageRequestSchema }, config: { permission: permission(resource, 'view') } },
      async (request) =>
        ok(
          pageInLanguage(
            binding.entity,
            await findPage(ctx.db, binding, request.user!, request.body as PageRequest),
            request.lang,
          ),
        ),
    );
    // View-only entities (the stock ledger, the logs) have the spec's save and delete too, behind the same
    // permissions, but refuse with the reason: stock changes only through tasks, logs are append-only.
    const viewOnly = binding.entity.viewOnly
      ? async () => {
          throw new AppError('viewOnlyEntity', { entity: `entity.${name}.name`, reason: `viewOnly.${name}` });
        }
      : null;
    // Save is insert or update: the route admits either permission, the service checks the one that applies.
    app.post(
      `/${name}/save`,
      { schema: { body: SaveBody }, config: { permission: `${permission(resource, 'add')},${permission(resource, 'edit')}` } },
      viewOnly ?? (async (request) => ok(await saveRow(ctx.db, binding, request.user!, request.body as Row))),
    );
    if (viewOnly)
      app.post(
        `/${name}/delete`,
        { schema: { body: DeleteBody }, config: { permission: permission(resource, 'delete') } },
        viewOnly,
      );
    else registerDeleteCall(app, ctx, binding, 'delete');
  }
}

/**
 * `/{entity}/{call}`: deletes a list of `{id}` rows in one transaction behind the entity's delete permission, with the
 * binding's rules — the generic `delete`, and the spec's `batchDelete` where a screen names it (spec 000 §7).
 */
export function registerDeleteCall(app: FastifyInstance, ctx: AppContext, binding: CrudBinding, call: string): void {
  const { name, resource } = binding.entity;
  app.post(
    `/${name}/${call}`,
    { schema: { body: DeleteBody }, config: { permission: permission(resource, 'delete') } },
    async (request) => ok(await deleteRows(ctx.db, binding, request.user!, request.body as { id: number }[])),
  );
}
