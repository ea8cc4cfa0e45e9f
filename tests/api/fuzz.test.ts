/**
 * Hostile input against every route of the route table: whatever a client sends, the answer is a refusal
 * (400, 401, 403, 404, 413 or a business refusal), never a 500.
 *
 * Random bodies mostly stop at the schema (400), so most requests start from a plausible body built from the
 * route's own schema (or the entity's sample row) and replace one or two values with hostile ones: strings with
 * NUL, huge numbers, one-element and deeply nested arrays, objects, booleans, very long strings, and keys such as
 * `constructor` or `__proto__`. fast-check prints the seed and the shrunk request of a failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedRoute } from '../../src/server/platform/guard';
import { ENTITIES } from '../../src/shared/entities';
import { PUBLIC } from '../../src/shared/permissions';
import { ENTITY_SAMPLES } from '../support/entitySamples';
import { createTestApp, type TestApp } from '../support/testApp';

/** Runs per route and caller: about 2,000 requests a database, well within a minute. */
const RUNS_AS_ADMIN = 10;
const RUNS_WITHOUT_TOKEN = 1;
const RUNS_ON_PUBLIC_ROUTES = 25;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  type?: string;
  const?: Json;
  enum?: Json[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

// ---- plausible requests -------------------------------------------------------------------------------------

/** Values of demo data (seed/demoMasterdata.ts) for keys the routes read; `fuzz` is no account (no lockout). */
const KNOWN: Record<string, Json> = {
  whId: 'WH01',
  clientCode: 'ACME',
  itemNumber: 'ACME-0001',
  locationId: 'STG-IN-01',
  zone: 'PAL',
  taskId: 'MV00000001',
  account: 'fuzz',
  password: 'Fuzz#2024',
  captcha: '',
  name: 'wharf-fuzz.jsonl.gz',
  title: 'fuzz',
  pageNum: 1,
  pageSize: 10,
  lineNumber: 1,
  id: 2,
};
const CANDIDATE_TEXT = ['WH01', 'ACME-0001', 'A', 'x', '1', 'Y', '2024-01-01', 'wharf-fuzz.jsonl.gz'];

/** A value the schema accepts, as a console would send it. */
function plausible(schema: Schema | undefined, key = ''): Json {
  if (!schema) return 'x';
  if (key in KNOWN && !schema.anyOf?.length && schema.type !== 'object' && schema.type !== 'array') return KNOWN[key] ?? null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  if (schema.anyOf?.length) return plausible(schema.anyOf[0], key);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, k)]));
    case 'array':
      return [plausible(schema.items, key)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      const fits = (text: string) =>
        text.length >= (schema.minLength ?? 0) &&
        text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!schema.pattern || new RegExp(schema.pattern).test(text));
      return CANDIDATE_TEXT.find(fits) ?? 'x';
    }
    default:
      return 'x';
  }
}

/** A row of the entity a generic save writes: the test sample, else one value per field from its definition. */
function entityRow(resource: string): Json {
  const sample = ENTITY_SAMPLES[resource];
  if (sample) return sample(90) as Json;
  const entity = ENTITIES[resource];
  if (!entity) return {};
  const byType = { text: 'x', int: 1, decimal: '1', date: '2024-01-01', code: null } as const;
  return Object.fromEntries(
    Object.entries(entity.fields).map(([field, def]) => [field, KNOWN[field] ?? def.codes?.[0] ?? byType[def.type] ?? 'x']),
  );
}

/** The plausible body and query of a route. */
function plausibleRequest(t: TestApp, route: GuardedRoute): { body: Json; query: Record<string, Json> } {
  const schema = t.schemas.get(`${route.method} ${route.url}`) ?? {};
  const [, resource = '', action = ''] = /^\/api\/([^/]+)\/(.+)$/.exec(route.url) ?? [];
  const body = action === 'save' ? entityRow(resource) : schema.body ? plausible(schema.body as Schema) : {};
  const query = schema.querystring ? plausible(schema.querystring as Schema) : {};
  return { body, query: typeof query === 'object' && query !== null && !Array.isArray(query) ? query : {} };
}

/** Where a value can be replaced: every key and index down to two levels, plus new keys that probe prototypes. */
function places(value: Json, depth = 0): string[][] {
  if (depth > 1 || typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  return [
    ...keys.map((k) => [k]),
    ...PROTOTYPE_KEYS.map((k) => [k]),
    ...keys.flatMap((k) => places((value as Record<string, Json>)[k] ?? null, depth + 1).map((p) => [k, ...p])),
  ];
}

function replaced(base: Json, at: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of at.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) return copy;
    target = next as Record<string, unknown>;
  }
  // defineProperty: `__proto__` becomes an own key that JSON.stringify writes, not a prototype change.
  Object.defineProperty(target, at.at(-1) as string, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

// ---- hostile values -------------------------------------------------------------------------------------------

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const KEYS = [...new Set([...Object.keys(KNOWN), ...Object.values(ENTITIES).flatMap((e) => Object.keys(e.fields))])];
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const hostileString = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('%', '%%', '_', '\\', "'; drop table t_whse; --", '1e17', '-0', 'NaN', 'Infinity', '2024-02-30'),
  fc.constantFrom('99999999999999999999', '0.0001', '-1', '', ' ', '仓库🚚', '\uD800', 'WH01', '9999-12-31', '10000-01-01'),
  fc.integer({ min: 300, max: 70_000 }).map((n) => 'x'.repeat(n)),
);
// No small positive integers: an id of 1 could name the administrator's own user or role.
const hostileNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e17, -1e17, 2 ** 31, 2 ** 53, 1e308, -1e308, 0, -0, -1, 1e-300, 0.0005, 123456789012345.6),
);
const nestedArray = fc.tuple(fc.integer({ min: 2, max: 60 }), fc.oneof(hostileString, hostileNumber)).map(([depth, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
});
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const { value: anyValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { weight: 4, arbitrary: leaf },
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));
const hostile = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: leaf.map((v) => [v]) }, // price: [5]
  { weight: 1, arbitrary: fc.constantFrom(...KEYS).map((v) => [v]) },
  { weight: 2, arbitrary: nestedArray },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }) },
  { weight: 1, arbitrary: anyValue },
);

/** A body: mostly the plausible one with one or two values replaced, sometimes anything at all, or no JSON. */
function bodyFor(base: Json): fc.Arbitrary<string> {
  const spots = places(base);
  const mutated = spots.length
    ? fc
        .array(fc.tuple(fc.constantFrom(...spots), hostile), { minLength: 1, maxLength: 2 })
        .map((changes) => JSON.stringify(changes.reduce<unknown>((b, [at, v]) => replaced(b as Json, at, v), base)))
    : fc.constant(JSON.stringify(base));
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.dictionary(key, anyValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '"x"', '1e999', '[[[[', '{"__proto__":{"x":1}}', '[{"id":1e999}]') },
  );
}

/** Percent-encoding; a lone surrogate cannot be encoded (the bodies carry those). */
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));
function queryFor(base: Record<string, Json>): fc.Arbitrary<string> {
  const text = fc.oneof(hostileString, hostileNumber.map(String));
  return fc
    .tuple(fc.dictionary(key, text, { maxKeys: 2 }), fc.boolean())
    .map(([extra, keep]) => ({ ...(keep ? base : {}), ...extra }))
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
        .join('&'),
    );
}

// ---- the walk -------------------------------------------------------------------------------------------------

let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-fuzz-'));
  t = await createTestApp({ dataDir });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// One prefix is enough: both serve the same handlers.
const routes = () => t.routes.filter((r) => r.url.startsWith('/api/'));

async function send(route: GuardedRoute, query: string, body: string, token?: string): Promise<number> {
  const res = await t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: `${route.url}${query ? `?${query}` : ''}`,
    headers: { 'content-type': 'application/json', lang: 'en_us', ...(token ? { token } : {}) },
    ...(route.method === 'POST' ? { payload: body } : {}),
  });
  if (res.statusCode >= 500) throw new Error(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  // A key such as `constructor` must never be looked up among the members of every object (and shown).
  if (res.body.includes('[native code]')) throw new Error(`${route.method} ${route.url} → ${res.body.slice(0, 200)}`);
  return res.statusCode;
}

describe('hostile input on every route', () => {
  it('walks the route table, with a plausible request for each route', () => {
    expect(routes().length).toBeGreaterThan(100);
    expect(routes().some((r) => r.permission === PUBLIC)).toBe(true);
    expect(plausibleRequest(t, { method: 'POST', url: '/api/login', permission: PUBLIC }).body).toEqual({
      account: 'fuzz',
      password: 'Fuzz#2024',
      captcha: '',
      // The language chosen on the login screen (issue 10 item 12): the schema's first choice.
      language: 'zh_cn',
    });
  });

  it('never answers 500 to a super administrator', { timeout: 300_000 }, async () => {
    for (const route of routes()) {
      const base = plausibleRequest(t, route);
      await fc.assert(
        fc.asyncProperty(queryFor(base.query), bodyFor(base.body), async (query, body) => {
          const status = await send(route, query, body, admin);
          // A fuzzed logout ends the token: sign in again for the next run.
          if (status === 401 || status === 405) admin = await t.login();
        }),
        { numRuns: RUNS_AS_ADMIN },
      );
    }
  });

  it('refuses a one-element array where a route takes text or nothing with 400 (a 500 the property above once found)', async () => {
    const body = { whId: 'WH01', cartonNumbers: ['WH01'], deliveryNumber: ['whId'], remark: null };
    const route = { method: 'POST', url: '/api/tblShippingLabel/generateDelivery', permission: '' } as GuardedRoute;
    expect(await send(route, '', JSON.stringify(body), admin)).toBe(400);
    expect(await send(route, '', JSON.stringify({ ...body, deliveryNumber: null, remark: ['x'] }), admin)).toBe(400);
  });

  it('never answers 500 without a token, on the public routes above all', { timeout: 120_000 }, async () => {
    for (const route of routes()) {
      const base = plausibleRequest(t, route);
      await fc.assert(
        fc.asyncProperty(queryFor(base.query), bodyFor(base.body), async (query, body) => {
          const status = await send(route, query, body);
          if (route.permission !== PUBLIC) expect(status).toBe(401);
        }),
        { numRuns: route.permission === PUBLIC ? RUNS_ON_PUBLIC_ROUTES : RUNS_WITHOUT_TOKEN },
      );
    }
  });
});
