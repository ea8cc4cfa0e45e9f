import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** Attempts within this window count together; a quiet window forgets them (the longest window of any key). */
export const WINDOW_MS = 15 * 60_000;
/** Attempts allowed before a lock: per account (guessing one password) and per address (spraying many). */
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
/** Locks start at one minute and double, but never pass 15 minutes: an attacker can delay a user, not shut them out. */
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 15 * 60_000;
/** 2^4 minutes already passes the cap: a larger exponent changes nothing (and could overflow). */
const MAX_DOUBLINGS = 4;

export interface ThrottleKey {
  key: string;
  limit: number;
  /** A shorter window than WINDOW_MS, for a rate rather than a count of failures (captcha images). */
  windowMs?: number;
}

export const accountKey = (name: string): ThrottleKey => ({ key: `account:${name.toLowerCase()}`, limit: ACCOUNT_LIMIT });
export const addressKey = (ip: string): ThrottleKey => ({ key: `address:${ip}`, limit: ADDRESS_LIMIT });
/** Captcha images an address may fetch a minute: every one is a database row; a person needs a few. */
export const CAPTCHA_LIMIT = 60;
export const captchaKey = (ip: string): ThrottleKey => ({ key: `captcha:${ip}`, limit: CAPTCHA_LIMIT, windowMs: 60_000 });

/**
 * Counts an attempt against each key in turn, before any password is checked, and answers the milliseconds the
 * caller must wait (0: go ahead and check). Each key is one conditional upsert that counts only while the key is
 * not locked, and the attempt that reaches the limit sets the lock in the same statement: concurrent attempts
 * queue on the row, so N parallel attempts never check more than the limit. A refused attempt counts nowhere
 * further (list the address first: once it is locked, spraying it touches no account).
 */
export async function claimAttempt(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<number> {
  for (const { key, limit, windowMs = WINDOW_MS } of keys) {
    const windowEdge = new Date(now.getTime() - windowMs);
    const stale = sql`sys_login_throttle.window_start < ${windowEdge}`;
    const count = sql`case when ${stale} then 1 else sys_login_throttle.failures + 1 end`;
    const lockAt = (n: typeof count) =>
      sql`case when ${n} >= ${limit}::int then ${now}::timestamptz + least(
        ${FIRST_LOCK_MS}::float8 * power(2, least(${n} - ${limit}::int, ${MAX_DOUBLINGS}::int)), ${MAX_LOCK_MS}::float8
      ) * interval '1 millisecond' end`;
    const { rows } = await sql<{ failures: number }>`
      insert into sys_login_throttle (key, failures, window_start, locked_until)
      values (${key}, 1, ${now}, ${lockAt(sql`1`)})
      on conflict (key) do update set
        failures = ${count},
        window_start = case when ${stale} then ${now} else sys_login_throttle.window_start end,
        locked_until = ${lockAt(count)}
      where sys_login_throttle.locked_until is null or sys_login_throttle.locked_until <= ${now}
      returning failures`.execute(db);
    if (rows.length > 0) continue;
    const lock = await db.selectFrom('sysLoginThrottle').select('lockedUntil').where('key', '=', key).executeTakeFirst();
    return Math.max(1, (lock?.lockedUntil?.getTime() ?? 0) - now.getTime());
  }
  return 0;
}

/**
 * A right password forgets the account's attempts; the address gets its attempt back (and the lock that
 * attempt may have set), so many people signing in behind one address never lock it.
 */
export async function clearAttempts(db: Db, account: ThrottleKey, address?: ThrottleKey): Promise<void> {
  await db.deleteFrom('sysLoginThrottle').where('key', '=', account.key).execute();
  if (address) await returnAttempt(db, [address]);
}

/**
 * A success gives each shared key (an address, a station, a badge prefix) back the attempt it counted, and the lock
 * that attempt may have set — and nothing more: the failures counted before stay, so someone else's success never
 * hands a guesser a fresh set of attempts.
 */
export async function returnAttempt(db: Db, keys: readonly ThrottleKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('sysLoginThrottle')
    .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)`, lockedUntil: null }))
    .where(
      'key',
      'in',
      keys.map((k) => k.key),
    )
    .execute();
}
