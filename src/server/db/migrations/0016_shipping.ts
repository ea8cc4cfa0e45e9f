import { type Kysely, sql } from 'kysely';

const ATTRIBUTE_COLUMNS = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1} varchar(100)`).join(',\n      ');

/**
 * Cartons, ship labels, deliveries and shipping (spec 001 §2.11, §3, §4, §7; statuses in docs/flows.md and
 * src/server/modules/shipping/README.md):
 * - t_pick_detail gains P packed (all it picked is in cartons) and D shipped; O open, K picked, S short stay.
 * - tbl_shipping_label: a carton of one order, at the wave's staging location, its stock the ledger rows whose hu_id
 *   is the carton number. O open (being filled) → C closed → L labelled (express number) → D in a delivery → S shipped.
 * - tbl_shipping_label_detail: what a carton holds, one line per order line, lot and stored attribute id.
 * - t_delivery: labelled cartons of one carrier handed over together. O open → S shipped.
 * - t_control.max_value: the last number of a series (a carrier's block of express numbers); null = no end.
 * - tbl_print_job: every document printed (labels, delivery notes, dispatch and packing lists), by whom, when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    alter table t_pick_detail drop constraint t_pick_detail_status_check;
    alter table t_pick_detail add constraint t_pick_detail_status_check check (status in ('O', 'K', 'S', 'P', 'D'));

    alter table t_control add column max_value bigint check (max_value >= 1);

    create table t_delivery (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      delivery_number varchar(30) not null,
      carrier_id varchar(30) not null,
      status char(1) not null default 'O' check (status in ('O', 'S')),
      carton_count integer not null default 0 check (carton_count >= 0),
      remark varchar(200),
      create_by varchar(50),
      ship_by varchar(50),
      ship_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, delivery_number),
      foreign key (wh_id, carrier_id) references t_carrier(wh_id, carrier_code)
    );
    create index t_delivery_status on t_delivery(wh_id, status);

    create table tbl_shipping_label (
      id serial primary key,
      wh_id varchar(20) not null,
      carton_number varchar(30) not null,
      order_number varchar(30) not null,
      wave_id varchar(30) not null,
      client_code varchar(30) not null,
      location_id varchar(30) not null,
      carton_type varchar(20) not null,
      carton_seq integer not null check (carton_seq >= 1),
      carrier varchar(30),
      ship_label_barcode varchar(50),
      delivery_number varchar(30),
      status char(1) not null default 'O' check (status in ('O', 'C', 'L', 'D', 'S')),
      lock_flag char(1) not null default 'N' check (lock_flag in ('Y', 'N')),
      logical_weight numeric(18, 3) check (logical_weight >= 0),
      actual_weight numeric(18, 3) check (actual_weight > 0),
      weight_status char(1) not null default 'N' check (weight_status in ('N', 'W', 'O')),
      first_carton_flag char(1) not null default 'N' check (first_carton_flag in ('Y', 'N')),
      main_express_flag char(1) not null default 'N' check (main_express_flag in ('Y', 'N')),
      split_remark varchar(200),
      create_by varchar(50),
      close_time timestamptz,
      label_time timestamptz,
      ship_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, carton_number),
      unique (wh_id, order_number, carton_seq),
      foreign key (wh_id, order_number) references t_order(wh_id, order_number),
      foreign key (wh_id, wave_id) references t_wave_master(wh_id, wave_id),
      foreign key (wh_id, carton_type) references tbl_carton_type(wh_id, carton_type),
      foreign key (wh_id, delivery_number) references t_delivery(wh_id, delivery_number)
    );
    create unique index tbl_shipping_label_express on tbl_shipping_label(wh_id, ship_label_barcode)
      where ship_label_barcode is not null;
    create index tbl_shipping_label_wave on tbl_shipping_label(wh_id, wave_id, status);
    create index tbl_shipping_label_delivery on tbl_shipping_label(wh_id, delivery_number);

    create table tbl_shipping_label_detail (
      id serial primary key,
      wh_id varchar(20) not null,
      carton_number varchar(30) not null,
      carton_type varchar(20) not null,
      order_number varchar(30) not null,
      line_number integer not null,
      pick_detail_id integer not null references t_pick_detail(id),
      client_code varchar(30) not null,
      item_number varchar(50) not null,
      lot_number varchar(50),
      expiration_date date,
      stored_attribute_id bigint references t_stored_attribute(id),
      ${ATTRIBUTE_COLUMNS},
      qty numeric(18, 3) not null check (qty > 0),
      uom varchar(10) not null,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      foreign key (wh_id, carton_number) references tbl_shipping_label(wh_id, carton_number) on delete cascade
    );
    create index tbl_shipping_label_detail_carton on tbl_shipping_label_detail(wh_id, carton_number);
    create index tbl_shipping_label_detail_pick on tbl_shipping_label_detail(pick_detail_id);
    create view v_shipping_label_detail as
      select d.*, ${Array.from({ length: 11 }, (_, i) => `c.attribute_type${i + 1} as generic_attr_show${i + 1}`).join(', ')}
      from tbl_shipping_label_detail d
      left join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
      left join t_attribute_collection c on c.wh_id = i.wh_id and c.attribute_collection_id = i.attribute_collection_id;

    create table tbl_print_job (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      document_type varchar(20) not null,
      reference varchar(200) not null,
      pages integer not null check (pages >= 1),
      bytes integer not null check (bytes >= 0),
      language varchar(10) not null,
      printer_name varchar(60),
      print_by varchar(50) not null,
      print_time timestamptz not null default now()
    );
    create index tbl_print_job_list on tbl_print_job(wh_id, print_time desc);

    -- A database seeded before this migration gains the new screens of the outbound menu (a new one has them).
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, m.name, m.name_en, m.url, null, 1, null, p.n + m.k, false, m.keep_alive
    from (select id, (select count(*) from sys_menu c where c.parent_id = o.id)::int as n
          from sys_menu o where o.name_en = 'Outbound' and o.parent_id = 0) p
    cross join (values
      ('装箱作业', 'Carton picking', 'Wms/CartonPick', true, 1),
      ('交接单', 'Deliveries', 'Wms/TDelivery', false, 2),
      ('打印记录', 'Print log', 'Wms/TblPrintJob', false, 3)
    ) as m(name, name_en, url, keep_alive, k)
    where not exists (select 1 from sys_menu e where e.url = m.url);
  `)
    .execute(db);
}
