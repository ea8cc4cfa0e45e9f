/**
 * `commitGroup` (README "Commit"): the group's rows not yet committed are validated again, then the valid ones are
 * written — master data set-based (one insert … select, after the same checks the entity's save and hooks make),
 * documents one by one through the screens' own service functions, each in a savepoint so that a document is all or
 * nothing. One transaction; the group is locked, and only rows still N or V are taken, so a commit run twice (or two
 * at once) commits each row once.
 */
import { sql } from 'kysely';
import type { FieldDef } from '../../../shared/entities/defineEntity';
import {
  type CommitAnswer,
  IMPORT_FIELDS,
  IMPORT_TYPE_DEFS,
  type ImportRowError,
  type ImportType,
} from '../../../shared/imports';
import { permission } from '../../../shared/permissions';
import type { LanguageCode } from '../../../shared/wire';
import { saveRow } from '../../crud/crud.service';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { PO_BINDINGS } from '../inbound/po.bindings';
import { savePoLine } from '../inbound/po.lines';
import { INVENTORY_BINDINGS } from '../inventory/inventory.bindings';
import { saveLine } from '../inventory/lines.service';
import { ORDER_BINDINGS } from '../outbound/orders.bindings';
import { saveOrderLine } from '../outbound/orders.lines';
import { errorRows, groupKeys, joinProblems, lockGroup, stagingScope, stagingTable } from './imports.service';
import {
  DOCUMENT_KEY,
  HEADER_FIELDS,
  recheckValid,
  type StagedRow,
  sameFileFields,
  type Verdicts,
  validateRows,
} from './imports.validate';

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface CommitRow extends StagedRow {
  id: number;
  status: string;
}

const binding = (bindings: readonly CrudBinding[], name: string): CrudBinding => {
  const found = bindings.find((b) => b.entity.name === name);
  if (!found) throw new Error(`no binding ${name}`);
  return found;
};

/** Master data targets: table and the SQL type each imported column is cast to. */
const MASTER_TABLES: Partial<Record<ImportType, string>> = {
  ItemMaster: 't_item_master',
  ItemUom: 't_item_uom',
  Vendor: 't_vendor',
  Zone: 't_zone',
  ZoneLoca: 't_zone_loca',
  Location: 't_location',
};

function castOf(def: FieldDef) {
  switch (def.type) {
    case 'int':
      return sql`integer`;
    case 'decimal':
      return sql`numeric`;
    case 'date':
      return sql`date`;
    case 'code':
    case 'text':
      return sql`text`;
  }
}

/**
 * Writes the statuses of validated rows: the committed and the valid ones by id lists (one statement each), the rows in
 * error with their messages (json_to_recordset).
 */
async function writeStatuses(trx: Trx, table: string, updates: { id: number; s: string; m: string | null }[]): Promise<void> {
  for (const status of ['S', 'V']) {
    const ids = updates.filter((u) => u.s === status).map((u) => u.id);
    if (ids.length > 0)
      await sql`update ${sql.table(table)} set import_status = ${status}, error_msg = null, update_time = now()
        where id = any(${ids}::bigint[])`.execute(trx);
  }
  const errors = updates.filter((u) => u.s === 'E');
  for (let start = 0; start < errors.length; start += 20_000) {
    const chunk = errors.slice(start, start + 20_000);
    await sql`update ${sql.table(table)} t set import_status = 'E', error_msg = r.m, update_time = now()
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(id bigint, m text) where t.id = r.id`.execute(trx);
  }
}

/** The valid rows of a master-data group into the target table: one insert … select (README "Commit"). */
async function commitMasterData(trx: Trx, type: ImportType, table: string, groupId: number): Promise<number> {
  const target = MASTER_TABLES[type];
  if (!target) throw new Error(`${type} is not master data`);
  const fields = IMPORT_FIELDS[type];
  const columns = fields.map((f) => sql.id(snake(f.field)));
  const values = fields.map((f) => sql`nullif(s.${sql.id(snake(f.field))}, '')::${castOf(f.def)}`);
  try {
    const result = await sql`insert into ${sql.table(target)} (wh_id, ${sql.join(columns)})
      select s.wh_id, ${sql.join(values)} from ${sql.table(table)} s
      where s.group_id = ${groupId} and s.import_status = 'V' order by s.row_number`.execute(trx);
    // An item's base unit is one of its units with factor 1 (the item's save hook, ensureBaseUom).
    if (type === 'ItemMaster')
      await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor, uom_prompt)
        select s.wh_id, s.item_number, s.uom, 1, s.uom from ${sql.table(table)} s
        where s.group_id = ${groupId} and s.import_status = 'V'
        on conflict do nothing`.execute(trx);
    await sql`set constraints all immediate`.execute(trx);
    await sql`update ${sql.table(table)} set import_status = 'S', update_time = now()
      where group_id = ${groupId} and import_status = 'V'`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  } catch (error) {
    // A key written by someone else between the check and the insert: the commit is refused, nothing written.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const fields = IMPORT_TYPE_DEFS[type].columns.slice(0, 1).map((c) => c.label);
      throw new AppError('duplicateKey', { fields });
    }
    throw error;
  }
}

/** Whether an error is a document's refusal (rolled back to its savepoint) rather than a failure of the whole call. */
function documentRefusal(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const code = pgErrorCode(error) ?? '';
  return typeof error === 'object' && error !== null && 'severity' in error && /^2[23]/.test(code);
}

/** Writes one document through the screens' services; throws the refusal of its first failing row. */
async function writeDocument(
  trx: Trx,
  user: SessionUser,
  type: ImportType,
  whId: string,
  rows: readonly CommitRow[],
  failAt: { row: number },
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const v = first.values;
  const pick = (row: StagedRow, fields: readonly string[]): Row =>
    Object.fromEntries(fields.filter((f) => row.values[f] !== null).map((f) => [f, row.values[f]]));
  const headerFields = HEADER_FIELDS[type] ?? [];
  const allowed = (id: number) => {
    if (id === 0) throw new AppError('notAllowedSave');
  };
  failAt.row = first.rowNumber;
  if (type === 'Inbound') {
    const header = { whId, poNumber: v.poNumber, appointmentStatus: 'N', ...pick(first, headerFields) };
    allowed(await saveRow(trx, binding(PO_BINDINGS, 'tPoMaster'), user, header));
    for (const row of rows) {
      failAt.row = row.rowNumber;
      const line = { whId, poNumber: v.poNumber, ...pick(row, ['lineNumber', 'itemNumber', 'qty', 'orderUom', 'lotNumber']) };
      allowed(await savePoLine(trx, user, { ...line, ...pick(row, ['deliveryDate', 'vendorItemNumber']) }));
    }
    return;
  }
  if (type === 'Outbound') {
    const header = { whId, orderNumber: v.orderNumber, ...pick(first, headerFields) };
    allowed(await saveRow(trx, binding(ORDER_BINDINGS, 'tOrder'), user, header));
    for (const row of rows) {
      failAt.row = row.rowNumber;
      const line = {
        whId,
        orderNumber: v.orderNumber,
        ...pick(row, ['lineNumber', 'itemNumber', 'qty', 'orderUom', 'lotNumber']),
      };
      allowed(await saveOrderLine(trx, user, line));
    }
    return;
  }
  // Adjustment and movement tasks: a new task of the warehouse's series (status N, awaiting approval), its lines
  // numbered in row order.
  const kind = type === 'InvAdjustment' ? 'adjustment' : 'movement';
  const entity = kind === 'adjustment' ? 'tblInvAdjustment' : 'tblInvMovement';
  const id = await saveRow(trx, binding(INVENTORY_BINDINGS, entity), user, { whId, ...pick(first, headerFields) });
  allowed(id);
  const { rows: task } = await sql<{ taskId: string }>`select task_id from ${sql.table(
    kind === 'adjustment' ? 'tbl_inv_adjustment' : 'tbl_inv_movement',
  )} where id = ${id}`.execute(trx);
  const taskId = task[0]?.taskId;
  const lineFields =
    kind === 'adjustment'
      ? ['itemNumber', 'locationId', 'qty', 'uom', 'lotNumber', 'expirationDate', 'huId', 'lineRemark']
      : ['itemNumber', 'sourceLocationId', 'destLocationId', 'qty', 'uom', 'lotNumber', 'expirationDate', 'huId', 'lineRemark'];
  for (const [i, row] of rows.entries()) {
    failAt.row = row.rowNumber;
    allowed(await saveLine(trx, user, kind, { whId, taskId, lineNumber: i + 1, ...pick(row, lineFields) }));
  }
}

/** The rows of a group not committed and not valid (N: new or edited in the preview; E: in error when staged). */
async function readRows(trx: Trx, user: SessionUser, type: ImportType, table: string, groupId: number) {
  const fields = IMPORT_FIELDS[type].map((f) => f.field);
  const { rows } = await sql<Record<string, string | null> & { id: string; rowNumber: number; importStatus: string }>`
    select id, row_number, import_status, ${sql.join(fields.map((f) => sql.ref(snake(f))))} from ${sql.table(table)}
    where group_id = ${groupId} and import_status in ('N', 'E') and ${stagingScope(user, type, table)}
    order by row_number`.execute(trx);
  return rows.map(
    (r): CommitRow => ({
      id: Number(r.id),
      status: String(r.importStatus),
      rowNumber: r.rowNumber,
      values: Object.fromEntries(fields.map((f) => [f, r[f] ?? null])),
    }),
  );
}

/**
 * A master-data group (README "Commit"): the rows still V were validated when staged and are unchanged since, so only
 * the checks whose facts live in the database run again, in SQL (`recheckValid`); the N and E rows are validated in
 * full, their duplicates against the V rows' keys. Statuses only where they change, then one insert … select.
 */
async function commitMasterGroup(
  trx: Trx,
  user: SessionUser,
  type: ImportType,
  groupId: number,
  lang: LanguageCode,
): Promise<CommitAnswer> {
  const table = stagingTable(type);
  const scope = stagingScope(user, type, table);
  const { rows: group } = await sql<{ whId: string }>`select wh_id from ${sql.table(table)}
    where group_id = ${groupId} and import_status <> 'S' and ${scope} limit 1`.execute(trx);
  const whId = group[0]?.whId;
  let committed = 0;
  let documents = 0;
  const failed: Verdicts = new Map();
  if (whId) {
    const rows = await readRows(trx, user, type, table, groupId);
    const rechecked = await recheckValid(trx, type, table, groupId, whId, lang, scope);
    const updates: { id: number; s: string; m: string | null }[] = [];
    for (const [rowNumber, { id, problems }] of rechecked) {
      failed.set(rowNumber, problems);
      updates.push({ id, s: 'E', m: joinProblems(problems) });
    }
    if (rows.length > 0) {
      // Duplicates against the rows staying V; a zone may overflow into the zone of any row of the group.
      const valid = sql`s.import_status = 'V' and s.id <> all(${[...rechecked.values()].map((r) => r.id)}::bigint[])`;
      const others = await groupKeys(trx, type, table, groupId, rows, valid);
      const alsoInFile = new Map<string, Set<string>>();
      for (const { field, sameFile } of sameFileFields(type)) {
        const wanted = [...new Set(rows.map((r) => r.values[field]).filter((v): v is string => Boolean(v)))];
        const { rows: found } = await sql<{ v: string }>`select distinct ${sql.ref(snake(sameFile))} as v from ${sql.table(table)}
          where group_id = ${groupId} and import_status <> 'S' and ${sql.ref(snake(sameFile))} = any(${wanted}::text[])`.execute(
          trx,
        );
        alsoInFile.set(sameFile, new Set(found.map((f) => f.v)));
      }
      const verdicts = await validateRows(trx, type, whId, rows, lang, others, alsoInFile);
      for (const row of rows) {
        const problems = verdicts.get(row.rowNumber);
        if (problems) failed.set(row.rowNumber, problems);
        if (problems) updates.push({ id: row.id, s: 'E', m: joinProblems(problems) });
        else updates.push({ id: row.id, s: 'V', m: null });
      }
    }
    await writeStatuses(trx, table, updates);
    const inserted = await commitMasterData(trx, type, table, groupId);
    committed = inserted;
    documents = inserted;
  }
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
    where group_id = ${groupId} and import_status = 'E' and ${scope}`.execute(trx);
  return { committed, documents, failed: count[0]?.n ?? 0, errorRows: errorRows(failed) };
}

/** `commitGroup`: see the file comment. Needs the target's add permission besides the import type's. */
export async function commitGroup(
  db: Db,
  user: SessionUser,
  type: ImportType,
  groupId: number,
  lang: LanguageCode,
): Promise<CommitAnswer> {
  const def = IMPORT_TYPE_DEFS[type];
  if (!user.superAdmin && !user.permissions.has(permission(def.targetResource, 'add'))) throw new HttpError(403);
  const table = stagingTable(type);
  const fields = IMPORT_FIELDS[type].map((f) => f.field);
  return inTransaction(db, async (trx) => {
    await lockGroup(trx, groupId);
    if (!DOCUMENT_KEY[type]) return commitMasterGroup(trx, user, type, groupId, lang);
    const { rows: found } = await sql<
      Record<string, string | null> & { id: string; whId: string; rowNumber: number; importStatus: string }
    >`
      select id, wh_id, row_number, import_status, ${sql.join(fields.map((f) => sql.ref(snake(f))))} from ${sql.table(table)}
      where group_id = ${groupId} and import_status <> 'S' and ${stagingScope(user, type, table)}
      order by row_number`.execute(trx);
    const rows: CommitRow[] = found.map((r) => ({
      id: Number(r.id),
      status: String(r.importStatus),
      rowNumber: r.rowNumber,
      values: Object.fromEntries(fields.map((f) => [f, r[f] ?? null])),
    }));
    const whId = found[0]?.whId;
    let committed = 0;
    let documents = 0;
    const listed: ImportRowError[] = [];
    if (whId) {
      // Validated again: the database may have changed since the rows were staged, and N rows were never validated.
      const verdicts = await validateRows(trx, type, whId, rows, lang, new Map());
      const failed = new Map(verdicts);
      const done: number[] = [];
      const docKey = DOCUMENT_KEY[type];
      if (docKey) {
        // Rows whose document has a failing row do not commit: the whole document waits for its correction.
        const byDoc = new Map<string, CommitRow[]>();
        for (const row of rows) {
          const key = row.values[docKey] ?? '';
          byDoc.set(key, [...(byDoc.get(key) ?? []), row]);
        }
        for (const [key, docRows] of byDoc) {
          const bad = docRows.find((r) => verdicts.has(r.rowNumber));
          if (bad) {
            const reason = joinProblems(verdicts.get(bad.rowNumber) ?? []);
            for (const r of docRows)
              if (!failed.has(r.rowNumber))
                failed.set(r.rowNumber, [translate(lang, 'error.importDocumentFailed', { key, row: bad.rowNumber, reason })]);
            continue;
          }
          const failAt = { row: 0 };
          await sql`savepoint import_document`.execute(trx);
          try {
            await writeDocument(trx, user, type, whId, docRows, failAt);
            await sql`release savepoint import_document`.execute(trx);
            documents++;
            done.push(...docRows.map((r) => r.id));
          } catch (error) {
            if (!documentRefusal(error)) throw error;
            await sql`rollback to savepoint import_document`.execute(trx);
            const reason =
              error instanceof AppError
                ? translate(lang, `error.${error.code}`, error.params)
                : translate(lang, 'error.importException');
            for (const r of docRows)
              failed.set(r.rowNumber, [translate(lang, 'error.importDocumentFailed', { key, row: failAt.row, reason })]);
          }
        }
        const doneIds = new Set(done);
        const updates = rows.map((r) => {
          const problems = failed.get(r.rowNumber);
          if (doneIds.has(r.id)) return { id: r.id, s: 'S', m: null };
          return problems ? { id: r.id, s: 'E', m: joinProblems(problems) } : { id: r.id, s: 'V', m: null };
        });
        await writeStatuses(trx, table, updates);
        committed = doneIds.size;
        listed.push(...errorRows(failed));
      }
    }
    const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
      where group_id = ${groupId} and import_status = 'E' and ${stagingScope(user, type, table)}`.execute(trx);
    return { committed, documents, failed: count[0]?.n ?? 0, errorRows: listed };
  });
}
