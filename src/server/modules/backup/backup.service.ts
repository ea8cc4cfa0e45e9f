/**
 * Backup and restore (spec 000 §7 "Backup service"): a consistent logical copy of every table, generic over the
 * schema (tables, columns and foreign keys are read from the catalog, so tables added later are covered).
 * The same SQL runs on PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { BackupRecord, RestoreResult } from '../../../shared/wire.shell';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { SCHEMA_VERSION } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { AppError, pgErrorCode } from '../../platform/errors';
import {
  assemble,
  BACKUP_EXTENSION,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type BackupSequence,
  type BackupTable,
  bodyWriter,
  headerChecksum,
  readHeader,
  readTables,
  type VerifyResult,
  verifyBackup,
} from './backup.format';

type Trx = Transaction<Database>;

/**
 * Not part of a backup, and left as they are by a restore: migration bookkeeping (the header carries the
 * schema version), the scheduled jobs' last runs, and security state that must never come back from the past — sessions (a logged-out
 * token would live again), captcha challenges and login throttling.
 */
export const NOT_BACKED_UP: readonly string[] = [
  'kysely_migration',
  'kysely_migration_lock',
  'sys_session',
  'sys_captcha',
  'sys_login_throttle',
  // When each scheduled job last ran (platform/repeat.ts): a restored past must not make a job due again, or skip one.
  'sys_job_run',
];

export function backupDir(config: Config): string {
  return path.join(config.dataDir, 'backups');
}

// A plain file name in the backup directory: no separators, no leading dot (temporary files), no `..`.
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.jsonl\.gz$/;

/** The path of a named backup; refuses anything that is not a plain backup file name (path traversal). */
export function backupPath(config: Config, name: string): string {
  if (name.length > 120 || !NAME_PATTERN.test(name)) throw new AppError('backupNameInvalid');
  const dir = backupDir(config);
  const file = path.join(dir, name);
  if (path.dirname(file) !== dir) throw new AppError('backupNameInvalid');
  return file;
}

function existingBackup(config: Config, name: string): string {
  const file = backupPath(config, name);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new AppError('backupNotFound', { name });
  return file;
}

// Backup, restore, delete and pruning of one directory run one at a time in this process.
const queues = new Map<string, Promise<unknown>>();
function serialized<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(dir) ?? Promise.resolve();
  const next = previous.then(work, work);
  const tail = next.catch(() => undefined);
  queues.set(dir, tail);
  void tail.then(() => {
    if (queues.get(dir) === tail) queues.delete(dir);
  });
  return next;
}

function quote(identifier: string) {
  return sql.raw(`"${identifier.replaceAll('"', '""')}"`);
}

interface TableInfo {
  name: string;
  /** Columns a row is written with (generated columns are computed, never written). */
  columns: string[];
  /** Has a GENERATED ALWAYS identity column: inserts need OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  deferrable: boolean;
  deferred: boolean;
}

interface SchemaInfo {
  /** Parents before children. */
  tables: TableInfo[];
  /** Foreign keys inside a cycle (a table referencing itself, or tables referencing each other). */
  cyclic: ForeignKey[];
}

/** The tables of the current schema in foreign-key order, and the keys no order can satisfy. */
async function schemaInfo(trx: Trx): Promise<SchemaInfo> {
  const { rows: columnRows } = await sql<{
    tableName: string;
    columnName: string;
    isGenerated: string;
    identityGeneration: string | null;
  }>`
    select c.table_name, c.column_name, c.is_generated, c.identity_generation
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(trx);
  const byName = new Map<string, TableInfo>();
  for (const row of columnRows) {
    if (NOT_BACKED_UP.includes(row.tableName)) continue;
    let table = byName.get(row.tableName);
    if (!table) {
      table = { name: row.tableName, columns: [], identityAlways: false };
      byName.set(row.tableName, table);
    }
    if (row.isGenerated === 'ALWAYS') continue;
    table.columns.push(row.columnName);
    if (row.identityGeneration === 'ALWAYS') table.identityAlways = true;
  }
  const { rows: keys } = await sql<ForeignKey>`
    select con.conname as name, child.relname as child, parent.relname as parent,
           con.condeferrable as deferrable, con.condeferred as deferred
    from pg_constraint con
    join pg_class child on child.oid = con.conrelid
    join pg_class parent on parent.oid = con.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where con.contype = 'f' and n.nspname = current_schema()
    order by con.conname`.execute(trx);
  const edges = keys.filter((k) => byName.has(k.child) && byName.has(k.parent));

  // Kahn's algorithm; ties in name order so the file layout is stable.
  const pending = new Map([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const key of edges) if (key.child !== key.parent) pending.get(key.child)?.add(key.parent);
  const ordered: string[] = [];
  for (;;) {
    const ready = [...pending].filter(([, parents]) => parents.size === 0).map(([name]) => name);
    if (ready.length === 0) break;
    for (const name of ready.sort()) {
      ordered.push(name);
      pending.delete(name);
      for (const parents of pending.values()) parents.delete(name);
    }
  }
  const inCycle = new Set(pending.keys());
  ordered.push(...[...inCycle].sort());
  const cyclic = edges.filter((k) => k.child === k.parent || (inCycle.has(k.child) && inCycle.has(k.parent)));
  return { tables: ordered.map((name) => byName.get(name) as TableInfo), cyclic };
}

/** Serial and identity columns of the backed-up tables, with their sequences. */
async function sequencesOf(trx: Trx, tables: readonly TableInfo[]): Promise<{ table: string; column: string; seq: string }[]> {
  const { rows } = await sql<{ tableName: string; columnName: string; seq: string | null }>`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')
    order by table_name, column_name`.execute(trx);
  const names = new Set(tables.map((t) => t.name));
  return rows
    .filter((r) => r.seq !== null && names.has(r.tableName))
    .map((r) => ({ table: r.tableName, column: r.columnName, seq: r.seq as string }));
}

function fileStamp(time: Date): string {
  return time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function newName(dir: string, time: Date, scheduled: boolean): string {
  const base = `wharf-${fileStamp(time)}${scheduled ? '-auto' : ''}`;
  for (let n = 1; ; n++) {
    const name = `${base}${n > 1 ? `-${n}` : ''}${BACKUP_EXTENSION}`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}

function recordOf(name: string, size: number, header: BackupHeader): BackupRecord {
  return {
    name,
    title: header.title,
    time: header.time,
    size,
    scheduled: header.scheduled,
    schemaVersion: header.schemaVersion,
    rows: header.tables.reduce((sum, t) => sum + t.rows, 0),
    damaged: false,
  };
}

const FETCH_ROWS = 2000;

/**
 * Takes a backup: every table read in one REPEATABLE READ, read-only transaction (one snapshot), rows as
 * PostgreSQL's own JSON (exact numerics and microsecond times), streamed to a temporary file that is renamed
 * into place only when complete, so a crash never leaves a half file under a backup name.
 */
export function createBackup(db: Db, config: Config, now: Date, options: { title?: string; scheduled?: boolean } = {}) {
  const dir = backupDir(config);
  return serialized(dir, async (): Promise<BackupRecord> => {
    fs.mkdirSync(dir, { recursive: true });
    const scheduled = options.scheduled ?? false;
    const name = newName(dir, now, scheduled);
    const bodyFile = path.join(dir, `.${name}.body.tmp`);
    const assembled = path.join(dir, `.${name}.tmp`);
    const writer = bodyWriter(bodyFile);
    try {
      const snapshot = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const { tables } = await schemaInfo(trx);
          const written: BackupTable[] = [];
          for (const table of tables) {
            let rows = 0;
            await sql`declare wharf_backup no scroll cursor for select row_to_json(t)::text as j from ${quote(table.name)} t`.execute(
              trx,
            );
            for (;;) {
              const batch = await sql<{ j: string }>`fetch forward ${sql.raw(String(FETCH_ROWS))} from wharf_backup`.execute(trx);
              for (const row of batch.rows) await writer.write(row.j);
              rows += batch.rows.length;
              if (batch.rows.length < FETCH_ROWS) break;
            }
            await sql`close wharf_backup`.execute(trx);
            written.push({ name: table.name, columns: table.columns, rows });
          }
          const sequences: BackupSequence[] = [];
          for (const s of await sequencesOf(trx, tables)) {
            const { rows } = await sql<{ lastValue: string | null }>`
              select pg_sequence_last_value(${s.seq}::regclass)::text as last_value`.execute(trx);
            const lastValue = rows[0]?.lastValue ?? null;
            sequences.push({ table: s.table, column: s.column, lastValue, isCalled: lastValue !== null });
          }
          return { tables: written, sequences };
        });
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        schemaVersion: SCHEMA_VERSION,
        time: now.toISOString(),
        title: options.title?.trim() ?? '',
        scheduled,
        tables: snapshot.tables,
        sequences: snapshot.sequences,
        checksum: '',
      };
      header.checksum = headerChecksum(header, await writer.finish());
      await assemble(assembled, header, bodyFile);
      const file = path.join(dir, name);
      fs.renameSync(assembled, file);
      // Written and checksummed here: the list need not read it again.
      const stat = fs.statSync(file);
      verdicts.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, verdict: Promise.resolve({ ok: true, header }) });
      return recordOf(name, stat.size, header);
    } catch (error) {
      writer.abort();
      throw error;
    } finally {
      fs.rmSync(bodyFile, { force: true });
      fs.rmSync(assembled, { force: true });
    }
  });
}

/** Checksum verdicts by file path, valid while the file keeps its size and modification time. */
const verdicts = new Map<string, { size: number; mtimeMs: number; verdict: Promise<VerifyResult> }>();

/** The file's verdict, read again only when the file changed (listing reads every byte of every backup once). */
function verdictOf(file: string, stat: fs.Stats): Promise<VerifyResult> {
  const known = verdicts.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.verdict;
  const verdict = verifyBackup(file);
  verdicts.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, verdict });
  return verdict;
}

async function headerOnly(file: string): Promise<{ ok: boolean; header: BackupHeader | null }> {
  const header = await readHeader(file);
  return { ok: header !== null, header };
}

/**
 * Every backup file in the directory, newest first. Each is verified like a restore would (header, row counts,
 * checksum), so a cut or altered file is listed as damaged; verdicts are cached by size and time. With
 * `verify: false` only headers are read (the schedule's start, which must not wait for every byte).
 */
export async function listBackups(config: Config, options: { verify?: boolean } = {}): Promise<BackupRecord[]> {
  const dir = backupDir(config);
  if (!fs.existsSync(dir)) return [];
  const records: BackupRecord[] = [];
  const seen = new Set<string>();
  for (const name of fs.readdirSync(dir)) {
    if (!NAME_PATTERN.test(name)) continue;
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    seen.add(file);
    const verdict: { ok: boolean; header: BackupHeader | null } =
      options.verify === false ? await headerOnly(file) : await verdictOf(file, stat);
    const record = verdict.header
      ? recordOf(name, stat.size, verdict.header)
      : { name, title: '', time: stat.mtime.toISOString(), size: stat.size, scheduled: false, schemaVersion: null, rows: 0 };
    records.push({ ...record, damaged: !verdict.ok });
  }
  for (const file of verdicts.keys()) if (path.dirname(file) === dir && !seen.has(file)) verdicts.delete(file);
  return records.sort((a, b) => b.time.localeCompare(a.time) || b.name.localeCompare(a.name));
}

export function deleteBackup(config: Config, name: string): Promise<void> {
  return serialized(backupDir(config), async () => {
    fs.rmSync(existingBackup(config, name));
  });
}

/** Keeps the newest `keep` scheduled backups; manual ones are the administrator's to delete. */
export function pruneScheduled(config: Config, keep: number): Promise<string[]> {
  return serialized(backupDir(config), async () => {
    const scheduled = (await listBackups(config)).filter((r) => r.scheduled && !r.damaged);
    const removed = scheduled.slice(Math.max(keep, 0)).map((r) => r.name);
    for (const name of removed) fs.rmSync(path.join(backupDir(config), name), { force: true });
    return removed;
  });
}

/**
 * A file whose checksum is right but whose rows the database refuses (a CHECK, a key, a value of the wrong type:
 * written by hand, or by a build with other rules) is refused with the table and the rule; the transaction rolls
 * back, so nothing changes. Anything else is a fault of ours and stays an error.
 */
function refusedRows(error: unknown, name: string, loading: string): unknown {
  const code = pgErrorCode(error);
  if (code === undefined || !/^2[23][0-9A-Z]{3}$/.test(code)) return error;
  const { table, constraint } = error as { table?: string; constraint?: string };
  return new AppError('backupRowsRefused', { name, table: table || loading || '?', constraint: constraint || code });
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/**
 * Replaces the contents of every table with the backup's, in one transaction: the file is verified first
 * (checksum, counts, schema version), so a damaged or foreign file changes nothing; any failure during the
 * load rolls everything back. Sequences return to their recorded values. Sessions are kept for users that
 * exist in the backup under the same id and name, so the administrator who restores stays signed in.
 */
export function restoreBackup(db: Db, config: Config, name: string): Promise<RestoreResult> {
  return serialized(backupDir(config), async () => {
    const file = existingBackup(config, name);
    const verified = await verifyBackup(file);
    if (!verified.ok) throw new AppError('backupDamaged', { name });
    const { header } = verified;
    if (header.formatVersion > BACKUP_FORMAT_VERSION || header.schemaVersion > SCHEMA_VERSION)
      throw new AppError('backupSchemaNewer', { version: header.schemaVersion, current: SCHEMA_VERSION });
    if (header.schemaVersion !== SCHEMA_VERSION)
      throw new AppError('backupSchemaMismatch', { version: header.schemaVersion, current: SCHEMA_VERSION });

    return db.transaction().execute(async (trx) => {
      const schema = await schemaInfo(trx);
      // Same version name but other tables (a build from another branch): refuse rather than guess.
      const current = new Map(schema.tables.map((t) => [t.name, t]));
      const matches =
        header.tables.length === current.size &&
        header.tables.every((t) => {
          const table = current.get(t.name);
          return table !== undefined && sameColumns(table.columns, t.columns);
        });
      if (!matches) throw new AppError('backupSchemaMismatch', { version: header.schemaVersion, current: SCHEMA_VERSION });

      const sessions = await sql<{ j: string; userId: number; userName: string }>`
        select row_to_json(s)::text as j, u.id as user_id, u.name as user_name
        from sys_session s join sys_user u on u.id = s.user_id`.execute(trx);

      // Keys inside a cycle (t_zone's overflow zone names another zone) are checked at the end instead of per row.
      for (const key of schema.cyclic) {
        if (!key.deferrable)
          await sql`alter table ${quote(key.child)} alter constraint ${quote(key.name)} deferrable initially deferred`.execute(
            trx,
          );
        else await sql`set constraints ${quote(key.name)} deferred`.execute(trx);
      }
      // CASCADE empties the tables that are not backed up but reference these (sessions, re-inserted below).
      await sql`truncate table ${sql.join(schema.tables.map((t) => quote(t.name)))} cascade`.execute(trx);

      let rows = 0;
      let loading = '';
      try {
        for await (const { table, rows: batch } of readTables(file, header)) {
          if (batch.length === 0) continue;
          loading = table.name;
          const info = current.get(table.name) as TableInfo;
          const columns = sql.join(table.columns.map(quote));
          const overriding = info.identityAlways ? sql`overriding system value` : sql``;
          await sql`
            insert into ${quote(table.name)} (${columns}) ${overriding}
            select ${columns} from json_populate_recordset(null::${quote(table.name)}, ${`[${batch.join(',')}]`}::json)`.execute(
            trx,
          );
          rows += batch.length;
        }
        // Deferred keys (a zone's overflow zone) are checked here, against the whole load.
        loading = '';
        if (schema.cyclic.length > 0) await sql`set constraints all immediate`.execute(trx);
      } catch (error) {
        throw refusedRows(error, name, loading);
      }

      const sequences = await sequencesOf(trx, schema.tables);
      for (const recorded of header.sequences) {
        const seq = sequences.find((s) => s.table === recorded.table && s.column === recorded.column)?.seq;
        if (!seq) continue;
        await sql`
          select setval(${seq}::regclass, coalesce(${recorded.lastValue}::bigint, s.seqstart), ${recorded.isCalled})
          from pg_sequence s where s.seqrelid = ${seq}::regclass`.execute(trx);
      }

      if (schema.cyclic.length > 0) {
        for (const key of schema.cyclic)
          if (!key.deferrable)
            await sql`alter table ${quote(key.child)} alter constraint ${quote(key.name)} not deferrable`.execute(trx);
      }

      const users = await trx.selectFrom('sysUser').select(['id', 'name']).execute();
      const kept = sessions.rows.filter((s) => users.some((u) => u.id === s.userId && u.name === s.userName)).map((s) => s.j);
      if (kept.length > 0)
        await sql`insert into sys_session select * from json_populate_recordset(null::sys_session, ${`[${kept.join(',')}]`}::json)`.execute(
          trx,
        );
      return { name, tables: header.tables.length, rows };
    });
  });
}
