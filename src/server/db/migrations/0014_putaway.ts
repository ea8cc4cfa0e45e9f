import { type Kysely, sql } from 'kysely';

/**
 * Putaway (issue 11, src/server/modules/inbound/README.md "Putaway"):
 * - t_putaway_rule: which storage zones an item class is put away to, in priority order (1 first). A rule without
 *   class is the warehouse's default for items whose class has no rule of its own. Only zones of type A (qualified
 *   storage) may be named; the rule's save hook refuses others.
 * - an index for what suggestions read: open movement lines by destination;
 * - a menu entry with its buttons for installations seeded before the rules existed (a fresh seed has it already).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table t_putaway_rule (
      id serial primary key,
      wh_id varchar(20) not null references t_whse(wh_id),
      class_id varchar(20),
      zone varchar(20) not null,
      priority integer not null default 1 check (priority > 0),
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now(),
      constraint t_putaway_rule_key unique nulls not distinct (wh_id, class_id, zone),
      foreign key (wh_id, class_id) references t_item_class(wh_id, class_id),
      foreign key (wh_id, zone) references t_zone(wh_id, zone)
    )`.execute(db);
  await sql`create index t_putaway_rule_zone on t_putaway_rule(wh_id, zone)`.execute(db);
  // Suggestions count what open movements are about to bring to a location (lines by receipt: 0013's index).
  await sql`create index tbl_inv_movement_detail_dest on tbl_inv_movement_detail(wh_id, dest_location_id)`.execute(db);
  await sql`
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select p.id, '上架规则', 'Putaway rules', 'Wms/TPutawayRule', null, 1, null, 99, false, false
    from sys_menu p
    where p.name_en = 'Master data' and p.type = 0
      and not exists (select 1 from sys_menu e where e.url = 'Wms/TPutawayRule')`.execute(db);
  await sql`
    insert into sys_menu (parent_id, name, name_en, url, perms, type, icon, order_num, hidden, keep_alive)
    select s.id, '上架规则-' || b.name, 'Putaway rules: ' || b.name_en, null, 'sys:tPutawayRule:' || b.action, 2, null,
      b.order_num, false, false
    from sys_menu s
    cross join (values ('view', '查看', 'View', 1), ('add', '新增', 'Add', 2), ('edit', '修改', 'Edit', 3),
      ('delete', '删除', 'Delete', 4)) as b(action, name, name_en, order_num)
    where s.url = 'Wms/TPutawayRule'
      and not exists (select 1 from sys_menu e where e.perms = 'sys:tPutawayRule:' || b.action)`.execute(db);
}
