import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { SessionUser } from './context';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Why a token does not open a session: 401 (none, expired, logged out) or 405 (replaced by a newer login). */
export type SessionRefusal = 401 | 405;

/**
 * Resolves a token to its user with permissions and warehouse grants (three indexed queries).
 * Expires idle or over-age sessions; refreshes `lastSeen` at most once a minute.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  idleMinutes: number,
): Promise<SessionUser | SessionRefusal> {
  const session = await db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select(['s.id', 's.userId', 's.lastSeen', 's.expiresAt', 's.endedAt', 's.endedReason', 'u.name', 'u.status', 'u.language'])
    .where('s.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) return 401;
  if (session.endedAt) return session.endedReason === 'replaced' ? 405 : 401;
  const idleLimit = new Date(now.getTime() - idleMinutes * 60_000);
  if (session.expiresAt < now || session.lastSeen < idleLimit || session.status !== 1) {
    await db.updateTable('sysSession').set({ endedAt: now, endedReason: 'expired' }).where('id', '=', session.id).execute();
    return 401;
  }
  if (now.getTime() - session.lastSeen.getTime() > 60_000) {
    await db.updateTable('sysSession').set({ lastSeen: now }).where('id', '=', session.id).execute();
  }
  const access = await loadAccess(db, session.userId);
  return { id: session.userId, name: session.name, sessionId: session.id, language: session.language, ...access };
}

/** Permissions and warehouse grants of a user. */
export async function loadAccess(
  db: Db,
  userId: number,
): Promise<Pick<SessionUser, 'superAdmin' | 'permissions' | 'warehouses' | 'clients'>> {
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.superAdmin'])
    .where('ur.userId', '=', userId)
    .execute();
  const superAdmin = roles.some((r) => r.superAdmin);
  const permsQuery = db.selectFrom('sysMenu as m').select('m.perms').where('m.perms', 'is not', null);
  const permRows = superAdmin
    ? await permsQuery.execute()
    : roles.length === 0
      ? []
      : await permsQuery
          .innerJoin('sysRoleMenu as rm', 'rm.menuId', 'm.id')
          .where(
            'rm.roleId',
            'in',
            roles.map((r) => r.id),
          )
          .execute();
  const permissions = new Set<string>();
  // A menu's perms may list several permissions separated by commas.
  for (const row of permRows) for (const p of (row.perms ?? '').split(',')) if (p.trim()) permissions.add(p.trim());
  if (superAdmin) return { superAdmin, permissions, warehouses: 'all', clients: {} };
  const grants = await db.selectFrom('sysUserWarehouse').select(['whId', 'clientCodes']).where('userId', '=', userId).execute();
  const clients: Record<string, readonly string[]> = {};
  for (const g of grants) if (g.clientCodes) clients[g.whId] = g.clientCodes;
  return { superAdmin, permissions, warehouses: grants.map((g) => g.whId), clients };
}

/** Ends every open session of a user (a newer login replaces them). */
export async function endSessions(db: Db, userId: number, now: Date, reason: 'replaced' | 'logout'): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ endedAt: now, endedReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .execute();
}

/** Removes sessions and captchas that can no longer be used (kept a day for the 405 answer). */
export async function sweepExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.deleteFrom('sysSession').where(sql<boolean>`coalesce(ended_at, expires_at) < ${dayAgo}`).execute();
  await db.deleteFrom('sysCaptcha').where('expiresAt', '<', now).execute();
}
