import { sql } from 'kysely';
import { sysUser } from '../../../shared/entities/sysUser';
import { isStrongPassword } from '../../../shared/passwordRule';
import { permission } from '../../../shared/permissions';
import { validateRow } from '../../../shared/validation';
import { type LanguageCode, LOCALE_IDS, type PageRequest, type PageResult } from '../../../shared/wire';
import { findPage } from '../../crud/crud.service';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { AppContext, SessionUser } from '../../platform/context';
import { AppError, HttpError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { accountKey, claimAttempt, clearAttempts } from '../auth/throttle';
import { refuseBeyondActor } from './beyondActor';

/** A warehouse the user may work in, with the clients within it (null = every client of it). */
export interface WarehouseGrant {
  whId: string;
  clientCodes: string[] | null;
}

/** What the user form sends besides the entity's fields. */
export interface UserSaveInput extends Row {
  id?: number | string | null;
  /** Only on insert; an administrator changes it later with resetPassword. */
  password?: string;
  /** Absent: the roles stay as they are. */
  roleIds?: number[];
  /** Absent: the grants stay as they are. */
  warehouses?: WarehouseGrant[];
}

/** A user's roles and warehouse grants, for the edit form. */
export interface UserAccess {
  roleIds: number[];
  warehouses: WarehouseGrant[];
}

// The check lives in beyondActor.ts (roles use it too); the kiosk's sign-in imports it from here.
export { refuseBeyondActor } from './beyondActor';

/** Users: findPage and delete through the engine; save is the user service (password, roles, grants). */
export const USER_BINDING: CrudBinding = {
  entity: sysUser,
  table: 'sys_user',
  // People only: an API key's own account is the key's (Integrations screen), never listed nor changed here.
  view: 'sys_user_person',
  async beforeDelete(trx, rows, { user }) {
    if (rows.some((r) => Number(r.id) === user.id)) throw new AppError('selfProtected');
    const ids = rows.map((r) => Number(r.id));
    await refuseBeyondActor(trx, user, ids);
  },
};

/** An installation always keeps one enabled super administrator, or nobody could manage it any more. */
async function requireEnabledSuperAdmin(trx: Trx): Promise<void> {
  const row = await trx
    .selectFrom('sysUser as u')
    .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('u.id')
    .where('r.superAdmin', '=', true)
    .where('u.status', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('lastSuperAdmin');
}

/** The entity's fields from the input, trimmed, empty text as null; the existing values where absent. */
function userRow(input: Row, existing: Row | null): Row {
  const row: Row = {};
  for (const field of Object.keys(sysUser.fields)) {
    const value = field in input ? input[field] : existing?.[field];
    row[field] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
  }
  // The account name is the login: it never changes.
  if (existing) row.name = existing.name;
  return row;
}

export async function saveRoles(trx: Trx, userId: number, roleIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  const roles = wanted.length ? await trx.selectFrom('sysRole').select('id').where('id', 'in', wanted).execute() : [];
  if (roles.length !== wanted.length) throw new AppError('fieldInvalid', { field: 'entity.user.field.roleIds' });
  const current = (await trx.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).execute()).map(
    (r) => r.roleId,
  );
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (removed.length) await trx.deleteFrom('sysUserRole').where('userId', '=', userId).where('roleId', 'in', removed).execute();
  if (added.length)
    await trx
      .insertInto('sysUserRole')
      .values(added.map((roleId) => ({ userId, roleId })))
      .execute();
}

export async function saveGrants(trx: Trx, userId: number, grants: readonly WarehouseGrant[]): Promise<void> {
  const byWh = new Map<string, string[] | null>();
  for (const grant of grants) {
    const listed = (grant.clientCodes ?? []).filter((c) => c !== '');
    const codes = listed.length > 0 ? [...new Set(listed)].sort() : null;
    byWh.set(grant.whId, codes);
  }
  const whIds = [...byWh.keys()];
  if (whIds.length) {
    const { rows: known } = await sql<{ whId: string }>`select wh_id from t_whse where wh_id = any(${whIds}::varchar[])`.execute(
      trx,
    );
    const missing = whIds.find((w) => !known.some((k) => k.whId === w));
    if (missing) throw new AppError('warehouseNotGranted', { whId: missing });
    const pairs = [...byWh].flatMap(([whId, codes]) => (codes ?? []).map((c) => ({ whId, c })));
    if (pairs.length) {
      const { rows: clients } = await sql<{ whId: string; clientCode: string }>`
        select wh_id, client_code from t_client where wh_id = any(${whIds}::varchar[])`.execute(trx);
      const unknown = pairs.find((p) => !clients.some((c) => c.whId === p.whId && c.clientCode === p.c));
      if (unknown) throw new AppError('fieldInvalid', { field: 'entity.user.field.clientCodes' });
    }
  }
  await trx.deleteFrom('sysUserWarehouse').where('userId', '=', userId).execute();
  if (whIds.length) {
    await trx
      .insertInto('sysUserWarehouse')
      .values([...byWh].map(([whId, clientCodes]) => ({ userId, whId, clientCodes })))
      .execute();
  }
}

/**
 * Inserts (no id) or updates (with id) a user with their roles and warehouse grants, in one transaction.
 * Answers the user id, or 0 when the user does not exist.
 */
export async function saveUser(db: Db, actor: SessionUser, input: UserSaveInput): Promise<number> {
  const rawId = input.id;
  const id = rawId === undefined || rawId === null || rawId === '' ? null : Number(rawId);
  if (id !== null && !Number.isSafeInteger(id)) throw new AppError('fieldInvalid', { field: 'entity.common.field.id' });
  if (!actor.permissions.has(permission('user', id === null ? 'add' : 'edit'))) throw new HttpError(403);
  return db.transaction().execute(async (trx) => {
    const existing =
      id === null
        ? null
        : ((await trx.selectFrom('sysUser').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null);
    if (id !== null && !existing) return 0;
    if (existing) await refuseBeyondActor(trx, actor, [existing.id]);
    const row = userRow(input, existing as Row | null);
    const problem = validateRow(sysUser, row)[0];
    if (problem) throw new AppError(problem.code, problem.params);
    if (existing?.id === actor.id && String(row.status) !== '1') throw new AppError('selfProtected');
    const clash = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('name', '=', String(row.name))
      .$if(id !== null, (q) => q.where('id', '<>', id as number))
      .executeTakeFirst();
    if (clash) throw new AppError('duplicateKey', { fields: ['entity.user.field.name'] });
    const deptId = row.deptId === null ? null : Number(row.deptId);
    if (deptId !== null && !(await trx.selectFrom('sysDept').select('id').where('id', '=', deptId).executeTakeFirst())) {
      throw new AppError('fieldInvalid', { field: 'entity.user.field.deptId' });
    }
    const language = row.language as LanguageCode;
    const values = {
      nickName: (row.nickName as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      mobile: (row.mobile as string | null) ?? null,
      deptId,
      status: Number(row.status),
      language,
      localeId: LOCALE_IDS[language],
    };
    let userId: number;
    if (existing) {
      userId = existing.id;
      await trx
        .updateTable('sysUser')
        .set({ ...values, updateTime: new Date() })
        .where('id', '=', userId)
        .execute();
    } else {
      const password = input.password ?? '';
      if (!isStrongPassword(password)) throw new AppError('passwordWeak');
      const tenant = await trx.selectFrom('sysUser').select('tenantId').where('id', '=', actor.id).executeTakeFirst();
      const inserted = await trx
        .insertInto('sysUser')
        .values({
          ...values,
          name: String(row.name),
          tenantId: tenant?.tenantId ?? null,
          passwordHash: await hashPassword(password),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = inserted.id;
    }
    if (input.roleIds) await saveRoles(trx, userId, input.roleIds);
    if (input.warehouses) await saveGrants(trx, userId, input.warehouses);
    if (!existing || input.roleIds || input.warehouses) await refuseBeyondActor(trx, actor, [userId]);
    await requireEnabledSuperAdmin(trx);
    return userId;
  });
}

/** One page of users with their role names and department name (two bounded queries for the page). */
export async function findUserPage(db: Db, actor: SessionUser, request: PageRequest): Promise<PageResult<Row>> {
  const page = await findPage(db, USER_BINDING, actor, request);
  const ids = page.content.map((r) => Number(r.id));
  if (ids.length === 0) return page;
  const deptIds = [...new Set(page.content.map((r) => r.deptId).filter((d) => d !== null && d !== undefined))] as number[];
  const [roles, depts, secrets] = await Promise.all([
    db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['ur.userId', 'r.name'])
      .where('ur.userId', 'in', ids)
      .orderBy('r.name')
      .execute(),
    deptIds.length ? db.selectFrom('sysDept').select(['id', 'name']).where('id', 'in', deptIds).execute() : [],
    // Whether a dock-station PIN and badge are set (the secrets themselves, even hashed, never leave the server).
    db
      .selectFrom('sysUser')
      .select((eb) => ['id', eb('pinHash', 'is not', null).as('pinSet'), eb('badgeHash', 'is not', null).as('badgeSet')])
      .where('id', 'in', ids)
      .execute(),
  ]);
  const content = page.content.map((r) => ({
    ...r,
    roleNames: roles
      .filter((x) => x.userId === r.id)
      .map((x) => x.name)
      .join(', '),
    deptName: depts.find((d) => d.id === r.deptId)?.name ?? null,
    pinSet: secrets.find((x) => x.id === r.id)?.pinSet ?? false,
    badgeSet: secrets.find((x) => x.id === r.id)?.badgeSet ?? false,
  }));
  return { ...page, content };
}

/** A warehouse the actor may grant, with its clients (the user form's grant picker). */
export interface GrantOption {
  whId: string;
  name: string;
  clients: { clientCode: string; name: string }[];
}

/** The warehouses (and their clients) the actor may hand out: their own, or all for a super administrator. */
export async function grantOptions(db: Db, actor: SessionUser): Promise<GrantOption[]> {
  const scope = actor.warehouses === 'all' ? sql`true` : sql`wh_id = any(${[...actor.warehouses]}::varchar[])`;
  const [whs, clients] = await Promise.all([
    sql<{ whId: string; name: string }>`select wh_id, name from t_whse where ${scope} order by wh_id`.execute(db),
    sql<{ whId: string; clientCode: string; name: string }>`
      select wh_id, client_code, name from t_client where ${scope} order by wh_id, client_code`.execute(db),
  ]);
  return whs.rows.map((w) => ({
    ...w,
    clients: clients.rows.filter((c) => c.whId === w.whId).map(({ clientCode, name }) => ({ clientCode, name })),
  }));
}

/** The roles and grants of a user, for the edit form. */
export async function findUserAccess(db: Db, userId: number): Promise<UserAccess> {
  const [roles, grants] = await Promise.all([
    db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).orderBy('roleId').execute(),
    db.selectFrom('sysUserWarehouse').select(['whId', 'clientCodes']).where('userId', '=', userId).orderBy('whId').execute(),
  ]);
  return { roleIds: roles.map((r) => r.roleId), warehouses: grants };
}

/** An administrator sets a new password; the user's open sessions end. Answers the id, or 0 for no such user. */
export async function resetPassword(ctx: AppContext, actor: SessionUser, id: number, password: string): Promise<number> {
  if (!isStrongPassword(password)) throw new AppError('passwordWeak');
  const hash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('sysUser').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!target) return 0;
    await refuseBeyondActor(trx, actor, [id]);
    await trx.updateTable('sysUser').set({ passwordHash: hash, updateTime: ctx.now() }).where('id', '=', id).execute();
    await trx
      .updateTable('sysSession')
      .set({ endedAt: ctx.now(), endedReason: 'logout' })
      .where('userId', '=', id)
      .where('endedAt', 'is', null)
      .$if(id === actor.id, (q) => q.where('id', '<>', actor.sessionId))
      .execute();
    return id;
  });
}

/**
 * A user changes their own password with the current one. Each try counts towards the account's login
 * throttle before the current password is checked (a stolen session cannot guess its way to the password,
 * not even with parallel calls); the right one clears the count. Other sessions end.
 */
export async function changePassword(
  ctx: AppContext,
  actor: SessionUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  // A weak new password is refused before anything is counted: it checks no password.
  if (!isStrongPassword(newPassword)) throw new AppError('passwordWeak');
  const now = ctx.now();
  const owner = accountKey(actor.name);
  const wait = await claimAttempt(ctx.db, [owner], now);
  if (wait > 0) throw new AppError('loginThrottled', { minutes: Math.ceil(wait / 60_000) });
  const user = await ctx.db.selectFrom('sysUser').select('passwordHash').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new AppError('passwordWrong');
  const hash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('sysUser').set({ passwordHash: hash, updateTime: now }).where('id', '=', actor.id).execute();
    await trx
      .updateTable('sysSession')
      .set({ endedAt: now, endedReason: 'logout' })
      .where('userId', '=', actor.id)
      .where('endedAt', 'is', null)
      .where('id', '<>', actor.sessionId)
      .execute();
    await clearAttempts(trx, owner);
  });
}
