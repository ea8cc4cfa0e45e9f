import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import en from '../../../locales/en_us.json';
import zh from '../../../locales/zh_cn.json';
import pkg from '../../../package.json';
import { ERROR_CODES } from '../../shared/errors';
import { AUTHENTICATED, PUBLIC } from '../../shared/permissions';
import { TOKEN_HEADER } from '../../shared/wire';

/**
 * The API description (OpenAPI 3.1), made from the routes' own schemas (server README "The API description"): each
 * route's request schemas, its response schema in the `{code, msg, data}` envelope, its module as a tag and the
 * permission its guard config declares. Served at `GET /api/openapi.json`, read by Swagger UI at `/api/docs`.
 */

/** A JSON schema as plain data (TypeBox schemas are such objects too). */
export type JsonSchema = Record<string, unknown>;

/** A schema that also admits null (a refusal answers `data: null` with the route's own serialiser). */
function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (type === undefined) return schema;
  const types = [type].flat() as string[];
  return types.includes('null') ? schema : { ...schema, type: [...types, 'null'] };
}

/** Marks the envelope's `errorCode`, which the description points at `components.schemas.ErrorCode`. */
const ERROR_CODE_MARK = 'x-wharf-error-code';
/** Marks where a route's schema uses a shared schema (`sharedSchema`), which the description points at. */
const SHARED_MARK = 'x-wharf-shared';
/** The shared schemas by name, under `components.schemas` (filled as the route modules load, before registering). */
const SHARED_SCHEMAS: Record<string, JsonSchema> = {};

/**
 * A schema shared by name under `components.schemas`: what a recursive shape (a tree whose nodes hold nodes) needs,
 * since a route's schema cannot refer to itself. `build` gets the reference to use inside the schema; the answer is
 * the reference for a route's schema.
 */
export function sharedSchema(name: string, build: (self: JsonSchema) => JsonSchema): JsonSchema {
  SHARED_SCHEMAS[name] ??= build({ $ref: `#/components/schemas/${name}` });
  return { [SHARED_MARK]: name };
}

/**
 * The answer of every JSON route: `code` 200 with `data`, or a business refusal (code -10000, `msg` in the request's
 * language, `errorCode` one of ErrorCode, `data` null). The same schema serialises the answer (fast-json-stringify).
 */
export function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', description: '200 success; -10000 a business refusal (see errorCode)' },
      msg: { type: ['string', 'null'], description: "null on success; the refusal's message in the request's language" },
      data: orNull(data),
      errorCode: { type: 'string', [ERROR_CODE_MARK]: true },
    },
  };
}

/** The answer of a transport-level refusal (400, 401, 403, 404, 413, 429): `code` is the HTTP status. */
const STATUS_ANSWER: JsonSchema = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'null' } },
};

/** A binary answer (PDF, image) of a route that refuses with the JSON envelope. */
export function binaryAnswer(contentType: string): Record<string, JsonSchema> {
  return {
    200: {
      content: {
        [contentType]: { schema: { type: 'string', format: 'binary' } },
        'application/json': { schema: envelope({ type: 'null' }) },
      },
    },
  };
}

/** The business error codes with their messages in both languages (placeholders in braces). */
export function errorCodeSchema(): JsonSchema {
  const messages = (locale: Record<string, string>) =>
    Object.fromEntries(ERROR_CODES.map((code) => [code, locale[`error.${code}`] ?? code]));
  return {
    type: 'string',
    description: 'The closed set of business refusals; `msg` carries the message in the language of the request.',
    enum: [...ERROR_CODES],
    'x-messages': { zh_cn: messages(zh), en_us: messages(en) },
  };
}

/** Module tags of the description, in the order of the reference. */
export const MODULE_TAGS = {
  auth: 'Sign-in, session, captcha',
  system: 'Users, roles, menus, departments, dictionaries, logs, configuration, API keys',
  lookups: 'Choice lists of the forms',
  masterdata: 'Warehouses, clients, items, locations, carriers and other master data',
  backup: 'Backups (PGlite)',
  notice: 'Notices',
  reports: 'Report server',
  inventory: 'Stock, movements, adjustments, holds',
  inbound: 'Purchase orders, receiving, receipts, inspection, putaway',
  outbound: 'Orders, waves, allocation, picking',
  shipping: 'Cartons, deliveries, labels and shipping documents',
  cyclecount: 'Cycle counts',
  rf: 'Handheld (RF) flows and their configuration',
  serials: 'Serial numbers',
  kiosk: 'Dock stations',
  imports: 'Excel import',
  webhooks: 'Webhook subscriptions and deliveries',
  integration: 'Business API for integrators: an order or PO with its lines in one call, cancel, stock',
  dashboard: "The home dashboard: the day's and week's figures of a warehouse, and the user's remembered choice",
  api: 'This description',
} as const;
export type ModuleTag = keyof typeof MODULE_TAGS;

/**
 * On an API scope: every route registered while `tag(name, register)` runs gets the module's tag. A route without a
 * response schema stops the server from building: every answer is described (issue 28 item 1), none is "any JSON".
 */
export function installRouteDescription(api: FastifyInstance): (tag: ModuleTag, register: () => void) => void {
  let current: ModuleTag | null = null;
  api.addHook('onRoute', (route: RouteOptions) => {
    const schema: FastifySchema = route.schema ?? {};
    if (!schema.response) throw new Error(`${[route.method].flat().join(',')} ${route.url} has no response schema`);
    route.schema = { ...schema, ...(current && !schema.tags ? { tags: [current] } : {}) };
  });
  return (tag, register) => {
    current = tag;
    try {
      register();
    } finally {
      current = null;
    }
  };
}

/** `sys:po:add,sys:po:edit` → the permissions a caller must hold one of; none for public and any signed-in caller. */
export function permissionsOf(permission: string | undefined): string[] {
  if (!permission || permission === PUBLIC || permission === AUTHENTICATED) return [];
  return permission.split(',');
}

function permissionText(permission: string | undefined): string {
  if (permission === PUBLIC) return 'Public: no session needed.';
  if (!permission || permission === AUTHENTICATED) return 'Any signed-in user.';
  const list = permissionsOf(permission).map((p) => `\`${p}\``);
  return `Permission: ${list.join(' or ')} (a super administrator holds every permission).`;
}

/** A copy of a schema with the envelope's marked `errorCode` pointing at the shared ErrorCode schema. */
function withErrorCodeRef(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withErrorCodeRef);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as JsonSchema;
  if (record[ERROR_CODE_MARK] === true) return { $ref: '#/components/schemas/ErrorCode' };
  if (typeof record[SHARED_MARK] === 'string') return { $ref: `#/components/schemas/${record[SHARED_MARK]}` };
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withErrorCodeRef(v)]));
}

/** `/api/po/save` (POST) → `po.save`; other methods prefix theirs (`get.captcha.jpg`). */
function operationId(method: string, url: string): string {
  const path = url.replace(/^\/api\//, '').replace(/\//g, '.');
  return method === 'POST' ? path : `${method.toLowerCase()}.${path}`;
}

/** Where the description lives; the /wmsApi alias serves the same routes and is left out. */
export const OPENAPI_PREFIX = '/api';

/**
 * Registers the description generator on the root (before the API scopes, whose routes it collects) and Swagger UI
 * at `/api/docs` with its assets from the package. The UI page loads only scripts and styles of its own origin, so
 * the server's Content-Security-Policy (app.ts) admits it as it is.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wharf API',
        version: pkg.version,
        description:
          'Every JSON answer is `{code, msg, data}`: `code` 200 is success; a business refusal answers HTTP 200 with ' +
          '`code` -10000, `msg` in the language of the `lang` header (`zh_cn`, `en_us`) and `errorCode`. No or an ' +
          'expired session answers 401, a missing permission 403, bad input 400. Sign in with `POST /api/login`; ' +
          'send the token in the `token` header. See docs/integration.md.',
      },
      servers: [{ url: '/' }],
      tags: Object.entries(MODULE_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
        schemas: { ErrorCode: errorCodeSchema(), ...SHARED_SCHEMAS },
      },
      security: [{ token: [] }],
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith(`${OPENAPI_PREFIX}/`) || (schema as { hide?: boolean } | undefined)?.hide)
        return { schema: { ...schema, hide: true } as FastifySchema, url };
      const permission = route.config?.permission;
      const method = [route.method].flat()[0] ?? 'POST';
      const response = (schema?.response ?? {}) as Record<string, unknown>;
      // Bad input (400), and for routes behind a session no or an expired session (401), a missing permission (403);
      // any other status (404, 405, 413, 429, 500) answers the same shape.
      const statuses = permission === PUBLIC ? ['400', 'default'] : ['400', '401', '403', 'default'];
      const refusals = Object.fromEntries(
        statuses
          .filter((s) => !(s in response))
          .map((s) => [s, { ...STATUS_ANSWER, description: s === 'default' ? 'Another HTTP status' : `HTTP ${s}` }]),
      );
      const described = {
        ...schema,
        operationId: operationId(method, url),
        description: [schema?.description, permissionText(permission)].filter(Boolean).join('\n\n'),
        'x-permissions': permissionsOf(permission),
        ...(permission === PUBLIC ? { security: [] } : {}),
        response: withErrorCodeRef({ ...response, ...refusals }),
      };
      return { schema: described as FastifySchema, url };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${OPENAPI_PREFIX}/docs`,
    // BaseLayout: no top bar (its box would explore other addresses); the page reads /api/docs/json, this same document.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'none', deepLinking: true, showExtensions: true, tryItOutEnabled: false },
    theme: { title: 'Wharf API' },
  });
}
