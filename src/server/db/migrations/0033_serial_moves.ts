import { type Kysely, sql } from 'kysely';

/**
 * Serials that follow partial moves, inspection failures and carton splits; HOLD; shelf life per item (issue 26 items
 * 1–4, src/server/modules/serials/README.md, the outbound README "Allocation"):
 * - tbl_inv_movement_detail.serial_numbers: the serials a movement line moves (a partial move of a serial item names
 *   them, one per base unit).
 * - tbl_sn_master.hold_reason: why a serial is HOLD (the ledger hold's reason — EXPIRED, a HOLD reason, SHORT_PICK —,
 *   INSPECT while its receipt awaits inspection, QC_FAIL once failed), so that each release turns back only its own.
 * - t_item_master.min_shelf_life_days: the item's minimum remaining shelf life at allocation and receiving (order header
 *   > item > client control > warehouse control).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table tbl_inv_movement_detail add column serial_numbers varchar(4000);
    alter table tbl_sn_master add column hold_reason varchar(30);
    create index tbl_sn_master_held on tbl_sn_master (wh_id, item_number, location_id) where status = 'HOLD';
    alter table t_item_master add column min_shelf_life_days integer
      check (min_shelf_life_days between 0 and 3650);
  `)
    .execute(db);
}
