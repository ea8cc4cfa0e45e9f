import { type Kysely, sql } from 'kysely';

/**
 * Serial numbers (issue 26 item 4; src/server/modules/serials/README.md). The serial master `tbl_sn_master` is the one
 * place a serial's state lives, `tbl_sn_history` the log of every event that changed it:
 * - tbl_sn_master gains the rest of where a serial is (client, pallet, carton, delivery, the receipt row that brought
 *   it in) and who changed it last; its status is one of IN (in the warehouse, at location/pallet), HOLD, OUT (left:
 *   shipped with order, carton and delivery, or adjusted out). Looked up by serial alone (the look-up screen), by carton
 *   (ship) and by ledger place (pick, move).
 * - tbl_sn_history: one row per serial and event (RECEIVE, RECEIVE_DELETE, PUTAWAY, MOVE, PICK, PACK, SHIP, ADJUST_IN,
 *   ADJUST_OUT): the state after it, where, the document (type, number, line) and who.
 * - adjustment lines name their serials (`serial_numbers`, the units that leave or arrive).
 * - the look-up screen (`Wms/SerialLookup`, `sys:tblSnHistory:view`) for databases seeded before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table tbl_sn_master
      add column client_code varchar(30),
      add column hu_id varchar(50),
      add column carton_number varchar(30),
      add column delivery_number varchar(30),
      add column receipt_row_id integer,
      add column update_by varchar(50);
    alter table tbl_sn_master add constraint tbl_sn_master_status check (status in ('IN', 'HOLD', 'OUT'));
    create index tbl_sn_master_serial on tbl_sn_master (wh_id, serial_number);
    create index tbl_sn_master_carton on tbl_sn_master (wh_id, carton_number) where carton_number is not null;
    create index tbl_sn_master_place on tbl_sn_master (wh_id, item_number, location_id) where status = 'IN';

    create table tbl_sn_history (
      id bigserial primary key,
      wh_id varchar(20) not null,
      item_number varchar(50) not null,
      serial_number varchar(60) not null,
      event varchar(20) not null,
      status varchar(10) not null check (status in ('IN', 'HOLD', 'OUT')),
      location_id varchar(30),
      hu_id varchar(50),
      lot_number varchar(50),
      order_number varchar(50),
      carton_number varchar(30),
      delivery_number varchar(30),
      document_type varchar(20) not null,
      document_number varchar(50) not null,
      line_number integer,
      employee_id varchar(50) not null,
      event_time timestamptz not null default now()
    );
    create index tbl_sn_history_serial on tbl_sn_history (wh_id, serial_number, id);
    create index tbl_sn_history_document on tbl_sn_history (wh_id, document_number);

    alter table tbl_inv_adjustment_detail add column serial_numbers varchar(4000);

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '序列号查询', 'Serial look-up', 'Wms/SerialLookup', null, 1, null,
      (select count(*) from sys_menu c where c.parent_id = p.id)::int + 1, false, false
    from sys_menu p where p.name_en = 'Inventory' and p.parent_id = 0
      and not exists (select 1 from sys_menu e where e.url = 'Wms/SerialLookup');
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '序列号查询-查看', 'Serial look-up: View', null, 'sys:tblSnHistory:view', 2, null, 1, false, false
    from sys_menu s where s.url = 'Wms/SerialLookup'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tblSnHistory:view');

    -- A RECEIVE flow configured before this migration gains the serial step where it has the seeded quantity step.
    insert into rf_process_resource (name, type, text, locale_id)
    select r.name, r.type, r.text, r.locale_id from (values
      ('RCV_H_SN', 'header', '序列号 {serialCount}/{serialsNeeded}', '2052'),
      ('RCV_H_SN', 'header', 'Serials {serialCount}/{serialsNeeded}', '1033'),
      ('RCV_P_SN', 'prompt', '扫描序列号或商品 GS1 标签', '2052'),
      ('RCV_P_SN', 'prompt', 'Scan the serial or the item''s GS1 label', '1033')
    ) as r(name, type, text, locale_id)
    where exists (select 1 from rf_sub_process_detail q where q.dialog_exec_sp = 'receive.qty')
    on conflict (name, type, locale_id) do nothing;
    insert into rf_sub_process_detail (wh_id, client_code, sub_process_name, process_version, process_description,
      dialog_title, dialog_header1, dialog_header2, dialog_header3, dialog_header4, dialog_prompt, dialog_input_field,
      dialog_exec_sp)
    select q.wh_id, q.client_code, 'RCV_SN', '1', 'RECEIVE RCV_SN', q.dialog_title, 'RCV_H_PO', 'RCV_H_ITEM', 'RCV_H_QTY',
      'RCV_H_SN', 'RCV_P_SN', 'serialScan', 'receive.serial'
    from rf_sub_process_detail q where q.sub_process_name = 'RCV_QTY' and q.dialog_exec_sp = 'receive.qty'
    on conflict (wh_id, client_code, sub_process_name) do nothing;
    insert into rf_sub_process_option (wh_id, client_code, sub_process_name, dialog_option_name, dialog_option_description,
      function_key, next_sub_process_name)
    select o.wh_id, o.client_code, 'RCV_SN', o.dialog_option_name, o.dialog_option_description, o.function_key,
      o.next_sub_process_name
    from rf_sub_process_option o where o.sub_process_name = 'RCV_QTY' and o.function_key in ('BACK', 'DONE')
      and exists (select 1 from rf_sub_process_detail d where d.wh_id = o.wh_id and d.client_code = o.client_code
        and d.sub_process_name = 'RCV_SN')
    on conflict (wh_id, client_code, sub_process_name, function_key) do nothing;
    update rf_sub_process_option set next_sub_process_name = 'RCV_QTY'
    where sub_process_name = 'RCV_SN' and function_key = 'BACK';
    insert into rf_main_process_detail (main_process_name, sub_process_name, success_next_process_name,
      dynamic_process_name1)
    select m.main_process_name, 'RCV_SN', m.success_next_process_name, 'RCV_SN'
    from rf_main_process_detail m where m.sub_process_name = 'RCV_QTY' and m.dynamic_process_name1 is null
      and exists (select 1 from rf_sub_process_detail d where d.sub_process_name = 'RCV_SN')
    on conflict (main_process_name, sub_process_name) do nothing;
    update rf_main_process_detail set dynamic_process_name1 = 'RCV_SN'
    where sub_process_name = 'RCV_QTY' and dynamic_process_name1 is null
      and exists (select 1 from rf_main_process_detail s where s.sub_process_name = 'RCV_SN'
        and s.main_process_name = rf_main_process_detail.main_process_name);
  `)
    .execute(db);
}
