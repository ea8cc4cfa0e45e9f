import { type Kysely, sql } from 'kysely';

const ATTRIBUTE_COLUMNS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1} varchar(100)`).join(',\n      ');

/**
 * Inbound (spec 001 §1 "Inbound", §2.4, §3 PO master / PO detail line / Receipt; statuses in docs/flows.md and
 * src/server/modules/inbound/README.md):
 * - t_po_master: PO header of one client; O open → R receiving → C closed, O → X cancelled.
 * - t_po_detail: PO lines; qty in the line's order unit, qty_received (good and damaged) never above what the
 *   client's over-receipt tolerance allows (the receiving service checks it under the line's row lock).
 * - t_receipt: one received PO line quantity (one call of addReceipt); receipts of one arrival share a receipt_id.
 *   R received → Q awaiting inspection → R (inspected) → P put away.
 * - t_inspection_detail: the sample lines of a receipt awaiting inspection, with their result.
 * - Putaway tasks are movement tasks of type PUTAWAY whose lines name the receipt they put away.
 * - A warehouse control may name a client: OVER_RECEIPT_PCT per client, the warehouse's row (no client) otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table t_po_master (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30) not null,
      po_number varchar(30) not null,
      type_id varchar(10) not null default 'STD' check (type_id in ('STD', 'RTN', 'TRF', 'CON')),
      vendor_code varchar(30),
      status char(1) not null default 'O' check (status in ('O', 'R', 'C', 'X')),
      create_date date not null default current_date,
      expected_date date,
      closed_date date,
      ship_from_name varchar(100),
      ship_from_addr1 varchar(200),
      ship_from_addr2 varchar(200),
      ship_from_city varchar(60),
      ship_from_state varchar(60),
      ship_from_zip varchar(20),
      ship_from_country_code varchar(3),
      ship_from_phone varchar(40),
      appointment_number varchar(30),
      appointment_status char(1) not null default 'N' check (appointment_status in ('N', 'S', 'A', 'D')),
      carrier_scac varchar(10),
      carrier_mode varchar(10),
      remark varchar(200),
      create_by varchar(50),
      close_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, po_number),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code),
      foreign key (wh_id, vendor_code) references t_vendor(wh_id, vendor_code)
    );
    create index t_po_master_list on t_po_master(wh_id, client_code, status);
    create index t_po_master_vendor on t_po_master(wh_id, vendor_code);

    create table t_po_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      po_number varchar(30) not null,
      line_number integer not null check (line_number > 0),
      item_number varchar(50) not null,
      schedule_number integer,
      qty numeric(18, 3) not null check (qty > 0),
      qty_received numeric(18, 3) not null default 0 check (qty_received >= 0),
      qty_damaged numeric(18, 3) not null default 0 check (qty_damaged >= 0 and qty_damaged <= qty_received),
      vendor_item_number varchar(50),
      delivery_date date,
      originator varchar(50),
      order_uom varchar(10) not null,
      lot_number varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      special_processing varchar(50),
      location_id varchar(30),
      distro_process varchar(50),
      vas_profile_id varchar(30),
      earliest_ship_date date,
      latest_ship_date date,
      earliest_delivery_date date,
      latest_delivery_date date,
      closed_date date,
      sort_type varchar(20),
      planned_volume numeric(18, 3) check (planned_volume >= 0),
      planned_weight numeric(18, 3) check (planned_weight >= 0),
      reference_qty numeric(18, 3) check (reference_qty >= 0),
      generic_date1 date,
      generic_date2 date,
      generic_qty1 numeric(18, 3),
      generic_qty2 numeric(18, 3),
      generic_field1 varchar(100),
      generic_field2 varchar(100),
      generic_field3 varchar(100),
      dynamic_field1 varchar(100),
      dynamic_field2 varchar(100),
      hold_reason_id varchar(20),
      created_by varchar(50),
      updated_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, po_number, line_number),
      foreign key (wh_id, po_number) references t_po_master(wh_id, po_number) on delete cascade,
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id)
    );
    create index t_po_detail_item on t_po_detail(wh_id, item_number);

    create table t_receipt (
      id serial primary key,
      wh_id varchar(20) not null,
      receipt_id varchar(30) not null,
      client_code varchar(30) not null,
      vendor_code varchar(30),
      po_number varchar(30) not null,
      line_number integer not null,
      item_number varchar(50) not null,
      uom varchar(10) not null,
      conversion_factor numeric(18, 6) not null default 1 check (conversion_factor > 0),
      lot_number varchar(50),
      expiration_date date,
      hu_id varchar(50),
      master_hu_id varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      qty_received numeric(18, 3) not null check (qty_received > 0),
      qty_damaged numeric(18, 3) not null default 0 check (qty_damaged >= 0 and qty_damaged <= qty_received),
      location_id varchar(30) not null,
      door_id varchar(20),
      put_location_id varchar(30),
      qty_inspect numeric(18, 3) not null default 0 check (qty_inspect >= 0),
      qty_back numeric(18, 3) not null default 0 check (qty_back >= 0),
      status char(1) not null default 'R' check (status in ('R', 'Q', 'P')),
      receipt_date timestamptz not null default now(),
      receive_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      foreign key (wh_id, po_number, line_number) references t_po_detail(wh_id, po_number, line_number),
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id),
      foreign key (wh_id, put_location_id) references t_location(wh_id, location_id)
    );
    create index t_receipt_po on t_receipt(wh_id, po_number, line_number);
    create index t_receipt_number on t_receipt(wh_id, receipt_id);

    -- The sample of a receipt awaiting inspection: N not yet inspected, P passed, F failed (some or all units).
    create table t_inspection_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      receipt_row_id integer not null references t_receipt(id) on delete cascade,
      receipt_id varchar(30) not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      location_id varchar(30) not null,
      qty_to_inspect numeric(18, 3) not null check (qty_to_inspect > 0),
      sample_qty numeric(18, 3) not null check (sample_qty > 0),
      qty_passed numeric(18, 3) not null default 0 check (qty_passed >= 0),
      qty_failed numeric(18, 3) not null default 0 check (qty_failed >= 0),
      fail_location_id varchar(30),
      result char(1) not null default 'N' check (result in ('N', 'P', 'F')),
      inspect_by varchar(50),
      inspect_time timestamptz,
      remark varchar(200),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (receipt_row_id),
      foreign key (wh_id, fail_location_id) references t_location(wh_id, location_id)
    );

    -- Putaway tasks are movement tasks; their approval logs PUTAWAY and marks the receipts put away.
    alter table tbl_inv_movement add column task_type varchar(10) not null default 'MOVE'
      check (task_type in ('MOVE', 'PUTAWAY'));
    alter table tbl_inv_movement_detail add column receipt_row_id integer references t_receipt(id);

    -- A warehouse control may be one client's (OVER_RECEIPT_PCT per client).
    alter table t_whse_control add column client_code varchar(30);
    alter table t_whse_control drop constraint t_whse_control_wh_id_control_name_key;
    alter table t_whse_control add constraint t_whse_control_key unique nulls not distinct (wh_id, control_name, client_code);
  `)
    .execute(db);
  // Installations seeded before inbound existed gain its desk screens under the Inbound menu.
  await sql`
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, m.name, m.name_en, m.url, null, 1, null, m.order_num, m.hidden, false
    from sys_menu p
    cross join (values ('收货作业', 'Receiving', 'Wms/Receiving', 4, false), ('质检', 'Inspection', 'Wms/Inspection', 5, false),
      ('上架', 'Putaway', 'Wms/Putaway', 6, false), ('采购订单对账', 'PO reconciliation', 'Wms/PoReconcile', 7, true))
      as m(name, name_en, url, order_num, hidden)
    where p.name_en = 'Inbound' and p.type = 0
      and not exists (select 1 from sys_menu e where e.url = m.url)`.execute(db);
}
