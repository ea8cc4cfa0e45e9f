import { type Kysely, sql } from 'kysely';

/**
 * Master data, second step (0004 is left as released):
 * - an item's base unit row is written in the same transaction as the item, before it (the item's save hook), so
 *   the unit → item foreign key is checked at commit;
 * - indexes on the referencing columns the "in use" checks of deletes scan (a location in zones, dock doors and
 *   serial numbers; items of an attribute collection, class or type; reasons of a client).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table t_item_uom alter constraint t_item_uom_wh_id_item_number_fkey deferrable initially deferred;
    create index t_zone_loca_location on t_zone_loca(wh_id, location_id);
    create index t_dock_door_staging on t_dock_door(wh_id, staging_location_id);
    create index tbl_sn_master_location on tbl_sn_master(wh_id, location_id);
    create index t_item_master_collection on t_item_master(wh_id, attribute_collection_id);
    create index t_item_master_class on t_item_master(wh_id, class_id);
    create index t_item_master_type on t_item_master(wh_id, item_type_id);
    create index t_reason_client on t_reason(wh_id, client_code);
  `.execute(db);
}
