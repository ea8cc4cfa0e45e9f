import type { Db } from '../../db/connect';

/** Failures within this window count together; a quiet window forgets them. */
const WINDOW_MS = 15 * 60_000;
/** Failures allowed before a lock: per account (guessing one password) and per address (spraying many). */
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
/** Locks start at one minute and double, but never pass 15 minutes: an attacker can delay a user, not shut them out. */
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 15 * 60_000;

export const accountKey = (name: string): string => `account:${name.toLowerCase()}`;
export const addressKey = (ip: string): string => `address:${ip}`;

/** Milliseconds until the key may try again, 0 when it may now. */
export async function lockedFor(db: Db, keys: string[], now: Date): Promise<number> {
  const rows = await db.selectFrom('sysLoginThrottle').select('lockedUntil').where('key', 'in', keys).execute();
  return Math.max(0, ...rows.map((r) => (r.lockedUntil ? r.lockedUntil.getTime() - now.getTime() : 0)));
}

/** Counts a failure for each key and locks those over their limit. */
export async function recordFailure(db: Db, keys: { key: string; limit: number }[], now: Date): Promise<void> {
  for (const { key, limit } of keys) {
    const row = await db.selectFrom('sysLoginThrottle').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
    const fresh = !row || now.getTime() - row.windowStart.getTime() > WINDOW_MS;
    const failures = fresh ? 1 : row.failures + 1;
    const over = failures - limit;
    const lockedUntil = over >= 0 ? new Date(now.getTime() + Math.min(FIRST_LOCK_MS * 2 ** over, MAX_LOCK_MS)) : null;
    const windowStart = fresh ? now : row.windowStart;
    await db
      .insertInto('sysLoginThrottle')
      .values({ key, failures, windowStart, lockedUntil })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures, windowStart, lockedUntil }))
      .execute();
  }
}

/** A successful login forgets the account's failures (the address keeps its count). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sysLoginThrottle').where('key', '=', key).execute();
}
