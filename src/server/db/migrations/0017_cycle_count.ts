import { type Kysely, sql } from 'kysely';

/**
 * Cycle counts (spec 001 §2.13, §3 "Cycle count task", §5, §7; statuses in docs/flows.md and
 * src/server/modules/cyclecount/README.md):
 * - tbl_cycle_count_task: one thing to count — a location, and the item, lot and pallet of a ledger row there when the
 *   task was generated (item empty: count whatever the location holds). `work_q_id` is its number (COUNT series, CC…),
 *   `sub_type` the way it was generated, `logic_qty` the ledger quantity (at generation, then at count entry),
 *   `cycle_count_qty` what was counted. N new (to count) → C counted → A adjustment task generated; a recount puts a
 *   counted task back to N, keeping the first count. The item's client is the task's client (no column of its own).
 * - v_cycle_count_task: the tasks as the list reads them. Blind counting: `logic_qty` is null while the task is N
 *   (to count). `recount_suggested` Y for a counted task whose difference exceeds the warehouse's tolerance
 *   (control COUNT_RECOUNT_PCT, percent of the book quantity, default 5; any count above a book quantity of 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table tbl_cycle_count_task (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      work_q_id varchar(30) not null,
      status char(1) not null default 'N' check (status in ('N', 'C', 'A')),
      sub_type varchar(10) not null check (sub_type in ('LOCITEM', 'PERCENT', 'TRANTYPE', 'FOUND')),
      zone varchar(20),
      from_location varchar(30),
      to_location varchar(30),
      location_id varchar(30) not null,
      hu_id varchar(50),
      item_number varchar(50),
      lot_number varchar(50),
      expiration_date date,
      stored_attribute_id bigint references t_stored_attribute(id),
      uom varchar(10),
      logic_qty numeric(18, 3) check (logic_qty >= 0),
      cycle_count_qty numeric(18, 3) check (cycle_count_qty >= 0),
      first_count_qty numeric(18, 3) check (first_count_qty >= 0),
      recount_count integer not null default 0 check (recount_count >= 0),
      percent integer check (percent between 1 and 100),
      tran_type varchar(20),
      start_date date,
      end_date date check (end_date >= start_date),
      count_by varchar(50),
      count_time timestamptz,
      adjustment_task_id varchar(30),
      create_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, work_q_id),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id)
    );
    create index tbl_cycle_count_task_list on tbl_cycle_count_task(wh_id, status, zone);
    create index tbl_cycle_count_task_location on tbl_cycle_count_task(wh_id, location_id, status);

    create view v_cycle_count_task as
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
          then 'Y' else 'N' end as recount_suggested
      from tbl_cycle_count_task t;
  `)
    .execute(db);
}
