import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { BackupRecord, RestoreResult } from '../../../shared/wire.shell';
import { parseInterval } from '../../config';
import { SCHEMA_VERSION } from '../../db/migrate';
import { type BackupHeader, headerChecksum } from './backup.format';
import { startBackupSchedule } from './backup.schedule';
import { backupDir, createBackup, listBackups, NOT_BACKED_UP, pruneScheduled } from './backup.service';

/** Every backed-up table's rows as PostgreSQL prints them (exact numerics, microsecond times), sorted. */
async function contents(t: TestApp): Promise<Record<string, string[]>> {
  const db = t.connection.db;
  const { rows: tables } = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, string[]> = {};
  for (const { tableName } of tables) {
    if (NOT_BACKED_UP.includes(tableName)) continue;
    const { rows } = await sql<{ j: string }>`select row_to_json(t)::text as j from ${sql.raw(`"${tableName}"`)} t`.execute(db);
    result[tableName] = rows.map((r) => r.j).sort();
  }
  return result;
}

async function sequences(t: TestApp): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ seq: string; lastValue: string | null }>`
    select c.relname as seq, pg_sequence_last_value(c.oid)::text as last_value
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname = current_schema() order by 1`.execute(t.connection.db);
  return Object.fromEntries(rows.map((r) => [r.seq, r.lastValue]));
}

function decompress(file: string): { header: BackupHeader; body: string } {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  const newline = text.indexOf('\n');
  return { header: JSON.parse(text.slice(0, newline)) as BackupHeader, body: text.slice(newline + 1) };
}

/** Writes a backup file from parts, with a correct checksum (as a forger or another version would). */
function writeBackup(file: string, header: BackupHeader, body: string): void {
  const signed = { ...header, checksum: headerChecksum(header, createHash('sha256').update(body).digest('hex')) };
  fs.writeFileSync(file, zlib.gzipSync(`${JSON.stringify(signed)}\n${body}`));
}

describe('backup and restore', () => {
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-backup-'));
    t = await createTestApp({ dataDir });
    token = await t.login();
    // Values that a careless copy would bend: 18-digit decimals, arrays, and zones naming each other (a cycle).
    const db = t.connection.db;
    await sql`
      insert into t_zone (wh_id, zone, description, zone_type) values ('WH01', 'ZA', '冷藏区 Chilled', 'A'), ('WH01', 'ZB', null, 'D');
      update t_zone set overflow_zone = 'ZB' where zone = 'ZA';
      update t_zone set overflow_zone = 'ZA' where zone = 'ZB';
      insert into t_location (wh_id, location_id, type, zone, capacity_qty, last_count_date)
        values ('WH01', 'A-01-01', 'S', 'ZA', 123456789012345.125, '2024-02-29');
    `.execute(db);
    const admin = await db.selectFrom('sysUser').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    await db
      .insertInto('sysUserWarehouse')
      .values({ userId: admin.id, whId: 'WH01', clientCodes: ['ACME', 'BLUE "quoted", 逗号'] })
      .execute();
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const backup = async (title?: string) => {
    const res = await t.get<BackupRecord>(`/api/backup/backup${title ? `?title=${encodeURIComponent(title)}` : ''}`, token);
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    return res.body.data;
  };

  const warehouseName = async (whId: string) =>
    (await sql<{ name: string }>`select name from t_whse where wh_id = ${whId}`.execute(t.connection.db)).rows[0]?.name;
  const renameWarehouse = (whId: string, name: string) =>
    sql`update t_whse set name = ${name} where wh_id = ${whId}`.execute(t.connection.db);

  it('restores the exact earlier contents of every table, sequences included', async () => {
    const before = await contents(t);
    const seqBefore = await sequences(t);
    const record = await backup('月末盘点前 before month-end count');
    expect(record.title).toBe('月末盘点前 before month-end count');
    expect(record.schemaVersion).toBe(SCHEMA_VERSION);
    expect(record.size).toBeGreaterThan(0);
    expect(record.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));

    // Change data every way: rename, delete, insert, and consume sequence values.
    const db = t.connection.db;
    await renameWarehouse('WH01', 'Renamed');
    expect(await warehouseName('WH01')).toBe('Renamed');
    await sql`delete from sys_dict where id = (select min(id) from sys_dict); insert into t_whse (wh_id, name) values ('WH99', 'New DC')`.execute(
      db,
    );
    await db.updateTable('tLocation').set({ capacityQty: '1.5' }).execute();
    await db.insertInto('sysDict').values({ type: 'x', value: 'y', label: 'z', labelEn: 'z', sort: 1 }).execute();

    const restored = await t.get<RestoreResult>(`/api/backup/restore?name=${record.name}`, token);
    expect(restored.body.code, restored.body.msg ?? '').toBe(200);
    expect(restored.body.data.rows).toBe(record.rows);

    const after = await contents(t);
    // The restore itself is logged after the contents are back: the one row more in the operation log.
    const restoreLog = (after.sys_log ?? []).filter((j) => j.includes('/backup/restore'));
    expect(restoreLog).toHaveLength(1);
    after.sys_log = (after.sys_log ?? []).filter((j) => !j.includes('/backup/restore'));
    expect(after).toEqual(before);
    const seqAfter = await sequences(t);
    expect({ ...seqAfter, sys_log_id_seq: null }).toEqual({ ...seqBefore, sys_log_id_seq: null });
    expect(await warehouseName('WH01')).not.toBe('Renamed');
    // The zones' cycle was loaded with its key deferred for the transaction only.
    const { rows: keys } = await sql<{ deferrable: boolean }>`
      select condeferrable as deferrable from pg_constraint where contype = 'f' and conrelid = 't_zone'::regclass and confrelid = 't_zone'::regclass`.execute(
      db,
    );
    expect(keys).toEqual([{ deferrable: false }]);

    // The administrator who restored is still signed in.
    expect((await t.get('/api/backup/findRecords', token)).body.code).toBe(200);
  });

  it('lists backups with name, title, time and size, and deletes one by name', async () => {
    const record = await backup();
    const list = await t.get<BackupRecord[]>('/api/backup/findRecords', token);
    expect(list.body.code).toBe(200);
    const listed = list.body.data.find((r) => r.name === record.name);
    expect(listed).toMatchObject({ name: record.name, title: '', size: record.size, damaged: false });
    expect(Date.parse(listed?.time ?? '')).not.toBeNaN();

    expect((await t.get(`/api/backup/delete?name=${record.name}`, token)).body.code).toBe(200);
    expect(fs.existsSync(path.join(backupDir(t.ctx.config), record.name))).toBe(false);
    const again = await t.get(`/api/backup/delete?name=${record.name}`, token);
    expect(again.body.errorCode).toBe('backupNotFound');
  });

  it('refuses a damaged file and changes nothing', async () => {
    const record = await backup();
    const file = path.join(backupDir(t.ctx.config), record.name);
    const { header, body } = decompress(file);
    // A row altered inside the file, the header kept: the checksum no longer matches.
    const altered = path.join(backupDir(t.ctx.config), 'altered.jsonl.gz');
    fs.writeFileSync(altered, zlib.gzipSync(`${JSON.stringify(header)}\n${body.replace('ACME Trading', 'ACME Tradinh')}`));
    // A file cut short (a copy that did not finish).
    const cut = path.join(backupDir(t.ctx.config), 'cut.jsonl.gz');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));

    await renameWarehouse('WH02', 'Changed after backup');
    const before = await contents(t);
    for (const name of ['altered.jsonl.gz', 'cut.jsonl.gz']) {
      const res = await t.get(`/api/backup/restore?name=${name}`, token);
      expect(res.status).toBe(200);
      expect(res.body.errorCode, name).toBe('backupDamaged');
      expect(res.body.msg).toContain('damaged');
    }
    expect(await contents(t)).toEqual(before);
    expect(await warehouseName('WH02')).toBe('Changed after backup');
  });

  it('refuses a file whose checksum is right but whose rows break a rule of the database, and changes nothing', async () => {
    const record = await backup();
    const { header, body } = decompress(path.join(backupDir(t.ctx.config), record.name));
    // An item's row: the item import's staging rows carry the same column as plain text, with no rule to break.
    const item = body.split('\n').find((line) => line.includes('"lot_control":"N"') && !line.includes('"import_status"'));
    if (!item) throw new Error('no item row in the backup');
    const broken = (value: string) => body.replace(item, () => item.replace('"lot_control":"N"', value));
    // Re-signed, so only the database can tell: a CHECK (Y/N), a value too long for char(1), a NUL in text.
    const cases = {
      'check.jsonl.gz': broken('"lot_control":"X"'),
      'toolong.jsonl.gz': broken('"lot_control":"NN"'),
      'nul.jsonl.gz': broken('"lot_control":"N","description":"a\\u0000b"'),
    };
    for (const [name, text] of Object.entries(cases)) writeBackup(path.join(backupDir(t.ctx.config), name), header, text);

    await renameWarehouse('WH02', 'Kept');
    const before = await contents(t);
    for (const name of Object.keys(cases)) {
      const res = await t.get(`/api/backup/restore?name=${name}`, token);
      expect(res.status, name).toBe(200);
      expect(res.body.errorCode, `${name}: ${res.body.msg}`).toBe('backupRowsRefused');
      expect(res.body.msg).toContain('t_item_master');
      expect(res.body.msg).toContain('nothing was changed');
    }
    expect(await contents(t)).toEqual(before);
    expect(await warehouseName('WH02')).toBe('Kept');
    // The administrator is still signed in.
    expect((await t.get('/api/backup/findRecords', token)).body.code).toBe(200);
  });

  it('lists a cut or altered file as damaged, and sees a sound file that changed afterwards', async () => {
    const record = await backup('listed');
    const dir = backupDir(t.ctx.config);
    const { header, body } = decompress(path.join(dir, record.name));
    // Headers intact: only reading the whole file shows the damage.
    fs.writeFileSync(
      path.join(dir, 'list-altered.jsonl.gz'),
      zlib.gzipSync(`${JSON.stringify(header)}\n${body.replace('ACME', 'ACMF')}`),
    );
    const bytes = fs.readFileSync(path.join(dir, record.name));
    fs.writeFileSync(path.join(dir, 'list-cut.jsonl.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    writeBackup(path.join(dir, 'list-later.jsonl.gz'), header, body);

    const listed = async () => (await t.get<BackupRecord[]>('/api/backup/findRecords', token)).body.data;
    const first = await listed();
    const byName = (records: BackupRecord[], name: string) => records.find((r) => r.name === name);
    expect(byName(first, record.name)).toMatchObject({ title: 'listed', damaged: false });
    expect(byName(first, 'list-later.jsonl.gz')).toMatchObject({ title: 'listed', damaged: false });
    // The altered file's header still names it; the cut one keeps its header too (the first gzip member).
    expect(byName(first, 'list-altered.jsonl.gz')).toMatchObject({ title: 'listed', damaged: true });
    expect(byName(first, 'list-cut.jsonl.gz')).toMatchObject({ damaged: true });

    // A file changed after it was listed (size and time change) is read again.
    fs.writeFileSync(path.join(dir, 'list-later.jsonl.gz'), zlib.gzipSync(`${JSON.stringify(header)}\n${body}{"extra":1}\n`));
    expect(byName(await listed(), 'list-later.jsonl.gz')).toMatchObject({ damaged: true });
    for (const name of ['list-altered.jsonl.gz', 'list-cut.jsonl.gz', 'list-later.jsonl.gz']) fs.rmSync(path.join(dir, name));
  });

  it('lists a huge single-line file as damaged in linear time', async () => {
    const dir = backupDir(t.ctx.config);
    const file = path.join(dir, 'one-line.jsonl.gz');
    // 32 MB without a newline (32 kB compressed): the old line reader rescanned the growing line on every chunk.
    fs.writeFileSync(file, zlib.gzipSync(Buffer.alloc(32 * 1024 * 1024, 'x')));
    // This process's CPU time (the reading and inflating are in it), not the clock's: a loaded machine does not stretch
    // it, while the old quadratic reader took minutes of CPU.
    const started = process.cpuUsage();
    const records = (await t.get<BackupRecord[]>('/api/backup/findRecords', token)).body.data;
    const used = process.cpuUsage(started);
    expect(records.find((r) => r.name === 'one-line.jsonl.gz')).toMatchObject({ damaged: true, title: '' });
    expect((used.user + used.system) / 1000).toBeLessThan(3000);
    fs.rmSync(file);
  });

  it('refuses a backup from a newer schema, and one from another schema version, and changes nothing', async () => {
    const record = await backup();
    const { header, body } = decompress(path.join(backupDir(t.ctx.config), record.name));
    writeBackup(path.join(backupDir(t.ctx.config), 'newer.jsonl.gz'), { ...header, schemaVersion: '9999_future' }, body);
    writeBackup(path.join(backupDir(t.ctx.config), 'older.jsonl.gz'), { ...header, schemaVersion: '0001_platform' }, body);
    // The same file re-signed is accepted: the refusals come from the version, not from the re-signing.
    writeBackup(path.join(backupDir(t.ctx.config), 'resigned.jsonl.gz'), header, body);

    await renameWarehouse('WH02', 'After');
    const before = await contents(t);
    const newer = await t.get('/api/backup/restore?name=newer.jsonl.gz', token);
    expect(newer.body.errorCode).toBe('backupSchemaNewer');
    expect(newer.body.msg).toContain('9999_future');
    const older = await t.get('/api/backup/restore?name=older.jsonl.gz', token);
    expect(older.body.errorCode).toBe('backupSchemaMismatch');
    expect(await contents(t)).toEqual(before);

    const resigned = await t.get('/api/backup/restore?name=resigned.jsonl.gz', token);
    expect(resigned.body.code, resigned.body.msg ?? '').toBe(200);
    expect(await warehouseName('WH02')).not.toBe('After');
  });

  it('refuses names that leave the backup directory', async () => {
    const outside = path.join(dataDir, 'outside.jsonl.gz');
    fs.writeFileSync(outside, 'not a backup');
    for (const name of [
      '../outside.jsonl.gz',
      '..%2Foutside.jsonl.gz',
      '%2Fetc%2Fpasswd',
      'a%5C..%5C..%5Coutside.jsonl.gz',
      '.hidden.jsonl.gz',
      'x.txt',
    ]) {
      for (const action of ['restore', 'delete']) {
        const res = await t.get(`/api/backup/${action}?name=${name}`, token);
        expect(res.body.errorCode, `${action} ${name}`).toBe('backupNameInvalid');
      }
    }
    expect(fs.existsSync(outside)).toBe(true);
  });

  it('answers 403 to a user without the backup permissions, and each call needs its own', async () => {
    await createUser(t, 'nobackup', { permissions: ['sys:tWhse:view'], warehouses: ['WH01'] });
    await createUser(t, 'viewbackup', { permissions: ['sys:backup:view'], warehouses: [] });
    const none = await t.login('nobackup', 'Secret#123');
    const viewer = await t.login('viewbackup', 'Secret#123');
    const record = await backup();
    const calls = [
      '/api/backup/findRecords',
      '/api/backup/backup',
      `/api/backup/restore?name=${record.name}`,
      `/api/backup/delete?name=${record.name}`,
    ];
    for (const url of calls) expect((await t.get(url, none)).status, url).toBe(403);
    expect((await t.get(calls[0] as string, viewer)).status).toBe(200);
    for (const url of calls.slice(1)) expect((await t.get(url, viewer)).status, url).toBe(403);
    for (const url of calls) expect((await t.get(url)).status, url).toBe(401);
    expect(fs.existsSync(path.join(backupDir(t.ctx.config), record.name))).toBe(true);
  });

  it('keeps only the newest scheduled backups, never the manual ones', async () => {
    const manual = await backup('manual');
    const times = ['2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', '2030-01-03T00:00:00Z'];
    const scheduled = [];
    for (const time of times)
      scheduled.push(await createBackup(t.connection.db, t.ctx.config, new Date(time), { scheduled: true }));
    expect(scheduled.every((r) => r.scheduled && r.name.includes('-auto'))).toBe(true);
    const removed = await pruneScheduled(t.ctx.config, 2);
    expect(removed).toEqual([scheduled[0]?.name]);
    const names = (await listBackups(t.ctx.config)).map((r) => r.name);
    expect(names).toContain(manual.name);
    expect(names).toContain(scheduled[1]?.name);
    expect(names).toContain(scheduled[2]?.name);
    expect(names).not.toContain(scheduled[0]?.name);
  });

  it('runs a scheduled backup when one is due and keeps WHARF_BACKUP_KEEP of them', async () => {
    const hour = 3_600_000;
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, dataDir: path.join(dataDir, 'scheduled'), backupIntervalMs: hour, backupKeep: 1 },
    };
    // The newest scheduled backup is two hours old: the next one is overdue and runs at once.
    const old = await createBackup(t.connection.db, ctx.config, new Date(Date.now() - 2 * hour), { scheduled: true });
    const stop = await startBackupSchedule(ctx, t.app.log);
    let names: string[] = [];
    for (let i = 0; i < 100; i++) {
      names = (await listBackups(ctx.config)).map((r) => r.name);
      if (!names.includes(old.name)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/-auto\.jsonl\.gz$/);
    expect(names[0]).not.toBe(old.name);
  });
});

describe('WHARF_BACKUP_INTERVAL', () => {
  it('reads hours, minutes, days and off, and refuses nonsense', () => {
    expect(parseInterval('24h')).toBe(86_400_000);
    expect(parseInterval('30m')).toBe(1_800_000);
    expect(parseInterval('7d')).toBe(604_800_000);
    expect(parseInterval('12')).toBe(43_200_000);
    expect(parseInterval('0')).toBeNull();
    expect(parseInterval('OFF')).toBeNull();
    expect(() => parseInterval('daily')).toThrow(/WHARF_BACKUP_INTERVAL/);
    expect(() => parseInterval('5s')).toThrow(/WHARF_BACKUP_INTERVAL/);
  });
});
