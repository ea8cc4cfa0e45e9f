import { sql } from 'kysely';
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

/**
 * Counts a failure for each key and locks those over their limit. One atomic upsert per key, so a burst of
 * parallel attempts loses no count (a read-then-write would let two first failures both store 1).
 */
export async function recordFailure(db: Db, keys: { key: string; limit: number }[], now: Date): Promise<void> {
  const windowEdge = new Date(now.getTime() - WINDOW_MS);
  for (const { key, limit } of keys) {
    const { rows } = await sql<{ failures: number }>`
      insert into sys_login_throttle (key, failures, window_start, locked_until) values (${key}, 1, ${now}, null)
      on conflict (key) do update set
        failures = case when sys_login_throttle.window_start < ${windowEdge} then 1 else sys_login_throttle.failures + 1 end,
        window_start = case when sys_login_throttle.window_start < ${windowEdge} then ${now} else sys_login_throttle.window_start end
      returning failures`.execute(db);
    const over = (rows[0]?.failures ?? 1) - limit;
    if (over < 0) continue;
    const lockedUntil = new Date(now.getTime() + Math.min(FIRST_LOCK_MS * 2 ** over, MAX_LOCK_MS));
    await db.updateTable('sysLoginThrottle').set({ lockedUntil }).where('key', '=', key).execute();
  }
}

/** A successful login forgets the account's failures (the address keeps its count). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sysLoginThrottle').where('key', '=', key).execute();
}
