import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { type Connection, connectPglite } from '../src/server/db/connect';
import { IMPORT_LIMITS } from '../src/shared/imports';
import { benchDatabases, seedDemoDatabase, signedInApp, withDatabase } from './database';

/**
 * Excel import at scale (issue 17; docs/design.md §8: at least 20 % of raw COPY speed): BENCH_IMPORT_ROWS (100,000) location
 * rows staged through `tblTempExcelImportLocation/importExcel` in batches of 5,000 as the console sends them
 * (`app.inject`: session, schema, grants, validation with the shared rules and the set-based reference and duplicate
 * checks, staging insert), then committed through `commitGroup` (validated again, one insert … select into
 * t_location, statuses) — beside a raw `COPY` of the same rows (other keys) into t_location in the same run.
 * PGlite: `COPY … FROM '/dev/blob'`. PostgreSQL: a server-side `COPY … FROM '<file>'` when the server can read the
 * bench's file (same machine, superuser), else multi-row INSERTs of 1,000 rows (pg-copy-streams is not installed).
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BATCH = IMPORT_LIMITS.rowsPerBatch;

interface LocationRow {
  locationId: string;
  description: string;
  status: string;
  type: string;
  huFlag: string;
  itemHuIndicator: string;
  zone: string;
  pickingFlow: string;
  pickArea: string;
  capacityUom: string;
  capacityQty: string;
  cycleCountClass: string;
  length: string;
  width: string;
  height: string;
}

function locationRows(prefix: string): LocationRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    locationId: `${prefix}-${String(i).padStart(6, '0')}`,
    description: `导入库位 Imported location ${i}`,
    status: 'A',
    type: ['F', 'S', 'I', 'M'][i % 4]!,
    huFlag: i % 2 ? 'Y' : 'N',
    itemHuIndicator: i % 2 ? 'H' : 'I',
    zone: 'AMB',
    pickingFlow: String(900000 + i),
    pickArea: 'AMB',
    capacityUom: 'EA',
    capacityQty: String(100 + (i % 50)),
    cycleCountClass: ['A', 'B', 'C'][i % 3]!,
    length: '1.2',
    width: '0.8',
    height: String(1 + (i % 3) * 0.5),
  }));
}

/** The raw load's fields in column order, after the warehouse; the table's columns are their snake_case names. */
const COPY_FIELDS = [
  'locationId',
  'description',
  'status',
  'type',
  'huFlag',
  'itemHuIndicator',
  'zone',
  'pickingFlow',
  'pickArea',
  'capacityUom',
  'capacityQty',
  'cycleCountClass',
  'length',
  'width',
  'height',
] as const satisfies readonly (keyof LocationRow)[];

const COPY_COLUMNS = ['wh_id', ...COPY_FIELDS.map((field) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))];

const csvLine = (r: LocationRow): string =>
  ['WH01', ...COPY_FIELDS.map((field) => (field === 'description' ? `"${r[field]}"` : r[field]))].join(',');

/** The raw load: COPY (PGlite blob; PostgreSQL server-side file) or, failing that, multi-row INSERTs. Returns its method. */
async function rawLoad(kind: 'pglite' | 'postgres', connection: Connection, pglite: PGlite | null, rows: LocationRow[]) {
  const csv = `${rows.map(csvLine).join('\n')}\n`;
  const copy = `copy t_location (${COPY_COLUMNS.join(', ')}) from`;
  if (kind === 'pglite' && pglite) {
    await pglite.query(`${copy} '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
    return 'COPY FROM /dev/blob';
  }
  const file = path.join(os.tmpdir(), `wharf-import-bench-${process.pid}.csv`);
  fs.writeFileSync(file, csv, { mode: 0o644 });
  try {
    await sql`${sql.raw(`${copy} '${file}' with (format csv)`)}`.execute(connection.db);
    return 'COPY FROM a server-side file';
  } catch (error) {
    console.log(`  (server-side COPY not reachable: ${(error as Error).message}; multi-row INSERT instead)`);
  } finally {
    fs.rmSync(file, { force: true });
  }
  await connection.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      const values = rows
        .slice(start, start + 1000)
        .map(
          (r) =>
            sql`(${sql.join(['WH01', ...COPY_FIELDS.map((field) => (field === 'pickingFlow' ? Number(r[field]) : r[field]))])})`,
        );
      await sql`insert into t_location (${sql.raw(COPY_COLUMNS.join(', '))}) values ${sql.join(values)}`.execute(trx);
    }
  });
  return 'multi-row INSERT (1,000 rows a statement)';
}

async function benchOn(kind: 'pglite' | 'postgres', connection: Connection, pglite: PGlite | null): Promise<void> {
  const { db } = connection;
  await seedDemoDatabase(db);
  const { app, token } = await signedInApp(db);
  console.log(`\n${kind}: ${ROWS.toLocaleString('en')} location rows`);

  const raw = locationRows('RAW');
  let t0 = performance.now();
  const method = await rawLoad(kind, connection, pglite, raw);
  const rawSeconds = (performance.now() - t0) / 1000;
  console.log(`  raw ${method}: ${rawSeconds.toFixed(2)} s (${Math.round(ROWS / rawSeconds).toLocaleString('en')} rows/s)`);

  const rows = locationRows('IMP');
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api/tblTempExcelImportLocation/${url}`, headers: { token }, payload });
    const body = res.json();
    if (body.code !== 200) throw new Error(`${url}: ${res.statusCode} ${body.msg}`);
    return body.data;
  };
  t0 = performance.now();
  let groupId: number | undefined;
  let errors = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const answer = await post('importExcel', {
      whId: 'WH01',
      ...(groupId ? { groupId } : {}),
      firstRowNumber: start + 3,
      rows: rows.slice(start, start + BATCH),
    });
    groupId = answer.groupId;
    errors += answer.errors;
  }
  const staged = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const committed = await post('commitGroup', { groupId });
  const commitSeconds = (performance.now() - t0) / 1000;
  const total = staged + commitSeconds;
  const { rows: check } = await sql<{
    n: number;
  }>`select count(*)::int as n from t_location where location_id like 'IMP-%'`.execute(db);
  if (errors > 0 || committed.committed !== ROWS || check[0]?.n !== ROWS)
    throw new Error(`expected ${ROWS} committed: errors ${errors}, committed ${committed.committed}, rows ${check[0]?.n}`);
  console.log(
    `  API: staged + validated ${staged.toFixed(2)} s (${ROWS / BATCH} batches), committed ${commitSeconds.toFixed(2)} s, ` +
      `total ${total.toFixed(2)} s (${Math.round(ROWS / total).toLocaleString('en')} rows/s)`,
  );
  console.log(`  API at ${((rawSeconds / total) * 100).toFixed(0)} % of the raw load's speed (budget ≥ 20 % of COPY)`);
  await app.close();
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const kind of benchDatabases()) {
    if (kind === 'pglite') {
      const pglite = await PGlite.create();
      const connection = await connectPglite({ pglite });
      try {
        await benchOn(kind, connection, pglite);
      } finally {
        await connection.close();
      }
    } else {
      await withDatabase(kind, (connection) => benchOn(kind, connection, null));
    }
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
