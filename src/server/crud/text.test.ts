/**
 * Text as people read it (issue 24): lengths count characters (code points: an emoji is one, as PostgreSQL's varchar(n)
 * and Ajv count them), and the invisible direction controls that can make a name read as something else (U+202E
 * "right-to-left override" turns "invoice‮fdp.exe" into "invoiceexe.pdf") are refused, naming the field — through
 * the generic engine (roles, warehouses) and the typed user save.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import type { Envelope } from '../../shared/wire';

let t: TestApp;
let admin: string;

const emoji = (n: number) => '📦'.repeat(n);
const RLO = '\u202E';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

/** The answer in Chinese (the test app asks in English). */
async function postZh(url: string, body: unknown): Promise<Envelope<unknown>> {
  const raw = await t.app.inject({ method: 'POST', url, headers: { token: admin, lang: 'zh_cn' }, payload: body as object });
  return raw.json();
}

describe('lengths count characters, not UTF-16 units', () => {
  it('saves a name of 50 emoji in a 50-character field, and refuses 51', async () => {
    const role = await t.post<number>('/api/role/save', { name: emoji(50), remark: emoji(200) }, admin);
    expect(role.body, role.body.msg ?? '').toMatchObject({ code: 200 });
    const stored = await t.connection.db
      .selectFrom('sysRole')
      .select(['name', 'remark'])
      .where('id', '=', role.body.data)
      .executeTakeFirst();
    expect(stored).toEqual({ name: emoji(50), remark: emoji(200) });
    const long = await t.post('/api/role/save', { name: emoji(51) }, admin);
    expect(long.body).toMatchObject({ code: -10000, errorCode: 'fieldTooLong', msg: 'Role name must be at most 50 characters' });

    const user = await t.post<number>(
      '/api/user/save',
      { name: 'emoji-user', nickName: emoji(50), status: '1', language: 'en_us', password: 'Clerk#2024' },
      admin,
    );
    expect(user.body, user.body.msg ?? '').toMatchObject({ code: 200 });
    const wh = await t.post<number>('/api/tWhse/save', { whId: 'EMOJI', name: emoji(100), city: emoji(60) }, admin);
    expect(wh.body, wh.body.msg ?? '').toMatchObject({ code: 200 });
  });

  it('counts characters in the route schemas too (Ajv maxLength): 50 emoji pass a 50-character limit, 51 do not', async () => {
    const fits = await t.post('/api/user/findTenantByUser', { userName: emoji(50) }, admin);
    expect(fits.status).toBe(200);
    const over = await t.post('/api/user/findTenantByUser', { userName: emoji(51) }, admin);
    expect(over.status).toBe(400);
  });
});

describe('direction controls in names and codes', () => {
  it('refuses U+202E in a role name, naming the field, in both languages', async () => {
    const body = { name: `invoice${RLO}fdp.exe` };
    const en = await t.post('/api/role/save', body, admin);
    expect(en.body).toMatchObject({ code: -10000, errorCode: 'fieldDirectionControl' });
    expect(en.body.msg).toContain('Role name');
    const zh = await postZh('/api/role/save', body);
    expect(zh).toMatchObject({ code: -10000, errorCode: 'fieldDirectionControl' });
    expect(zh.msg).toContain('角色名称');
  });

  it('refuses every bidi control in a warehouse name and a user’s name, and saves nothing', async () => {
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      const wh = await t.post('/api/tWhse/save', { whId: 'BIDI', name: `North${control}South` }, admin);
      expect(wh.body, `U+${control.codePointAt(0)?.toString(16)}`).toMatchObject({ errorCode: 'fieldDirectionControl' });
      expect(wh.body.msg).toContain('Name');
    }
    const user = await t.post(
      '/api/user/save',
      { name: 'bidi-user', nickName: `Ann${RLO}aoJ`, status: '1', language: 'en_us', password: 'Clerk#2024' },
      admin,
    );
    expect(user.body).toMatchObject({ code: -10000, errorCode: 'fieldDirectionControl' });
    expect(user.body.msg).toContain('Real name');
    const zh = await postZh('/api/user/save', {
      name: 'bidi-user',
      nickName: `Ann${RLO}aoJ`,
      status: '1',
      language: 'en_us',
      password: 'Clerk#2024',
    });
    expect(zh.msg).toContain('姓名');
    const saved = await t.connection.db.selectFrom('sysUser').select('id').where('name', '=', 'bidi-user').executeTakeFirst();
    expect(saved).toBeUndefined();
    const { rows } = await sql`select 1 from t_whse where wh_id = 'BIDI'`.execute(t.connection.db);
    expect(rows).toEqual([]);
  });

  it('still saves right-to-left text itself (Arabic, Hebrew): only the invisible controls are refused', async () => {
    const role = await t.post<number>('/api/role/save', { name: 'مخزن שלום 仓库', remark: 'مرحبا' }, admin);
    expect(role.body, role.body.msg ?? '').toMatchObject({ code: 200 });
  });
});
