import { type Kysely, sql } from 'kysely';
import { addReportScreens } from './0036_reports';

/** The reports' screens as this migration adds them (written out: a migration must not change with later code). */
const SCREENS = [
  ['出库量', 'Outbound volume', 'Wms/RptOutboundVolume', 'rptOutboundVolume'],
  ['订单履行时效', 'Order cycle time', 'Wms/RptOrderCycle', 'rptOrderCycle'],
  ['订单满足率', 'Fill rate', 'Wms/RptFillRate', 'rptFillRate'],
  ['拣货效率', 'Picking productivity', 'Wms/RptPickProductivity', 'rptPickProductivity'],
  ['盘点准确率', 'Count accuracy', 'Wms/RptCountAccuracy', 'rptCountAccuracy'],
] as const;

/**
 * The five outbound and count reports of issue 29 (src/server/modules/reports/README.md):
 * - the indexes two of them read a date range by: orders by confirmation time (the order cycle's orders confirmed on
 *   the days and still open) and count tasks by count time (count accuracy); the others read indexes there already
 *   (`t_delivery_shipped`, `tran_log_type_date`: migration 0039);
 * - for databases seeded before this migration, one screen per report under 日志与报表 / Logs and reports with its
 *   button `sys:<resource>:view` (a new database has them from the menu tree), as 0036_reports added the first six.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists t_order_confirmed on t_order (wh_id, confirm_time) where confirm_time is not null`.execute(
    db,
  );
  await sql`create index if not exists tbl_cycle_count_task_counted on tbl_cycle_count_task (wh_id, count_time)
    where count_time is not null`.execute(db);
  await addReportScreens(db, SCREENS);
}
