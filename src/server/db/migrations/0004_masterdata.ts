import { type Kysely, sql } from 'kysely';

/**
 * Master data (spec 001 §3): every table is warehouse-scoped and keyed by business codes unique per warehouse.
 * Composite foreign keys on those codes make "in use" refusals come from the database itself, so a row another
 * row still names can never be deleted, whatever route tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table t_whse_control (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      control_name varchar(50) not null,
      control_value varchar(200),
      description varchar(200),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, control_name)
    );

    -- Number series (task, receipt, wave, carton, delivery …); next_value is taken with one conditional update.
    create table t_control (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      control_type varchar(30) not null,
      description varchar(100),
      prefix varchar(10),
      number_length smallint not null default 8 check (number_length between 1 and 18),
      next_value bigint not null default 1 check (next_value >= 1),
      config_display varchar(100),
      allow_edit char(1) not null default 'Y' check (allow_edit in ('Y', 'N')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, control_type)
    );

    create table t_item_type (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      item_type_id varchar(20) not null,
      description varchar(100) not null,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, item_type_id)
    );

    create table t_item_class (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      class_id varchar(20) not null,
      item_type_id varchar(20),
      description varchar(100) not null,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, class_id),
      foreign key (wh_id, item_type_id) references t_item_type(wh_id, item_type_id)
    );

    -- Up to 11 attribute types (labels such as colour, size, origin) an item's stock is told apart by.
    create table t_attribute_collection (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      attribute_collection_id varchar(30) not null,
      description varchar(100) not null,
      attribute_type1 varchar(30),
      attribute_type2 varchar(30),
      attribute_type3 varchar(30),
      attribute_type4 varchar(30),
      attribute_type5 varchar(30),
      attribute_type6 varchar(30),
      attribute_type7 varchar(30),
      attribute_type8 varchar(30),
      attribute_type9 varchar(30),
      attribute_type10 varchar(30),
      attribute_type11 varchar(30),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, attribute_collection_id)
    );

    -- One row per combination of the 11 values within a collection: the stored attribute id stock rows carry.
    -- NULLS NOT DISTINCT makes the same combination (empty slots included) map to one id under concurrency.
    create table t_stored_attribute (
      id bigserial primary key,
      wh_id varchar(20) not null,
      attribute_collection_id varchar(30) not null,
      generic_attr_value1 varchar(100),
      generic_attr_value2 varchar(100),
      generic_attr_value3 varchar(100),
      generic_attr_value4 varchar(100),
      generic_attr_value5 varchar(100),
      generic_attr_value6 varchar(100),
      generic_attr_value7 varchar(100),
      generic_attr_value8 varchar(100),
      generic_attr_value9 varchar(100),
      generic_attr_value10 varchar(100),
      generic_attr_value11 varchar(100),
      create_time timestamptz not null default now(),
      foreign key (wh_id, attribute_collection_id) references t_attribute_collection(wh_id, attribute_collection_id),
      unique nulls not distinct (wh_id, attribute_collection_id, generic_attr_value1, generic_attr_value2,
        generic_attr_value3, generic_attr_value4, generic_attr_value5, generic_attr_value6, generic_attr_value7,
        generic_attr_value8, generic_attr_value9, generic_attr_value10, generic_attr_value11)
    );

    create table t_item_master (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30) not null,
      item_number varchar(50) not null,
      display_item_number varchar(50),
      description varchar(200) not null,
      inventory_type varchar(20),
      uom varchar(10) not null,
      shelf_life integer check (shelf_life >= 0),
      serial_control char(1) not null default 'N' check (serial_control in ('Y', 'N')),
      lot_control char(1) not null default 'N' check (lot_control in ('Y', 'N')),
      item_category varchar(30),
      price numeric(18, 3) check (price >= 0),
      upc varchar(30),
      unit_weight numeric(18, 3) check (unit_weight >= 0),
      tare_weight numeric(18, 3) check (tare_weight >= 0),
      unit_volume numeric(18, 3) check (unit_volume >= 0),
      nested_volume numeric(18, 3) check (nested_volume >= 0),
      length numeric(18, 3) check (length >= 0),
      width numeric(18, 3) check (width >= 0),
      height numeric(18, 3) check (height >= 0),
      sample_rate integer check (sample_rate between 1 and 100),
      default_carton_type char(1) check (default_carton_type in ('N', 'P')),
      is_special_size char(1) not null default 'N' check (is_special_size in ('Y', 'N')),
      use_xcarton char(1) not null default 'N' check (use_xcarton in ('Y', 'N')),
      minqty_to_use_xcarton numeric(18, 3) check (minqty_to_use_xcarton >= 0),
      item_type_id varchar(20),
      class_id varchar(20),
      attribute_collection_id varchar(30),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, item_number),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code),
      foreign key (wh_id, item_type_id) references t_item_type(wh_id, item_type_id),
      foreign key (wh_id, class_id) references t_item_class(wh_id, class_id),
      foreign key (wh_id, attribute_collection_id) references t_attribute_collection(wh_id, attribute_collection_id)
    );
    create index t_item_master_client on t_item_master(wh_id, client_code, item_number);

    -- Units of measure of an item; the base unit (the item's uom) has conversion factor 1.
    create table t_item_uom (
      id serial primary key,
      wh_id varchar(20) not null,
      item_number varchar(50) not null,
      uom varchar(10) not null,
      conversion_factor numeric(18, 3) not null check (conversion_factor > 0),
      uom_prompt varchar(50),
      pick_put_id varchar(20),
      uom_weight numeric(18, 3) check (uom_weight >= 0),
      length numeric(18, 3) check (length >= 0),
      width numeric(18, 3) check (width >= 0),
      height numeric(18, 3) check (height >= 0),
      package_weight numeric(18, 3) check (package_weight >= 0),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, item_number, uom),
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number) on delete cascade
    );

    create table t_zone (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      zone varchar(20) not null,
      description varchar(100),
      overflow_zone varchar(20),
      zone_type char(1) not null check (zone_type in ('A', 'D', 'Q')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, zone),
      foreign key (wh_id, overflow_zone) references t_zone(wh_id, zone)
    );

    create table t_location (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      location_id varchar(30) not null,
      description varchar(100),
      short_location_id varchar(20),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      type char(1) not null check (type in ('F', 'S', 'I', 'M')),
      hu_flag char(1) not null default 'N' check (hu_flag in ('Y', 'N')),
      item_hu_indicator char(1) not null default 'I' check (item_hu_indicator in ('I', 'H')),
      zone varchar(20),
      picking_flow integer check (picking_flow >= 0),
      capacity_uom varchar(10),
      capacity_qty numeric(18, 3) check (capacity_qty >= 0),
      stored_qty numeric(18, 3) not null default 0 check (stored_qty >= 0),
      cycle_count_class char(1) check (cycle_count_class in ('A', 'B', 'C')),
      last_count_date date,
      capacity_volume numeric(18, 3) check (capacity_volume >= 0),
      length numeric(18, 3) check (length >= 0),
      width numeric(18, 3) check (width >= 0),
      height numeric(18, 3) check (height >= 0),
      pick_area varchar(20),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, location_id),
      foreign key (wh_id, zone) references t_zone(wh_id, zone)
    );
    create index t_location_zone on t_location(wh_id, zone, picking_flow);

    create table t_zone_loca (
      id serial primary key,
      wh_id varchar(20) not null,
      zone varchar(20) not null,
      location_id varchar(30) not null,
      pick_seq integer check (pick_seq >= 0),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, zone, location_id),
      foreign key (wh_id, zone) references t_zone(wh_id, zone),
      foreign key (wh_id, location_id) references t_location(wh_id, location_id)
    );

    create table t_vendor (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      vendor_code varchar(30) not null,
      vendor_name varchar(100) not null,
      contact varchar(60),
      phone varchar(40),
      email varchar(100),
      addr1 varchar(200),
      city varchar(60),
      state varchar(60),
      zip varchar(20),
      country_code varchar(3),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, vendor_code)
    );

    create table t_carrier (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      carrier_code varchar(30) not null,
      carrier_name varchar(100) not null,
      status char(1) not null default 'A' check (status in ('A', 'I')),
      scac_code varchar(10),
      transport_mode varchar(20),
      contact_name varchar(60),
      phone varchar(40),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, carrier_code)
    );

    create table tbl_carton_type (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      carton_type varchar(20) not null,
      description varchar(100) not null,
      length numeric(18, 3) check (length >= 0),
      width numeric(18, 3) check (width >= 0),
      height numeric(18, 3) check (height >= 0),
      max_weight numeric(18, 3) check (max_weight >= 0),
      tare_weight numeric(18, 3) check (tare_weight >= 0),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, carton_type)
    );

    create table tbl_sn_master (
      id serial primary key,
      wh_id varchar(20) not null,
      item_number varchar(50) not null,
      serial_number varchar(60) not null,
      lot_number varchar(50),
      status varchar(10) not null default 'IN',
      location_id varchar(30),
      order_number varchar(50),
      receipt_id varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, item_number, serial_number),
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number)
    );

    create table tbl_print_scheduler (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      document_type varchar(30) not null,
      printer_name varchar(60) not null,
      printer_address varchar(200),
      copies smallint not null default 1 check (copies between 1 and 99),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      description varchar(100),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, document_type, printer_name)
    );

    -- Reason codes by type (HOLD, ADJUST, MOVE, COUNT …); a null client_code serves every client of the warehouse.
    create table t_reason (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      reason_type varchar(20) not null,
      reason_id varchar(20) not null,
      client_code varchar(30),
      description varchar(100) not null,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, reason_type, reason_id),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code)
    );

    create table t_dock_door (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      door_id varchar(20) not null,
      description varchar(100),
      door_type char(1) not null default 'B' check (door_type in ('I', 'O', 'B')),
      staging_location_id varchar(30),
      status char(1) not null default 'A' check (status in ('A', 'I')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, door_id),
      foreign key (wh_id, staging_location_id) references t_location(wh_id, location_id)
    );

    create table t_work_type (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      work_type varchar(20) not null,
      description varchar(100) not null,
      priority smallint not null default 50 check (priority between 1 and 99),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, work_type)
    );
  `.execute(db);
}
