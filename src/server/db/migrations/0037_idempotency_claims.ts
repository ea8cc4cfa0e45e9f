import { type Kysely, sql } from 'kysely';

/**
 * Idempotency claims that survive a crash (issue 28 item 3; platform/idempotency.ts, docs/integration.md "Idempotent
 * writes"): the request's business transaction marks its claim `committed` (a new state beside `pending` and `done`),
 * and a `pending` claim whose request died is taken over after a lease. So the row gains
 * - owner: the token of the request holding the claim (a takeover replaces it; the old request's commit then finds its
 *   claim gone and rolls back);
 * - claim_time: when that request took it (the lease runs from here; create_time still dates the key for the purge).
 * Rows of before: owner '' (no request holds them), claimed when created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table sys_idempotency add column owner varchar(36) not null default '';
    alter table sys_idempotency add column claim_time timestamptz;
    update sys_idempotency set claim_time = create_time;
    alter table sys_idempotency alter column claim_time set not null;
    alter table sys_idempotency alter column owner drop default;
  `)
    .execute(db);
}
