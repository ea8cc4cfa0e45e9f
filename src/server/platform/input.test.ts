import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_SAMPLES } from '../../../tests/support/entitySamples';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { MAX_PAGE_NUM, type PageResult } from '../../shared/wire';
import type { Row } from '../crud/crud.types';
import { installErrorHandler } from './errorHandler';
import { jsonDeeperThan, MAX_JSON_DEPTH, nulPath } from './input';

let t: TestApp;
let admin: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-input-'));
  t = await createTestApp({ dataDir });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Posts raw JSON text (bodies a JavaScript object cannot express, such as 100,000 nested arrays). */
const postRaw = (url: string, text: string, token?: string, lang = 'en_us') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', lang, ...(token ? { token } : {}) },
    payload: text,
  });

const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.connection.db)).rows[0]?.n);

describe('NUL characters', () => {
  it('refuses a NUL character on the unauthenticated login with a translated 400', async () => {
    for (const [lang, msg] of [
      ['en_us', 'Bad request: /account contains the NUL character (U+0000), which cannot be stored'],
      ['zh_cn', '请求错误: /account 含有空字符（U+0000），无法保存'],
    ] as const) {
      const res = await postRaw(
        '/api/login',
        JSON.stringify({ account: 'ad\u0000min', password: 'x', captcha: '' }),
        undefined,
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
  });

  it('refuses a NUL character in any text field, key or query value before the database is touched', async () => {
    const warehouses = await count('t_whse');
    const logs = await count('sys_log');
    const bodies = [
      ['/api/tWhse/save', { ...ENTITY_SAMPLES.tWhse!(71), name: 'North\u0000DC' }, '/name'],
      ['/api/tWhse/save', { ...ENTITY_SAMPLES.tWhse!(72), 'ci\u0000ty': 'x' }, '/ci\\u0000ty'],
      [
        '/api/tWhse/findPage',
        { pageNum: 1, pageSize: 10, columnFilters: { name: { value: '\u0000' } } },
        '/columnFilters/name/value',
      ],
      ['/api/tWhse/delete', [{ id: 1, note: ['a', 'b\u0000'] }], '/0/note/1'],
    ] as const;
    for (const [url, body, at] of bodies) {
      const res = await t.post(url, body, admin);
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toBe(`Bad request: ${at} contains the NUL character (U+0000), which cannot be stored`);
    }
    const query = await t.get('/api/backup/backup?title=month%00end', admin);
    expect(query.status).toBe(400);
    expect(query.body.msg).toContain('?title contains the NUL character');
    expect(fs.existsSync(path.join(dataDir, 'backups')) ? fs.readdirSync(path.join(dataDir, 'backups')) : []).toEqual([]);
    expect(await count('t_whse')).toBe(warehouses);
    expect(await count('sys_log')).toBe(logs);
  });

  it('still answers 401 before looking at the body of a guarded route', async () => {
    const res = await t.post('/api/tWhse/save', { name: '\u0000' });
    expect(res.status).toBe(401);
  });

  it('finds NUL characters at any depth without recursion, and nothing in clean input', () => {
    expect(nulPath({ a: [1, { b: 'x' }], c: null, d: true })).toBeNull();
    expect(nulPath('\u0000')).toBe('/');
    expect(nulPath({ a: [1, { b: 'x\u0000' }] })).toBe('/a/1/b');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)?.length).toBe(200_000);
  });
});

describe('deeply nested bodies', () => {
  const deepArray = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

  it('refuses a 100,000-deep array in a text field (1,000-deep at login) with a translated 400, also beside a constructor key', async () => {
    const names = await count('t_whse');
    for (const text of [
      `{"whId":"DEEP1","name":${deepArray(100_000)}}`,
      `{"whId":"DEEP2","constructor":{"x":1},"name":${deepArray(100_000)}}`,
      // Login takes at most 4 KB (PUBLIC_BODY_LIMIT): 1,000 levels fit and are refused for their depth.
      `{"account":${deepArray(1_000)},"password":"x","captcha":""}`,
    ]) {
      const res = await postRaw(text.includes('account') ? '/api/login' : '/api/tWhse/save', text, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`Bad request: the data is nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    const zh = await postRaw('/api/tWhse/save', `{"name":${deepArray(100_000)}}`, admin, 'zh_cn');
    expect(zh.json().msg).toBe(`请求错误: 请求数据嵌套超过 ${MAX_JSON_DEPTH} 层`);
    expect(await count('t_whse')).toBe(names);
  });

  it('accepts bodies nested up to the limit, and brackets inside strings do not count', async () => {
    expect(jsonDeeperThan(deepArray(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDeeperThan(deepArray(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    const res = await postRaw(
      '/api/tWhse/findPage',
      JSON.stringify({ pageNum: 1, pageSize: 10, columnFilters: { name: '[[[{{{' } }),
      admin,
    );
    expect(res.json()).toMatchObject({ code: 200 });
  });
});

describe('values of the wrong kind', () => {
  it('refuses an array, object or boolean in a number field with fieldNotNumber naming the field', async () => {
    const items = await count('t_item_master');
    for (const price of [[5], [[5]], { value: 5 }, true]) {
      const res = await t.post('/api/tItemMaster/save', { ...ENTITY_SAMPLES.tItemMaster!(61), price }, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -10000, errorCode: 'fieldNotNumber' });
      expect(res.body.msg).toContain('Price');
    }
    expect(await count('t_item_master')).toBe(items);
  });

  it('refuses an array, object or boolean in a text field instead of storing it as text', async () => {
    for (const name of [['North', 'DC'], { zh: '北' }, true, false]) {
      const res = await t.post('/api/tWhse/save', { ...ENTITY_SAMPLES.tWhse!(62), name }, admin);
      expect(res.body, JSON.stringify(name)).toMatchObject({ code: -10000, errorCode: 'fieldInvalid' });
    }
    const { rows } = await sql`select 1 from t_whse where wh_id = ${'TST62'}`.execute(t.connection.db);
    expect(rows).toEqual([]);
  });
});

describe('page numbers', () => {
  it('refuses a page number beyond the maximum with 400 on every page request, and serves the maximum itself', async () => {
    const pages = [
      ['/api/tWhse/findPage', {}],
      ['/api/log/findPage', {}],
      ['/api/user/findPage', {}],
      ['/api/tranLog/findPage', {}],
      ['/api/tItemUom/findPageByPara', { whId: 'WH01', itemNumber: 'ACME-0001' }],
      ['/api/tblInvMovementDetail/findPage', { columnFilters: { whId: 'WH01', taskId: 'MV1' } }],
    ] as const;
    for (const [url, extra] of pages) {
      for (const pageNum of [1e17, MAX_PAGE_NUM + 1]) {
        const res = await t.post(url, { pageSize: 1000, ...extra, pageNum }, admin);
        expect(res.status, `${url} ${pageNum}`).toBe(400);
        expect(res.body.msg).toContain('/pageNum');
      }
      const last = await t.post<PageResult<Row>>(url, { pageSize: 1000, ...extra, pageNum: MAX_PAGE_NUM }, admin);
      expect(last.body.code, `${url}: ${last.body.msg}`).toBe(200);
      expect(last.body.data.content).toEqual([]);
    }
  });
});

describe('operation log filters', () => {
  it('refuses filter keys that are members of every object (constructor, toString) as unknown filters', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await t.post('/api/log/findPage', { pageNum: 1, pageSize: 10, columnFilters: { [key]: 'x' } }, admin);
      expect(res.status, key).toBe(200);
      expect(res.body, key).toMatchObject({ code: -10000, errorCode: 'unknownFilter' });
      // The key is named as written, not looked up among the members of every object.
      expect(res.body.msg).toContain(key);
      expect(res.body.msg).not.toContain('native code');
    }
    const generic = await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10, columnFilters: { constructor: 'x' } }, admin);
    expect(generic.body).toMatchObject({ errorCode: 'unknownFilter' });
    expect(generic.body.msg).not.toContain('native code');
  });
});

describe('the last line of defence', () => {
  it('answers a value the database refuses (class 22) with a translated 400 instead of 500', async () => {
    const app = Fastify();
    installErrorHandler(app);
    const db = t.connection.db;
    const statements: Record<string, () => Promise<unknown>> = {
      '22P02': () => sql`select ${'abc'}::int`.execute(db),
      '22003': () => sql`select ${'1e30'}::numeric(18, 3)`.execute(db),
      '22008': () => sql`select ${'294277-01-01'}::timestamptz`.execute(db),
      '22021': () => sql`select convert_from(${Buffer.from([0xff, 0xfe])}, 'UTF8')`.execute(db),
    };
    for (const [state, run] of Object.entries(statements)) app.get(`/${state}`, async () => run());
    app.get('/bug', async () => sql`select * from no_such_table`.execute(db));
    for (const state of Object.keys(statements)) {
      const res = await app.inject({ method: 'GET', url: `/${state}` });
      expect(res.statusCode, state).toBe(400);
      expect(res.json().msg).toBe(`请求错误: 有数值无法存入数据库（SQLSTATE ${state}）`);
    }
    // A fault of ours (an undefined table, 42P01) stays a 500 that says nothing of the internals.
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.body).not.toContain('no_such_table');
    await app.close();
  });
});
