import { type Kysely, sql } from 'kysely';

/**
 * Scheduled jobs run once per period across every server process sharing the database (issue 30 item 1;
 * `platform/repeat.ts` `repeatOncePerPeriod`): one row per job with when its last complete run began and ended, which
 * process ran it and how many runs it has had. A run is recorded in the transaction that held the job's lock for the
 * run, so a run cut short (a process killed) records nothing and the job is due again at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sys_job_run (
      job varchar(40) primary key,
      last_started_at timestamptz not null,
      last_finished_at timestamptz not null,
      last_owner varchar(80) not null,
      runs bigint not null default 0
    )`.execute(db);
}
