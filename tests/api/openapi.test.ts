import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en_us.json';
import zh from '../../locales/zh_cn.json';
import { AnswerChecker, type OpenApiDocument } from '../../src/server/platform/answerRecorder';
import { installRouteDescription, permissionsOf } from '../../src/server/platform/openapi';
import { ERROR_CODES } from '../../src/shared/errors';
import { PUBLIC } from '../../src/shared/permissions';
import { createTestApp, type TestApp } from '../support/testApp';

interface Operation {
  operationId: string;
  tags?: string[];
  description: string;
  security?: unknown[];
  'x-permissions': string[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type Document = OpenApiDocument & {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum: string[]; 'x-messages': Record<string, Record<string, string>> } | undefined> };
};

let t: TestApp;
let token: string;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(() => t.close());

const apiRoutes = () => t.routes.filter((r) => r.url.startsWith('/api/'));
const operation = (method: string, url: string) => doc.paths[url]?.[method.toLowerCase()];

describe('the description', () => {
  it('is a valid OpenAPI 3.1 document (served without a session)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every /api route and no /wmsApi alias, each with a tag and a unique operation id', () => {
    const described = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${url}`),
    );
    const routes = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(300);
    expect(new Set(described)).toEqual(new Set(routes));
    const ops = apiRoutes().map((r) => operation(r.method, r.url)!);
    expect(ops.filter((o) => !o.tags?.length)).toEqual([]);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it("states the permissions each route's guard declares, as x-permissions and in the text", () => {
    for (const route of apiRoutes()) {
      const op = operation(route.method, route.url)!;
      expect(op['x-permissions'], route.url).toEqual(permissionsOf(route.permission));
      for (const p of op['x-permissions']) expect(op.description).toContain(`\`${p}\``);
      if (route.permission === PUBLIC) expect(op.security).toEqual([]);
    }
    expect(operation('POST', '/api/tWhse/save')!['x-permissions']).toEqual(['sys:tWhse:add', 'sys:tWhse:edit']);
  });

  it('wraps every JSON answer in the envelope, errorCode pointing at ErrorCode', () => {
    for (const route of apiRoutes().filter((r) => r.url !== '/api/openapi.json')) {
      const content = operation(route.method, route.url)!.responses['200']?.content ?? {};
      const schema = content['application/json']?.schema as { required?: string[]; properties?: Record<string, unknown> };
      expect(schema?.required, route.url).toEqual(['code', 'msg', 'data']);
      expect(schema.properties?.errorCode).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    }
  });

  it('lists the error codes with their messages in both languages', () => {
    const errorCode = doc.components.schemas.ErrorCode!;
    expect(errorCode.enum).toEqual([...ERROR_CODES]);
    expect(errorCode['x-messages'].zh_cn!.notFound).toBe((zh as Record<string, string>)['error.notFound']);
    expect(errorCode['x-messages'].en_us!.duplicateKey).toBe((en as Record<string, string>)['error.duplicateKey']);
  });

  it('gives every route its own answer schema: a route without one stops the server from building', async () => {
    for (const route of apiRoutes().filter((r) => r.url !== '/api/openapi.json')) {
      const schema = operation(route.method, route.url)!.responses['200']?.content?.['application/json']?.schema;
      const data = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.data;
      // A data schema says what it is: a type, a reference, or a choice of shapes.
      expect(data && (data.type ?? data.$ref ?? data.anyOf ?? data.oneOf), `${route.method} ${route.url}`).toBeTruthy();
    }
    const bare = Fastify();
    const tag = installRouteDescription(bare);
    expect(() => tag('system', () => bare.post('/nothing', async () => ({})))).toThrow('POST /nothing has no response schema');
    await bare.close();
  });

  it('shares recursive shapes by name: the menu tree refers to its node', async () => {
    expect(doc.components.schemas.MenuNode).toBeDefined();
    const nav = await t.app.inject({ method: 'GET', url: '/api/menu/findNavTree', headers: { token } });
    const checker = new AnswerChecker(doc);
    expect(checker.check('GET', '/api/menu/findNavTree', 200, 'application/json', nav.json()).problems).toEqual([]);
    // A node missing a field, below the roots (checked through the shared schema's reference to itself), is seen.
    const body = nav.json() as { data: { children: Record<string, unknown>[] }[] };
    const child = body.data.find((n) => n.children.length > 0)!.children[0]!;
    delete child.perms;
    expect(checker.check('GET', '/api/menu/findNavTree', 200, 'application/json', body).problems).toHaveLength(1);
  });

  it('describes fixed answers as closed objects: a field the schema does not name is a mismatch', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    const checker = new AnswerChecker(doc);
    expect(checker.check('GET', '/api/config/public', 200, 'application/json', config.json()).problems).toEqual([]);
    const more = { ...config.json(), data: { ...config.json().data, secret: 'x' } };
    expect(checker.check('GET', '/api/config/public', 200, 'application/json', more).problems).toHaveLength(1);
  });

  it('describes entity rows from their definitions (findPage of warehouses)', () => {
    const page = operation('POST', '/api/tWhse/findPage')!.responses['200']!.content!['application/json']!.schema as {
      properties: { data: { properties: { content: { items: { properties: Record<string, unknown> } } } } };
    };
    const row = page.properties.data.properties.content.items.properties;
    expect(Object.keys(row)).toEqual(expect.arrayContaining(['id', 'whId', 'createTime', 'updateTime']));
  });
});

describe('answers checked against the description', () => {
  const checker = () => new AnswerChecker(doc);

  it('accepts real answers: a page, a save, a refusal, a 401', async () => {
    const page = await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 5 }, token);
    expect(checker().check('POST', '/api/tWhse/findPage', 200, 'application/json', page.body).problems).toEqual([]);
    const refused = await t.post('/api/tWhse/save', { whId: '' }, token);
    expect(refused.body.code).toBe(-10000);
    expect(checker().check('POST', '/api/tWhse/save', 200, 'application/json', refused.body).problems).toEqual([]);
    const anonymous = await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 5 });
    expect(anonymous.status).toBe(401);
    expect(checker().check('POST', '/api/tWhse/findPage', 401, 'application/json', anonymous.body).problems).toEqual([]);
  });

  it('refuses an answer the description does not describe', async () => {
    const page = await t.post<{ content: unknown[] }>('/api/tWhse/findPage', { pageNum: 1, pageSize: 5 }, token);
    const wrong = { ...page.body, data: { ...page.body.data, content: [{ id: 'one' }] } };
    expect(checker().check('POST', '/api/tWhse/findPage', 200, 'application/json', wrong).problems).toHaveLength(1);
    const dropped = { ...page.body, data: { ...page.body.data, extra: 1 } };
    expect(checker().check('POST', '/api/tWhse/findPage', 200, 'application/json', page.body, dropped).problems).toEqual([
      'the serialised answer differs from the handler data',
    ]);
    expect(checker().check('POST', '/api/tWhse/findPage', 200, 'text/html', '<p>').problems).toEqual([
      'content type text/html not described for 200',
    ]);
    // Any other status answers {code, msg, data: null} (the `default` response).
    const internal = { code: 500, msg: 'Internal server error (req-1)', data: null };
    expect(checker().check('POST', '/api/tWhse/findPage', 500, 'application/json', internal).problems).toEqual([]);
    expect(checker().check('POST', '/api/tWhse/findPage', 500, 'application/json', { code: 500 }).problems).toHaveLength(1);
  });
});

describe('the interactive reference', () => {
  it('serves Swagger UI from the server under its Content-Security-Policy, scripts of its own origin only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    for (const src of page.body.match(/src="[^"]+"/g) ?? []) {
      const url = new URL(src.slice(5, -1), 'http://localhost/api/docs/').pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
  });
});
