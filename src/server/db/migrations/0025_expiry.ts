import { type Kysely, sql } from 'kysely';

/**
 * Expiry and shelf life (issue 26 items 1–3, docs/flows.md "Allocation", the outbound, inbound and inventory READMEs):
 * - t_order.min_shelf_life_days: an order's own minimum remaining shelf life in days at allocation (null: the client's
 *   MIN_SHELF_LIFE_DAYS control, else the warehouse's, else 0).
 * - t_pick_detail.short_reason, t_afo_wave_detail_line.short_reason: why a line is not fully planned (code list
 *   `shortReason`: NOUOM, NOSTOCK, SHORT, SHORTDATED "only expired or short-dated stock"), shown on the wave and pick
 *   screens.
 * - An index for the hold of expired stock and the expiring-stock report (rows with an expiry, by warehouse), and the
 *   report's view v_expiring_stock.
 * - The action permissions sys:tReceipt:acceptShortDated, sys:tblInvAdjustment:acceptExpired and the expiring-stock
 *   report (Inventory → 临期库存 / Expiring stock, sys:expiringStock:view) for databases seeded before this migration (a
 *   new one has them from the menu tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_order add column min_shelf_life_days integer
      check (min_shelf_life_days between 0 and 3650);
    alter table t_pick_detail add column short_reason varchar(20);
    alter table t_afo_wave_detail_line add column short_reason varchar(20);
    create index t_stored_item_expiry on t_stored_item (wh_id, expiration_date) where expiration_date is not null;

    -- The expiring-stock report (Wms/ExpiringStock): stock rows with an expiry, their days left (today = the database's
    -- current_date) and the warning days of their client (EXPIRY_WARNING_DAYS: client row, else warehouse row, else 30).
    create view v_expiring_stock as
    select s.id, s.wh_id, s.client_code, s.item_number, i.description as item_description, s.lot_number, s.location_id,
      s.hu_id, trim_scale(s.actual_qty)::text as qty, s.status, s.reason_id,
      to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date, s.expiration_date - current_date as days_left,
      coalesce((select c.control_value::int from t_whse_control c
        where c.wh_id = s.wh_id and c.control_name = 'EXPIRY_WARNING_DAYS' and c.control_value ~ '^[0-9]{1,4}$'
          and (c.client_code = s.client_code or c.client_code is null)
        order by c.client_code nulls last limit 1), 30) as warning_days
    from t_stored_item s
    join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    where s.expiration_date is not null;

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, b.name, b.name_en, null, b.perms, 2, null, 100, false, false
    from sys_menu s
    join (values
      ('Wms/TReceipt', '收货-接收临期', 'Receipts: Accept short-dated', 'sys:tReceipt:acceptShortDated'),
      ('Wms/TblInvAdjustment', '库存调整-接收过期', 'Adjustments: Accept expired', 'sys:tblInvAdjustment:acceptExpired')
    ) as b(url, name, name_en, perms) on b.url = s.url
    where not exists (select 1 from sys_menu e where e.perms = b.perms);

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '临期库存', 'Expiring stock', 'Wms/ExpiringStock', null, 1, null,
      (select coalesce(max(order_num), 0) + 1 from sys_menu c where c.parent_id = p.id), false, false
    from sys_menu p
    where p.parent_id = 0 and p.name_en = 'Inventory'
      and not exists (select 1 from sys_menu e where e.url = 'Wms/ExpiringStock');

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '临期库存-查看', 'Expiring stock: View', null, 'sys:expiringStock:view', 2, null, 1, false, false
    from sys_menu s
    where s.url = 'Wms/ExpiringStock'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:expiringStock:view');
  `)
    .execute(db);
}
