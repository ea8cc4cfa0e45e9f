import { type Kysely, sql } from 'kysely';

/**
 * Lot and serial trace (issue 26 item 6, inventory README "Lot and serial trace"):
 * - indexes on the lot columns the trace reads — tran_log (the ledger history, the big one), receipts, stock rows,
 *   pick tasks and carton lines — and on serial numbers (the master is unique per item; a serial is looked up alone);
 * - the screen Inventory → 批次追溯 / Lot trace (Wms/Trace) with its button sys:trace:view, for databases seeded
 *   before this migration (a new one has them from the menu tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create index tran_log_lot on tran_log (wh_id, lot_number, item_number) where lot_number is not null;
    create index t_receipt_lot on t_receipt (wh_id, lot_number, item_number) where lot_number is not null;
    create index t_stored_item_lot on t_stored_item (wh_id, lot_number, item_number) where lot_number is not null;
    create index t_wave_pick_task_lot on t_wave_pick_task (wh_id, lot_number, item_number) where lot_number is not null;
    create index t_wave_pick_task_order on t_wave_pick_task (wh_id, order_number);
    create index tbl_shipping_label_detail_lot on tbl_shipping_label_detail (wh_id, lot_number, item_number)
      where lot_number is not null;
    create index tbl_shipping_label_order on tbl_shipping_label (wh_id, order_number);
    create index tbl_sn_master_serial on tbl_sn_master (wh_id, serial_number);
    create index tbl_sn_master_order on tbl_sn_master (wh_id, order_number) where order_number is not null;

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '批次追溯', 'Lot trace', 'Wms/Trace', null, 1, null,
      (select coalesce(max(order_num), 0) + 1 from sys_menu c where c.parent_id = p.id), false, false
    from sys_menu p
    where p.parent_id = 0 and p.name_en = 'Inventory'
      and not exists (select 1 from sys_menu e where e.url = 'Wms/Trace');

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '批次追溯-查看', 'Lot trace: View', null, 'sys:trace:view', 2, null, 1, false, false
    from sys_menu s
    where s.url = 'Wms/Trace' and not exists (select 1 from sys_menu e where e.perms = 'sys:trace:view');
  `)
    .execute(db);
}
