import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { allowedFlows, parseFlows } from '../../shared/kiosk';
import type { Db } from '../db/connect';
import type { SessionUser, StationScope } from './context';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Why a token does not open a session: 401 (none, expired, logged out) or 405 (replaced by a newer login). */
export type SessionRefusal = 401 | 405;

/**
 * How long a resolved session (user, permissions, grants) is reused without reading the database. Changes made
 * through this process (login, logout, password, language, users, roles, menus, warehouses) forget every cached
 * session at once (`forgetSessions`, called by the guard); a change made by another process on the same database
 * applies within this time.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: SessionUser;
  /** Server time (ms) of the read, and until when it is reused. */
  from: number;
  until: number;
}

/** The cache of one database; `generation` counts the forgets, so a read that raced one is not kept. */
interface SessionCache {
  entries: Map<string, CachedSession>;
  generation: number;
}

const caches = new WeakMap<Db, SessionCache>();

function cacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets every cached session of a database: the next call of each user reads session and access again. */
export function forgetSessions(db: Db): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.clear();
  cache.generation++;
}

/** The count of forgets of a database's cache so far: a read started before a forget is not kept (`rememberUser`). */
export function cacheGeneration(db: Db): number {
  return cacheOf(db).generation;
}

/**
 * Keeps a user resolved from another credential (an API key, platform/apiKey.ts) under the SHA-256 of that credential,
 * from `at` until `until`, unless the cache was forgotten since `generation`: `cachedSession` then admits it like a
 * session's user, and `forgetSessions` forgets it alike.
 */
export function rememberUser(
  db: Db,
  credentialHash: string,
  user: SessionUser,
  at: number,
  until: number,
  generation: number,
): void {
  const cache = cacheOf(db);
  if (cache.generation !== generation) return;
  if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
  cache.entries.set(credentialHash, { user, from: at, until });
}

/** The user of a cached check still fresh at `at`, by token hash; null when it must be read again. */
function fresh(cache: SessionCache, tokenHash: string, at: number): SessionUser | null {
  const hit = cache.entries.get(tokenHash);
  // A clock that went back (tests move it) reads again, like one past the entry's time.
  return hit && at >= hit.from && at < hit.until ? hit.user : null;
}

/**
 * The user of a token from the cache alone (no database work), or null when `resolveSession` must read it. Lets the
 * guard admit a request without a promise when, as for nearly every call, the check was made in the last seconds.
 */
export function cachedSession(db: Db, token: string, now: Date): SessionUser | null {
  const cache = caches.get(db);
  return cache ? fresh(cache, hashToken(token), now.getTime()) : null;
}

/**
 * How often a session's `lastSeen` is written: a quarter of the idle limit, at most a minute. The idle timer then
 * slides with activity whatever the limit (with a minute, a call every 20 s keeps the session); the recorded time lags
 * the last call by less than this, so a session ends after the idle limit without a call, at worst this much sooner.
 */
export function lastSeenInterval(idleMinutes: number): number {
  return Math.min(60_000, (idleMinutes * 60_000) / 4);
}

/**
 * Resolves a token to its user with permissions and warehouse grants (three indexed queries), reused for
 * SESSION_CACHE_MS. Expires idle or over-age sessions; refreshes `lastSeen` once `lastSeenInterval` has passed.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  idleMinutes: number,
): Promise<SessionUser | SessionRefusal> {
  const tokenHash = hashToken(token);
  const cache = cacheOf(db);
  const at = now.getTime();
  const hit = fresh(cache, tokenHash, at);
  if (hit) return hit;
  const generation = cache.generation;
  const session = await db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select([
      's.id',
      's.userId',
      's.lastSeen',
      's.expiresAt',
      's.endedAt',
      's.endedReason',
      's.stationId',
      'u.name',
      'u.status',
      'u.language',
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!session) return 401;
  if (session.endedAt) return session.endedReason === 'replaced' ? 405 : 401;
  const idleLimit = new Date(at - idleMinutes * 60_000);
  // A station session lives only while its station is active (a revoked or deleted station ends it at once).
  const station = session.stationId === null ? null : await activeStation(db, session.stationId);
  const stationGone = session.stationId !== null && !station;
  if (session.expiresAt < now || session.lastSeen < idleLimit || session.status !== 1 || stationGone) {
    await db.updateTable('sysSession').set({ endedAt: now, endedReason: 'expired' }).where('id', '=', session.id).execute();
    return 401;
  }
  const refreshEvery = lastSeenInterval(idleMinutes);
  let lastSeen = session.lastSeen.getTime();
  if (at - lastSeen >= refreshEvery) {
    await db.updateTable('sysSession').set({ lastSeen: now }).where('id', '=', session.id).execute();
    lastSeen = at;
  }
  const access = await loadAccess(db, session.userId);
  const user: SessionUser = {
    id: session.userId,
    name: session.name,
    sessionId: session.id,
    language: session.language,
    ...(station ? stationAccess(access, station) : access),
    station: station ? { id: station.id, whId: station.whId, flows: allowedFlows(station.flows, access) } : null,
  };
  if (cache.generation === generation) {
    if (cache.entries.size >= SESSION_CACHE_MAX) {
      for (const [key, entry] of cache.entries) if (entry.until <= at) cache.entries.delete(key);
      if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
    }
    // Never past the session's absolute expiry (the next call then reads it and ends it), nor past the next refresh of
    // `lastSeen`: calls the cache admits are not recorded, so the first one after it reads the session and records it.
    const until = Math.min(at + SESSION_CACHE_MS, lastSeen + refreshEvery, session.expiresAt.getTime());
    cache.entries.set(tokenHash, { user, from: at, until });
  }
  return user;
}

/** An active station by id (status A), with its warehouse and flows; null when revoked, new or gone. */
async function activeStation(db: Db, id: number): Promise<StationScope | null> {
  const { rows } = await sql<{ id: number; whId: string; flows: string }>`
    select id, wh_id, flows from t_kiosk_station where id = ${id} and status = 'A' and key_hash is not null`.execute(db);
  const row = rows[0];
  return row ? { id: row.id, whId: row.whId, flows: parseFlows(row.flows) } : null;
}

/**
 * At a station the user's warehouses become the station's warehouse alone (when granted; none otherwise), with the
 * user's client limits there. Permissions stay the user's; the guard limits the routes.
 */
export function stationAccess(access: Access, station: StationScope): Access {
  const granted = access.warehouses === 'all' || access.warehouses.includes(station.whId);
  const clients = Object.hasOwn(access.clients, station.whId) ? { [station.whId]: access.clients[station.whId] ?? [] } : {};
  return { ...access, warehouses: granted ? [station.whId] : [], clients };
}

/** The permissions a menu's `perms` lists (comma-separated). */
export function permsOf(perms: string | null | undefined): string[] {
  return (perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Those of the menus' permissions the user does not hold (none for a super administrator). */
export function permsNotHeld(user: Pick<SessionUser, 'superAdmin' | 'permissions'>, perms: readonly (string | null)[]): string[] {
  if (user.superAdmin) return [];
  return perms.flatMap(permsOf).filter((p) => !user.permissions.has(p));
}

/** What a user may do: permissions, warehouses and the clients within them. */
export type Access = Pick<SessionUser, 'superAdmin' | 'permissions' | 'warehouses' | 'clients'>;

/** Permissions and warehouse grants of a user. */
export async function loadAccess(db: Db, userId: number): Promise<Access> {
  return (await loadAccessOf(db, [userId])).get(userId)!;
}

/** Permissions and warehouse grants of several users, in at most four queries however many they are. */
export async function loadAccessOf(db: Db, userIds: readonly number[]): Promise<Map<number, Access>> {
  const ids = [...new Set(userIds)];
  const access = new Map<number, Access>();
  if (ids.length === 0) return access;
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['ur.userId', 'r.id', 'r.superAdmin'])
    .where('ur.userId', 'in', ids)
    .execute();
  // A super administrator holds every permission and every warehouse, present and future.
  const supers = new Set(roles.filter((r) => r.superAdmin).map((r) => r.userId));
  const others = ids.filter((id) => !supers.has(id));
  const roleIds = [...new Set(roles.filter((r) => !supers.has(r.userId)).map((r) => r.id))];
  const menus = db.selectFrom('sysMenu as m').where('m.perms', 'is not', null);
  const everything = supers.size > 0 ? new Set((await menus.select('m.perms').execute()).flatMap((r) => permsOf(r.perms))) : null;
  const rolePerms =
    roleIds.length > 0
      ? await menus
          .innerJoin('sysRoleMenu as rm', 'rm.menuId', 'm.id')
          .select(['rm.roleId', 'm.perms'])
          .where('rm.roleId', 'in', roleIds)
          .execute()
      : [];
  const grants =
    others.length > 0
      ? await db.selectFrom('sysUserWarehouse').select(['userId', 'whId', 'clientCodes']).where('userId', 'in', others).execute()
      : [];
  for (const id of ids) {
    if (everything && supers.has(id)) {
      access.set(id, { superAdmin: true, permissions: everything, warehouses: 'all', clients: {} });
      continue;
    }
    const held = new Set(roles.filter((r) => r.userId === id).map((r) => r.id));
    const own = grants.filter((g) => g.userId === id);
    const clients: Record<string, readonly string[]> = {};
    for (const g of own) if (g.clientCodes) clients[g.whId] = g.clientCodes;
    access.set(id, {
      superAdmin: false,
      permissions: new Set(rolePerms.filter((r) => held.has(r.roleId)).flatMap((r) => permsOf(r.perms))),
      warehouses: own.map((g) => g.whId),
      clients,
    });
  }
  return access;
}

/**
 * Ends the open sessions of a user of one kind (a newer login replaces them): `desk` sessions (a console login ends
 * only those: the user's station session goes on), `station` sessions (a station sign-in ends the user's older station
 * sessions, at any station, but not the desk one), or `all`.
 */
export async function endSessions(
  db: Db,
  userId: number,
  now: Date,
  reason: 'replaced' | 'logout',
  kind: 'desk' | 'station' | 'all' = 'all',
): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ endedAt: now, endedReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .$if(kind === 'desk', (q) => q.where('stationId', 'is', null))
    .$if(kind === 'station', (q) => q.where('stationId', 'is not', null))
    .execute();
}
