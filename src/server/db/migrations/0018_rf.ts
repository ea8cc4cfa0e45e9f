import { type Kysely, sql } from 'kysely';

/**
 * Handheld (RF) flows (spec 001 §1, §2.1–§2.3, §3 RF entities, §7 RF calls, §9; src/server/modules/rf/README.md):
 * - rf_process_resource: the texts of the dialogs — a name and a type (title, header, prompt, option) per locale
 *   (2052 Chinese, 1033 English). A text may hold `{field}` placeholders that the runtime fills from the flow's values.
 * - rf_sub_process_detail: one dialog of a warehouse and client: its title, up to five headers and its prompt
 *   (resource names), the input (the flow value it sets, a default), a list source and the action run on Enter
 *   (names from the server's fixed registry, never SQL or code).
 * - rf_sub_process_option: the function keys of a dialog (BACK, DONE, F1–F4), each leading to the next sub process
 *   (or Exit), optionally through a registry action run before moving on.
 * - rf_main_process_detail: the flows a worker starts; a main process runs from its first row (lowest id), each
 *   row naming where Enter leads on success or failure and two branches an action may choose.
 * - rf_fork: the forklifts and handheld devices of a warehouse, and the user bound to each (bindRfUserFork).
 * - rf_flow_state: where each user is in a flow (one per user, so a reload, a new login or a battery swap resumes):
 *   the main and sub process, the collected values, the trail for BACK, and a step number that turns a repeated scan
 *   of the same step into a no-op.
 * - The RF dialog menu entry becomes visible: handheld workers open it from the menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table rf_process_resource (
      id serial primary key,
      name varchar(60) not null,
      type varchar(10) not null check (type in ('title', 'header', 'prompt', 'option')),
      text varchar(200) not null default '',
      locale_id varchar(4) not null check (locale_id in ('2052', '1033')),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (name, type, locale_id)
    );

    create table rf_sub_process_detail (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30) not null,
      sub_process_name varchar(60) not null,
      process_version varchar(20),
      process_description varchar(200),
      dialog_title varchar(60) not null,
      dialog_header1 varchar(60),
      dialog_header2 varchar(60),
      dialog_header3 varchar(60),
      dialog_header4 varchar(60),
      dialog_header5 varchar(60),
      dialog_prompt varchar(60) not null,
      dialog_input_default varchar(100),
      dialog_input_field varchar(60),
      dialog_list_source_exec_sp varchar(60),
      dialog_list_field varchar(60),
      dialog_option_name varchar(60),
      dialog_exec_sp varchar(60),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, client_code, sub_process_name),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code)
    );

    create table rf_sub_process_option (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30) not null,
      sub_process_name varchar(60) not null,
      dialog_option_name varchar(60) not null,
      dialog_option_description varchar(200) not null,
      function_key varchar(4) not null check (function_key in ('BACK', 'DONE', 'F1', 'F2', 'F3', 'F4')),
      next_sub_process_name varchar(60) not null,
      exec_sp_before_next varchar(60),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, client_code, sub_process_name, function_key),
      foreign key (wh_id, client_code) references t_client(wh_id, client_code)
    );

    create table rf_main_process_detail (
      id serial primary key,
      main_process_name varchar(60) not null,
      sub_process_name varchar(60) not null,
      success_next_process_name varchar(60),
      fail_next_process_name varchar(60),
      dynamic_process_name1 varchar(60),
      dynamic_process_name2 varchar(60),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (main_process_name, sub_process_name)
    );

    create table rf_fork (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      fork_id varchar(30) not null,
      description varchar(100),
      user_name varchar(50),
      bind_time timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, fork_id)
    );
    create unique index rf_fork_user on rf_fork(user_name) where user_name is not null;

    create table rf_flow_state (
      user_id integer primary key references sys_user(id) on delete cascade,
      wh_id varchar(20) references t_whse(wh_id),
      client_code varchar(30),
      main_process_name varchar(60),
      sub_process_name varchar(60),
      flow_values jsonb not null default '{}'::jsonb,
      trail jsonb not null default '[]'::jsonb,
      step integer not null default 0,
      update_time timestamptz not null default now()
    );

    update sys_menu set hidden = false where url = 'Core/RfDialog';
  `)
    .execute(db);
}
