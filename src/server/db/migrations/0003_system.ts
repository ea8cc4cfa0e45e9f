import { type Kysely, sql } from 'kysely';

/**
 * System administration: a display name for users, and row times on the tables the generic engine now
 * serves (departments, menus, dictionary), which it lists and stamps like every other entity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sys_user add column nick_name varchar(50);
    alter table sys_dept
      add column create_time timestamptz not null default now(),
      add column update_time timestamptz not null default now();
    alter table sys_menu
      add column create_time timestamptz not null default now(),
      add column update_time timestamptz not null default now();
    alter table sys_dict
      add column create_time timestamptz not null default now(),
      add column update_time timestamptz not null default now();
    create index sys_dept_parent on sys_dept(parent_id);
    create index sys_user_dept on sys_user(dept_id);
    create index sys_user_role_role on sys_user_role(role_id);
    create index sys_role_menu_menu on sys_role_menu(menu_id);
  `.execute(db);
}
