/** Wire types of the shell's own services: backups (spec 000 §7) and notices (spec 000 §2). */

/** One entry of GET /backup/findRecords. */
export interface BackupRecord {
  name: string;
  title: string;
  /** ISO time of the snapshot (the file's time when its header is unreadable). */
  time: string;
  /** Bytes. */
  size: number;
  /** Taken by the schedule (pruned to WHARF_BACKUP_KEEP) rather than by a person. */
  scheduled: boolean;
  schemaVersion: string | null;
  /** Rows over all tables. */
  rows: number;
  /** The file fails its check (unreadable, cut or altered: header, row counts, checksum): it can only be deleted. */
  damaged: boolean;
}

/** The answer of GET /backup/restore. */
export interface RestoreResult {
  name: string;
  tables: number;
  rows: number;
}

/** One notice of GET /notice/findList, in the caller's language. */
export interface Notice {
  id: number;
  title: string;
  content: string;
  level: 'info' | 'warning';
  /** ISO time. */
  publishTime: string;
}

/** The answer of GET /report/config. */
export interface ReportConfig {
  /** Where the reporting frame posts its form; null when no report server is configured. */
  url: string | null;
}
