import { type Kysely, sql } from 'kysely';

/**
 * A subscription pauses after dead letters (issue 28; src/server/modules/webhooks/README.md "Pause"):
 * - dead_streak: deliveries dead-lettered in a row since its last success (the dispatcher counts them);
 * - paused_at, pause_reason: when it paused and the last error then; while set, its deliveries wait (new events still
 *   enter the outbox and are fanned out to it) until an administrator resumes it;
 * - v_webhook_subscription shows the three (appended, so the view is replaced in place).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_webhook_subscription add column dead_streak integer not null default 0;
    alter table t_webhook_subscription add column paused_at timestamptz;
    alter table t_webhook_subscription add column pause_reason varchar(500);

    create or replace view v_webhook_subscription as
      select id, wh_id, client_code, url, events, null::varchar as secret,
        '****' || right(secret, 4) as secret_hint, active, created_by, created_by_name, remark, create_time, update_time,
        dead_streak, paused_at, pause_reason
      from t_webhook_subscription;
  `)
    .execute(db);
}
