import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { purgeExpired, SESSION_RETENTION_MS } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const at = (now: Date, ms: number) => new Date(now.getTime() + ms);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

async function keys(table: 'sys_captcha' | 'sys_session' | 'sys_login_throttle' | 't_kiosk_enrolment'): Promise<string[]> {
  const column =
    table === 'sys_session'
      ? sql`ip`
      : table === 'sys_login_throttle'
        ? sql`key`
        : table === 'sys_captcha'
          ? sql`code_hash`
          : sql`code`;
  const { rows } = await sql<{ name: string }>`select ${column} as name from ${sql.table(table)} order by 1`.execute(
    t.connection.db,
  );
  return rows.map((r) => r.name.trim());
}

describe('purging rows that can no longer be used', () => {
  it('deletes expired captchas, old ended sessions, finished throttle counts and expired enrolment codes, and keeps live ones', async () => {
    const db = t.connection.db;
    const now = t.clock.now;
    await db.deleteFrom('sysCaptcha').execute();
    await db.deleteFrom('sysSession').execute();
    await db.deleteFrom('sysLoginThrottle').execute();
    await sql`delete from t_kiosk_enrolment`.execute(db);

    await db
      .insertInto('sysCaptcha')
      .values([
        { id: hex(16), codeHash: 'captcha-expired'.padEnd(64, '.'), expiresAt: at(now, -1) },
        { id: hex(16), codeHash: 'captcha-live'.padEnd(64, '.'), expiresAt: at(now, 2 * MINUTE) },
      ])
      .execute();
    const admin = await db.selectFrom('sysUser').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    const session = (ip: string, times: { ended?: Date; expires: Date }) => ({
      userId: admin.id,
      tokenHash: hex(32),
      createTime: at(now, -2 * SESSION_RETENTION_MS),
      lastSeen: at(now, -2 * SESSION_RETENTION_MS),
      expiresAt: times.expires,
      endedAt: times.ended ?? null,
      endedReason: times.ended ? 'replaced' : null,
      ip,
    });
    await db
      .insertInto('sysSession')
      .values([
        session('ended-long-ago', { ended: at(now, -SESSION_RETENTION_MS - 1), expires: at(now, MINUTE) }),
        session('expired-long-ago', { expires: at(now, -SESSION_RETENTION_MS - 1) }),
        // Ended an hour ago: still answers 405 for the day.
        session('ended-recently', { ended: at(now, -60 * MINUTE), expires: at(now, -30 * MINUTE) }),
        session('open', { expires: at(now, 60 * MINUTE) }),
      ])
      .execute();
    const throttle = (key: string, windowStart: Date, lockedUntil: Date | null) => ({
      key,
      failures: 3,
      windowStart,
      lockedUntil,
    });
    await db
      .insertInto('sysLoginThrottle')
      .values([
        throttle('window-over', at(now, -16 * MINUTE), null),
        throttle('lock-over', at(now, -20 * MINUTE), at(now, -1)),
        throttle('window-open', at(now, -5 * MINUTE), null),
        // The window is over but the lock is not: the address stays locked.
        throttle('still-locked', at(now, -20 * MINUTE), at(now, 5 * MINUTE)),
      ])
      .execute();
    for (const [code, expires, used] of [
      ['EXPIRED1', at(now, -1), null],
      ['USEDEXP1', at(now, -MINUTE), at(now, -5 * MINUTE)],
      ['PENDING1', at(now, 10 * MINUTE), null],
    ] as const)
      await sql`insert into t_kiosk_enrolment (key_hash, code, expires_at, used_time, ip)
        values (${hex(32)}, ${code}, ${expires}, ${used}, '10.0.0.1')`.execute(db);

    expect(await purgeExpired(db, now)).toEqual({ captchas: 1, sessions: 2, throttles: 2, enrolments: 2, idempotency: 0 });
    expect(await keys('sys_captcha')).toEqual(['captcha-live'.padEnd(64, '.')]);
    expect(await keys('sys_session')).toEqual(['ended-recently', 'open']);
    expect(await keys('sys_login_throttle')).toEqual(['still-locked', 'window-open']);
    expect(await keys('t_kiosk_enrolment')).toEqual(['PENDING1']);
    // Run again (or by another process at once): nothing more goes.
    expect(await purgeExpired(db, now)).toEqual({ captchas: 0, sessions: 0, throttles: 0, enrolments: 0, idempotency: 0 });
  });

  it('deletes in batches, a bounded number per run, the rest at the next run; two processes at once delete each row once', async () => {
    const db = t.connection.db;
    const now = t.clock.now;
    await db.deleteFrom('sysCaptcha').execute();
    await db
      .insertInto('sysCaptcha')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id: hex(16),
          codeHash: `old-${i}`.padEnd(64, '.'),
          expiresAt: at(now, -MINUTE),
        })),
      )
      .execute();
    expect((await purgeExpired(db, now, { batchRows: 5, maxBatches: 3 })).captchas).toBe(15);
    expect(await keys('sys_captcha')).toHaveLength(10);
    const [a, b] = await Promise.all([purgeExpired(db, now, { batchRows: 4 }), purgeExpired(db, now, { batchRows: 4 })]);
    expect(a.captchas + b.captchas).toBe(10);
    expect(await keys('sys_captcha')).toEqual([]);
  });
});
