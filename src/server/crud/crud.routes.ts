import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { type EntityDef, type FieldDef, rowTimes } from '../../shared/entities/defineEntity';
import { permission } from '../../shared/permissions';
import { MAX_PAGE_NUM, MAX_PAGE_SIZE, type PageRequest } from '../../shared/wire';
import { countAnswer, page } from '../platform/answerSchemas';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/envelope';
import { AppError } from '../platform/errors';
import { envelope, type JsonSchema } from '../platform/openapi';
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

/** A field's value as findPage answers it: decimals as exact text, dates as `YYYY-MM-DD`, every field nullable. */
function fieldSchema(field: FieldDef): JsonSchema {
  switch (field.type) {
    case 'int':
      return { type: ['integer', 'null'] };
    case 'decimal':
      return { type: ['string', 'null'], description: 'exact decimal as text' };
    case 'date':
      return { type: ['string', 'null'], description: field.dateTime ? 'date-time' : 'date' };
    case 'code':
      // A code is text in most tables, a number or a boolean in a few (a menu's type and flags): answered as stored.
      return {
        type: ['string', 'integer', 'boolean', 'null'],
        ...(field.codes ? { description: `one of ${field.codes.join(', ')}` } : {}),
      };
    default:
      return { type: ['string', 'null'], ...(field.max ? { maxLength: field.max } : {}) };
  }
}

/**
 * A row of the entity as findPage answers it, from its definition (the one place its fields are declared): id, the
 * fields, the row times as ISO text. A view may add columns of its own: they are kept (additionalProperties).
 */
export function entityRowSchema(def: EntityDef): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' } };
  for (const [name, field] of Object.entries(def.fields)) properties[name] = fieldSchema(field);
  for (const time of rowTimes(def)) properties[time] = { type: ['string', 'null'], format: 'date-time' };
  if (def.itemDescription) properties.itemDescription = { type: ['string', 'null'] };
  return { type: 'object', required: ['id'], properties, additionalProperties: true };
}

/** The answer of findPage: one page of rows and the total. */
const pageAnswer = (def: EntityDef): JsonSchema => envelope(page(entityRowSchema(def)));
/** save answers the row's id; delete the number of rows deleted. */
const savedId = envelope({ type: 'integer', description: 'the id of the saved row' });
const deletedCount = countAnswer;
/**
 * Marks the engine's routes in the description (`x-wharf-engine`): one handler and one schema builder serve every
 * entity, so the conformance check lists an entity's route no suite answered without failing on it (tests/conformance.mjs).
 */
const GENERIC = { 'x-wharf-engine': 'generic' } as const;

/** Registers `/{entity}/findPage|save|delete` for each binding, each behind its permission. */
export function registerCrudRoutes(app: FastifyInstance, ctx: AppContext, bindings: readonly CrudBinding[]): void {
  for (const binding of bindings) {
    const { name, resource } = binding.entity;
    app.post(
      `/${name}/findPage`,
      {
        schema: { body: PageRequestSchema, response: { 200: pageAnswer(binding.entity) }, ...GENERIC },
        config: { permission: permission(resource, 'view') },
      },
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
      {
        schema: { body: SaveBody, response: { 200: savedId }, ...GENERIC },
        config: { permission: `${permission(resource, 'add')},${permission(resource, 'edit')}` },
      },
      viewOnly ?? (async (request) => ok(await saveRow(ctx.db, binding, request.user!, request.body as Row))),
    );
    if (viewOnly)
      app.post(
        `/${name}/delete`,
        {
          schema: { body: DeleteBody, response: { 200: deletedCount }, ...GENERIC },
          config: { permission: permission(resource, 'delete') },
        },
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
    {
      schema: { body: DeleteBody, response: { 200: deletedCount }, ...GENERIC },
      config: { permission: permission(resource, 'delete') },
    },
    async (request) => ok(await deleteRows(ctx.db, binding, request.user!, request.body as { id: number }[])),
  );
}
