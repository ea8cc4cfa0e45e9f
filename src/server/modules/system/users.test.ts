import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../../../tests/support/templates';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import type { Row } from '../../crud/crud.types';

let t: TestApp;
let admin: string;

const page = (filters: Record<string, string>, token = admin) =>
  t.post<PageResult<Row>>('/api/user/findPage', { pageNum: 1, pageSize: 50, columnFilters: filters }, token);
const roleId = async (name: string) =>
  (await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (name: string) =>
  (await t.connection.db.selectFrom('sysUser').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const base = (name: string) => ({ name, nickName: '张三', status: '1', language: 'zh_cn', password: 'Clerk#2024' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('users', () => {
  it('creates a user with department, roles and warehouse grants with clients; the list never shows a password hash', async () => {
    const dept = await t.post<number>('/api/dept/save', { parentId: 0, name: '仓储部', orderNum: 2 }, admin);
    await createUser(t, 'template', { permissions: ['sys:tWhse:view'], warehouses: [] });
    const res = await t.post<number>(
      '/api/user/save',
      {
        ...base('zhangsan'),
        email: 'zs@example.com',
        deptId: dept.body.data,
        roleIds: [await roleId('role-template')],
        warehouses: [
          { whId: 'WH01', clientCodes: ['ACME'] },
          { whId: 'WH02', clientCodes: null },
        ],
      },
      admin,
    );
    expect(res.body, res.body.msg ?? '').toMatchObject({ code: 200 });
    const found = (await page({ name: 'zhangsan' })).body.data.content;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ nickName: '张三', roleNames: 'role-template', deptName: '仓储部', status: 1 });
    expect(JSON.stringify(found)).not.toMatch(/scrypt|passwordHash|Clerk#2024/);
    const access = await t.post<{ roleIds: number[]; warehouses: unknown[] }>(
      '/api/user/findAccess',
      { id: res.body.data },
      admin,
    );
    expect(access.body.data.warehouses).toEqual([
      { whId: 'WH01', clientCodes: ['ACME'] },
      { whId: 'WH02', clientCodes: null },
    ]);
    // The new user signs in with the password given, in the language chosen, and sees only what the role holds.
    const token = await t.login('zhangsan', 'Clerk#2024');
    const profile = await t.get<{ localeId: number; language: string }>('/api/user/findByName?name=zhangsan', token);
    expect(profile.body.data).toMatchObject({ localeId: 2052, language: 'zh_cn' });
    expect((await t.get<string[]>('/api/user/findPermissions', token)).body.data).toEqual(['sys:tWhse:view']);
  });

  it('refuses a weak password, a duplicate account, an unknown warehouse or client, and writes nothing', async () => {
    const before = (await page({})).body.data.totalSize;
    const weak = await t.post('/api/user/save', { ...base('weakling'), password: 'short1' }, admin);
    expect(weak.body).toMatchObject({ code: -10000, errorCode: 'passwordWeak' });
    const dup = await t.post('/api/user/save', base('admin'), admin);
    expect(dup.body).toMatchObject({ code: -10000, errorCode: 'duplicateKey' });
    const wh = await t.post('/api/user/save', { ...base('nowhere'), warehouses: [{ whId: 'NOPE', clientCodes: null }] }, admin);
    expect(wh.body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    const client = await t.post(
      '/api/user/save',
      { ...base('noclient'), warehouses: [{ whId: 'WH02', clientCodes: ['BLUE'] }] },
      admin,
    );
    expect(client.body).toMatchObject({ code: -10000, errorCode: 'fieldInvalid' });
    const badRole = await t.post('/api/user/save', { ...base('norole'), roleIds: [999999] }, admin);
    expect(badRole.body.code).toBe(-10000);
    expect((await page({})).body.data.totalSize).toBe(before);
  });

  it("ends a disabled user's session at their next call, and refuses their login", async () => {
    await createUser(t, 'leaver', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const token = await t.login('leaver', 'Secret#123');
    expect((await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token)).status).toBe(200);
    const id = await userId('leaver');
    expect((await t.post('/api/user/save', { id, status: '0' }, admin)).body.data).toBe(id);
    expect((await t.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token)).status).toBe(401);
    // A disabled account answers like a wrong password (auth.test.ts: whatever the password).
    const again = await t.post('/api/login', { account: 'leaver', password: 'Secret#123', captcha: '' });
    expect(again.body.errorCode).toBe('loginInvalidAccount');
  });

  it('keeps roles and grants when a save leaves them out, and changes them when given', async () => {
    await createUser(t, 'keeper', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const id = await userId('keeper');
    await t.post('/api/user/save', { id, mobile: '13900000000' }, admin);
    let access = (await t.post<{ roleIds: number[]; warehouses: { whId: string }[] }>('/api/user/findAccess', { id }, admin)).body
      .data;
    expect(access.roleIds).toHaveLength(1);
    expect(access.warehouses.map((w) => w.whId)).toEqual(['WH01']);
    await t.post('/api/user/save', { id, roleIds: [], warehouses: [{ whId: 'WH02', clientCodes: [] }] }, admin);
    access = (await t.post<{ roleIds: number[]; warehouses: { whId: string }[] }>('/api/user/findAccess', { id }, admin)).body
      .data;
    expect(access).toEqual({ roleIds: [], warehouses: [{ whId: 'WH02', clientCodes: null }] });
  });

  it('lets an administrator reset a password: the old sessions end and the new password works', async () => {
    await createUser(t, 'forgetful', { permissions: [], warehouses: [] });
    const old = await t.login('forgetful', 'Secret#123');
    const id = await userId('forgetful');
    expect((await t.post('/api/user/resetPassword', { id, password: 'weak' }, admin)).body.errorCode).toBe('passwordWeak');
    expect((await t.post<number>('/api/user/resetPassword', { id, password: 'Fresh#2025' }, admin)).body.data).toBe(id);
    expect((await t.get('/api/user/findPermissions', old)).status).toBe(401);
    expect((await t.post('/api/login', { account: 'forgetful', password: 'Secret#123', captcha: '' })).body.code).toBe(-10000);
    await t.login('forgetful', 'Fresh#2025');
    expect((await t.post<number>('/api/user/resetPassword', { id: 999999, password: 'Fresh#2025' }, admin)).body.data).toBe(0);
  });

  it('lets a user change their own password only with the current one; other sessions end', async () => {
    await createUser(t, 'self', { permissions: [], warehouses: [], password: 'Self#2024' });
    const token = await t.login('self', 'Self#2024');
    const wrong = await t.post('/api/user/changePassword', { oldPassword: 'nope', newPassword: 'Better#2025' }, token);
    expect(wrong.body).toMatchObject({ code: -10000, errorCode: 'passwordWrong', msg: 'The current password is wrong' });
    const weak = await t.post('/api/user/changePassword', { oldPassword: 'Self#2024', newPassword: 'abc' }, token);
    expect(weak.body.errorCode).toBe('passwordWeak');
    await t.login('self', 'Self#2024');
    const current = await t.login('self', 'Self#2024');
    const ok = await t.post('/api/user/changePassword', { oldPassword: 'Self#2024', newPassword: 'Better#2025' }, current);
    expect(ok.body.code).toBe(200);
    expect((await t.get('/api/user/findPermissions', current)).status).toBe(200);
    await t.login('self', 'Better#2025');
    const logged = await t.connection.db
      .selectFrom('sysLog')
      .select('params')
      .where('operation', 'like', '%changePassword')
      .execute();
    expect(logged.length).toBe(1);
    expect(logged[0]!.params).not.toMatch(/Self#2024|Better#2025/);
  });

  it('throttles guessing the current password through a stolen session', async () => {
    await createUser(t, 'target', { permissions: [], warehouses: [], password: 'Target#2024' });
    const token = await t.login('target', 'Target#2024');
    for (let i = 0; i < 6; i++)
      await t.post('/api/user/changePassword', { oldPassword: `guess${i}`, newPassword: 'Owned#2025' }, token);
    const res = await t.post('/api/user/changePassword', { oldPassword: 'Target#2024', newPassword: 'Owned#2025' }, token);
    expect(res.body.errorCode).toBe('loginThrottled');
  });

  it('protects the signed-in administrator and the last super administrator', async () => {
    const id = await userId('admin');
    expect((await t.post('/api/user/save', { id, status: '0' }, admin)).body.errorCode).toBe('selfProtected');
    expect((await t.post('/api/user/delete', [{ id }], admin)).body.errorCode).toBe('selfProtected');
    expect((await t.post('/api/user/save', { id, roleIds: [] }, admin)).body.errorCode).toBe('lastSuperAdmin');
    expect((await page({ name: 'admin' })).body.data.content[0]).toMatchObject({ status: 1, roleNames: 'admin' });
  });

  it('keeps a user administrator within their own warehouses and permissions', async () => {
    await createUser(t, 'hr', {
      permissions: ['sys:user:view', 'sys:user:add', 'sys:user:edit', 'sys:user:delete', 'sys:tWhse:view'],
      warehouses: ['WH01'],
    });
    await createUser(t, 'poweruser', { permissions: ['sys:tClient:delete'], warehouses: ['WH01'] });
    const hr = await t.login('hr', 'Secret#123');
    const other = await t.post('/api/user/save', { ...base('hr1'), warehouses: [{ whId: 'WH02', clientCodes: null }] }, hr);
    expect(other.body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    expect(other.body.msg).toContain('WH02');
    const superRole = await t.post('/api/user/save', { ...base('hr2'), roleIds: [await roleId('admin')] }, hr);
    expect(superRole.body.errorCode).toBe('superAdminOnly');
    const more = await t.post('/api/user/save', { ...base('hr3'), roleIds: [await roleId('role-poweruser')] }, hr);
    expect(more.body.errorCode).toBe('permissionNotHeld');
    const adminId = await userId('admin');
    expect((await t.post('/api/user/resetPassword', { id: adminId, password: 'Taken#2025' }, hr)).body.errorCode).toBe(
      'superAdminOnly',
    );
    expect((await t.post('/api/user/delete', [{ id: adminId }], hr)).body.errorCode).toBe('superAdminOnly');
  });

  it('refuses to reset, edit, disable or delete a user holding permissions, warehouses or clients the administrator lacks', async () => {
    const userAdmin = ['sys:user:view', 'sys:user:add', 'sys:user:edit', 'sys:user:delete'];
    await createUser(t, 'useradmin', { permissions: [...userAdmin, 'sys:tWhse:view'], warehouses: ['WH01'] });
    const hr = await t.login('useradmin', 'Secret#123');
    await createUser(t, 'stronger', { permissions: ['sys:tClient:delete'], warehouses: ['WH01'], password: 'Strong#2024' });
    await createUser(t, 'both', { permissions: [], warehouses: ['WH01', 'WH02'], password: 'Both#2024' });
    const refusals = async (name: string) => {
      const id = await userId(name);
      return [
        (await t.post('/api/user/resetPassword', { id, password: 'Taken#2025' }, hr)).body.errorCode,
        (await t.post('/api/user/save', { id, nickName: 'renamed' }, hr)).body.errorCode,
        (await t.post('/api/user/save', { id, status: '0' }, hr)).body.errorCode,
        (await t.post('/api/user/save', { id, roleIds: [], warehouses: [] }, hr)).body.errorCode,
        (await t.post('/api/user/delete', [{ id }], hr)).body.errorCode,
      ];
    };
    expect(await refusals('stronger')).toEqual(Array(5).fill('permissionNotHeld'));
    expect(await refusals('both')).toEqual(Array(5).fill('warehouseNotGranted'));
    // Nothing changed: the stronger users keep their passwords, access and status; no takeover.
    await t.login('stronger', 'Strong#2024');
    await t.login('both', 'Both#2024');
    expect((await page({ name: 'stronger' })).body.data.content[0]).toMatchObject({ status: 1, nickName: null });
    const access = await t.post<{ warehouses: { whId: string }[] }>('/api/user/findAccess', { id: await userId('both') }, admin);
    expect(access.body.data.warehouses.map((w) => w.whId)).toEqual(['WH01', 'WH02']);

    // Within a warehouse, an administrator limited to some clients manages only users limited to those clients.
    await createUser(t, 'hr-acme', { permissions: userAdmin, warehouses: ['WH01'] });
    await createUser(t, 'wide', { permissions: [], warehouses: ['WH01'] });
    await t.connection.db
      .updateTable('sysUserWarehouse')
      .set({ clientCodes: ['ACME'] })
      .where('userId', '=', await userId('hr-acme'))
      .execute();
    const acme = await t.login('hr-acme', 'Secret#123');
    const wide = await userId('wide');
    expect((await t.post('/api/user/resetPassword', { id: wide, password: 'Taken#2025' }, acme)).body.errorCode).toBe(
      'clientsNotGranted',
    );
    const all = await t.post('/api/user/save', { ...base('acme-all'), warehouses: [{ whId: 'WH01', clientCodes: null }] }, acme);
    expect(all.body).toMatchObject({ errorCode: 'clientsNotGranted' });
    expect(all.body.msg).toContain('WH01');
    const blue = await t.post(
      '/api/user/save',
      { ...base('acme-blue'), warehouses: [{ whId: 'WH01', clientCodes: ['BLUE'] }] },
      acme,
    );
    expect(blue.body.errorCode).toBe('clientsNotGranted');
    const mine = await t.post<number>(
      '/api/user/save',
      { ...base('acme-clerk'), warehouses: [{ whId: 'WH01', clientCodes: ['ACME'] }] },
      acme,
    );
    expect(mine.body.data).toBeGreaterThan(0);
    expect(
      (await t.post<number>('/api/user/resetPassword', { id: mine.body.data, password: 'Fresh#2025' }, acme)).body.data,
    ).toBe(mine.body.data);

    // A user holding no more than the administrator: every one of the five is allowed.
    await createUser(t, 'lesser', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    const lesser = await userId('lesser');
    expect((await t.post<number>('/api/user/resetPassword', { id: lesser, password: 'Fresh#2025' }, hr)).body.data).toBe(lesser);
    expect((await t.post<number>('/api/user/save', { id: lesser, nickName: 'renamed' }, hr)).body.data).toBe(lesser);
    expect((await t.post<number>('/api/user/save', { id: lesser, status: '0' }, hr)).body.data).toBe(lesser);
    expect((await t.post<number>('/api/user/delete', [{ id: lesser }], hr)).body.data).toBe(1);
  });

  it('offers the warehouses and clients an administrator may grant: all for a super administrator, their own otherwise', async () => {
    type Option = { whId: string; clients: { clientCode: string }[] };
    const all = (await t.post<Option[]>('/api/user/grantOptions', {}, admin)).body.data;
    expect(all.map((w) => w.whId)).toEqual(expect.arrayContaining(['WH01', 'WH02']));
    expect(all.find((w) => w.whId === 'WH01')?.clients.map((c) => c.clientCode)).toEqual(['ACME', 'BLUE']);
    const hr = await t.login('hr', 'Secret#123');
    expect((await t.post<Option[]>('/api/user/grantOptions', {}, hr)).body.data.map((w) => w.whId)).toEqual(['WH01']);
  });

  it('deletes users with their roles, grants and sessions', async () => {
    await createUser(t, 'gone', { permissions: [], warehouses: ['WH01'] });
    const token = await t.login('gone', 'Secret#123');
    const id = await userId('gone');
    expect((await t.post<number>('/api/user/delete', [{ id }], admin)).body.data).toBe(1);
    expect((await t.get('/api/user/findPermissions', token)).status).toBe(401);
    expect(await t.connection.db.selectFrom('sysUserWarehouse').select('whId').where('userId', '=', id).execute()).toEqual([]);
    expect((await t.post('/api/login', { account: 'gone', password: 'Secret#123', captcha: '' })).body.errorCode).toBe(
      'loginInvalidAccount',
    );
  });

  it('answers 403 to a user without the user permissions, and lets anyone change only their own password', async () => {
    await createUser(t, 'plain', { permissions: [], warehouses: [] });
    const plain = await t.login('plain', 'Secret#123');
    expect((await page({}, plain)).status).toBe(403);
    expect((await t.post('/api/user/save', base('x1'), plain)).status).toBe(403);
    expect((await t.post('/api/user/resetPassword', { id: 1, password: 'Pwned#2025' }, plain)).status).toBe(403);
    expect((await t.post('/api/user/findAccess', { id: 1 }, plain)).status).toBe(403);
    // The administrator's password is untouched.
    await t.login('admin', TEST_ADMIN_PASSWORD);
  });
});
