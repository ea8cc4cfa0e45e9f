import { type Kysely, sql } from 'kysely';

/** Warehouses, clients and the user–warehouse grants that scope every warehouse row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table t_whse (
      id serial primary key,
      wh_id varchar(20) not null unique,
      code varchar(20),
      name varchar(100) not null,
      addr1 varchar(200),
      addr2 varchar(200),
      addr3 varchar(200),
      city varchar(60),
      state varchar(60),
      zip varchar(20),
      country_code varchar(3),
      phone varchar(40),
      fax varchar(40),
      http_address varchar(200),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );
    create table t_client (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id) on update restrict on delete restrict,
      client_code varchar(30) not null,
      name varchar(100) not null,
      address varchar(200),
      contact varchar(60),
      email varchar(100),
      phone varchar(40),
      fax varchar(40),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, client_code)
    );
    create table sys_user_warehouse (
      user_id integer not null references sys_user(id) on delete cascade,
      wh_id varchar(20) not null references t_whse(wh_id) on delete cascade deferrable initially deferred,
      client_codes varchar(30)[],
      primary key (user_id, wh_id)
    );
  `.execute(db);
}
