import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { OptionEntry } from '../../../shared/lookups';
import type { MenuNode } from '../../../shared/wire';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

// Every screen route of both spec documents must be reachable through a menu entry.
const SPEC_ROUTES = [
  'Wms/TPoDetail',
  'Wms/TOrderDetail',
  'Wms/TAfoWaveDetail',
  'Wms/TAfoWaveDetailLine',
  'Wms/TAfaViewWaveOrder',
  'Wms/TAfaViewWaveOrderLine',
  'Wms/TAllocation',
  'Wms/TblShippingLabelDetail',
  'Wms/TblInvAdjustmentDetail',
  'Wms/TblInvMovementDetail',
  'Wms/RfSubProcessDetail',
  'Wms/RfProcessResourceDetail',
  'Wms/RfSubProcessOption',
  'Core/ScanQrCode',
  'Core/ScanCodePage',
  'Core/Signature',
  'Core/RfDialog',
  'sys/user',
  'sys/dept',
  'sys/role',
  'sys/menu',
  'sys/dict',
  'sys/log',
  'generator/generator',
];

describe('navigation and permissions of the signed-in user', () => {
  it('gives the administrator a navigation tree holding every screen of the spec, in the asked language', async () => {
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/menu/findNavTree?userName=admin',
      headers: { token: admin, lang: 'zh_cn' },
    });
    const tree = zh.json().data as MenuNode[];
    const urls = flatten(tree).map((n) => n.url);
    for (const route of SPEC_ROUTES) expect(urls, route).toContain(route);
    expect(flatten(tree).some((n) => n.type === 2)).toBe(false);
    expect(tree.map((n) => n.name)).toContain('系统管理');
    const en = await t.get<MenuNode[]>('/api/menu/findNavTree?userName=admin', admin);
    expect(en.body.data.map((n) => n.name)).toContain('System');
    expect(flatten(en.body.data).find((n) => n.url === 'Wms/TPoDetail')?.hidden).toBe(true);
  });

  it('lists every permission for the super administrator, and only the granted ones for others', async () => {
    const all = (await t.get<string[]>('/api/user/findPermissions?name=admin', admin)).body.data;
    expect(all).toEqual(
      expect.arrayContaining(['sys:tWhse:view', 'sys:tWhse:add', 'sys:tblInvMovement:edit', 'sys:user:delete']),
    );
    await createUser(t, 'viewer', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const viewer = await t.login('viewer', 'Secret#123');
    expect((await t.get<string[]>('/api/user/findPermissions?name=viewer', viewer)).body.data).toEqual(['sys:tWhse:view']);
  });

  it("reduces a user's navigation tree to the screens their role holds", async () => {
    await createUser(t, 'whonly', { permissions: [], warehouses: ['WH01'] });
    const { db } = t.connection;
    const menu = await db.selectFrom('sysMenu').select('id').where('url', '=', 'Wms/TWhse').executeTakeFirstOrThrow();
    const role = await db.selectFrom('sysRole').select('id').where('name', '=', 'role-whonly').executeTakeFirstOrThrow();
    await db.insertInto('sysRoleMenu').values({ roleId: role.id, menuId: menu.id }).execute();
    const token = await t.login('whonly', 'Secret#123');
    const tree = (await t.get<MenuNode[]>('/api/menu/findNavTree?userName=whonly', token)).body.data;
    expect(flatten(tree).map((n) => n.url ?? n.name)).toEqual(['Master data', 'Wms/TWhse']);
  });

  it('answers the language and locale id of the user, and remembers a change of language', async () => {
    const res = await t.get<{ localeId: number; language: string; roleLabel: string }>('/api/user/findByName?name=admin', admin);
    expect(res.body.data).toMatchObject({ localeId: 2052, language: 'zh_cn', roleLabel: 'Super administrator' });
    await t.post('/api/user/changeLanguage', { language: 'en_us' }, admin);
    expect((await t.get<{ localeId: number }>('/api/user/findByName?name=admin', admin)).body.data.localeId).toBe(1033);
    expect(
      (await t.post<{ tenantName: string }>('/api/user/findTenantByUser', { userName: 'admin' }, admin)).body.data.tenantName,
    ).toBe('Wharf');
  });

  it('lists only granted warehouses and their clients in the lookups', async () => {
    await createUser(t, 'wh2user', { permissions: [], warehouses: ['WH02'] });
    const token = await t.login('wh2user', 'Secret#123');
    const whs = await t.post<OptionEntry[]>('/api/globalOptions/getWhse', { userName: 'wh2user' }, token);
    expect(whs.body.data.map((w) => w.optionValue)).toEqual(['WH02']);
    expect(whs.body.data[0]?.optionDisplay).toMatch(/^WH02 /);
    expect((await t.post<unknown[]>('/api/globalOptions/getClient', { whId: 'WH01' }, token)).body.data).toEqual([]);
    const clients = await t.post<OptionEntry[]>('/api/globalOptions/getClient', { whId: 'WH02' }, token);
    expect(clients.body.data.map((c) => c.optionValue)).toEqual(['ACME']);
  });
});
