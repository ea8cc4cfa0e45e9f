import { type Kysely, sql } from 'kysely';

/**
 * The wave-load form's load id (spec 001 §3 "Wave-load form": … waveId, loadId, parameters1 to 10), kept with what it
 * loaded (issue 26): the user's working set keeps the load id of the run that filled it (t_afa_view_wave_order), and
 * addOrder writes it on each wave detail it makes (t_afo_wave_detail), beside the profile and parameters. Empty when
 * none was typed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_afa_view_wave_order add column load_id varchar(30);
    alter table t_afo_wave_detail add column load_id varchar(30);
  `)
    .execute(db);
}
