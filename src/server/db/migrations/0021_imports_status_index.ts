import { type Kysely, sql } from 'kysely';

/**
 * Excel import (issue 17, README "Performance"): the staging tables lose their `(group_id, import_status)` index. Every
 * statement on a group names `group_id`, which the unique `(group_id, row_number)` index serves; the status index cost
 * a fourth index entry for each staged row (100,000 a full group) and another for each status change (the update to S).
 */
const TYPES = [
  'inbound',
  'outbound',
  'inv_adjustment',
  'inv_movement',
  'item_master',
  'item_uom',
  'vendor',
  'zone',
  'zone_loca',
  'location',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const type of TYPES) await sql`drop index if exists ${sql.id(`tbl_temp_excel_import_${type}_status`)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const type of TYPES) {
    const table = `tbl_temp_excel_import_${type}`;
    await sql`create index ${sql.id(`${table}_status`)} on ${sql.table(table)} (group_id, import_status)`.execute(db);
  }
}
