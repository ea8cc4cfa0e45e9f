import { type Kysely, sql } from 'kysely';

/** The eleven attribute value columns shared by the ledger, task lines and logs. */
const ATTRIBUTE_COLUMNS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1} varchar(100)`).join(',\n      ');

/**
 * Inventory core (spec 001 §3 "Stored item", "Transaction log and exception log"; spec 000 §3 movement and
 * adjustment lines). The ledger's CHECK constraints are the last line of defence: whatever code path runs, stock
 * cannot go below zero and unavailable stock cannot exceed actual stock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    -- One row per warehouse, location, item, lot, handling unit and stored attribute id.
    create table t_stored_item (
      id bigserial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      location_id varchar(30) not null,
      client_code varchar(30) not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      hu_id varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      actual_qty numeric(18, 3) not null check (actual_qty >= 0),
      unavailable_qty numeric(18, 3) not null default 0 check (unavailable_qty >= 0),
      -- A available, H held (the whole row is unavailable while held).
      status char(1) not null default 'A' check (status in ('A', 'H')),
      fifo_date date not null default current_date,
      expiration_date date,
      reason_id varchar(20),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      check (unavailable_qty <= actual_qty),
      constraint t_stored_item_key unique nulls not distinct (wh_id, location_id, item_number, lot_number, hu_id, stored_attribute_id),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id),
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number)
    );
    create index t_stored_item_item on t_stored_item(wh_id, item_number, lot_number);
    create index t_stored_item_hu on t_stored_item(wh_id, hu_id) where hu_id is not null;

    -- The stock query reads the ledger with the location's zone and the available quantity.
    create view v_stored_item as
      select s.*, l.zone,
        case when s.status = 'H' then 0::numeric(18, 3) else s.actual_qty - s.unavailable_qty end as available_qty
      from t_stored_item s left join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id;

    -- Movement tasks: N new, A approved, C completed. Approved and completed tasks refuse every change.
    create table tbl_inv_movement (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      task_id varchar(30) not null,
      status char(1) not null default 'N' check (status in ('N', 'A', 'C')),
      description varchar(200),
      create_by varchar(50),
      approve_by varchar(50),
      approve_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, task_id)
    );

    create table tbl_inv_movement_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      task_id varchar(30) not null,
      line_number integer not null check (line_number > 0),
      status char(1) not null default 'N' check (status in ('N', 'C')),
      item_number varchar(50) not null,
      lot_number varchar(50),
      source_location_id varchar(30) not null,
      hu_id varchar(50),
      dest_location_id varchar(30) not null,
      qty numeric(18, 3) not null check (qty > 0),
      uom varchar(10) not null,
      line_remark varchar(200),
      stored_attribute_id bigint references t_stored_attribute(id),
      expiration_date date,
      ${ATTRIBUTE_COLUMNS},
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, task_id, line_number),
      foreign key (wh_id, task_id) references tbl_inv_movement(wh_id, task_id) on delete cascade,
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number),
      foreign key (wh_id, source_location_id) references t_location(wh_id, location_id),
      foreign key (wh_id, dest_location_id) references t_location(wh_id, location_id)
    );

    -- Adjustment tasks: N new, C completed (confirmed).
    create table tbl_inv_adjustment (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      task_id varchar(30) not null,
      status char(1) not null default 'N' check (status in ('N', 'C')),
      reason_id varchar(20),
      description varchar(200),
      create_by varchar(50),
      confirm_by varchar(50),
      confirm_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, task_id)
    );

    create table tbl_inv_adjustment_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      task_id varchar(30) not null,
      line_number integer not null check (line_number > 0),
      status char(1) not null default 'N' check (status in ('N', 'C')),
      location_id varchar(30) not null,
      hu_id varchar(50),
      item_number varchar(50) not null,
      lot_number varchar(50),
      qty numeric(18, 3) not null check (qty <> 0),
      uom varchar(10) not null,
      expiration_date date,
      line_remark varchar(200),
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, task_id, line_number),
      foreign key (wh_id, task_id) references tbl_inv_adjustment(wh_id, task_id) on delete cascade,
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id)
    );

    -- Every ledger change (category INBOUND, OUTBOUND or INVENTORY; signed quantity as seen by the ledger).
    create table tran_log (
      id bigserial primary key,
      wh_id varchar(20) not null,
      category varchar(10) not null check (category in ('INBOUND', 'OUTBOUND', 'INVENTORY')),
      tran_type varchar(20) not null,
      description varchar(200),
      tran_date timestamptz not null default now(),
      employee_id varchar(50),
      client_code varchar(30),
      item_number varchar(50),
      lot_number varchar(50),
      hu_id varchar(50),
      quantity numeric(18, 3),
      from_location_id varchar(30),
      to_location_id varchar(30),
      control_number varchar(30),
      line_number integer,
      stored_attribute_id bigint,
      ${ATTRIBUTE_COLUMNS}
    );
    create index tran_log_date on tran_log(wh_id, tran_date desc);
    create index tran_log_item on tran_log(wh_id, item_number, tran_date desc);

    -- Business-rule refusals worth keeping (written outside the refused transaction).
    create table exception_log (
      id bigserial primary key,
      wh_id varchar(20) not null,
      category varchar(10) not null check (category in ('INBOUND', 'OUTBOUND', 'INVENTORY')),
      tran_type varchar(20) not null,
      description varchar(400),
      error_code varchar(50) not null,
      tran_date timestamptz not null default now(),
      employee_id varchar(50),
      item_number varchar(50),
      lot_number varchar(50),
      quantity numeric(18, 3),
      from_location_id varchar(30),
      to_location_id varchar(30),
      control_number varchar(30),
      line_number integer,
      ${ATTRIBUTE_COLUMNS}
    );
    create index exception_log_date on exception_log(wh_id, tran_date desc);
  `)
    .execute(db);
}
