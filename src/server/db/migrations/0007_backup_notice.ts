import { type Kysely, sql } from 'kysely';

/**
 * Notices shown in the console's notice panel (spec 000 §2), with the two sample notices every installation
 * starts with. Backups need no table: they are files under the data directory, each describing itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sys_notice (
      id serial primary key,
      title varchar(200) not null,
      title_en varchar(200) not null,
      content text not null,
      content_en text not null,
      -- info | warning: how the panel marks it.
      level varchar(10) not null default 'info' check (level in ('info', 'warning')),
      publish_time timestamptz not null default now(),
      -- 1 shown, 0 withdrawn.
      status smallint not null default 1 check (status in (0, 1))
    );
    create index sys_notice_publish on sys_notice(publish_time desc) where status = 1;
    insert into sys_notice (title, title_en, content, content_en, level) values
      ('欢迎使用 Wharf 仓储管理系统',
       'Welcome to the Wharf warehouse management system',
       '左侧菜单按权限列出您可使用的功能；右上角可切换语言与主题颜色，个人面板中可修改密码。',
       'The menu on the left lists what your permissions allow; the top bar switches language and theme colour, and the personal panel changes your password.',
       'info'),
      ('请定期备份数据',
       'Back up your data regularly',
       '内置数据库每天自动备份一次（WHARF_BACKUP_INTERVAL），管理员可在“备份还原”中立即备份或还原到任一备份。',
       'The embedded database is backed up once a day (WHARF_BACKUP_INTERVAL); administrators can back up now or restore any backup from "Backup and restore".',
       'warning');
  `.execute(db);
}
