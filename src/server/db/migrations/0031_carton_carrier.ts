import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 item 3: the action permission sys:tblShippingLabel:setCarrier (button 出库箱-指定承运商 / "Cartons: Set
 * carrier" under the cartons screen) for databases seeded before this migration (a new one has it from the menu tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '出库箱-指定承运商', 'Cartons: Set carrier', null, 'sys:tblShippingLabel:setCarrier', 2, null, 100, false, false
    from sys_menu s
    where s.url = 'Wms/TblShippingLabel'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tblShippingLabel:setCarrier');
  `)
    .execute(db);
}
