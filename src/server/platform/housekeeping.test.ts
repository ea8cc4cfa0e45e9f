import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { purgeExpired, SESSION_RETENTION_MS, WEBHOOK_RETENTION_MS } from './housekeeping';

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

    expect(await purgeExpired(db, now)).toEqual({
      captchas: 1,
      sessions: 2,
      throttles: 2,
      enrolments: 2,
      idempotency: 0,
      webhookDeliveries: 0,
      webhookEvents: 0,
    });
    expect(await keys('sys_captcha')).toEqual(['captcha-live'.padEnd(64, '.')]);
    expect(await keys('sys_session')).toEqual(['ended-recently', 'open']);
    expect(await keys('sys_login_throttle')).toEqual(['still-locked', 'window-open']);
    expect(await keys('t_kiosk_enrolment')).toEqual(['PENDING1']);
    // Run again (or by another process at once): nothing more goes.
    expect(await purgeExpired(db, now)).toEqual({
      captchas: 0,
      sessions: 0,
      throttles: 0,
      enrolments: 0,
      idempotency: 0,
      webhookDeliveries: 0,
      webhookEvents: 0,
    });
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

  it('deletes webhook deliveries ended more than 30 days ago with their tries, then the events none is left of', async () => {
    const db = t.connection.db;
    const now = t.clock.now;
    const old = at(now, -WEBHOOK_RETENTION_MS - MINUTE);
    const recent = at(now, -MINUTE);
    const admin = await db.selectFrom('sysUser').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    const { rows: subscription } = await sql<{ id: number }>`
      insert into t_webhook_subscription (wh_id, url, events, secret, created_by, created_by_name)
      values ('WH01', ${`http://127.0.0.1:9/hk-${hex(4)}`}, '*', ${hex(16)}, ${admin.id}, 'admin') returning id`.execute(db);
    const subscriptionId = subscription[0]?.id;
    const event = async (name: string, created: Date, fannedOut: boolean): Promise<number> => {
      const { rows } = await sql<{ id: string }>`
        insert into t_event_outbox (event_id, event_type, wh_id, payload, created_at, fanned_out)
        values (gen_random_uuid(), ${name}, 'WH01', '{}'::jsonb, ${created}, ${fannedOut}) returning id`.execute(db);
      return Number(rows[0]?.id);
    };
    const delivery = async (outboxId: number, status: 'P' | 'D' | 'F', updated: Date): Promise<void> => {
      const { rows } = await sql<{ id: string }>`
        insert into t_webhook_delivery (subscription_id, outbox_id, status, attempts, next_at, update_time)
        values (${subscriptionId}, ${outboxId}, ${status}, 1, ${updated}, ${updated}) returning id`.execute(db);
      await sql`insert into t_webhook_attempt (delivery_id, attempt, http_status, duration_ms, at)
        values (${rows[0]?.id}, 1, 200, 5, ${updated})`.execute(db);
    };
    // Delivered long ago (goes, then its event), dead long ago (goes, then its event), delivered recently (stays),
    // pending long ago (stays: it is still being tried), and an old event not yet fanned out (stays).
    await delivery(await event('hk.delivered', old, true), 'D', old);
    await delivery(await event('hk.dead', old, true), 'F', old);
    await delivery(await event('hk.recent', old, true), 'D', recent);
    await delivery(await event('hk.pending', old, true), 'P', old);
    await event('hk.unsent', old, false);

    const counts = await purgeExpired(db, now);
    expect({ deliveries: counts.webhookDeliveries, events: counts.webhookEvents }).toEqual({ deliveries: 2, events: 2 });
    const { rows: left } = await sql<{ eventType: string }>`
      select event_type from t_event_outbox where event_type like 'hk.%' order by 1`.execute(db);
    expect(left.map((r) => r.eventType)).toEqual(['hk.pending', 'hk.recent', 'hk.unsent']);
    const { rows: tries } = await sql<{ n: number }>`
      select count(*)::int as n from t_webhook_attempt a join t_webhook_delivery d on d.id = a.delivery_id
      where d.subscription_id = ${subscriptionId}`.execute(db);
    expect(tries[0]?.n).toBe(2);
  });
});
