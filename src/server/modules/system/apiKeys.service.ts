import { apiKey } from '../../../shared/entities/apiKey';
import { validateRow } from '../../../shared/validation';
import { LOCALE_IDS, type PageRequest, type PageResult } from '../../../shared/wire';
import { findPage } from '../../crud/crud.service';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { apiKeyAccount, newApiKey } from '../../platform/apiKey';
import type { AppContext, SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { refuseBeyondActor } from './beyondActor';
import { findUserAccess, saveGrants, saveRoles, type UserAccess, type WarehouseGrant } from './users.service';

/** What the Integrations screen's key form sends. */
export interface ApiKeySaveInput {
  /** Only on create: the name never changes (the operation log names the key by it). */
  name?: string;
  roleId: number;
  warehouses: WarehouseGrant[];
  /** ISO time; null or absent: the key does not expire. */
  expiresAt?: string | null;
  remark?: string | null;
}

/** A new key's answer: the whole key, shown this once (only its hash is kept). */
export interface NewApiKey {
  id: number;
  name: string;
  prefix: string;
  key: string;
}

/** The list of keys (the view adds role, grants and status); save and delete are this service's. */
export const API_KEY_BINDING: CrudBinding = { entity: apiKey, table: 'sys_api_key', view: 'sys_api_key_list' };

export function findApiKeyPage(db: Db, actor: SessionUser, request: PageRequest): Promise<PageResult<Row>> {
  return findPage(db, API_KEY_BINDING, actor, request);
}

/** The role: it exists, and is no super-administrator role (no key ever acts as a super administrator). */
async function checkRole(trx: Trx, roleId: number): Promise<void> {
  const role = await trx.selectFrom('sysRole').select('superAdmin').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new AppError('fieldInvalid', { field: 'entity.apiKey.field.roleName' });
  if (role.superAdmin) throw new AppError('apiKeySuperAdmin');
}

/** The expiry: a valid time in the future, or none. */
function expiryOf(value: string | null | undefined, now: Date): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new AppError('fieldNotDate', { field: 'entity.apiKey.field.expiresAt' });
  if (at <= now) throw new AppError('apiKeyExpiryPast');
  return at;
}

/** The remark, trimmed and checked like the entity's field. */
function remarkOf(value: string | null | undefined): string | null {
  const remark = value?.trim() || null;
  const problem = validateRow(apiKey, { name: 'x', remark })[0];
  if (problem) throw new AppError(problem.code, problem.params);
  return remark;
}

/**
 * Creates a key in one transaction: its own account (`apikey:<name>`, no password, the actor's tenant), its role and
 * grants (the user service's functions, nothing beyond the actor's own: `refuseBeyondActor`), and the key's row with
 * the SHA-256 of the key. Answers the key itself, this once.
 */
export async function createApiKey(ctx: AppContext, actor: SessionUser, input: ApiKeySaveInput): Promise<NewApiKey> {
  const name = (input.name ?? '').trim();
  const problem = validateRow(apiKey, { name })[0];
  if (problem) throw new AppError(problem.code, problem.params);
  const now = ctx.now();
  const expiresAt = expiryOf(input.expiresAt, now);
  const remark = remarkOf(input.remark);
  const made = newApiKey();
  return inTransaction(ctx.db, async (trx) => {
    await checkRole(trx, input.roleId);
    const clash = await trx.selectFrom('sysApiKey').select('id').where('name', '=', name).executeTakeFirst();
    const account = apiKeyAccount(name);
    const accountClash = await trx.selectFrom('sysUser').select('id').where('name', '=', account).executeTakeFirst();
    if (clash || accountClash) throw new AppError('duplicateKey', { fields: ['entity.apiKey.field.name'] });
    const creator = await trx.selectFrom('sysUser').select('tenantId').where('id', '=', actor.id).executeTakeFirst();
    const { id: userId } = await trx
      .insertInto('sysUser')
      .values({
        name: account,
        nickName: name,
        tenantId: creator?.tenantId ?? null,
        // No scrypt hash: no password ever verifies, so the account cannot sign in.
        passwordHash: '!',
        status: 1,
        language: 'en_us',
        localeId: LOCALE_IDS.en_us,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveRoles(trx, userId, [input.roleId]);
    await saveGrants(trx, userId, input.warehouses);
    await refuseBeyondActor(trx, actor, [userId]);
    const { id } = await trx
      .insertInto('sysApiKey')
      .values({
        userId,
        name,
        prefix: made.prefix,
        secretHash: made.hash,
        remark,
        expiresAt,
        createdBy: actor.name,
        createTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, name, prefix: made.prefix, key: made.key };
  });
}

/** A key with its account, locked for the change; null when there is none. */
async function lockKey(trx: Trx, id: number): Promise<{ id: number; userId: number; revokedAt: Date | null } | null> {
  const row = await trx
    .selectFrom('sysApiKey')
    .select(['id', 'userId', 'revokedAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Changes a key's role, grants, expiry and remark (never its name nor its secret), within what the actor holds (before
 * and after). Answers the id, or 0 when there is no such key.
 */
export async function updateApiKey(ctx: AppContext, actor: SessionUser, id: number, input: ApiKeySaveInput): Promise<number> {
  const expiresAt = expiryOf(input.expiresAt, ctx.now());
  const remark = remarkOf(input.remark);
  return inTransaction(ctx.db, async (trx) => {
    const key = await lockKey(trx, id);
    if (!key) return 0;
    await refuseBeyondActor(trx, actor, [key.userId], { apiKeyUsers: true });
    await checkRole(trx, input.roleId);
    await saveRoles(trx, key.userId, [input.roleId]);
    await saveGrants(trx, key.userId, input.warehouses);
    await refuseBeyondActor(trx, actor, [key.userId], { apiKeyUsers: true });
    await trx.updateTable('sysApiKey').set({ expiresAt, remark }).where('id', '=', id).execute();
    return id;
  });
}

/** Revokes a key at once (every process within SESSION_CACHE_MS); it stays listed. Answers the id, or 0. */
export async function revokeApiKey(ctx: AppContext, actor: SessionUser, id: number): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const key = await lockKey(trx, id);
    if (!key) return 0;
    await refuseBeyondActor(trx, actor, [key.userId], { apiKeyUsers: true });
    if (key.revokedAt === null) await trx.updateTable('sysApiKey').set({ revokedAt: ctx.now() }).where('id', '=', id).execute();
    return id;
  });
}

/**
 * Deletes keys with their accounts (their operation-log rows stay: they name the account). Answers how many, or 0 when
 * one of them is not there (nothing is deleted).
 */
export async function deleteApiKeys(ctx: AppContext, actor: SessionUser, ids: readonly number[]): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const keys = await trx
      .selectFrom('sysApiKey')
      .select(['id', 'userId'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (keys.length !== new Set(ids).size) return 0;
    const userIds = keys.map((k) => k.userId);
    await refuseBeyondActor(trx, actor, userIds, { apiKeyUsers: true });
    await trx.deleteFrom('sysUser').where('id', 'in', userIds).execute();
    return keys.length;
  });
}

/** A key's role and grants, for the edit form; null when there is no such key. */
export async function findApiKeyAccess(db: Db, id: number): Promise<UserAccess | null> {
  const key = await db.selectFrom('sysApiKey').select('userId').where('id', '=', id).executeTakeFirst();
  return key ? findUserAccess(db, key.userId) : null;
}
