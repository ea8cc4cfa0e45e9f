import type { FastifyBaseLogger } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connect';
import { WINDOW_MS } from '../modules/auth/throttle';
import { holdExpiredStock } from '../modules/inventory/expiry';
import type { AppContext } from './context';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency';
import { repeatOncePerPeriod } from './repeat';

/** Ended and expired sessions are kept a day: a replaced session's token answers 405 ("logged in elsewhere"), not 401. */
export const SESSION_RETENTION_MS = 86_400_000;
/**
 * Webhook deliveries that ended (delivered, or dead after their last try) are kept 30 days with their tries — long
 * enough to answer "did you send it?" and to replay a dead one — then go; an event goes once no delivery of it is left.
 */
export const WEBHOOK_RETENTION_MS = 30 * 86_400_000;
/** Rows one statement deletes, and statements per table in one run: a run holds few locks at a time and always ends. */
const BATCH_ROWS = 1_000;
const MAX_BATCHES = 20;
/** The first look waits a minute (a start is never slowed, and a first start's jobs wait for its seed), or the period when shorter. */
const FIRST_RUN_MS = 60_000;

/** A table whose rows end: its key, and which rows can no longer be used at `now`. */
interface Purge {
  table: string;
  key: string;
  over: (now: Date) => RawBuilder<unknown>;
}

const PURGES = {
  // A captcha is good for two minutes, once.
  captchas: { table: 'sys_captcha', key: 'id', over: (now) => sql`expires_at < ${now}` },
  // Idle-expired sessions not ended by a call end at their absolute expiry at the latest.
  sessions: {
    table: 'sys_session',
    key: 'id',
    over: (now) => sql`coalesce(ended_at, expires_at) < ${new Date(now.getTime() - SESSION_RETENTION_MS)}`,
  },
  // Login, PIN, badge, enrolment and captcha counts: forgotten once their window (the longest, 15 minutes) and any
  // lock are over, as `claimAttempt` would forget them.
  throttles: {
    table: 'sys_login_throttle',
    key: 'key',
    over: (now) =>
      sql`window_start < ${new Date(now.getTime() - WINDOW_MS)} and (locked_until is null or locked_until <= ${now})`,
  },
  // A station's one-time code binds only before it expires (stations.service `bindStation`); a used one has expired
  // within its 15 minutes too.
  enrolments: { table: 't_kiosk_enrolment', key: 'id', over: (now) => sql`expires_at < ${now}` },
  // Idempotency keys and their answers are kept a day (platform/idempotency.ts), pending ones too.
  idempotency: {
    table: 'sys_idempotency',
    key: 'id',
    over: (now) => sql`create_time < ${new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)}`,
  },
  // Ended webhook deliveries (their tries go with them, `on delete cascade`), then the events none is left of: an
  // event still waiting to be fanned out, or with a delivery pending, stays whatever its age (modules/webhooks).
  webhookDeliveries: {
    table: 't_webhook_delivery',
    key: 'id',
    over: (now) => sql`status in ('D', 'F') and update_time < ${new Date(now.getTime() - WEBHOOK_RETENTION_MS)}`,
  },
  webhookEvents: {
    table: 't_event_outbox',
    key: 'id',
    over: (now) =>
      sql`fanned_out and created_at < ${new Date(now.getTime() - WEBHOOK_RETENTION_MS)}
        and not exists (select 1 from t_webhook_delivery d where d.outbox_id = t_event_outbox.id)`,
  },
} satisfies Record<string, Purge>;

export type PurgeCounts = Record<keyof typeof PURGES, number>;

/**
 * Deletes the rows that can no longer be used, table by table, in batches of `batchRows`, at most `maxBatches` a table
 * (the rest waits for the next run). Each batch locks the rows it picks and skips rows another process holds, so several
 * server processes on one PostgreSQL may run it at once: a row goes once, and a row counted meanwhile by a login
 * (`claimAttempt`) is either deleted before it or left alone.
 */
export async function purgeExpired(
  db: Db,
  now: Date,
  { batchRows = BATCH_ROWS, maxBatches = MAX_BATCHES } = {},
): Promise<PurgeCounts> {
  const counts = Object.fromEntries(Object.keys(PURGES).map((name) => [name, 0])) as PurgeCounts;
  for (const [name, purge] of Object.entries(PURGES) as [keyof typeof PURGES, Purge][]) {
    const table = sql.table(purge.table);
    const key = sql.ref(purge.key);
    for (let batch = 0; batch < maxBatches; batch++) {
      const { numAffectedRows } = await sql`
        delete from ${table} where ${key} in (
          select ${key} from ${table} where ${purge.over(now)} limit ${batchRows} for update skip locked)`.execute(db);
      const deleted = Number(numAffectedRows ?? 0);
      counts[name] += deleted;
      if (deleted < batchRows) break;
    }
  }
  return counts;
}

/**
 * Runs `purgeExpired` and the hold of expired stock (`holdExpiredStock`) once per `WHARF_HOUSEKEEPING_INTERVAL` (15
 * minutes) across every process sharing the database (`repeatOncePerPeriod`, job `housekeeping`); answers the stop
 * function for shutdown (it waits for a run in progress).
 */
export function startHousekeeping(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const everyMs = ctx.config.housekeepingIntervalMs;
  return repeatOncePerPeriod(
    async () => {
      try {
        const counts = await purgeExpired(ctx.db, ctx.now());
        if (Object.values(counts).some((n) => n > 0)) log.info({ deleted: counts }, 'expired rows purged');
      } catch (error) {
        log.error({ err: error }, 'purging expired rows failed');
      }
      try {
        // Expired stock leaves availability (inventory/expiry.ts), its own advisory lock kept for direct callers.
        const held = await holdExpiredStock(ctx.db);
        if (held > 0) log.info({ held }, 'expired stock held');
      } catch (error) {
        log.error({ err: error }, 'holding expired stock failed');
      }
    },
    Math.min(FIRST_RUN_MS, everyMs),
    { db: ctx.db, job: 'housekeeping', everyMs, log },
  );
}
