import { type Kysely, sql } from 'kysely';

/** Tenants, users, roles, menus, grants, dictionary, operation log, sessions, captcha, login throttle. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tenant (
      id serial primary key,
      name varchar(100) not null,
      create_time timestamptz not null default now()
    );
    create table sys_dept (
      id serial primary key,
      parent_id integer not null default 0,
      name varchar(100) not null,
      order_num integer not null default 0
    );
    create table sys_user (
      id serial primary key,
      tenant_id integer references tenant(id),
      name varchar(50) not null unique,
      password_hash varchar(200) not null,
      email varchar(100),
      mobile varchar(30),
      status smallint not null default 1 check (status in (0, 1)),
      dept_id integer references sys_dept(id),
      locale_id integer,
      language varchar(10),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );
    create table sys_role (
      id serial primary key,
      name varchar(50) not null unique,
      remark varchar(200),
      super_admin boolean not null default false,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );
    create table sys_user_role (
      user_id integer not null references sys_user(id) on delete cascade,
      role_id integer not null references sys_role(id) on delete cascade,
      primary key (user_id, role_id)
    );
    create table sys_menu (
      id serial primary key,
      parent_id integer not null default 0,
      name varchar(100) not null,
      name_en varchar(100) not null,
      url varchar(200),
      perms varchar(200),
      type smallint not null check (type in (0, 1, 2)),
      icon varchar(50),
      order_num integer not null default 0,
      hidden boolean not null default false,
      keep_alive boolean not null default false
    );
    create index sys_menu_parent on sys_menu(parent_id);
    create table sys_role_menu (
      role_id integer not null references sys_role(id) on delete cascade,
      menu_id integer not null references sys_menu(id) on delete cascade,
      primary key (role_id, menu_id)
    );
    create table sys_dict (
      id serial primary key,
      type varchar(50) not null,
      value varchar(50) not null,
      label varchar(100) not null,
      label_en varchar(100) not null,
      sort integer not null default 0,
      unique (type, value)
    );
    create table sys_log (
      id bigserial primary key,
      user_name varchar(50),
      operation varchar(200) not null,
      method varchar(10) not null,
      params text,
      time timestamptz not null default now(),
      ip varchar(64)
    );
    create index sys_log_time on sys_log(time desc);
    create table sys_session (
      id bigserial primary key,
      user_id integer not null references sys_user(id) on delete cascade,
      token_hash char(64) not null unique,
      create_time timestamptz not null default now(),
      last_seen timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz,
      ended_reason varchar(20),
      ip varchar(64)
    );
    create index sys_session_user on sys_session(user_id) where ended_at is null;
    create table sys_captcha (
      id char(32) primary key,
      code_hash char(64) not null,
      expires_at timestamptz not null
    );
    create table sys_login_throttle (
      key varchar(120) primary key,
      failures integer not null,
      window_start timestamptz not null,
      locked_until timestamptz
    );
  `.execute(db);
}
