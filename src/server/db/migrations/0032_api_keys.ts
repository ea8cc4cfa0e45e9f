import { type Kysely, sql } from 'kysely';

/**
 * Machine credentials and idempotent writes (issue 28 items 2 and 3; docs/integration.md, system module README):
 * - sys_api_key: an API key administrators create for an integration. Each key acts as a user of its own (`user_id`, an
 *   account named `apikey:<name>` — a name no person's account can take — with no password), so its role and warehouse
 *   and client grants are that user's rows and every route's permission and grant checks apply to it unchanged. Only
 *   the SHA-256 of the whole key is kept (`secret_hash`); `prefix` (`wharf_` and 12 hex digits) is the key's visible
 *   part, by which it is looked up. Expiry, last use and revocation are the key's.
 * - sys_api_key_list: the Integrations screen's list (role, grants and status: A active, E expired, R revoked).
 * - sys_user_person: the users that are people (not a key's account), what the Users screen lists.
 * - sys_idempotency: the answer of a write sent with an `Idempotency-Key`, per principal (the user or key) and key:
 *   `pending` while the first request runs, then `done` with the answer replayed to repeats; kept 24 hours.
 * - the Integrations screen (`sys/integration`, `sys:apiKey:view|add|edit|delete`) for databases seeded before this.
 */
/**
 * The users that are people. `u.*` is fixed when the view is made: a later migration that adds, drops or changes a
 * column of sys_user drops this view first and makes it again with this statement (else the column is missing from the
 * Users screen, or cannot be dropped).
 */
export const USER_PERSON_VIEW = `create view sys_user_person as
      select u.* from sys_user u where not exists (select 1 from sys_api_key k where k.user_id = u.id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table sys_api_key (
      id serial primary key,
      user_id integer not null unique references sys_user(id) on delete cascade,
      name varchar(40) not null unique,
      prefix varchar(20) not null unique,
      secret_hash varchar(64) not null,
      remark varchar(200),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_by varchar(50),
      create_time timestamptz not null default now()
    );

    ${USER_PERSON_VIEW};

    create view sys_api_key_list as
      select k.id, k.name, k.prefix, k.remark, k.expires_at, k.last_used_at, k.revoked_at, k.created_by, k.create_time,
        k.user_id,
        (select min(r.name) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = k.user_id)
          as role_name,
        (select min(ur.role_id) from sys_user_role ur where ur.user_id = k.user_id) as role_id,
        (select string_agg(g.wh_id || coalesce(' (' || array_to_string(g.client_codes, ', ') || ')', ''), '; ' order by g.wh_id)
          from sys_user_warehouse g where g.user_id = k.user_id) as warehouses,
        case when k.revoked_at is not null then 'R' when k.expires_at <= now() then 'E' else 'A' end as status
      from sys_api_key k;

    create table sys_idempotency (
      id bigserial primary key,
      principal varchar(40) not null,
      idem_key varchar(200) not null,
      fingerprint varchar(64) not null,
      state varchar(10) not null,
      status_code integer,
      content_type varchar(200),
      body text,
      create_time timestamptz not null,
      done_time timestamptz,
      unique (principal, idem_key)
    );
    create index sys_idempotency_create_time on sys_idempotency (create_time);

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '系统集成', 'Integrations', 'sys/integration', null, 1, null,
      (select count(*) from sys_menu c where c.parent_id = p.id)::int + 1, false, false
    from sys_menu p where p.name_en = 'System' and p.parent_id = 0
      and not exists (select 1 from sys_menu e where e.url = 'sys/integration');
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, b.name, b.name_en, null, b.perms, 2, null, b.ord, false, false
    from sys_menu s, (values
      ('系统集成-查看', 'Integrations: View', 'sys:apiKey:view', 1),
      ('系统集成-新增', 'Integrations: Add', 'sys:apiKey:add', 2),
      ('系统集成-修改', 'Integrations: Edit', 'sys:apiKey:edit', 3),
      ('系统集成-删除', 'Integrations: Delete', 'sys:apiKey:delete', 4)) as b(name, name_en, perms, ord)
    where s.url = 'sys/integration' and not exists (select 1 from sys_menu e where e.perms = b.perms);
  `)
    .execute(db);
}
