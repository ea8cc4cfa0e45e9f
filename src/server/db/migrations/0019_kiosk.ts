import { type Kysely, sql } from 'kysely';

/**
 * Dock stations and proof of delivery (issue 16; src/server/modules/kiosk/README.md):
 * - t_kiosk_station: a station of a warehouse (at a dock door), its flows (comma list), language and idle sign-out,
 *   status N new / A active (bound) / R revoked, and the sha256 of its station key once bound.
 * - t_kiosk_enrolment: a key a station sent (its sha256) with the one-time code it shows, valid 15 minutes; a code
 *   binds once (`used_time`).
 * - sys_user.badge_code (unique when set) and pin_hash (scrypt): the station sign-in.
 * - sys_session.station_id: a session opened at a station (limited to its warehouse and flows).
 * - t_delivery_pod: the signed hand-over of a delivery (one per delivery; submission id unique), with the PDF.
 * - v_delivery: deliveries with their proof of delivery (the console's Deliveries list).
 * - The Dock stations screen and its buttons in the outbound menu, for databases seeded before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table t_kiosk_station (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      station_name varchar(30) not null,
      dock_door varchar(20),
      flows varchar(60) not null,
      language varchar(10) not null check (language in ('zh_cn', 'en_us')),
      idle_seconds integer not null default 120 check (idle_seconds between 30 and 3600),
      status char(1) not null default 'N' check (status in ('N', 'A', 'R')),
      key_hash varchar(64),
      bound_time timestamptz,
      bound_by varchar(50),
      last_seen timestamptz,
      remark varchar(200),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, station_name),
      foreign key (wh_id, dock_door) references t_dock_door(wh_id, door_id)
    );
    create unique index t_kiosk_station_key on t_kiosk_station(key_hash) where key_hash is not null;

    create table t_kiosk_enrolment (
      id serial primary key,
      key_hash varchar(64) not null unique,
      code varchar(8) not null,
      expires_at timestamptz not null,
      used_time timestamptz,
      ip varchar(60),
      create_time timestamptz not null default now()
    );
    create index t_kiosk_enrolment_code on t_kiosk_enrolment(code);

    alter table sys_user add column badge_code varchar(40);
    alter table sys_user add column pin_hash varchar(200);
    create unique index sys_user_badge_code on sys_user(badge_code) where badge_code is not null;

    alter table sys_session add column station_id integer references t_kiosk_station(id) on delete set null;
    create index sys_session_station on sys_session(station_id) where station_id is not null;

    create table t_delivery_pod (
      id serial primary key,
      wh_id varchar(20) not null,
      delivery_id integer not null unique references t_delivery(id),
      delivery_number varchar(30) not null,
      submission_id varchar(64) not null unique,
      driver_name varchar(50) not null,
      vehicle_plate varchar(20) not null,
      carrier_code varchar(30) not null,
      signature_png bytea not null,
      signed_at timestamptz not null,
      received_at timestamptz not null,
      station_id integer references t_kiosk_station(id) on delete set null,
      station_name varchar(30) not null,
      user_name varchar(50) not null,
      cartons varchar(30)[] not null,
      pdf bytea not null,
      create_time timestamptz not null default now()
    );

    create view v_delivery as
      select d.*, p.id as pod_id, p.driver_name as pod_driver_name, p.vehicle_plate as pod_vehicle_plate,
        p.signed_at as pod_signed_at, p.station_name as pod_station_name, p.user_name as pod_user_name
      from t_delivery d left join t_delivery_pod p on p.delivery_id = d.id;

    -- A database seeded before this migration gains the Dock stations screen and its buttons (a new one has them).
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '月台终端', 'Dock stations', 'Wms/TKioskStation', null, 1, null,
      (select count(*) from sys_menu c where c.parent_id = p.id)::int + 1, false, false
    from sys_menu p
    where p.name_en = 'Outbound' and p.parent_id = 0
      and not exists (select 1 from sys_menu e where e.url = 'Wms/TKioskStation');
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '月台终端-' || b.name, 'Dock stations: ' || b.name_en, null, 'sys:tKioskStation:' || b.action, 2, null,
      b.order_num, false, false
    from sys_menu s
    cross join (values ('view', '查看', 'View', 1), ('add', '新增', 'Add', 2), ('edit', '修改', 'Edit', 3),
      ('delete', '删除', 'Delete', 4)) as b(action, name, name_en, order_num)
    where s.url = 'Wms/TKioskStation'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tKioskStation:' || b.action);
  `)
    .execute(db);
}
