import { type Kysely, sql } from 'kysely';

/**
 * Issue 9 (inventory):
 * - A location's stored quantity is computed from the ledger, never kept: the column goes, and the view
 *   v_location adds it (the location list and the "not empty" check read the view), so it can never be wrong.
 *   The view lists t_location's columns as they are now: a migration adding a column to t_location recreates it.
 * - A deleted number series leaves the first number it had not yet issued (`next_value`) behind, so a series
 *   re-created in that warehouse, by hand or on first use, never issues a number again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table t_location drop column stored_qty`.execute(db);
  await sql`
    create view v_location as
      select l.*, coalesce((select sum(s.actual_qty) from t_stored_item s
        where s.wh_id = l.wh_id and s.location_id = l.location_id), 0) as stored_qty
      from t_location l`.execute(db);
  await sql`
    create table t_control_retired (
      wh_id varchar(20) not null,
      control_type varchar(30) not null,
      next_value bigint not null check (next_value >= 1),
      retire_time timestamptz not null default now(),
      primary key (wh_id, control_type)
    )`.execute(db);
}
