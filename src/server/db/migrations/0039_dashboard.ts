import { type Kysely, sql } from 'kysely';

/**
 * The home dashboard (issue 29 item 1, modules/dashboard/README.md):
 * - `sys_user_setting`: a user's own settings, one JSON value per name, kept on the server so that they follow the user
 *   from machine to machine (the dashboard's warehouse and client: name `dashboard`);
 * - indexes the tiles read by time: receipts by date, cartons by closing time, deliveries by ship time, the ledger's
 *   putaway and pick rows by type and time (covering the client, so the count is an index-only scan), held stock rows,
 *   failed webhook deliveries;
 * - v_expiring_stock (migration 0027) with the same columns and rule, the warning days found by two hash joins (the
 *   client's row, else the warehouse's, else 30) instead of a subquery per stock row, and the expiry as a date
 *   (`expiry`) so that a count can bound it by an index range: 675,000 rows of a warehouse took 50 s to count
 *   (modules/dashboard/README.md "Performance");
 * - the menu Logs and reports → 看板 / Dashboard (Wms/Dashboard) with its button sys:dashboard:view, for databases
 *   seeded before this migration (a new one has them from the menu tree). A super administrator holds it anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table sys_user_setting (
      user_id integer not null references sys_user(id) on delete cascade,
      name varchar(40) not null,
      value jsonb not null,
      update_time timestamptz not null default now(),
      primary key (user_id, name)
    );

    -- t_receipt (wh_id, receipt_date), the receipts of a day, is 0036_reports' t_receipt_date.
    create index tbl_shipping_label_closed on tbl_shipping_label (wh_id, close_time) where close_time is not null;
    create index t_delivery_shipped on t_delivery (wh_id, ship_time) where ship_time is not null;
    create index tran_log_type_date on tran_log (wh_id, tran_type, tran_date) include (client_code);
    create index t_stored_item_held on t_stored_item (wh_id, client_code) where status = 'H';
    create index t_webhook_delivery_failed on t_webhook_delivery (subscription_id) where status = 'F';

    create or replace view v_expiring_stock as
    select s.id, s.wh_id, s.client_code, s.item_number, i.description as item_description, s.lot_number, s.location_id,
      s.hu_id, trim_scale(s.actual_qty)::text as qty, s.status, s.reason_id,
      to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date, s.expiration_date - current_date as days_left,
      coalesce(cc.control_value::int, cw.control_value::int, 30) as warning_days,
      s.expiration_date as expiry
    from t_stored_item s
    join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    left join t_whse_control cc on cc.wh_id = s.wh_id and cc.control_name = 'EXPIRY_WARNING_DAYS'
      and cc.client_code = s.client_code and cc.control_value ~ '^[0-9]{1,4}$'
    left join t_whse_control cw on cw.wh_id = s.wh_id and cw.control_name = 'EXPIRY_WARNING_DAYS'
      and cw.client_code is null and cw.control_value ~ '^[0-9]{1,4}$'
    where s.expiration_date is not null;

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '看板', 'Dashboard', 'Wms/Dashboard', null, 1, null, 0, false, false
    from sys_menu p
    where p.parent_id = 0 and p.name_en = 'Logs and reports'
      and not exists (select 1 from sys_menu e where e.url = 'Wms/Dashboard');

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '看板-查看', 'Dashboard: View', null, 'sys:dashboard:view', 2, null, 1, false, false
    from sys_menu s
    where s.url = 'Wms/Dashboard' and not exists (select 1 from sys_menu e where e.perms = 'sys:dashboard:view');
  `)
    .execute(db);
}
