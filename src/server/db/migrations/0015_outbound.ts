import { type Kysely, sql } from 'kysely';

const ATTRIBUTE_COLUMNS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1} varchar(100)`).join(',\n      ');
const PROFILE_PARAMETERS = Array.from(
  { length: 10 },
  (_, i) => `parameter${i + 1} varchar(100),
      parameter_label${i + 1} varchar(60),
      parameter_required${i + 1} char(1) not null default 'N' check (parameter_required${i + 1} in ('Y', 'N'))`,
).join(',\n      ');
const PARAMETER_VALUES = Array.from({ length: 10 }, (_, i) => `parameter${i + 1} varchar(100)`).join(',\n      ');

/**
 * Outbound up to picked stock (spec 001 §2.5–§2.10, §3; statuses in docs/flows.md and src/server/modules/outbound/README.md):
 * - t_stored_item.allocated_qty: units reserved for pick tasks; unavailable + allocated never above actual, so
 *   available = actual − unavailable − allocated (0 while held).
 * - t_order / t_order_detail: an order of one client and its lines (qty in the line's order unit).
 *   N new → C confirmed → W in a wave → A allocated → K picking → P packed → D in a delivery → S shipped; N, C → X.
 * - t_wave_master: N building → R released → P picking → C picked → S shipped; N, R ↔ H held (held_status keeps
 *   the status to return to).
 * - t_afo_wave_detail: the orders of a wave (an order is in one wave at most), with the profile and parameters that
 *   loaded it; t_afo_wave_detail_line: its lines as the wave plans them (planned_qty in base units after release).
 * - t_afa_profile: a wave-load profile names a server function of a fixed registry and describes its parameters
 *   1–10 (label key, default, required). Never SQL from configuration.
 * - t_afa_view_wave_order / _line: one user's working set of candidate orders for one wave (view_id), filled by a
 *   profile, selected, then added to or removed from the wave.
 * - t_pick_detail: one order line in a released wave, with the spec's quantities (base units).
 * - t_wave_pick_task: the allocations — one reservation of one ledger row for one pick detail — grouped into pick
 *   tasks (pick_id) by work type and pick area. O open → K picked (the rest short) or S short.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_stored_item add column allocated_qty numeric(18, 3) not null default 0 check (allocated_qty >= 0);
    alter table t_stored_item drop constraint t_stored_item_check;
    alter table t_stored_item add constraint t_stored_item_buckets check (unavailable_qty + allocated_qty <= actual_qty);

    drop view v_stored_item;
    create view v_stored_item as
      select s.*, l.zone,
        case when s.status = 'H' then 0::numeric(18, 3) else s.actual_qty - s.unavailable_qty - s.allocated_qty end
          as available_qty
      from t_stored_item s left join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id;

    create table t_order (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30) not null,
      order_number varchar(30) not null,
      display_order_number varchar(50),
      store_order_number varchar(50),
      type_id varchar(10) not null default 'SO' check (type_id in ('SO', 'TRF', 'RTV', 'SMP')),
      status char(1) not null default 'N' check (status in ('N', 'C', 'W', 'A', 'K', 'P', 'D', 'S', 'X')),
      priority smallint not null default 50 check (priority between 1 and 99),
      order_date date not null default current_date,
      earliest_ship_date date,
      latest_ship_date date check (latest_ship_date >= earliest_ship_date),
      actual_ship_date date,
      carrier_id varchar(30),
      customer_code varchar(30),
      customer_name varchar(100),
      customer_phone varchar(40),
      customer_email varchar(100),
      ship_to_name varchar(100),
      ship_to_phone varchar(40),
      ship_to_addr1 varchar(200),
      ship_to_addr2 varchar(200),
      ship_to_city varchar(60),
      ship_to_state varchar(60),
      ship_to_zip varchar(20),
      ship_to_country_code varchar(3),
      load_id varchar(30),
      lock_flag char(1) not null default 'N' check (lock_flag in ('Y', 'N')),
      wave_id varchar(30),
      remark varchar(200),
      create_by varchar(50),
      confirm_by varchar(50),
      confirm_time timestamptz,
      cancel_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, order_number),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code),
      foreign key (wh_id, carrier_id) references t_carrier(wh_id, carrier_code)
    );
    create index t_order_list on t_order(wh_id, client_code, status);
    create index t_order_wave on t_order(wh_id, wave_id) where wave_id is not null;

    create table t_order_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      order_number varchar(30) not null,
      line_number integer not null check (line_number > 0),
      item_number varchar(50) not null,
      lot_number varchar(50),
      qty numeric(18, 3) not null check (qty > 0),
      order_uom varchar(10) not null,
      hold_reason_id varchar(20),
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      customer_item_number varchar(50),
      unit_price numeric(18, 3) check (unit_price >= 0),
      earliest_ship_date date,
      latest_ship_date date,
      remark varchar(200),
      generic_field1 varchar(100),
      generic_field2 varchar(100),
      generic_field3 varchar(100),
      created_by varchar(50),
      updated_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, order_number, line_number),
      foreign key (wh_id, order_number) references t_order(wh_id, order_number) on delete cascade,
      foreign key (wh_id, item_number) references t_item_master(wh_id, item_number)
    );
    create index t_order_detail_item on t_order_detail(wh_id, item_number);

    create table t_wave_master (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      wave_id varchar(30) not null,
      status char(1) not null default 'N' check (status in ('N', 'R', 'P', 'C', 'S', 'H')),
      held_status char(1) check (held_status in ('N', 'R')),
      sequence integer not null default 1 check (sequence > 0),
      priority smallint not null default 50 check (priority between 1 and 99),
      workers_required smallint not null default 1 check (workers_required between 1 and 999),
      override_work_type varchar(20),
      staging_location varchar(30),
      door_location varchar(20),
      earliest_ship_date date,
      latest_ship_date date check (latest_ship_date >= earliest_ship_date),
      created_date timestamptz not null default now(),
      released_date timestamptz,
      remark varchar(200),
      create_by varchar(50),
      release_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, wave_id),
      foreign key (wh_id, override_work_type) references t_work_type(wh_id, work_type),
      foreign key (wh_id, staging_location) references t_location(wh_id, location_id),
      foreign key (wh_id, door_location) references t_dock_door(wh_id, door_id)
    );
    create index t_wave_master_status on t_wave_master(wh_id, status);

    create table t_afa_profile (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30),
      profile_type varchar(20) not null default 'WAVE PROFILE' check (profile_type in ('WAVE PROFILE')),
      profile_name varchar(30) not null,
      profile_descrip varchar(100) not null,
      function_name varchar(50) not null,
      status char(1) not null default 'A' check (status in ('A', 'I')),
      ${PROFILE_PARAMETERS},
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, profile_name),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code)
    );

    create table t_afo_wave_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      wave_id varchar(30) not null,
      order_number varchar(30) not null,
      client_code varchar(30) not null,
      load_seq integer not null default 1 check (load_seq > 0),
      profile_id integer references t_afa_profile(id) on delete set null,
      ${PARAMETER_VALUES},
      create_by varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, order_number),
      foreign key (wh_id, wave_id) references t_wave_master(wh_id, wave_id) on delete cascade,
      foreign key (wh_id, order_number) references t_order(wh_id, order_number)
    );
    create index t_afo_wave_detail_wave on t_afo_wave_detail(wh_id, wave_id, load_seq);

    create table t_afo_wave_detail_line (
      id serial primary key,
      wave_detail_id integer not null references t_afo_wave_detail(id) on delete cascade,
      wh_id varchar(20) not null,
      order_number varchar(30) not null,
      line_number integer not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      planned_qty numeric(18, 3) not null default 0 check (planned_qty >= 0),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wave_detail_id, line_number),
      foreign key (wh_id, order_number, line_number) references t_order_detail(wh_id, order_number, line_number)
    );

    create sequence t_afa_view_id;
    create table t_afa_view_wave_order (
      id serial primary key,
      view_id integer not null,
      user_id varchar(50) not null,
      wh_id varchar(20) not null,
      wave_id varchar(30) not null,
      client_code varchar(30) not null,
      order_number varchar(30) not null,
      selected char(1) not null default 'N' check (selected in ('Y', 'N')),
      add_quantity numeric(18, 3) not null default 0,
      add_wave_status char(1),
      header_string varchar(300),
      target_wave varchar(30),
      hide char(1) not null default 'N' check (hide in ('Y', 'N')),
      profile_id integer references t_afa_profile(id) on delete set null,
      ${PARAMETER_VALUES},
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (view_id, order_number),
      foreign key (wh_id, wave_id) references t_wave_master(wh_id, wave_id) on delete cascade,
      foreign key (wh_id, order_number) references t_order(wh_id, order_number) on delete cascade
    );
    create index t_afa_view_wave_order_user on t_afa_view_wave_order(wh_id, wave_id, user_id);

    create table t_afa_view_wave_order_line (
      id serial primary key,
      view_order_id integer not null references t_afa_view_wave_order(id) on delete cascade,
      view_id integer not null,
      user_id varchar(50) not null,
      wh_id varchar(20) not null,
      wave_id varchar(30) not null,
      order_number varchar(30) not null,
      line_number integer not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      qty numeric(18, 3) not null,
      order_uom varchar(10) not null,
      stored_attribute_id bigint,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (view_order_id, line_number)
    );
    -- The working set as its screen lists it: the owner under the spec's filter name, and the order's own facts.
    create view v_afa_view_wave_order as
      select v.*, v.user_id as user_name, o.status as order_status, o.priority, o.carrier_id, o.earliest_ship_date,
        o.latest_ship_date
      from t_afa_view_wave_order v join t_order o on o.wh_id = v.wh_id and o.order_number = v.order_number;

    create table t_pick_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      wave_id varchar(30) not null,
      order_number varchar(30) not null,
      line_number integer not null,
      client_code varchar(30) not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      uom varchar(10) not null,
      qty_ordered numeric(18, 3) not null check (qty_ordered > 0),
      unplanned_qty numeric(18, 3) not null default 0 check (unplanned_qty >= 0),
      planned_qty numeric(18, 3) not null default 0 check (planned_qty >= 0),
      picked_qty numeric(18, 3) not null default 0 check (picked_qty >= 0),
      staged_qty numeric(18, 3) not null default 0 check (staged_qty >= 0),
      loaded_qty numeric(18, 3) not null default 0 check (loaded_qty >= 0),
      packed_qty numeric(18, 3) not null default 0 check (packed_qty >= 0),
      shipped_qty numeric(18, 3) not null default 0 check (shipped_qty >= 0),
      status char(1) not null default 'O' check (status in ('O', 'K', 'S')),
      zone varchar(20),
      load_id varchar(30),
      container_id varchar(50),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, order_number, line_number),
      foreign key (wh_id, wave_id) references t_wave_master(wh_id, wave_id),
      foreign key (wh_id, order_number, line_number) references t_order_detail(wh_id, order_number, line_number)
    );
    create index t_pick_detail_wave on t_pick_detail(wh_id, wave_id);

    create table t_wave_pick_task (
      id serial primary key,
      pick_id varchar(30) not null,
      pick_detail_id integer not null references t_pick_detail(id),
      wh_id varchar(20) not null,
      wave_id varchar(30) not null,
      order_number varchar(30) not null,
      line_number integer not null,
      client_code varchar(30) not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      m_hu_id varchar(50),
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      pick_location varchar(30) not null,
      picking_flow integer,
      pick_area varchar(20),
      zone varchar(20),
      work_type varchar(20),
      quantity numeric(18, 3) not null check (quantity > 0),
      picked_qty numeric(18, 3) not null default 0 check (picked_qty >= 0),
      short_qty numeric(18, 3) not null default 0 check (short_qty >= 0),
      status char(1) not null default 'O' check (status in ('O', 'K', 'S')),
      pick_rule varchar(10) not null check (pick_rule in ('FEFO', 'FIFO', 'PALLET')),
      hold_reason_id varchar(20),
      m_user_assigned varchar(50),
      staging_location varchar(30),
      expiration_date date,
      fifo_date date,
      create_date timestamptz not null default now(),
      picked_by varchar(50),
      picked_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      check (picked_qty + short_qty <= quantity),
      foreign key (wh_id, wave_id) references t_wave_master(wh_id, wave_id),
      foreign key (wh_id, pick_location) references t_location(wh_id, location_id)
    );
    create index t_wave_pick_task_wave on t_wave_pick_task(wh_id, wave_id, pick_id);
    create index t_wave_pick_task_detail on t_wave_pick_task(pick_detail_id);
    create index t_wave_pick_task_user on t_wave_pick_task(wh_id, m_user_assigned, status);
    -- The inbound desks keep their state across screens (seeded so since this migration; installations seeded before).
    update sys_menu set keep_alive = true where url in ('Wms/Receiving', 'Wms/Inspection', 'Wms/Putaway');

    -- The pick task and allocation lists read the tasks with the item's attribute type labels (genericAttrShow1–11).
    create view v_wave_pick_task as
      select t.*, ${Array.from({ length: 11 }, (_, i) => `c.attribute_type${i + 1} as generic_attr_show${i + 1}`).join(', ')}
      from t_wave_pick_task t
      left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
      left join t_attribute_collection c on c.wh_id = i.wh_id and c.attribute_collection_id = i.attribute_collection_id;
    create index t_stored_item_allocation on t_stored_item(wh_id, item_number, expiration_date, fifo_date)
      where status = 'A';
  `)
    .execute(db);
}
