/**
 * The backup file: gzip'd JSON lines. Line 1 is the header; then every table's rows, one JSON object per line,
 * in the header's table order and counts. The file is two gzip members (header, body) concatenated, which any
 * gunzip reads as one stream: the body can be streamed to disk before the header (which carries its counts
 * and checksum) is known.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

export const BACKUP_FORMAT = 'wharf-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = '.jsonl.gz';

export interface BackupTable {
  name: string;
  /** Columns present in each row (generated columns excluded). */
  columns: string[];
  rows: number;
}

/** A sequence (serial or identity) of a table column, as it stood when the backup was taken. */
export interface BackupSequence {
  table: string;
  column: string;
  /** `last_value` as text (bigint); null when the sequence was never used. */
  lastValue: string | null;
  isCalled: boolean;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The newest migration applied when the backup was taken (db/migrate.ts SCHEMA_VERSION). */
  schemaVersion: string;
  /** ISO time of the snapshot. */
  time: string;
  title: string;
  /** Taken by the schedule (pruned to WHARF_BACKUP_KEEP) rather than by a person. */
  scheduled: boolean;
  tables: BackupTable[];
  sequences: BackupSequence[];
  /** SHA-256 over the header (with this field empty) and the body's own SHA-256. */
  checksum: string;
}

/** The checksum of a header and a body digest; covers the header too, so a forged schema version is caught. */
export function headerChecksum(header: BackupHeader, bodySha256: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...header, checksum: '' }))
    .update('\n')
    .update(bodySha256)
    .digest('hex');
}

function isHeader(value: unknown): value is BackupHeader {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Partial<BackupHeader>;
  return (
    h.format === BACKUP_FORMAT &&
    typeof h.formatVersion === 'number' &&
    typeof h.schemaVersion === 'string' &&
    typeof h.time === 'string' &&
    typeof h.title === 'string' &&
    typeof h.checksum === 'string' &&
    Array.isArray(h.tables) &&
    h.tables.every((t) => typeof t?.name === 'string' && Array.isArray(t.columns) && Number.isInteger(t.rows) && t.rows >= 0) &&
    Array.isArray(h.sequences)
  );
}

/** The header is a few kilobytes (tables, columns, sequences); a first line longer than this is not a header. */
export const MAX_HEADER_CHARS = 4 * 1024 * 1024;
/** No row comes near this (request bodies are capped at 2 MB); a longer line means the file is not a backup. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * The lines of a backup file, decompressed, in one pass: each chunk is searched once for newlines (never the
 * text before it again), and a line longer than `maxChars` stops the read, so a huge single-line file costs
 * linear time and bounded memory. A read or gzip error rejects; stopping early closes the file.
 */
async function* lines(file: string, maxChars: (lineIndex: number) => number): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file);
  // pipeline (unlike pipe) destroys the gunzip with the file's error, so the loop below rejects instead of hanging.
  pipeline(input, gunzip, () => undefined);
  const decoder = new StringDecoder('utf8');
  // The start of the current line, from earlier chunks (no newline in it).
  let pending = '';
  let index = 0;
  try {
    for await (const chunk of gunzip) {
      const text = decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        const line = pending + text.slice(start, end);
        if (line.length > maxChars(index)) throw new Error('line too long');
        yield line;
        index += 1;
        pending = '';
        start = end + 1;
      }
      pending += text.slice(start);
      if (pending.length > maxChars(index)) throw new Error('line too long');
    }
    pending += decoder.end();
    // Every line is written with its newline: a remainder means the file was cut (the count check catches it).
    if (pending) yield pending;
  } finally {
    gunzip.destroy();
    input.destroy();
  }
}

const lineLimit = (index: number) => (index === 0 ? MAX_HEADER_CHARS : MAX_LINE_CHARS);

/** Reads only the header (at most MAX_HEADER_CHARS); null when the file is not a readable backup. */
export async function readHeader(file: string): Promise<BackupHeader | null> {
  try {
    for await (const line of lines(file, lineLimit)) {
      const parsed: unknown = JSON.parse(line);
      return isHeader(parsed) ? parsed : null;
    }
  } catch {
    // Unreadable: listed as damaged.
  }
  return null;
}

/** A sound file and its header, or a damaged one with its header when that much is readable (for the list). */
export type VerifyResult = { ok: true; header: BackupHeader } | { ok: false; reason: 'damaged'; header: BackupHeader | null };

/**
 * Reads the whole file once: a readable header, exactly the announced number of rows, each a JSON object, and
 * the checksum. Nothing is changed before a file passes this.
 */
export async function verifyBackup(file: string): Promise<VerifyResult> {
  let header: BackupHeader | null = null;
  const damaged = (): VerifyResult => ({ ok: false, reason: 'damaged', header });
  const body = createHash('sha256');
  let rows = 0;
  try {
    for await (const line of lines(file, lineLimit)) {
      if (!header) {
        const parsed: unknown = JSON.parse(line);
        if (!isHeader(parsed)) return damaged();
        header = parsed;
        continue;
      }
      if (!line.startsWith('{') || !line.endsWith('}')) return damaged();
      body.update(line).update('\n');
      rows += 1;
    }
  } catch {
    return damaged();
  }
  if (!header) return damaged();
  const announced = header.tables.reduce((sum, t) => sum + t.rows, 0);
  if (announced !== rows || headerChecksum(header, body.digest('hex')) !== header.checksum) return damaged();
  return { ok: true, header };
}

/** Rows of a verified file, table by table in header order, as raw JSON text (never parsed: exact values). */
export async function* readTables(file: string, header: BackupHeader): AsyncGenerator<{ table: BackupTable; rows: string[] }> {
  const iterator = lines(file, lineLimit)[Symbol.asyncIterator]();
  try {
    await iterator.next(); // header
    for (const table of header.tables) {
      let left = table.rows;
      while (left > 0) {
        const batch: string[] = [];
        // Batches of at most ~1000 rows or ~4 MB keep one statement's parameter small.
        let bytes = 0;
        while (left > 0 && batch.length < 1000 && bytes < 4_000_000) {
          const next = await iterator.next();
          if (next.done) throw new Error('backup file ended early');
          batch.push(next.value);
          bytes += next.value.length;
          left -= 1;
        }
        yield { table, rows: batch };
      }
      if (table.rows === 0) yield { table, rows: [] };
    }
  } finally {
    await iterator.return?.(undefined);
  }
}

/** Writes the body (gzip) to `file`, returning a writer that hashes each line it is given. */
export function bodyWriter(file: string): {
  write(line: string): Promise<void>;
  finish(): Promise<string>;
  abort(): void;
} {
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  const hash = createHash('sha256');
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
  };
  out.on('error', fail);
  gzip.on('error', fail);
  return {
    async write(line: string) {
      if (failure) throw failure;
      const chunk = `${line}\n`;
      hash.update(chunk);
      if (!gzip.write(chunk)) await new Promise<void>((resolve) => gzip.once('drain', resolve));
    },
    async finish() {
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('error', reject);
        gzip.end();
      });
      if (failure) throw failure;
      return hash.digest('hex');
    },
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

/** Assembles the final file from the header and the gzip'd body, flushed to disk before it is renamed into place. */
export async function assemble(target: string, header: BackupHeader, bodyFile: string): Promise<void> {
  const fd = fs.openSync(target, 'wx');
  try {
    fs.writeSync(fd, zlib.gzipSync(`${JSON.stringify(header)}\n`));
    const reader = fs.createReadStream(bodyFile);
    for await (const chunk of reader) fs.writeSync(fd, chunk as Buffer);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
