import { type Kysely, sql } from 'kysely';

/**
 * Event webhooks (issue 28 item 5; src/server/modules/webhooks/README.md):
 * - t_event_outbox: one row per business event, written in the transaction of the change (`recordEvent`); the
 *   dispatcher fans each event out once (`fanned_out`) to the subscriptions that match it;
 * - t_webhook_subscription: URL, events (comma-separated codes), secret (never answered), warehouse and optional client,
 *   active, and the user who made it (its grants bound what it receives);
 * - t_webhook_delivery: one row per event and subscription, claimed by a dispatcher with a lease (`claimed_until`),
 *   retried with backoff until delivered (D) or dead-lettered (F);
 * - t_webhook_attempt: the delivery log, one row per try (HTTP status, duration, error);
 * - the screens System → 事件订阅 / Webhooks and 事件投递 / Webhook deliveries with their buttons, for databases seeded
 *   before this migration (a new one has them from the menu tree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table t_event_outbox (
      id bigserial primary key,
      event_id uuid not null unique,
      event_type varchar(40) not null,
      wh_id varchar(20) not null,
      client_code varchar(30),
      payload jsonb not null,
      created_at timestamptz not null default now(),
      fanned_out boolean not null default false
    );
    create index t_event_outbox_pending on t_event_outbox (id) where not fanned_out;

    create table t_webhook_subscription (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      client_code varchar(30),
      url varchar(500) not null,
      events varchar(400) not null,
      secret varchar(100) not null,
      active char(1) not null default 'Y' check (active in ('Y', 'N')),
      created_by integer not null references sys_user(id),
      created_by_name varchar(50) not null,
      remark varchar(200),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (wh_id, url)
    );

    create table t_webhook_delivery (
      id bigserial primary key,
      subscription_id integer not null references t_webhook_subscription(id) on delete cascade,
      outbox_id bigint not null references t_event_outbox(id),
      status char(1) not null default 'P' check (status in ('P', 'D', 'F')),
      attempts integer not null default 0,
      next_at timestamptz not null,
      claimed_until timestamptz,
      claimed_by varchar(80),
      last_status integer,
      last_error varchar(500),
      last_duration_ms integer,
      delivered_at timestamptz,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      unique (subscription_id, outbox_id)
    );
    create index t_webhook_delivery_due on t_webhook_delivery (next_at) where status = 'P';

    create table t_webhook_attempt (
      id bigserial primary key,
      delivery_id bigint not null references t_webhook_delivery(id) on delete cascade,
      attempt integer not null,
      http_status integer,
      duration_ms integer not null,
      error varchar(500),
      at timestamptz not null
    );
    create index t_webhook_attempt_delivery on t_webhook_attempt (delivery_id);

    create view v_webhook_subscription as
      select id, wh_id, client_code, url, events, null::varchar as secret,
        '****' || right(secret, 4) as secret_hint, active, created_by, created_by_name, remark, create_time, update_time
      from t_webhook_subscription;

    create view v_webhook_delivery as
      select d.id, o.wh_id, o.client_code, o.event_id::text as event_id, o.event_type, s.url, d.subscription_id,
        d.status, d.attempts, d.next_at, d.last_status, d.last_error, d.last_duration_ms, d.delivered_at,
        d.create_time, d.update_time
      from t_webhook_delivery d
      join t_event_outbox o on o.id = d.outbox_id
      join t_webhook_subscription s on s.id = d.subscription_id;

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, v.name, v.name_en, v.url, null, 1, null,
      (select coalesce(max(order_num), 0) + v.n from sys_menu c where c.parent_id = p.id), false, false
    from sys_menu p,
      (values ('事件订阅', 'Webhooks', 'Wms/TWebhookSubscription', 1),
              ('事件投递', 'Webhook deliveries', 'Wms/TWebhookDelivery', 2)) v(name, name_en, url, n)
    where p.parent_id = 0 and p.name_en = 'System'
      and not exists (select 1 from sys_menu e where e.url = v.url);

    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, s.name || '-' || b.name, s.name_en || ': ' || b.name_en, null, 'sys:' || v.resource || ':' || b.action,
      2, null, b.n, false, false
    from (values ('Wms/TWebhookSubscription', 'tWebhookSubscription'), ('Wms/TWebhookDelivery', 'tWebhookDelivery')) v(url, resource)
    join sys_menu s on s.url = v.url
    cross join (values ('view', '查看', 'View', 1), ('add', '新增', 'Add', 2), ('edit', '修改', 'Edit', 3),
                       ('delete', '删除', 'Delete', 4)) b(action, name, name_en, n)
    where (v.resource = 'tWebhookSubscription' or b.action in ('view', 'edit'))
      and not exists (select 1 from sys_menu e where e.perms = 'sys:' || v.resource || ':' || b.action);
  `)
    .execute(db);
}
