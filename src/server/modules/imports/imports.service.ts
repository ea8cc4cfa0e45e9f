/**
 * Excel import (README): staging a batch (`importExcel`), the groups, deleting a group. Each call one transaction; a
 * group is locked (advisory lock on its number, unique across the ten tables) while it is written.
 */
import { type RawBuilder, sql } from 'kysely';
import {
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_STATUSES,
  IMPORT_TYPE_DEFS,
  type ImportAnswer,
  type ImportCell,
  type ImportGroup,
  type ImportRequest,
  type ImportRowError,
  type ImportStatus,
  type ImportType,
  importEntityName,
} from '../../../shared/imports';
import type { LanguageCode } from '../../../shared/wire';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { clientsIn, grantScope, grantsWarehouse, itemClient } from '../../platform/grants';
import { groupKey, groupKeyFields, itemsOf, type StagedRow, type Verdicts, validateRows } from './imports.validate';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The staging table of a type: `tbl_temp_excel_import_<type>`. */
export const stagingTable = (type: ImportType): string =>
  `tbl_temp_excel_import_${snake(type.charAt(0).toLowerCase() + type.slice(1))}`;

/** The longest error message kept (the column's size). */
const ERROR_MSG_MAX = 2000;

/** Days from 1899-12-30 (Excel's day 0, after its 1900 leap-year quirk) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

/**
 * A date cell as the sheet gives it: an Excel date serial (a number) becomes yyyy-MM-dd; ISO date-time text keeps its
 * date; anything else stays as typed (and the date rule then names the column).
 */
export function dateText(cell: ImportCell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 1 || cell > 2_958_465) return String(cell);
    const time = (Math.floor(cell) - EXCEL_EPOCH_DAYS) * 86_400_000;
    return new Date(time).toISOString().slice(0, 10);
  }
  const text = wellFormed(cell.trim());
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/.test(text)) return text.slice(0, 10);
  return text === '' ? null : text;
}

/**
 * Text PostgreSQL can store: a lone UTF-16 surrogate (a JSON `"\ud800"`, or a pair cut in two) becomes U+FFFD. The
 * staging insert sends JSON, whose `\ud800` escape PostgreSQL refuses (22P02) instead of storing the row in error.
 */
export const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\uFFFD');

/** A cell as text: numbers as JavaScript writes them (24, 12.5), text trimmed (well-formed), empty as null. */
function cellText(cell: ImportCell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  const text = wellFormed(String(cell).trim());
  return text === '' ? null : text;
}

/** The values of one sheet row by field key (unknown keys dropped). */
export function rowValues(type: ImportType, cells: Record<string, ImportCell>): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const f of IMPORT_FIELDS[type]) {
    const cell = Object.hasOwn(cells, f.field) ? cells[f.field] : undefined;
    values[f.field] = f.def.type === 'date' ? dateText(cell ?? null) : cellText(cell);
  }
  return values;
}

/** Locks a group for this transaction (imports and commits of one group queue). */
export async function lockGroup(trx: Trx, groupId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${groupId}::bigint)`.execute(trx);
}

/** The client of a staging row, as a SQL expression (grants): its column, its item's, or none. */
export function stagingClient(type: ImportType, table: string): RawBuilder<unknown> | null {
  const fields = IMPORT_FIELDS[type].map((f) => f.field);
  if (fields.includes('clientCode')) return sql.ref(`${table}.client_code`);
  if (fields.includes('itemNumber')) return itemClient(table);
  return null;
}

/** The user's rows of a staging table (warehouse and client grants). */
export function stagingScope(user: SessionUser, type: ImportType, table: string): RawBuilder<unknown> {
  return grantScope(user, sql.ref(`${table}.wh_id`), stagingClient(type, table));
}

/** Refuses a warehouse that does not exist or is not the user's. */
async function requireWarehouse(trx: Trx, user: SessionUser, whId: string): Promise<void> {
  if (!whId) throw new AppError('importWarehouseRequired');
  const { rows } = await sql`select 1 from t_whse where wh_id = ${whId}`.execute(trx);
  if (rows.length === 0 || !grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

/**
 * A user limited to some clients of the warehouse imports only their rows: a row of another client (its own client
 * column, or its item's) refuses the whole batch, naming the first such row; nothing is staged.
 */
async function requireClients(trx: Trx, user: SessionUser, type: ImportType, whId: string, rows: readonly StagedRow[]) {
  const granted = clientsIn(user, whId);
  if (granted === null || user.warehouses === 'all') return;
  const fields = IMPORT_FIELDS[type].map((f) => f.field);
  const items = fields.includes('clientCode')
    ? null
    : await itemsOf(trx, whId, [...new Set(rows.map((r) => r.values.itemNumber).filter((v): v is string => Boolean(v)))]);
  for (const row of rows) {
    const clientCode = items ? items.get(row.values.itemNumber ?? '')?.clientCode : row.values.clientCode;
    if (clientCode && !granted.includes(clientCode))
      throw new AppError('importRowsNotGranted', { row: row.rowNumber, whId, clientCode });
  }
}

interface GroupFacts {
  whId: string;
  total: number;
  maxRow: number;
}

/**
 * The group's warehouse, size and last row number; null when the user sees none of its rows (a group of another
 * type, or of a warehouse or client not granted: "does not exist" for this user). The size and last row count every
 * row of the group (limits, row numbers), visible or not.
 */
async function groupFacts(
  trx: Trx,
  user: SessionUser,
  type: ImportType,
  table: string,
  groupId: number,
): Promise<GroupFacts | null> {
  const { rows } = await sql<{ whId: string | null; visible: number; total: number; maxRow: number | null }>`
    select min(wh_id) filter (where ${stagingScope(user, type, table)}) as wh_id,
      count(*) filter (where ${stagingScope(user, type, table)})::int as visible,
      count(*)::int as total, max(row_number) as max_row
    from ${sql.table(table)} where group_id = ${groupId}`.execute(trx);
  const facts = rows[0];
  if (!facts?.whId || facts.visible === 0) return null;
  return { whId: facts.whId, total: facts.total, maxRow: facts.maxRow ?? 0 };
}

/** Joined problems of a row, cut to the column's size. */
export const joinProblems = (problems: readonly string[]): string => {
  const text = problems.join('; ');
  return text.length > ERROR_MSG_MAX ? `${wellFormed(text.slice(0, ERROR_MSG_MAX - 1))}…` : text;
};

/** The first error rows of verdicts, for an answer. */
export function errorRows(verdicts: Verdicts): ImportRowError[] {
  return [...verdicts.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, IMPORT_LIMITS.errorsListed)
    .map(([rowNumber, problems]) => ({ rowNumber, errorMsg: joinProblems(problems) }));
}

/** Inserts staged rows in one statement per 5,000 (json_to_recordset), values cut to the column size. */
async function insertRows(
  trx: Trx,
  type: ImportType,
  table: string,
  whId: string,
  groupId: number,
  userName: string,
  rows: readonly StagedRow[],
  verdicts: Verdicts,
): Promise<void> {
  const fields = IMPORT_FIELDS[type].map((f) => f.field);
  const columns = ['row_number', 'import_status', 'error_msg', ...fields.map(snake)];
  const cut = (v: string | null) =>
    v !== null && v.length > IMPORT_LIMITS.cellLength ? wellFormed(v.slice(0, IMPORT_LIMITS.cellLength)) : v;
  for (let start = 0; start < rows.length; start += 5000) {
    const chunk = rows.slice(start, start + 5000).map((row) => {
      const problems = verdicts.get(row.rowNumber);
      const record: Record<string, string | number | null> = {
        row_number: row.rowNumber,
        import_status: problems ? 'E' : 'V',
        error_msg: problems ? joinProblems(problems) : null,
      };
      for (const f of fields) record[snake(f)] = cut(row.values[f] ?? null);
      return record;
    });
    const definitions = columns.map((c) => sql`${sql.id(c)} ${c === 'row_number' ? sql`integer` : sql`text`}`);
    await sql`insert into ${sql.table(table)} (wh_id, group_id, create_by, ${sql.join(columns.map((c) => sql.id(c)))})
      select ${whId}, ${groupId}, ${userName}, ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${sql.join(definitions)})`.execute(trx);
  }
}

/** `importExcel`: stages and validates one batch (README "Import"), all or nothing. */
export async function importBatch(
  db: Db,
  user: SessionUser,
  type: ImportType,
  request: ImportRequest,
  lang: LanguageCode,
): Promise<ImportAnswer> {
  const table = stagingTable(type);
  if (request.rows.length === 0 || request.rows.length > IMPORT_LIMITS.rowsPerBatch)
    throw new AppError('importBatchTooLarge', { max: IMPORT_LIMITS.rowsPerBatch, count: request.rows.length });
  return inTransaction(db, async (trx) => {
    const whId = String(request.whId ?? '').trim();
    await requireWarehouse(trx, user, whId);
    let groupId: number;
    let facts: GroupFacts | null = null;
    if (request.groupId === undefined) {
      const { rows } = await sql<{ id: string }>`select nextval('tbl_temp_excel_import_group_seq') as id`.execute(trx);
      groupId = Number(rows[0]?.id);
      await lockGroup(trx, groupId);
    } else {
      groupId = request.groupId;
      await lockGroup(trx, groupId);
      facts = await groupFacts(trx, user, type, table, groupId);
      if (!facts) throw new AppError('importGroupNotFound', { groupId });
      if (facts.whId !== whId) throw new AppError('importGroupOtherWarehouse', { groupId, groupWhId: facts.whId, whId });
      if (request.replaceErrors) {
        const deleted = await sql`delete from ${sql.table(table)} where group_id = ${groupId} and import_status = 'E'
          and ${stagingScope(user, type, table)}`.execute(trx);
        // The group keeps its warehouse even when the batch replaces every row it had (all in error).
        const gone = Number(deleted.numAffectedRows ?? 0);
        facts = { ...facts, total: facts.total - gone };
        if (gone > 0) {
          const { rows } = await sql<{ maxRow: number | null }>`select max(row_number) as max_row from ${sql.table(table)}
            where group_id = ${groupId}`.execute(trx);
          facts.maxRow = rows[0]?.maxRow ?? 0;
        }
      }
    }

    // Row numbers: the row's own, else the sheet row from firstRowNumber, else after the group's last row.
    const base = request.firstRowNumber ?? (facts?.maxRow ?? 0) + 1;
    const staged: StagedRow[] = request.rows.map((cells, i) => {
      const own = cells.rowNumber;
      const ownNumber = typeof own === 'number' ? own : typeof own === 'string' ? Number(own.trim()) : Number.NaN;
      const rowNumber = Number.isSafeInteger(ownNumber) && ownNumber > 0 && ownNumber <= 2_000_000_000 ? ownNumber : base + i;
      return { rowNumber, values: rowValues(type, cells) };
    });
    const numbers = new Set<number>();
    for (const row of staged) {
      if (row.rowNumber > 2_000_000_000) throw new AppError('numberOutOfRange');
      if (numbers.has(row.rowNumber)) throw new AppError('importRowNumberRepeated', { row: row.rowNumber });
      numbers.add(row.rowNumber);
    }
    await requireClients(trx, user, type, whId, staged);

    // Rows of the group with the same numbers: a committed one keeps its place (the new row is skipped); others go.
    let kept = staged;
    let replaced = 0;
    if (facts) {
      const client = stagingClient(type, table) ?? sql`null`;
      const { rows: clashes } = await sql<{
        rowNumber: number;
        importStatus: ImportStatus;
        visible: boolean;
        clientCode: string | null;
      }>`
        select row_number, import_status, ${stagingScope(user, type, table)} as visible, ${client}::text as client_code
        from ${sql.table(table)}
        where group_id = ${groupId} and row_number = any(${[...numbers]}::int[])`.execute(trx);
      // A row the user may not see (another client's) is neither replaced nor skipped: the batch is refused.
      const hidden = clashes.find((c) => !c.visible && c.importStatus !== 'S');
      if (hidden)
        throw new AppError('importRowsNotGranted', { row: hidden.rowNumber, whId, clientCode: hidden.clientCode ?? '' });
      const committed = new Set(clashes.filter((c) => c.importStatus === 'S').map((c) => c.rowNumber));
      kept = staged.filter((r) => !committed.has(r.rowNumber));
      const others = clashes.filter((c) => c.importStatus !== 'S').map((c) => c.rowNumber);
      if (others.length > 0) {
        await sql`delete from ${sql.table(table)} where group_id = ${groupId} and row_number = any(${others}::int[])`.execute(
          trx,
        );
        replaced = others.length;
      }
    }
    const total = (facts?.total ?? 0) - replaced + kept.length;
    if (total > IMPORT_LIMITS.rowsPerGroup) throw new AppError('importGroupTooLarge', { max: IMPORT_LIMITS.rowsPerGroup, total });

    const others = facts ? await groupKeys(trx, type, table, groupId, kept) : new Map<string, number>();
    const verdicts = await validateRows(trx, type, whId, kept, lang, others);
    try {
      await insertRows(trx, type, table, whId, groupId, user.name, kept, verdicts);
    } catch (error) {
      // The group is locked by every writer of its rows, so a row number taken meanwhile is not expected; should one
      // be (a writer outside this module), it is a refusal naming the key, not a 500.
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      const entity = importEntityName(type);
      throw new AppError('duplicateKey', {
        fields: [`entity.${entity}.field.groupId`, `entity.${entity}.field.rowNumber`],
      });
    }
    return {
      groupId,
      received: kept.length,
      valid: kept.length - verdicts.size,
      errors: verdicts.size,
      skipped: staged.length - kept.length,
      errorRows: errorRows(verdicts),
    };
  });
}

/**
 * The group's rows outside the batch that count for duplicates (not in error) and share a key with the batch, by key →
 * row number: one statement joining the batch's keys.
 */
export async function groupKeys(
  trx: Trx,
  type: ImportType,
  table: string,
  groupId: number,
  batch: readonly StagedRow[],
  status: RawBuilder<unknown> = sql`s.import_status <> 'E'`,
): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  const fields = groupKeyFields(type);
  const wanted = [...new Set(batch.map((r) => groupKey(type, r)).filter((k): k is string => k !== null))];
  if (fields.length === 0 || wanted.length === 0) return keys;
  const parts = wanted.map((k) => JSON.parse(k) as string[]);
  const names = fields.map((_, i) => `k${i}`);
  const arrays = fields.map((_, i) => sql`${parts.map((p) => p[i] ?? '')}::text[]`);
  const on = fields.map((f, i) => sql`${sql.ref(`s.${snake(f)}`)} = ${sql.ref(`p.${names[i]}`)}`);
  const { rows } = await sql<Record<string, string> & { rowNumber: number }>`
    select s.row_number, ${sql.join(names.map((n) => sql.ref(`p.${n}`)))} from ${sql.table(table)} s
    join unnest(${sql.join(arrays)}) as p(${sql.join(names.map((n) => sql.id(n)))}) on ${sql.join(on, sql` and `)}
    where s.group_id = ${groupId} and ${status}`.execute(trx);
  for (const row of rows) keys.set(JSON.stringify(names.map((n) => row[n])), row.rowNumber);
  return keys;
}

/** `findGroups`: the user's groups of a type, newest first, with their counts by status. */
export async function findGroups(db: Db, user: SessionUser, type: ImportType, whId?: string): Promise<ImportGroup[]> {
  const table = stagingTable(type);
  const byWarehouse = whId ? sql`and ${sql.ref(`${table}.wh_id`)} = ${whId}` : sql``;
  const { rows } = await sql<{
    groupId: string;
    whId: string;
    createDate: Date | string;
    createBy: string | null;
    total: number;
    n: number;
    e: number;
    v: number;
    s: number;
  }>`select group_id, min(wh_id) as wh_id, min(create_date) as create_date, min(create_by) as create_by,
      count(*)::int as total,
      count(*) filter (where import_status = 'N')::int as n, count(*) filter (where import_status = 'E')::int as e,
      count(*) filter (where import_status = 'V')::int as v, count(*) filter (where import_status = 'S')::int as s
    from ${sql.table(table)} where ${stagingScope(user, type, table)} ${byWarehouse}
    group by group_id order by group_id desc limit ${IMPORT_LIMITS.groupsListed}`.execute(db);
  return rows.map((r) => ({
    groupId: Number(r.groupId),
    whId: r.whId,
    createDate: r.createDate instanceof Date ? r.createDate.toISOString() : String(r.createDate),
    createBy: r.createBy ?? '',
    total: r.total,
    counts: Object.fromEntries(IMPORT_STATUSES.map((s) => [s, r[s.toLowerCase() as 'n' | 'e' | 'v' | 's']])) as Record<
      ImportStatus,
      number
    >,
  }));
}

/** `deleteGroup`: deletes the group's rows the user may see (staging rows only: nothing committed is undone). */
export async function deleteGroup(db: Db, user: SessionUser, type: ImportType, groupId: number): Promise<number> {
  const table = stagingTable(type);
  return inTransaction(db, async (trx) => {
    await lockGroup(trx, groupId);
    const result = await sql`delete from ${sql.table(table)}
      where group_id = ${groupId} and ${stagingScope(user, type, table)}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** The import type definitions, for the routes. */
export const importDef = (type: ImportType) => IMPORT_TYPE_DEFS[type];
