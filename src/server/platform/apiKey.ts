import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connect';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, claimAttempt, clearAttempts, type ThrottleKey } from '../modules/auth/throttle';
import type { SessionUser } from './context';
import { cacheGeneration, hashToken, loadAccess, rememberUser, SESSION_CACHE_MS } from './session';

/**
 * API keys (issue 28 item 2; docs/integration.md). A key is `wharf_<12 hex>_<43 base64url>`: the first part (`wharf_`
 * and the 12 hex digits, 48 random bits) is its visible prefix, by which it is looked up; the rest is 32 random bytes.
 * Only the SHA-256 of the whole key is stored. It is sent as `Authorization: Bearer wharf_…`.
 */
export const API_KEY_PATTERN = /^(wharf_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

/** The account name of a key's own user: `:` is outside the account-name pattern, so no person's account can take it. */
export const apiKeyAccount = (name: string): string => `apikey:${name}`;

/** A new key: the whole key (shown once), its visible prefix and the hash that is stored. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = `wharf_${randomBytes(6).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashToken(key) };
}

/** The key of an `Authorization: Bearer …` header; null without one. */
export function bearerKey(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Failed key checks count like failed logins: per address (spraying keys) and per key prefix (guessing one key's secret). */
export const apiKeyAddressKey = (ip: string): ThrottleKey => ({ key: `apikey-address:${ip}`, limit: ADDRESS_LIMIT });
export const apiKeyPrefixKey = (prefix: string): ThrottleKey => ({ key: `apikey:${prefix}`, limit: ACCOUNT_LIMIT });

/** How often a key's last-used time is written (at most once a minute a key). */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * Resolves a bearer key to its user (the key's own account, with its role and grants, as `loadAccess` reads a person's),
 * or refuses it: 401 (unknown, malformed, revoked, expired, disabled) or 429 (too many failed checks from this address
 * or on this prefix: the lock of the login throttle, `throttle.ts`). The attempt is counted before the key is checked
 * (parallel guesses never check more than the limit) and given back when the key is good. The user is cached like a
 * session's for SESSION_CACHE_MS: a revocation made through this process applies at once (the guard forgets the cache
 * on `sys:apiKey:*` changes), through another within those seconds.
 */
export async function resolveApiKey(db: Db, key: string, ip: string, now: Date): Promise<SessionUser | 401 | 429> {
  const generation = cacheGeneration(db);
  const prefix = API_KEY_PATTERN.exec(key)?.[1] ?? null;
  const address = apiKeyAddressKey(ip);
  const throttle = prefix ? [address, apiKeyPrefixKey(prefix)] : [address];
  if ((await claimAttempt(db, throttle, now)) > 0) return 429;
  if (!prefix) return 401;
  const row = await db
    .selectFrom('sysApiKey as k')
    .innerJoin('sysUser as u', 'u.id', 'k.userId')
    .select([
      'k.id',
      'k.userId',
      'k.name',
      'k.secretHash',
      'k.expiresAt',
      'k.revokedAt',
      'k.lastUsedAt',
      'u.name as account',
      'u.status',
    ])
    .where('k.prefix', '=', prefix)
    .executeTakeFirst();
  const hash = Buffer.from(hashToken(key), 'hex');
  const stored = Buffer.from(row?.secretHash ?? '', 'hex');
  const good =
    row !== undefined &&
    stored.length === hash.length &&
    timingSafeEqual(hash, stored) &&
    row.revokedAt === null &&
    (row.expiresAt === null || row.expiresAt > now) &&
    row.status === 1;
  if (!good) return 401;
  await clearAttempts(db, apiKeyPrefixKey(prefix), address);
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
    await db.updateTable('sysApiKey').set({ lastUsedAt: now }).where('id', '=', row.id).execute();
  const access = await loadAccess(db, row.userId);
  // No key acts as a super administrator (refused at creation; a role changed since is refused here).
  if (access.superAdmin) return 401;
  const user: SessionUser = { id: row.userId, name: row.account, sessionId: 0, language: null, ...access, station: null };
  const at = now.getTime();
  const until = Math.min(at + SESSION_CACHE_MS, row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
  rememberUser(db, hashToken(key), user, at, until, generation);
  return user;
}
