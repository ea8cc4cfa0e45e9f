import { type Kysely, sql } from 'kysely';
import { type SerialStep, serialStep } from './0029_serials';

/**
 * Serials at the RF carton pick, the RF short pick and the counts (issue 26 item 4; serials README "Channels", "Counts"):
 * - a count names the serials it found (`tbl_cycle_count_task.serial_numbers`, one a line; the list view answers them)
 *   and the adjustment lines generated from counts carry theirs (`tbl_inv_adjustment_detail.serial_numbers` as text);
 * - the handheld CARTON flow gains `CTN_SN` after the quantity and COUNT gains `CNT_SN` after the quantity (texts,
 *   dialogs with Back / Exit, main-process rows), as 0029 added `RCV_SN` and `PCK_SN`, where the seeded step exists;
 * - the short pick (`PCK_SHORT`) leads by its branch 2 to `PCK_SN` (one serial per unit found).
 */
const STEPS: readonly SerialStep[] = [
  {
    after: 'CTN_QTY',
    afterExec: 'carton.qty',
    step: 'CTN_SN',
    exec: 'carton.serial',
    branch: 'dynamic_process_name1',
    headers: ['CTN_H_CARTON', 'CTN_H_PACKED', 'CTN_H_ITEM', 'CTN_H_SN'],
    texts: {
      CTN_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
      CTN_P_SN: ['扫描装箱商品的序列号', 'Scan the serial of each unit packed'],
    },
  },
  {
    after: 'CNT_QTY',
    afterExec: 'count.enter',
    step: 'CNT_SN',
    exec: 'count.serial',
    branch: 'dynamic_process_name1',
    headers: ['CNT_H_TASK', 'CNT_H_LOC', 'CNT_H_ITEM', 'CNT_H_LOT', 'CNT_H_SN'],
    texts: {
      CNT_H_SN: ['序列号 {serialCount}/{serialsNeeded}', 'Serials {serialCount}/{serialsNeeded}'],
      CNT_P_SN: ['扫描所盘商品的序列号', 'Scan the serial of each unit counted'],
    },
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table tbl_cycle_count_task add column serial_numbers text;
    -- A count's down line names every serial not found at a place: more than the 4,000 characters a typed line holds.
    alter table tbl_inv_adjustment_detail alter column serial_numbers type text;
    create or replace view v_cycle_count_task as
      select t.id, t.wh_id, t.work_q_id, t.status, t.sub_type, t.zone, t.from_location, t.to_location, t.location_id,
        t.hu_id, t.item_number, t.lot_number, t.expiration_date, t.stored_attribute_id, t.uom,
        case when t.status = 'N' then null else t.logic_qty end as logic_qty,
        t.cycle_count_qty, t.first_count_qty, t.recount_count, t.percent, t.tran_type, t.start_date, t.end_date,
        t.count_by, t.count_time, t.adjustment_task_id, t.create_by, t.create_time, t.update_time,
        case when t.status = 'C' and t.cycle_count_qty is not null and t.logic_qty is not null
          and abs(t.cycle_count_qty - t.logic_qty) > t.logic_qty * (
            select coalesce(max(case when c.control_value ~ '^ *[0-9]+([.][0-9]+)? *$' then trim(c.control_value)::numeric end), 5)
            from t_whse_control c
            where c.wh_id = t.wh_id and c.control_name = 'COUNT_RECOUNT_PCT' and c.client_code is null) / 100
          then 'Y' else 'N' end as recount_suggested,
        t.serial_numbers
      from tbl_cycle_count_task t;
  `)
    .execute(db);
  await addSerialSteps(db);
}

/** The RF part: the carton and count serial steps and the short pick's branch to PCK_SN (where the seeded steps exist). */
export async function addSerialSteps(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    ${STEPS.map(serialStep).join('\n')}

    update rf_main_process_detail m set dynamic_process_name2 = 'PCK_SN'
    where m.sub_process_name = 'PCK_SHORT' and m.dynamic_process_name2 is null
      and exists (select 1 from rf_main_process_detail x where x.sub_process_name = 'PCK_SN'
        and x.main_process_name = m.main_process_name);
  `)
    .execute(db);
}
