import { type Kysely, sql } from 'kysely';

/** The reports' screens as this migration adds them (written out: a migration must not change with later code). */
const SCREENS = [
  ['入库量', 'Inbound volume', 'Wms/RptInboundVolume', 'rptInboundVolume'],
  ['收货上架时效', 'Dock-to-stock time', 'Wms/RptDockToStock', 'rptDockToStock'],
  ['库存价值', 'Stock value', 'Wms/RptStockValue', 'rptStockValue'],
  ['库龄分析', 'Stock ageing', 'Wms/RptStockAgeing', 'rptStockAgeing'],
  ['库位利用率', 'Location utilisation', 'Wms/RptLocationUse', 'rptLocationUse'],
  ['事务量', 'Transaction volume', 'Wms/RptTranVolume', 'rptTranVolume'],
] as const;

/**
 * Analytic reports (issue 29 item 2, src/server/modules/reports/README.md):
 * - the index the inbound reports read receipts by (warehouse and receipt time: a date range);
 * - covering indexes for the two big aggregates, so that they read an index only, never the wide rows of the
 *   ledger history (eleven attribute columns, a description) or of the stock: the transaction volume over a date range
 *   of tran_log, the stock value and ageing over a warehouse's stock rows (the reports README "Performance");
 * - for databases seeded before this migration, one screen per report under 日志与报表 / Logs and reports, each with
 *   its button `sys:<resource>:view` (a new database has them from the menu tree). The super administrator role holds
 *   them as it holds every permission; other roles get them from the role screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists t_receipt_date on t_receipt (wh_id, receipt_date)`.execute(db);
  await sql`create index if not exists tran_log_report on tran_log (wh_id, tran_date) include (tran_type, client_code, item_number, quantity)`.execute(
    db,
  );
  await sql`create index if not exists t_stored_item_report on t_stored_item (wh_id, client_code, item_number)
    include (location_id, actual_qty, fifo_date)`.execute(db);
  await addReportScreens(db, SCREENS);
}

/**
 * Report screens under 日志与报表 / Logs and reports, each `[name, English name, url, resource]` with its button
 * `sys:<resource>:view`, for a database seeded before them (none is added twice). Later report migrations use it too.
 */
export async function addReportScreens(
  db: Kysely<unknown>,
  screens: readonly (readonly [string, string, string, string])[],
): Promise<void> {
  for (const [name, nameEn, url, resource] of screens) {
    const menu = { name, nameEn };
    await sql`
      insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
      select p.id, ${menu.name}, ${menu.nameEn}, ${url}, null, 1, null,
        (select coalesce(max(order_num), 0) + 1 from sys_menu c where c.parent_id = p.id), false, false
      from sys_menu p
      where p.parent_id = 0 and p.name_en = 'Logs and reports'
        and not exists (select 1 from sys_menu e where e.url = ${url})`.execute(db);
    await sql`
      insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
      select s.id, ${`${menu.name}-查看`}, ${`${menu.nameEn}: View`}, null, ${`sys:${resource}:view`}, 2, null, 1, false, false
      from sys_menu s
      where s.url = ${url} and not exists (select 1 from sys_menu e where e.perms = ${`sys:${resource}:view`})`.execute(db);
  }
}
