import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { OptionEntry } from '../../../shared/lookups';
import type { RfResourceName } from '../../../shared/rfConfig';
import type { PageResult } from '../../../shared/wire';
import { REGISTERED } from './registry';

/**
 * RF configuration (README "Configuration"): the name lists of the screens, the save rules (resources of the right
 * type, next sub process of the same warehouse and client, registered actions only), the delete rules, `%` filters,
 * each permission apart, warehouse and client grants, and the device lookup getFork. Names start with H1_ so that
 * the demo flows, when seeded, do not matter.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
type Row = Record<string, unknown>;
const api = (entity: string, call: string) => `/api/${entity}/${call}`;

const resource = (name: string, type: string, localeId: string, text: string) => ({ name, type, localeId, text });
const detail = (subProcessName: string, extra: Row = {}): Row => ({
  whId: 'WH01',
  clientCode: 'ACME',
  subProcessName,
  dialogTitle: 'H1_TITLE',
  dialogPrompt: 'H1_PROMPT',
  dialogInputField: 'locationId',
  ...extra,
});
const option = (subProcessName: string, functionKey: string, nextSubProcessName: string, extra: Row = {}): Row => ({
  whId: 'WH01',
  clientCode: 'ACME',
  subProcessName,
  functionKey,
  nextSubProcessName,
  dialogOptionName: 'H1_OPT_BACK',
  dialogOptionDescription: '返回 Back',
  ...extra,
});

async function save(entity: string, row: Row, token = admin) {
  return t.post<number>(api(entity, 'save'), row, token);
}
async function saved(entity: string, row: Row): Promise<number> {
  const res = await save(entity, row);
  expect(res.body, JSON.stringify(row)).toMatchObject({ code: 200 });
  expect(res.body.data).toBeGreaterThan(0);
  return res.body.data;
}
async function find(entity: string, columnFilters: Row, token = admin): Promise<Row[]> {
  const res = await t.post<PageResult<Row>>(api(entity, 'findPage'), { pageNum: 1, pageSize: 200, columnFilters }, token);
  expect(res.status).toBe(200);
  return res.body.data.content;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const row of [
    resource('H1_TITLE', 'title', '2052', '收货'),
    resource('H1_TITLE', 'title', '1033', 'Receive'),
    resource('H1_PROMPT', 'prompt', '2052', '请扫描库位'),
    resource('H1_PROMPT', 'prompt', '1033', 'Scan the location'),
    resource('H1_HEADER', 'header', '2052', '库位：{locationId}'),
    resource('H1_OPT_BACK', 'option', '2052', '返回'),
    resource('H1_OPT_BACK', 'option', '1033', 'Back'),
    // Only in Chinese: an English user sees the Chinese text rather than nothing.
    resource('H1_OPT_DONE', 'option', '2052', '完成'),
  ])
    await saved('rfProcessResource', row);
});
afterAll(() => t.close());

describe('name lists', () => {
  it('lists the resource names of one type with their text in the user’s language, else the other one’s', async () => {
    const res = await t.get<RfResourceName[]>('/api/rfProcessResource/getProcessResources?type=option', admin);
    const mine = res.body.data.filter((r) => r.name.startsWith('H1_'));
    expect(mine).toEqual([
      { name: 'H1_OPT_BACK', text: 'Back' },
      { name: 'H1_OPT_DONE', text: '完成' },
    ]);
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/rfProcessResource/getProcessResources?type=title',
      headers: { token: admin, lang: 'zh_cn' },
    });
    expect(zh.json().data).toContainEqual({ name: 'H1_TITLE', text: '收货' });
    const bad = await t.get('/api/rfProcessResource/getProcessResources?type=footer', admin);
    expect(bad.status).toBe(400);
  });

  it('lists the sub processes of one warehouse and client, and the main processes', async () => {
    await saved('rfSubProcessDetail', detail('H1_LIST_A'));
    await saved('rfSubProcessDetail', detail('H1_LIST_B'));
    await saved('rfSubProcessDetail', detail('H1_LIST_BLUE', { clientCode: 'BLUE' }));
    const acme = await t.get<string[]>('/api/rfSubProcessDetail/getSubProcessNames?whId=WH01&clientCode=ACME', admin);
    expect(acme.body.data).toEqual(expect.arrayContaining(['H1_LIST_A', 'H1_LIST_B']));
    expect(acme.body.data).not.toContain('H1_LIST_BLUE');
    const blue = await t.get<string[]>('/api/rfSubProcessDetail/getSubProcessNames?whId=WH01&clientCode=BLUE', admin);
    expect(blue.body.data).toContain('H1_LIST_BLUE');
    expect((await t.get('/api/rfSubProcessDetail/getSubProcessNames?whId=WH01', admin)).status).toBe(400);

    await saved('rfMainProcessDetail', {
      mainProcessName: 'H1_MAIN',
      subProcessName: 'H1_LIST_A',
      successNextProcessName: 'H1_LIST_B',
    });
    await saved('rfMainProcessDetail', { mainProcessName: 'H1_MAIN', subProcessName: 'H1_LIST_B' });
    const mains = await t.get<string[]>('/api/rfMainProcessDetail/getMainProcessNames', admin);
    expect(mains.body.data.filter((n) => n === 'H1_MAIN')).toEqual(['H1_MAIN']);
  });
});

describe('saving a sub process', () => {
  it('refuses a text that names no resource of the right type, naming the field and the value', async () => {
    const missing = await save('rfSubProcessDetail', detail('H1_BAD', { dialogTitle: 'H1_NOPE' }));
    expect(missing.body).toMatchObject({ code: -10000, errorCode: 'rfResourceNotFound' });
    expect(missing.body.msg).toBe('Dialog title "H1_NOPE": there is no process resource of type Title with this name');
    // A prompt is not a header.
    const wrongType = await save('rfSubProcessDetail', detail('H1_BAD', { dialogHeader2: 'H1_PROMPT' }));
    expect(wrongType.body.msg).toBe('Header 2 "H1_PROMPT": there is no process resource of type Header with this name');
    const option = await save('rfSubProcessDetail', detail('H1_BAD', { dialogOptionName: 'H1_TITLE' }));
    expect(option.body).toMatchObject({ errorCode: 'rfResourceNotFound' });
    expect(await find('rfSubProcessDetail', { subProcessName: 'H1_BAD' })).toEqual([]);
    await saved('rfSubProcessDetail', detail('H1_GOOD', { dialogHeader1: 'H1_HEADER', dialogOptionName: 'H1_OPT_BACK' }));
  });

  it('accepts only registered server actions of the right kind; an empty one is no action', async () => {
    const exec = await save('rfSubProcessDetail', detail('H1_ACT', { dialogExecSp: 'dropAllTables' }));
    expect(exec.body).toMatchObject({ errorCode: 'rfActionNotRegistered' });
    expect(exec.body.msg).toBe('Confirm action "dropAllTables" is not a registered server action');
    const list = await save('rfSubProcessDetail', detail('H1_ACT', { dialogListSourceExecSp: 'h1TestExec' }));
    REGISTERED.exec.add('h1TestExec');
    REGISTERED.list.add('h1TestList');
    try {
      expect(list.body).toMatchObject({ errorCode: 'rfActionNotRegistered' });
      // An exec action is not a list source.
      const wrongKind = await save('rfSubProcessDetail', detail('H1_ACT', { dialogListSourceExecSp: 'h1TestExec' }));
      expect(wrongKind.body).toMatchObject({ errorCode: 'rfActionNotRegistered' });
      await saved('rfSubProcessDetail', detail('H1_ACT', { dialogExecSp: 'h1TestExec', dialogListSourceExecSp: 'h1TestList' }));
    } finally {
      REGISTERED.exec.delete('h1TestExec');
      REGISTERED.list.delete('h1TestList');
    }
    await saved('rfSubProcessDetail', detail('H1_NOACT', { dialogExecSp: '', dialogListSourceExecSp: '' }));
  });
});

describe('saving a function key', () => {
  beforeAll(async () => {
    await saved('rfSubProcessDetail', detail('H1_KEY_A'));
    await saved('rfSubProcessDetail', detail('H1_KEY_B'));
    await saved('rfSubProcessDetail', detail('H1_KEY_W2', { whId: 'WH02' }));
  });

  it('leads to Exit or to a sub process of the same warehouse and client only', async () => {
    await saved('rfSubProcessOption', option('H1_KEY_A', 'BACK', 'Exit'));
    await saved('rfSubProcessOption', option('H1_KEY_A', 'F1', 'H1_KEY_B'));
    const unknown = await save('rfSubProcessOption', option('H1_KEY_A', 'F2', 'H1_NOWHERE'));
    expect(unknown.body).toMatchObject({ errorCode: 'rfSubProcessNotFound' });
    expect(unknown.body.msg).toBe(
      'Next sub process "H1_NOWHERE": warehouse WH01, client ACME has no such sub process (or choose Exit)',
    );
    const otherWarehouse = await save('rfSubProcessOption', option('H1_KEY_A', 'F2', 'H1_KEY_W2'));
    expect(otherWarehouse.body).toMatchObject({ errorCode: 'rfSubProcessNotFound' });
    const otherClient = await save('rfSubProcessOption', option('H1_KEY_A', 'F2', 'H1_LIST_BLUE'));
    expect(otherClient.body).toMatchObject({ errorCode: 'rfSubProcessNotFound' });
  });

  it('takes only the spec’s function keys, an option resource as its name and a registered action', async () => {
    const key = await save('rfSubProcessOption', option('H1_KEY_A', 'F9', 'Exit'));
    expect(key.body).toMatchObject({ errorCode: 'fieldNotInList' });
    const name = await save('rfSubProcessOption', option('H1_KEY_A', 'F3', 'Exit', { dialogOptionName: 'H1_PROMPT' }));
    expect(name.body.msg).toBe('Option name "H1_PROMPT": there is no process resource of type Option with this name');
    const action = await save('rfSubProcessOption', option('H1_KEY_A', 'F3', 'Exit', { execSpBeforeNext: 'h1Nope' }));
    expect(action.body).toMatchObject({ errorCode: 'rfActionNotRegistered' });
    await saved('rfSubProcessOption', option('H1_KEY_A', 'F3', 'Exit', { execSpBeforeNext: '' }));
    expect(await find('rfSubProcessOption', { subProcessName: 'H1_KEY_A', functionKey: 'F9' })).toEqual([]);
  });

  it('keeps the keys of a saved function key', async () => {
    const [row] = await find('rfSubProcessOption', { subProcessName: 'H1_KEY_A', functionKey: 'F3' });
    await saved('rfSubProcessOption', {
      ...row,
      functionKey: 'F4',
      subProcessName: 'H1_KEY_B',
      dialogOptionDescription: 'Changed',
    });
    const [after] = await find('rfSubProcessOption', { subProcessName: 'H1_KEY_A', functionKey: 'F3' });
    expect(after).toMatchObject({ id: row!.id, dialogOptionDescription: 'Changed' });
  });
});

describe('filters', () => {
  it('takes % as any in each of the spec’s filters', async () => {
    const all = await find('rfSubProcessOption', {});
    const any = await find('rfSubProcessOption', { whId: '%', clientCode: '%', subProcessName: '%', dialogOptionName: '%' });
    expect(any.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const keys = await find('rfSubProcessOption', {
      whId: 'WH01',
      clientCode: 'ACME',
      subProcessName: { value: 'H1_KEY_A', exact: true },
      dialogOptionName: '%',
    });
    expect(keys.map((r) => r.functionKey).sort()).toEqual(['BACK', 'F1', 'F3']);
    const details = await find('rfSubProcessDetail', { whId: 'WH01', clientCode: 'ACME', subProcessName: 'H1_KEY%' });
    expect(details.map((r) => r.subProcessName)).toEqual(['H1_KEY_A', 'H1_KEY_B']);
    const anyType = await find('rfProcessResource', { type: '%', name: 'H1_OPT%' });
    expect(anyType.map((r) => `${r.name}/${r.localeId}`)).toEqual(['H1_OPT_BACK/1033', 'H1_OPT_BACK/2052', 'H1_OPT_DONE/2052']);
    expect(await find('rfProcessResource', { type: 'option', name: 'H1_TITLE' })).toEqual([]);
  });
});

describe('deleting', () => {
  it('refuses a sub process a main process or another dialog’s key still names; takes its own keys with it', async () => {
    const [listA] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_LIST_A', exact: true } });
    const inMain = await t.post(api('rfSubProcessDetail', 'delete'), [{ id: listA!.id }], admin);
    expect(inMain.body).toMatchObject({ errorCode: 'rfSubProcessInMainProcess' });
    expect(inMain.body.msg).toBe('Sub process "H1_LIST_A" is used by main process H1_MAIN and cannot be deleted');

    const [keyB] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_KEY_B', exact: true } });
    const inKey = await t.post(api('rfSubProcessDetail', 'delete'), [{ id: keyB!.id }], admin);
    expect(inKey.body.msg).toBe('Sub process "H1_KEY_B" is where key F1 of sub process H1_KEY_A leads and cannot be deleted');

    const [keyA] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_KEY_A', exact: true } });
    const gone = await t.post(api('rfSubProcessDetail', 'delete'), [{ id: keyA!.id }], admin);
    expect(gone.body).toMatchObject({ code: 200, data: 1 });
    expect(await find('rfSubProcessOption', { subProcessName: { value: 'H1_KEY_A', exact: true } })).toEqual([]);
    // Now nothing leads to H1_KEY_B.
    expect((await t.post(api('rfSubProcessDetail', 'delete'), [{ id: keyB!.id }], admin)).body).toMatchObject({ data: 1 });
  });

  it('refuses the last locale of a resource a dialog names, not one of two', async () => {
    const rows = await find('rfProcessResource', { name: 'H1_TITLE', type: 'title' });
    expect(rows).toHaveLength(2);
    const one = await t.post(api('rfProcessResource', 'delete'), [{ id: rows[0]!.id }], admin);
    expect(one.body).toMatchObject({ code: 200, data: 1 });
    const last = await t.post(api('rfProcessResource', 'delete'), [{ id: rows[1]!.id }], admin);
    expect(last.body).toMatchObject({ errorCode: 'rfResourceInUse' });
    expect(last.body.msg).toMatch(/^Process resource "H1_TITLE" \(Title\) is used by sub process WH01 \/ (ACME|BLUE) \/ H1_/);
    const unused = await saved('rfProcessResource', resource('H1_UNUSED', 'header', '1033', 'x'));
    expect((await t.post(api('rfProcessResource', 'delete'), [{ id: unused }], admin)).body).toMatchObject({ data: 1 });
  });
});

describe('permissions and grants', () => {
  const users: Record<string, string> = {};
  const perm = (a: string) => `sys:rfMainProcessDetail:${a}`;
  beforeAll(async () => {
    for (const action of ['view', 'add', 'edit', 'delete']) {
      await createUser(t, `rf-${action}`, { permissions: [perm(action)], warehouses: ['WH01', 'WH02'] });
      users[action] = await t.login(`rf-${action}`, 'Secret#123');
    }
    const all = ['view', 'add', 'edit', 'delete'].map(perm);
    await createUser(t, 'rf-wh02', { permissions: all, warehouses: ['WH02'] });
    users.wh02 = await t.login('rf-wh02', 'Secret#123');
    await createUser(t, 'rf-acme', { permissions: all, warehouses: ['WH01'] });
    await sql`update sys_user_warehouse set client_codes = array['ACME']::varchar[]
      where user_id = (select id from sys_user where name = 'rf-acme')`.execute(db());
    users.acme = await t.login('rf-acme', 'Secret#123');
  });

  it('guards each call by its own permission', async () => {
    const gets = [
      '/api/rfSubProcessDetail/getSubProcessNames?whId=WH01&clientCode=ACME',
      '/api/rfProcessResource/getProcessResources?type=title',
      '/api/rfMainProcessDetail/getMainProcessNames',
    ];
    for (const action of ['view', 'add', 'edit', 'delete']) {
      for (const url of gets)
        expect((await t.get(url, users[action])).status, `${url} as ${action}`).toBe(action === 'view' ? 200 : 403);
      for (const entity of ['rfSubProcessOption', 'rfSubProcessDetail', 'rfProcessResource', 'rfMainProcessDetail']) {
        const page = await t.post(api(entity, 'findPage'), { pageNum: 1, pageSize: 5 }, users[action]);
        expect(page.status, `${entity} findPage as ${action}`).toBe(action === 'view' ? 200 : 403);
        const del = await t.post(api(entity, 'delete'), [{ id: 999999 }], users[action]);
        expect(del.status, `${entity} delete as ${action}`).toBe(action === 'delete' ? 200 : 403);
      }
    }
    // Save: an insert needs :add, an update :edit.
    const fresh = resource('H1_PERM', 'prompt', '1033', 'p');
    expect((await save('rfProcessResource', fresh, users.edit)).status).toBe(403);
    const id = (await save('rfProcessResource', fresh, users.add)).body.data;
    expect(id).toBeGreaterThan(0);
    expect((await save('rfProcessResource', { ...fresh, id, text: 'q' }, users.add)).status).toBe(403);
    expect((await save('rfProcessResource', { ...fresh, id, text: 'q' }, users.edit)).body).toMatchObject({ data: id });
    expect((await save('rfSubProcessDetail', detail('H1_PERM'), users.view)).status).toBe(403);
    expect((await save('rfSubProcessDetail', detail('H1_PERM'), users.add)).body.data).toBeGreaterThan(0);
  });

  it('keeps other warehouses’ and other clients’ rows out', async () => {
    await saved('rfSubProcessOption', option('H1_KEY_W2', 'BACK', 'Exit', { whId: 'WH02' }));
    const [blue] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_LIST_BLUE', exact: true } });
    for (const entity of ['rfSubProcessDetail', 'rfSubProcessOption']) {
      const seen = await find(entity, {}, users.wh02);
      expect(seen.length, entity).toBeGreaterThan(0);
      expect(seen.every((r) => r.whId === 'WH02')).toBe(true);
      const acme = await find(entity, {}, users.acme);
      expect(
        acme.every((r) => r.whId === 'WH01' && r.clientCode === 'ACME'),
        entity,
      ).toBe(true);
    }
    expect((await save('rfSubProcessDetail', detail('H1_W1'), users.wh02)).body).toMatchObject({ code: 200, data: 0 });
    expect((await save('rfSubProcessDetail', detail('H1_B1', { clientCode: 'BLUE' }), users.acme)).body).toMatchObject({
      data: 0,
    });
    expect((await save('rfSubProcessDetail', { ...blue, processDescription: 'x' }, users.acme)).body).toMatchObject({ data: 0 });
    expect((await t.post(api('rfSubProcessDetail', 'delete'), [{ id: blue!.id }], users.acme)).body).toMatchObject({ data: 0 });

    const wh = await t.get('/api/rfSubProcessDetail/getSubProcessNames?whId=WH01&clientCode=ACME', users.wh02);
    expect(wh.body).toMatchObject({ errorCode: 'warehouseNotGranted', msg: 'You have no access to warehouse WH01' });
    const client = await t.get('/api/rfSubProcessDetail/getSubProcessNames?whId=WH01&clientCode=BLUE', users.acme);
    expect(client.body).toMatchObject({ errorCode: 'clientNotGranted' });
    const own = await t.get<string[]>('/api/rfSubProcessDetail/getSubProcessNames?whId=WH02&clientCode=ACME', users.wh02);
    expect(own.body.data).toContain('H1_KEY_W2');
  });
});

describe('batchDelete of the sub process and option screens (spec 001 §7)', () => {
  it('deletes with the rules, permission and grants of delete, all rows or none', async () => {
    const users: Record<string, string> = {};
    for (const name of ['rf-bd-view', 'rf-bd-delete']) {
      await createUser(t, name, { permissions: [`sys:rfMainProcessDetail:${name.slice(6)}`], warehouses: ['WH01'] });
      users[name] = await t.login(name, 'Secret#123');
    }
    await saved('rfSubProcessDetail', detail('H1_BD_A'));
    await saved('rfSubProcessDetail', detail('H1_BD_B'));
    await saved('rfSubProcessDetail', detail('H1_BD_C'));
    await saved('rfSubProcessOption', option('H1_BD_A', 'F2', 'H1_BD_B'));
    await saved('rfSubProcessOption', option('H1_BD_A', 'F3', 'Exit'));
    const [a] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_BD_A', exact: true } });
    const [b] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_BD_B', exact: true } });
    const [c] = await find('rfSubProcessDetail', { subProcessName: { value: 'H1_BD_C', exact: true } });
    const keys = await find('rfSubProcessOption', { subProcessName: { value: 'H1_BD_A', exact: true } });
    expect(keys).toHaveLength(2);

    for (const entity of ['rfSubProcessOption', 'rfSubProcessDetail']) {
      // Without :delete it is refused like delete; with it a missing row deletes nothing (data 0).
      expect((await t.post(api(entity, 'batchDelete'), [{ id: 999999 }], users['rf-bd-view'])).status, entity).toBe(403);
      expect((await t.post(api(entity, 'batchDelete'), [{ id: 999999 }], users['rf-bd-delete'])).body, entity).toMatchObject({
        code: 200,
        data: 0,
      });
      expect((await t.post(api(entity, 'batchDelete'), [], admin)).status, entity).toBe(400);
    }
    // One transaction: B is where A's F2 leads, so C and B together are refused and C stays too.
    const both = await t.post(api('rfSubProcessDetail', 'batchDelete'), [{ id: c!.id }, { id: b!.id }], admin);
    expect(both.body).toMatchObject({ errorCode: 'rfSubProcessInOption' });
    expect(await find('rfSubProcessDetail', { subProcessName: 'H1_BD_%' })).toHaveLength(3);
    // The two function keys in one call, then the three sub processes.
    const gone = await t.post(
      api('rfSubProcessOption', 'batchDelete'),
      keys.map((k) => ({ id: k.id })),
      users['rf-bd-delete'],
    );
    expect(gone.body).toMatchObject({ code: 200, data: 2 });
    const rest = [a, b, c].map((row) => ({ id: row!.id }));
    expect((await t.post(api('rfSubProcessDetail', 'batchDelete'), rest, admin)).body).toMatchObject({ code: 200, data: 3 });
    expect(await find('rfSubProcessDetail', { subProcessName: 'H1_BD_%' })).toEqual([]);
  });
});

describe('getFork', () => {
  it('lists the devices of a granted warehouse with the user bound to each', async () => {
    await sql`insert into rf_fork (wh_id, fork_id, description, user_name) values
      ('WH01', 'H1-FL', '前移式叉车 Reach truck', 'admin'), ('WH01', 'H1-HH', null, null), ('WH02', 'H1-W2', 'Handheld', null)`.execute(
      db(),
    );
    await createUser(t, 'rf-fork', { permissions: [], warehouses: ['WH02'] });
    const other = await t.login('rf-fork', 'Secret#123');
    const forks = await t.post<OptionEntry[]>('/api/globalOptions/getFork', { whId: 'WH01' }, admin);
    expect(forks.body.data.filter((f) => f.optionValue.startsWith('H1-'))).toEqual([
      { optionValue: 'H1-FL', optionDisplay: 'H1-FL 前移式叉车 Reach truck (admin)' },
      { optionValue: 'H1-HH', optionDisplay: 'H1-HH' },
    ]);
    expect((await t.post<OptionEntry[]>('/api/globalOptions/getFork', { whId: 'WH01' }, other)).body.data).toEqual([]);
    const own = await t.post<OptionEntry[]>('/api/globalOptions/getFork', { whId: 'WH02' }, other);
    expect(own.body.data.map((f) => f.optionValue)).toContain('H1-W2');
  });
});
