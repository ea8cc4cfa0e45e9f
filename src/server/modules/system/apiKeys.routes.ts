import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { apiKey } from '../../../shared/entities/apiKey';
import { permission } from '../../../shared/permissions';
import type { PageRequest } from '../../../shared/wire';
import { entityRowSchema, IdSchema, PageRequestSchema } from '../../crud/crud.routes';
import {
  accessAnswer,
  changedIdAnswer,
  closed,
  countAnswer,
  grantOptionsAnswer,
  integer,
  list,
  page,
  roleOption,
  string,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import {
  type ApiKeySaveInput,
  createApiKey,
  deleteApiKeys,
  findApiKeyAccess,
  findApiKeyPage,
  revokeApiKey,
  updateApiKey,
} from './apiKeys.service';
import { findAllRoles } from './roles.service';
import { grantOptions } from './users.service';

const can = (action: 'view' | 'add' | 'edit' | 'delete') => permission('apiKey', action);

const ApiKeyAccessBody = {
  roleId: IdSchema,
  warehouses: Type.Array(
    Type.Object({
      whId: Type.String({ minLength: 1, maxLength: 20 }),
      // Null first: with type coercion on, Ajv would turn null into [''] for the array branch.
      clientCodes: Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 30 }), { maxItems: 1000 })]),
    }),
    { maxItems: 1000 },
  ),
  expiresAt: optionalText(40),
  remark: optionalText(200),
};
const ApiKeyCreateBody = Type.Object({ name: Type.String({ maxLength: 40 }), ...ApiKeyAccessBody });
const ApiKeyUpdateBody = Type.Object({ id: IdSchema, ...ApiKeyAccessBody });
const IdBody = Type.Object({ id: IdSchema });
const DeleteBody = Type.Array(IdBody, { minItems: 1, maxItems: 1000 });

/** A new key: the key itself is answered this once (only its hash is kept). */
const NewKeyAnswer = envelope(closed({ id: integer, name: string, prefix: string, key: string }));
const roles = { 200: envelope(list(roleOption)) };

/** The Integrations screen's API keys (system module README "API keys", docs/integration.md). */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/apiKey/findPage',
    {
      schema: { body: PageRequestSchema, response: { 200: envelope(page(entityRowSchema(apiKey))) } },
      config: { permission: can('view') },
    },
    async (request) => ok(await findApiKeyPage(ctx.db, request.user!, request.body as PageRequest)),
  );
  // Not the generic `/save`: a new key answers the key itself (once), not an id; create and update are apart.
  app.post(
    '/apiKey/create',
    { schema: { body: ApiKeyCreateBody, response: { 200: NewKeyAnswer } }, config: { permission: can('add') } },
    async (request) => ok(await createApiKey(ctx, request.user!, request.body as ApiKeySaveInput)),
  );
  app.post(
    '/apiKey/update',
    { schema: { body: ApiKeyUpdateBody, response: { 200: changedIdAnswer } }, config: { permission: can('edit') } },
    async (request) => {
      const input = request.body as ApiKeySaveInput & { id: number };
      return ok(await updateApiKey(ctx, request.user!, input.id, input));
    },
  );
  app.post(
    '/apiKey/revoke',
    { schema: { body: IdBody, response: { 200: changedIdAnswer } }, config: { permission: can('edit') } },
    async (request) => ok(await revokeApiKey(ctx, request.user!, (request.body as { id: number }).id)),
  );
  app.post(
    '/apiKey/delete',
    { schema: { body: DeleteBody, response: { 200: countAnswer } }, config: { permission: can('delete') } },
    async (request) =>
      ok(
        await deleteApiKeys(
          ctx,
          request.user!,
          (request.body as { id: number }[]).map((r) => r.id),
        ),
      ),
  );
  app.post(
    '/apiKey/findAccess',
    { schema: { body: IdBody, response: { 200: accessAnswer } }, config: { permission: can('view') } },
    async (request) => ok(await findApiKeyAccess(ctx.db, (request.body as { id: number }).id)),
  );
  // The key form's choices: roles a key may hold (never a super-administrator role), and the actor's own warehouses.
  app.post('/apiKey/roleOptions', { schema: { response: roles }, config: { permission: can('view') } }, async () =>
    ok((await findAllRoles(ctx.db)).filter((r) => !r.superAdmin)),
  );
  app.post(
    '/apiKey/grantOptions',
    { schema: { response: { 200: grantOptionsAnswer } }, config: { permission: can('view') } },
    async (request) => ok(await grantOptions(ctx.db, request.user!)),
  );
}
