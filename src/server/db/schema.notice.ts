import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kysely row type of sys_notice (migration 0007_backup_notice). */
export interface SysNoticeTable {
  id: Generated<number>;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  level: Generated<'info' | 'warning'>;
  publishTime: Timestamp;
  status: Generated<number>;
}

/** The notice tables (migration 0007). */
export interface NoticeTables {
  sysNotice: SysNoticeTable;
}
