import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { MenuNode, PageResult } from '../../../shared/wire';
import type { Row } from '../../crud/crud.types';

let t: TestApp;
let admin: string;

type Tree = { id: number; name: string; children: Tree[] };
const flatten = <T extends { children: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menuId = async (where: { url?: string; perms?: string }) => {
  let q = t.connection.db.selectFrom('sysMenu').select('id');
  if (where.url) q = q.where('url', '=', where.url);
  if (where.perms) q = q.where('perms', '=', where.perms);
  return (await q.executeTakeFirstOrThrow()).id;
};
const roleIdOf = async (name: string) =>
  (await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const whPage = (token: string) => t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('roles', () => {
  it("applies a change of a role's menus at the holder's next call, without a new login", async () => {
    await createUser(t, 'clerk', { permissions: [], warehouses: ['WH01'] });
    const clerk = await t.login('clerk', 'Secret#123');
    const roleId = await roleIdOf('role-clerk');
    expect((await whPage(clerk)).status).toBe(403);
    const view = await menuId({ perms: 'sys:tWhse:view' });
    expect((await t.post<number>('/api/role/saveRoleMenus', { roleId, menuIds: [view] }, admin)).body.data).toBe(roleId);
    expect((await whPage(clerk)).status).toBe(200);
    // The screen and its directory come along with the button: the menu shows the screen.
    const nav = (await t.get<MenuNode[]>('/api/menu/findNavTree', clerk)).body.data;
    expect(flatten(nav).map((n) => n.url ?? n.name)).toEqual(['Master data', 'Wms/TWhse']);
    const held = (await t.get<number[]>(`/api/role/findRoleMenus?roleId=${roleId}`, admin)).body.data;
    expect(held).toContain(view);
    expect(held).toContain(await menuId({ url: 'Wms/TWhse' }));
    expect((await t.post('/api/role/saveRoleMenus', { roleId, menuIds: [] }, admin)).body.code).toBe(200);
    expect((await whPage(clerk)).status).toBe(403);
  });

  it('refuses changes to the super administrator role and deletion of a role still held', async () => {
    const superId = await roleIdOf('admin');
    expect((await t.post('/api/role/saveRoleMenus', { roleId: superId, menuIds: [] }, admin)).body.errorCode).toBe(
      'superAdminRole',
    );
    expect((await t.post('/api/role/delete', [{ id: superId }], admin)).body.errorCode).toBe('superAdminRole');
    await createUser(t, 'holder', { permissions: [], warehouses: [] });
    const held = await t.post('/api/role/delete', [{ id: await roleIdOf('role-holder') }], admin);
    expect(held.body).toMatchObject({ errorCode: 'inUse' });
    expect(held.body.msg).toContain('role-holder');
    const all = (await t.get<{ name: string; superAdmin: boolean }[]>('/api/role/findAll', admin)).body.data;
    expect(all.find((r) => r.name === 'admin')?.superAdmin).toBe(true);
    expect(all.some((r) => r.name === 'role-holder')).toBe(true);
    // A super administrator role holds every menu.
    const menus = (await t.get<number[]>(`/api/role/findRoleMenus?roleId=${superId}`, admin)).body.data;
    const count = await t.connection.db
      .selectFrom('sysMenu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(menus.length).toBe(Number(count?.n));
  });

  it('does not let a role administrator hand out permissions they lack', async () => {
    await createUser(t, 'roleadmin', { permissions: ['sys:role:view', 'sys:role:edit', 'sys:tWhse:view'], warehouses: [] });
    await createUser(t, 'junior', { permissions: [], warehouses: [] });
    const token = await t.login('roleadmin', 'Secret#123');
    const junior = await roleIdOf('role-junior');
    const ok = await t.post(
      '/api/role/saveRoleMenus',
      { roleId: junior, menuIds: [await menuId({ perms: 'sys:tWhse:view' })] },
      token,
    );
    expect(ok.body.code).toBe(200);
    const beyond = await t.post(
      '/api/role/saveRoleMenus',
      { roleId: junior, menuIds: [await menuId({ perms: 'sys:user:delete' })] },
      token,
    );
    expect(beyond.body.errorCode).toBe('permissionNotHeld');
    const unknown = await t.post('/api/role/saveRoleMenus', { roleId: junior, menuIds: [99999999] }, admin);
    expect(unknown.body.code).toBe(-10000);
    // Unchanged by the refusals.
    const held = (await t.get<number[]>(`/api/role/findRoleMenus?roleId=${junior}`, admin)).body.data;
    expect(held).toContain(await menuId({ perms: 'sys:tWhse:view' }));
    expect(held).not.toContain(await menuId({ perms: 'sys:user:delete' }));
  });

  it('keeps a role editor to roles holding nothing beyond their own: no rename, strip or delete of a stronger role', async () => {
    const own = ['sys:role:view', 'sys:role:add', 'sys:role:edit', 'sys:role:delete', 'sys:tWhse:view'];
    await createUser(t, 'roleeditor', { permissions: own, warehouses: [] });
    const token = await t.login('roleeditor', 'Secret#123');
    const { db } = t.connection;
    // Roles nobody holds (a held role is not deletable anyway): one stronger than the editor, one within.
    const roleWith = async (name: string, perms: string[]) => {
      const { id } = await db
        .insertInto('sysRole')
        .values({ name, remark: 'as made', superAdmin: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      const menus = await db.selectFrom('sysMenu').select('id').where('perms', 'in', perms).execute();
      await db
        .insertInto('sysRoleMenu')
        .values(menus.map((m) => ({ roleId: id, menuId: m.id })))
        .execute();
      return id;
    };
    const stronger = await roleWith('stronger-role', ['sys:tWhse:view', 'sys:user:delete']);
    const weaker = await roleWith('weaker-role', ['sys:tWhse:view']);
    const superId = await roleIdOf('admin');
    const whView = await menuId({ perms: 'sys:tWhse:view' });

    const renameSuper = await t.post('/api/role/save', { id: superId, name: 'pwned', remark: 'pwned' }, token);
    expect(renameSuper.body).toMatchObject({ code: -10000, errorCode: 'superAdminOnly' });
    const edit = await t.post('/api/role/save', { id: stronger, name: 'stronger-role', remark: 'edited' }, token);
    expect(edit.body).toMatchObject({ code: -10000, errorCode: 'permissionNotHeld' });
    const strip = await t.post('/api/role/saveRoleMenus', { roleId: stronger, menuIds: [whView] }, token);
    expect(strip.body).toMatchObject({ code: -10000, errorCode: 'permissionNotHeld' });
    const del = await t.post('/api/role/delete', [{ id: stronger }], token);
    expect(del.body).toMatchObject({ code: -10000, errorCode: 'permissionNotHeld' });
    const delSuper = await t.post('/api/role/delete', [{ id: superId }], token);
    expect(delSuper.body).toMatchObject({ code: -10000, errorCode: 'superAdminOnly' });
    // In Chinese too: a localized business refusal.
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/role/save',
      headers: { token, lang: 'zh_cn' },
      payload: { id: superId, remark: 'pwned' },
    });
    expect(zh.json()).toMatchObject({
      code: -10000,
      errorCode: 'superAdminOnly',
      msg: '只有超级管理员才能修改超级管理员或分配超级管理员角色',
    });
    // Nothing changed.
    const roles = await db
      .selectFrom('sysRole')
      .select(['id', 'name', 'remark'])
      .where('id', 'in', [superId, stronger])
      .execute();
    expect(roles.find((r) => r.id === superId)?.name).toBe('admin');
    expect(roles.find((r) => r.id === superId)?.remark).not.toBe('pwned');
    expect(roles.find((r) => r.id === stronger)?.remark).toBe('as made');
    expect((await t.get<number[]>(`/api/role/findRoleMenus?roleId=${stronger}`, admin)).body.data).toContain(
      await menuId({ perms: 'sys:user:delete' }),
    );

    // Within their own permissions the editor still creates, edits, changes the menus of and deletes roles.
    const created = await t.post<number>('/api/role/save', { name: 'made-by-editor', remark: 'new' }, token);
    expect(created.body.data).toBeGreaterThan(0);
    expect((await t.post<number>('/api/role/save', { id: weaker, remark: 'edited' }, token)).body.data).toBe(weaker);
    const menus = await t.post<number>('/api/role/saveRoleMenus', { roleId: weaker, menuIds: [] }, token);
    expect(menus.body.data).toBe(weaker);
    expect((await t.post<number>('/api/role/saveRoleMenus', { roleId: weaker, menuIds: [whView] }, token)).body.data).toBe(
      weaker,
    );
    expect((await t.post<number>('/api/role/delete', [{ id: weaker }, { id: created.body.data }], token)).body.data).toBe(2);
  });
});

describe('menus', () => {
  const save = (row: Row) => t.post<number>('/api/menu/save', row, admin);
  const entry = (row: Row) => ({ icon: null, url: null, perms: null, orderNum: 9, hidden: 'false', keepAlive: 'false', ...row });

  it('adds a directory, a screen and its button with names in both languages; the navigation shows them', async () => {
    const dir = await save(entry({ parentId: 0, type: '0', name: '报表中心', nameEn: 'Report centre', icon: 'bar-chart' }));
    expect(dir.body.code).toBe(200);
    const screen = await save(
      entry({ parentId: dir.body.data, type: '1', name: '日报', nameEn: 'Daily report', url: 'Wms/Daily' }),
    );
    const button = await save(
      entry({ parentId: screen.body.data, type: '2', name: '日报-查看', nameEn: 'Daily: view', perms: 'sys:daily:view' }),
    );
    expect(button.body.data).toBeGreaterThan(0);
    const zh = await t.app.inject({ method: 'GET', url: '/api/menu/findNavTree', headers: { token: admin, lang: 'zh_cn' } });
    expect(flatten(zh.json().data as MenuNode[]).map((n) => n.name)).toContain('日报');
    const en = (await t.get<MenuNode[]>('/api/menu/findNavTree', admin)).body.data;
    expect(
      flatten(en)
        .find((n) => n.name === 'Report centre')
        ?.children.map((c) => c.url),
    ).toEqual(['Wms/Daily']);
    // The administrator holds the new permission at once.
    expect((await t.get<string[]>('/api/user/findPermissions', admin)).body.data).toContain('sys:daily:view');
  });

  it('refuses a button without permissions or outside a screen, a screen without a url, and a move into its own subtree', async () => {
    const whScreen = await menuId({ url: 'Wms/TWhse' });
    const dirId = (
      await t.connection.db.selectFrom('sysMenu').select('parentId').where('id', '=', whScreen).executeTakeFirstOrThrow()
    ).parentId;
    expect((await save(entry({ parentId: whScreen, type: '2', name: 'x', nameEn: 'x' }))).body.errorCode).toBe('fieldRequired');
    const misplaced = await save(entry({ parentId: dirId, type: '2', name: 'x', nameEn: 'x', perms: 'sys:x:view' }));
    expect(misplaced.body).toMatchObject({ errorCode: 'menuParentType', msg: 'A button cannot be placed under a directory' });
    expect((await save(entry({ parentId: dirId, type: '1', name: 'y', nameEn: 'y' }))).body.errorCode).toBe('fieldRequired');
    expect((await save(entry({ parentId: 987654, type: '0', name: 'z', nameEn: 'z' }))).body.errorCode).toBe('fieldInvalid');
    const dir = await t.connection.db.selectFrom('sysMenu').selectAll().where('id', '=', dirId).executeTakeFirstOrThrow();
    const cycle = await save({ ...dir, type: '0', hidden: 'false', keepAlive: 'false', parentId: whScreen, id: dirId });
    expect(cycle.body.code).toBe(-10000);
    const self = await save({ ...dir, type: '0', hidden: 'false', keepAlive: 'false', parentId: dirId, id: dirId });
    expect(self.body.errorCode).toBe('treeCycle');
    expect((await t.post('/api/menu/delete', [{ id: dirId }], admin)).body.errorCode).toBe('hasChildren');
  });

  it('renames and moves an entry, and deletes a subtree listed whole', async () => {
    const a = await save(entry({ parentId: 0, type: '0', name: '甲', nameEn: 'A' }));
    const b = await save(entry({ parentId: 0, type: '0', name: '乙', nameEn: 'B' }));
    const moved = await save(entry({ id: b.body.data, parentId: a.body.data, type: '0', name: '乙二', nameEn: 'B2' }));
    expect(moved.body.data).toBe(b.body.data);
    const tree = (await t.get<MenuNode[]>('/api/menu/findMenuTree', admin)).body.data;
    expect(tree.find((n) => n.id === a.body.data)?.children.map((c) => c.name)).toEqual(['B2']);
    const dup = await save(entry({ parentId: a.body.data, type: '0', name: '乙二', nameEn: 'B3' }));
    expect(dup.body.errorCode).toBe('duplicateKey');
    const del = await t.post<number>('/api/menu/delete', [{ id: a.body.data }, { id: b.body.data }], admin);
    expect(del.body.data).toBe(2);
  });
});

describe('menu permissions', () => {
  const entry = (row: Row) => ({ icon: null, url: null, perms: null, orderNum: 9, hidden: 'false', keepAlive: 'false', ...row });
  const menuRow = async (id: number) => ({
    ...(await t.connection.db.selectFrom('sysMenu').selectAll().where('id', '=', id).executeTakeFirstOrThrow()),
    hidden: 'false',
    keepAlive: 'false',
  });
  const perms = async (token: string) => (await t.get<string[]>('/api/user/findPermissions', token)).body.data;

  it('refuses a menu editor who is not a super administrator any change of the permissions menus carry', async () => {
    const own = ['sys:menu:view', 'sys:menu:add', 'sys:menu:edit', 'sys:menu:delete', 'sys:tWhse:view'];
    await createUser(t, 'menuadmin', { permissions: own, warehouses: [] });
    // Another role holding the same button would gain whatever the button is given.
    await createUser(t, 'bystander', { permissions: ['sys:tWhse:view'], warehouses: [] });
    const token = await t.login('menuadmin', 'Secret#123');
    const save = (row: Row) => t.post<number>('/api/menu/save', row, token);
    const held = await menuId({ perms: 'sys:tWhse:view' });
    const button = await menuRow(held);
    const screen = button.parentId;

    // Widening a button their role holds: refused, for them and for every other holder.
    const widen = await save({ ...button, type: '2', perms: 'sys:tWhse:view,sys:backup:edit,sys:user:edit' });
    expect(widen.body).toMatchObject({ code: -10000, errorCode: 'menuPermsSuperAdminOnly' });
    // Swapping it for a permission they hold, or turning it into a directory (which drops it): refused too.
    expect((await save({ ...button, type: '2', perms: 'sys:menu:view' })).body.errorCode).toBe('menuPermsSuperAdminOnly');
    const dirId = (await menuRow(screen)).parentId;
    expect((await save({ ...button, type: '0', parentId: dirId })).body.errorCode).toBe('menuPermsSuperAdminOnly');
    // Deleting a button takes its permission from every holder: refused.
    expect((await t.post('/api/menu/delete', [{ id: held }], token)).body.errorCode).toBe('menuPermsSuperAdminOnly');
    // A new button may carry only permissions they hold.
    const lacking = await save(
      entry({ parentId: screen, type: '2', name: 'x-backup', nameEn: 'x-backup', perms: 'sys:backup:edit' }),
    );
    expect(lacking.body.errorCode).toBe('permissionNotHeld');
    const mixed = entry({
      parentId: screen,
      type: '2',
      name: 'x-mixed',
      nameEn: 'x-mixed',
      perms: 'sys:tWhse:view,sys:user:add',
    });
    expect((await save(mixed)).body.errorCode).toBe('permissionNotHeld');
    const fresh = await save(entry({ parentId: screen, type: '2', name: 'x-view', nameEn: 'x-view', perms: 'sys:tWhse:view' }));
    expect(fresh.body.data).toBeGreaterThan(0);
    // Renaming, reordering and moving keep the permissions: allowed.
    const renamed = await save({ ...button, type: '2', name: '仓库-查阅', nameEn: 'Warehouse: read', orderNum: 7 });
    expect(renamed.body.data).toBe(held);
    const other = await menuId({ url: 'Wms/TClient' });
    expect((await save({ ...(await menuRow(fresh.body.data)), type: '2', parentId: other })).body.data).toBe(fresh.body.data);
    // A directory without permissions may come and go.
    const dir = await save(entry({ parentId: 0, type: '0', name: '临时', nameEn: 'Scratch' }));
    expect((await t.post('/api/menu/delete', [{ id: dir.body.data }], token)).body.data).toBe(1);

    expect((await perms(token)).sort()).toEqual([...own].sort());
    expect(await perms(await t.login('bystander', 'Secret#123'))).toEqual(['sys:tWhse:view']);
    expect((await menuRow(held)).perms).toBe('sys:tWhse:view');
  });

  it('lets a super administrator change and delete the permissions a menu carries', async () => {
    const screen = await menuId({ url: 'Wms/TWhse' });
    const created = await t.post<number>(
      '/api/menu/save',
      entry({ parentId: screen, type: '2', name: 'x-export', nameEn: 'x-export', perms: 'sys:tWhse:export' }),
      admin,
    );
    const row = await menuRow(created.body.data);
    const changed = await t.post<number>('/api/menu/save', { ...row, type: '2', perms: 'sys:tWhse:print' }, admin);
    expect(changed.body.data).toBe(created.body.data);
    expect(await perms(admin)).toContain('sys:tWhse:print');
    expect((await t.post<number>('/api/menu/delete', [{ id: created.body.data }], admin)).body.data).toBe(1);
    expect(await perms(admin)).not.toContain('sys:tWhse:print');
  });
});

describe('departments', () => {
  it('keeps a tree: children under parents, no cycles, no deleting a department with children or members', async () => {
    const save = (row: Row) => t.post<number>('/api/dept/save', row, admin);
    const root = (await t.get<Tree[]>('/api/dept/findTree', admin)).body.data[0]!;
    const ops = await save({ parentId: root.id, name: '运营部', orderNum: 1 });
    const team = await save({ parentId: ops.body.data, name: '夜班', orderNum: 1 });
    const tree = (await t.get<Tree[]>('/api/dept/findTree', admin)).body.data;
    expect(
      flatten(tree)
        .find((n) => n.id === ops.body.data)
        ?.children.map((c) => c.name),
    ).toEqual(['夜班']);
    expect((await save({ id: ops.body.data, parentId: team.body.data, name: '运营部', orderNum: 1 })).body.errorCode).toBe(
      'treeCycle',
    );
    expect((await t.post('/api/dept/delete', [{ id: ops.body.data }], admin)).body.errorCode).toBe('hasChildren');
    await t.post(
      '/api/user/save',
      { name: 'night', status: '1', language: 'en_us', password: 'Night#2024', deptId: team.body.data },
      admin,
    );
    const inUse = await t.post('/api/dept/delete', [{ id: team.body.data }], admin);
    expect(inUse.body).toMatchObject({ errorCode: 'inUse' });
    expect(inUse.body.msg).toContain('夜班');
    expect((await t.get<Tree[]>('/api/dept/findTree', admin)).body.data).toEqual(tree);
  });

  it('answers GET /sysDept/hello (spec 000 §7) to a signed-in user, and 401 without a session', async () => {
    await createUser(t, 'hello-nobody', { permissions: [], warehouses: [] });
    const nobody = await t.login('hello-nobody', 'Secret#123');
    for (const token of [admin, nobody])
      expect((await t.get('/api/sysDept/hello', token)).body).toEqual({ code: 200, msg: null, data: 'hello' });
    expect((await t.get('/api/sysDept/hello')).status).toBe(401);
  });
});

describe('dictionary', () => {
  it('keeps labels in both languages, finds entries by type, and refuses a duplicate value within a type', async () => {
    const row = { type: 'reasonType', value: 'DMG', label: '破损', labelEn: 'Damaged', sort: 1 };
    expect((await t.post<number>('/api/dict/save', row, admin)).body.data).toBeGreaterThan(0);
    expect((await t.post('/api/dict/save', { ...row, label: '另一个' }, admin)).body.errorCode).toBe('duplicateKey');
    const found = await t.post<PageResult<Row>>(
      '/api/dict/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { type: 'reasonType' } },
      admin,
    );
    expect(found.body.data.content).toEqual([
      expect.objectContaining({ value: 'DMG', label: '破损', labelEn: 'Damaged', sort: 1 }),
    ]);
  });
});

describe('operation log', () => {
  const lastLog = () => t.connection.db.selectFrom('sysLog').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('writes one row for an accepted change, none for a refused one, and never a password', async () => {
    await t.post('/api/dict/save', { type: 'logTest', value: 'A', label: '甲', labelEn: 'A', sort: 1 }, admin);
    const row = await lastLog();
    expect(row).toMatchObject({ userName: 'admin', operation: '/api/dict/save', method: 'POST', ip: '127.0.0.1' });
    expect(row.params).toContain('logTest');
    await t.post('/api/dict/save', { type: 'logTest', value: 'A', label: '甲', labelEn: 'A', sort: 1 }, admin);
    await t.post('/api/dict/save', { type: 'logTest', value: 'B' }, admin);
    await createUser(t, 'nobody', { permissions: [], warehouses: [] });
    await t.post(
      '/api/dict/save',
      { type: 'logTest', value: 'C', label: '丙', labelEn: 'C', sort: 1 },
      await t.login('nobody', 'Secret#123'),
    );
    expect((await lastLog()).id).toBe(row.id + 1); // only the login of "nobody" came after
    expect((await lastLog()).operation).toBe('/api/login');
    await t.post('/api/user/save', { name: 'logged', status: '1', language: 'en_us', password: 'Hidden#2024' }, admin);
    const userSave = await lastLog();
    expect(userSave.operation).toBe('/api/user/save');
    expect(userSave.params).not.toContain('Hidden#2024');
    const rows = await t.connection.db.selectFrom('sysLog').select('params').execute();
    expect(rows.some((r) => (r.params ?? '').includes('Hidden#2024') || (r.params ?? '').includes('Admin#2024'))).toBe(false);
  });

  it('lists the log newest first, filtered by user, operation and day, for holders of sys:log:view only', async () => {
    const find = (filters: Record<string, string>, token = admin) =>
      t.post<PageResult<Row>>('/api/log/findPage', { pageNum: 1, pageSize: 100, columnFilters: filters }, token);
    const all = (await find({})).body.data;
    expect(all.totalSize).toBeGreaterThan(3);
    const ids = all.content.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const saves = (await find({ operation: '%dict/save', userName: 'admin' })).body.data.content;
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.every((r) => r.operation === '/api/dict/save' && r.userName === 'admin')).toBe(true);
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await find({ timeFrom: today, timeTo: today })).body.data.totalSize).toBe(all.totalSize);
    expect((await find({ timeFrom: '2999-01-01' })).body.data.totalSize).toBe(0);
    expect((await find({ secret: 'x' })).body.errorCode).toBe('unknownFilter');
    expect((await find({ timeFrom: 'yesterday' })).body.errorCode).toBe('fieldNotDate');
    await createUser(t, 'nolog', { permissions: [], warehouses: [] });
    expect((await find({}, await t.login('nolog', 'Secret#123'))).status).toBe(403);
  });

  it('sorts the log on the server by a clicked column, ties by entry order, and refuses other columns', async () => {
    const page = (sort: { field: string; order: 'asc' | 'desc' }) =>
      t.post<PageResult<Row>>('/api/log/findPage', { pageNum: 1, pageSize: 100, columnFilters: {}, sort }, admin);
    const byOperation = (await page({ field: 'operation', order: 'asc' })).body.data.content;
    const keys = byOperation.map((r) => [String(r.operation), Number(r.id)] as const);
    const sorted = [...keys].sort(([a, i], [b, j]) => (a === b ? i - j : a < b ? -1 : 1));
    expect(keys.map(([op]) => op)).toEqual(sorted.map(([op]) => op));
    // Rows of one operation keep the order they were logged in.
    const logins = keys.filter(([op]) => op === '/api/login').map(([, id]) => id);
    expect(logins).toEqual([...logins].sort((a, b) => a - b));
    const oldestFirst = (await page({ field: 'time', order: 'asc' })).body.data.content.map((r) => Number(r.id));
    expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b));
    expect((await page({ field: 'params', order: 'asc' })).body.errorCode).toBe('unknownSort');
  });
});
