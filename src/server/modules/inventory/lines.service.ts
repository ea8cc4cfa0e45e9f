/**
 * Document lines (spec 000 §2 movement and adjustment lines, §5; spec 001 §2.4 PO lines, §5): the steps every line
 * save shares — the form's rules, the item (active, its base or an active unit), the lot cleared for an item without lot
 * control, the duplicate line number (add only), the stored attribute id computed from the values — and the line
 * list with the item's attribute type labels. Each kind of document adds its own rules (a task's lot, pallet and
 * stock; a PO's client and received quantities) and runs the whole check order in one transaction with the document
 * locked, so a line can never slip into a document that is being approved or closed.
 *
 * This file also holds the movement and adjustment line saves built from those steps.
 */
import { type RawBuilder, sql } from 'kysely';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { tblInvAdjustmentDetail, tblInvMovementDetail } from '../../../shared/entities/inventoryLines';
import { permission } from '../../../shared/permissions';
import { rowRefusal, validateRow } from '../../../shared/validation';
import type { PageResult } from '../../../shared/wire';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { grantScope, grantsClient, grantsWarehouse, itemClient } from '../../platform/grants';
import { storedAttributeIdForItem } from '../masterdata/attributes.service';
import { checkLineSerials } from '../serials/serials.service';
import { availableQty } from './ledger.service';
import { LINE_TABLE, lockOpenTask, type TaskKind } from './tasks';

/** A document whose lines the line steps keep: a movement or adjustment task, a purchase order. */
export interface LineDocument {
  /** The line entity: its fields, labels and permission resource. */
  entity: EntityDef;
  /** The lines' table. */
  table: string;
  /** The field naming the line's document (`taskId`, `poNumber`); its column is the snake_case name. */
  docField: string;
  /**
   * The header table of a client's document (its `wh_id`, the document column and `client_code`): a PO, an order. None
   * for a task, a document of the warehouse whose lines are of several clients.
   */
  clientHeader?: string;
}

/** The movement and adjustment lines as line documents. */
export const TASK_LINES: Record<TaskKind, LineDocument> = {
  movement: { entity: tblInvMovementDetail, table: LINE_TABLE.movement, docField: 'taskId' },
  adjustment: { entity: tblInvAdjustmentDetail, table: LINE_TABLE.adjustment, docField: 'taskId' },
};

const SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);
const ATTRIBUTE_VALUE_FIELDS = SLOTS.map((n) => `genericAttrValue${n}`);
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const docColumn = (doc: LineDocument) => sql.ref(snake(doc.docField));

/** Trimmed text, null when empty. */
export const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

/** The id of an edit (null: an add); refuses an id that is not a safe integer. */
export function lineId(input: Row): number | null {
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  if (id !== null && !Number.isSafeInteger(id)) throw new AppError('notFound');
  return id;
}

export interface ItemInfo {
  itemNumber: string;
  clientCode: string;
  uom: string;
  lotControl: string;
  attributeCollectionId: string | null;
}

/** The line's item, active in the warehouse; refuses with the spec's "Item Not Found" otherwise. */
export async function loadItem(trx: Trx, whId: string, itemNumber: string): Promise<ItemInfo> {
  const { rows } = await sql<ItemInfo>`
    select item_number, client_code, uom, lot_control, attribute_collection_id
    from t_item_master where wh_id = ${whId} and item_number = ${itemNumber} and status = 'A'`.execute(trx);
  const item = rows[0];
  if (!item) throw new AppError('itemNotFound');
  return item;
}

/** Refuses a unit that is neither the item's base unit nor one of its active units of measure (naming the field). */
export async function refuseUnknownUnit(trx: Trx, entity: EntityDef, field: string, item: ItemInfo, whId: string, uom: string) {
  if (uom === item.uom) return;
  const { rows } = await sql`
    select 1 from t_item_uom where wh_id = ${whId} and item_number = ${item.itemNumber} and uom = ${uom} and status = 'A'`.execute(
    trx,
  );
  if (rows.length === 0) throw new AppError('fieldInvalid', { field: `entity.${entity.name}.field.${field}` });
}

/** The row as the form sent it: the entity's editable fields, trimmed, empty as null. */
export function formRow(entity: EntityDef, input: Row): Row {
  const row: Row = {};
  for (const [field, def] of Object.entries(entity.fields)) {
    if (def.readOnly) continue;
    const value = input[field];
    // An object, array or boolean stays as sent, for the form check to refuse (`fieldInvalid`): its text is no value, and
    // making it one may throw (`{"toString": []}`).
    row[field] =
      typeof value === 'number' || (typeof value === 'object' && value !== null) || typeof value === 'boolean'
        ? value
        : text(value);
  }
  return row;
}

/** Refuses the first broken rule of the form (required, lengths, quantities, line number, dates, codes). */
export function checkForm(entity: EntityDef, row: Row): void {
  const problem = rowRefusal(validateRow(entity, row));
  if (problem) throw new AppError(problem.code, problem.params);
}

/**
 * The permission the save needs (an insert `:add`, an update `:edit`; the route admits either), then for an edit the
 * line as stored, locked, with its item's client. Null: the line is another client's (data 0).
 */
export async function lockEditedLine(trx: Trx, user: SessionUser, doc: LineDocument, id: number | null): Promise<Row | null> {
  if (!user.permissions.has(permission(doc.entity.resource, id === null ? 'add' : 'edit'))) throw new HttpError(403);
  if (id === null) return {};
  const { rows } = await sql<Row>`
    select l.*, ${sql.join(formattedFields(doc.entity))}, ${itemClient('l')} as client_code
    from ${sql.table(doc.table)} l where l.id = ${id} for update`.execute(trx);
  const existing = rows[0];
  if (!existing) throw new AppError('notFound');
  // A line of another client's item is not the user's to change (whatever item the form now names).
  if (!grantsClient(user, String(existing.whId), existing.clientCode as string | null, 'write')) return null;
  return existing;
}

/**
 * The item steps of the spec's order: the item (active), its unit, the lot cleared when the item is not lot
 * controlled. Answers the item, or null when its client is not the user's (data 0).
 */
export async function lineItem(
  trx: Trx,
  user: SessionUser,
  doc: LineDocument,
  row: Row,
  uomField: string,
): Promise<ItemInfo | null> {
  const whId = String(row.whId);
  const item = await loadItem(trx, whId, String(row.itemNumber));
  if (!grantsClient(user, whId, item.clientCode, 'write')) return null;
  await refuseUnknownUnit(trx, doc.entity, uomField, item, whId, String(row[uomField]));
  if (item.lotControl !== 'Y') row.lotNumber = null;
  return item;
}

/** Refuses an added line whose number the document already has (spec: duplicate line number exists). */
export async function refuseDuplicateLine(trx: Trx, doc: LineDocument, row: Row): Promise<void> {
  const key = String(row[doc.docField]);
  if (await duplicateLine(trx, doc, String(row.whId), key, Number(row.lineNumber), null)) {
    throw new AppError('duplicateLineNumber');
  }
}

/**
 * The stored attribute id of the item's attribute values, computed here — never trusted from the client: an empty
 * shown value is `itemAttributesEmpty`, a combination that cannot be stored `attributeIdFailed`; an item without
 * attribute types has none, and its values are cleared.
 */
export async function applyStoredAttributeId(trx: Trx, item: ItemInfo, row: Row): Promise<number | null> {
  const storedAttributeId = await storedAttributeIdForItem(
    trx,
    { whId: String(row.whId), attributeCollectionId: item.attributeCollectionId },
    ATTRIBUTE_VALUE_FIELDS.map((f) => row[f]),
  );
  row.storedAttributeId = storedAttributeId;
  if (storedAttributeId === null) {
    for (const f of ATTRIBUTE_VALUE_FIELDS) row[f] = null;
    return null;
  }
  // The line keeps the combination as stored: a value in a slot the collection does not name belongs to no attribute.
  const { rows } = await sql<Row>`
    select ${sql.join(ATTRIBUTE_VALUE_FIELDS.map((f) => sql.ref(snake(f))))} from t_stored_attribute
    where id = ${storedAttributeId}`.execute(trx);
  for (const f of ATTRIBUTE_VALUE_FIELDS) row[f] = rows[0]?.[f] ?? null;
  return storedAttributeId;
}

/** Writes the line (insert without id, update with id) with the listed fields; a concurrent add of its number is a duplicate. */
export async function writeLine(trx: Trx, doc: LineDocument, id: number | null, row: Row, fields: readonly string[]) {
  try {
    if (id !== null) {
      const sets = fields.map((f) => sql`${sql.ref(snake(f))} = ${row[f] ?? null}`);
      await sql`update ${sql.table(doc.table)} set ${sql.join(sets)}, update_time = now() where id = ${id}`.execute(trx);
      return id;
    }
    const { rows } = await sql<{ id: number }>`
      insert into ${sql.table(doc.table)} (${sql.join(fields.map((f) => sql.ref(snake(f))))})
      values (${sql.join(fields.map((f) => row[f] ?? null))}) returning id`.execute(trx);
    return rows[0]?.id ?? 0;
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('duplicateLineNumber');
    throw error;
  }
}

/**
 * Whether the user may read about the document (its line numbers, how many lines it has): its warehouse is theirs and,
 * for a client's document, so is its client. A missing document answers true: there is nothing to reveal, and the
 * answers about it are those of a document without lines — which is what a document the user may not read answers too.
 */
export async function mayReadDocument(db: Db, user: SessionUser, doc: LineDocument, whId: string, docKey: string) {
  if (!grantsWarehouse(user, whId)) return false;
  if (!doc.clientHeader) return true;
  const { rows } = await sql<{ clientCode: string | null }>`
    select client_code from ${sql.table(doc.clientHeader)} where wh_id = ${whId} and ${docColumn(doc)} = ${docKey}`.execute(db);
  return rows.length === 0 || grantsClient(user, whId, rows[0]?.clientCode, 'read');
}

/** Whether another line of the document already has this number. */
export async function duplicateLine(
  db: Db | Trx,
  doc: LineDocument,
  whId: string,
  docKey: string,
  lineNumber: number,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from ${sql.table(doc.table)}
    where wh_id = ${whId} and ${docColumn(doc)} = ${docKey} and line_number = ${lineNumber} and id <> ${exceptId ?? 0}
    limit 1`.execute(db);
  return rows.length > 0;
}

/** The line number a new line of the document takes by default: one above the highest (1 for a document without lines). */
export async function nextLineNumber(db: Db | Trx, doc: LineDocument, whId: string, docKey: string): Promise<number> {
  const { rows } = await sql<{ highest: number | string | null }>`
    select max(line_number) as highest from ${sql.table(doc.table)}
    where wh_id = ${whId} and ${docColumn(doc)} = ${docKey}`.execute(db);
  return Number(rows[0]?.highest ?? 0) + 1;
}

/** A line about to be deleted: its keys, its document and its item's client. */
export interface LockedLine extends Row {
  id: number;
  whId: string;
  lineNumber: number;
  clientCode: string | null;
}

/**
 * Locks the listed lines for a delete, in id order. Null (data 0) when any is missing or of a client the user does
 * not hold; the caller then checks its documents and deletes them with `removeLines`.
 */
export async function lockLinesForDelete(trx: Trx, user: SessionUser, doc: LineDocument, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const { rows } = await sql<LockedLine>`
    select l.*, ${sql.join(formattedFields(doc.entity))}, ${itemClient('l')} as client_code
    from ${sql.table(doc.table)} l where l.id = any(${unique}::bigint[]) order by l.id for update of l`.execute(trx);
  if (rows.length !== unique.length) return null;
  if (rows.some((r) => !grantsClient(user, r.whId, r.clientCode, 'write'))) return null;
  return rows;
}

/** The documents (warehouse, key) the lines belong to, each once, in a fixed order (so two deletes lock alike). */
export function documentsOf(doc: LineDocument, lines: readonly Row[]): { whId: string; key: string }[] {
  const keys = new Map(lines.map((l) => [`${String(l.whId)}\u0000${String(l[doc.docField])}`, l]));
  return [...keys.keys()].sort().map((k) => {
    const [whId = '', key = ''] = k.split('\u0000');
    return { whId, key };
  });
}

export async function removeLines(trx: Trx, doc: LineDocument, lines: readonly LockedLine[]): Promise<number> {
  await sql`delete from ${sql.table(doc.table)} where id = any(${lines.map((l) => l.id)}::bigint[])`.execute(trx);
  return lines.length;
}

/** Decimals without trailing zeros and dates as yyyy-MM-dd, for each such field of the entity. */
function formattedFields(entity: EntityDef): RawBuilder<unknown>[] {
  return Object.entries(entity.fields).flatMap(([field, def]) => {
    const column = sql.ref(`l.${snake(field)}`);
    if (def.type === 'decimal') return [sql`trim_scale(${column})::text as ${sql.ref(snake(field))}`];
    if (def.type === 'date') return [sql`to_char(${column}, 'YYYY-MM-DD') as ${sql.ref(snake(field))}`];
    return [];
  });
}

/** One page of a document's lines, with the item's description and attribute type labels as genericAttrShow1..11. */
export async function findLinePage(
  db: Db,
  user: SessionUser,
  doc: LineDocument,
  request: { pageNum: number; pageSize: number; whId: string; docKey: string },
): Promise<PageResult<Row>> {
  const empty = { content: [], totalSize: 0, pageNum: request.pageNum, pageSize: request.pageSize };
  if (!grantsWarehouse(user, request.whId)) return empty;
  const table = sql.table(doc.table);
  // Lines of items of clients the user does not hold are not shown.
  const where = sql`l.wh_id = ${request.whId} and ${sql.ref(`l.${snake(doc.docField)}`)} = ${request.docKey}
    and ${grantScope(user, sql.ref('l.wh_id'), itemClient('l'))}`;
  const shows = sql.join(SLOTS.map((n) => sql`${sql.ref(`c.attribute_type${n}`)} as ${sql.ref(`generic_attr_show${n}`)}`));
  const [count, page] = await Promise.all([
    sql<{ total: number }>`select count(*)::int as total from ${table} l where ${where}`.execute(db),
    sql<Row>`
      select l.*, ${sql.join(formattedFields(doc.entity))}, ${shows}, i.description as item_description
      from ${table} l
      left join t_item_master i on i.wh_id = l.wh_id and i.item_number = l.item_number
      left join t_attribute_collection c on c.wh_id = i.wh_id and c.attribute_collection_id = i.attribute_collection_id
      where ${where} order by l.line_number, l.id
      limit ${request.pageSize} offset ${(request.pageNum - 1) * request.pageSize}`.execute(db),
  ]);
  return { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum: request.pageNum, pageSize: request.pageSize };
}

// ---- movement and adjustment lines ----------------------------------------------------------------------------------

/** The location's pallet indicator (H pallet, I item); refuses an unknown or inactive location. */
async function locationIndicator(trx: Trx, whId: string, locationId: string): Promise<'I' | 'H'> {
  const { rows } = await sql<{ itemHuIndicator: 'I' | 'H'; status: string }>`
    select item_hu_indicator, status from t_location where wh_id = ${whId} and location_id = ${locationId}`.execute(trx);
  const row = rows[0];
  if (row?.status !== 'A') throw new AppError('locationNotActive', { locationId });
  return row.itemHuIndicator;
}

/**
 * Saves one movement or adjustment line (insert without id, update with id). Answers the line id, or 0 when the
 * warehouse or the item's client is not the user's (spec: data 0 = not allowed). Refusals carry the spec's messages.
 */
export async function saveLine(db: Db, user: SessionUser, kind: TaskKind, input: Row): Promise<number> {
  const doc = TASK_LINES[kind];
  const id = lineId(input);
  return inTransaction(db, async (trx) => {
    let row = formRow(doc.entity, input);
    const existing = await lockEditedLine(trx, user, doc, id);
    if (!existing) return 0;
    // Keys stay as they were: the line keeps its task and number.
    if (id !== null) row = { ...row, whId: existing.whId, taskId: existing.taskId, lineNumber: existing.lineNumber };
    // 1. The form's own rules.
    checkForm(doc.entity, row);
    const whId = String(row.whId);
    if (!grantsWarehouse(user, whId)) return 0;
    await lockOpenTask(trx, kind, whId, String(row.taskId));
    const item = await lineItem(trx, user, doc, row, 'uom');
    if (!item) return 0;

    // 2. Lot and pallet rules: a lot-controlled item needs lot and expiry; otherwise both are cleared.
    if (item.lotControl === 'Y') {
      if (!row.lotNumber || !row.expirationDate) throw new AppError('lotAndExpiryRequired');
    } else {
      row.expirationDate = null;
    }
    const stockLocation = String(kind === 'movement' ? row.sourceLocationId : row.locationId);
    const indicator = await locationIndicator(trx, whId, stockLocation);
    if (indicator === 'H') {
      if (!row.huId) throw new AppError('palletNotAllowEmpty');
    } else {
      row.huId = null;
    }
    if (kind === 'movement') {
      await locationIndicator(trx, whId, String(row.destLocationId));
      if (row.destLocationId === row.sourceLocationId) throw new AppError('sameSourceAndDestination');
    }

    // 3. Duplicate line number (add only).
    if (id === null) await refuseDuplicateLine(trx, doc, row);

    // 4. The stored attribute id of the item's attribute values (none without a collection).
    const storedAttributeId = await applyStoredAttributeId(trx, item, row);

    // 5. Available stock: a movement always, an adjustment only when it takes stock away.
    const qty = String(row.qty).replace(/^\+/, '');
    row.qty = qty;
    const key = {
      whId,
      locationId: stockLocation,
      itemNumber: item.itemNumber,
      lotNumber: text(row.lotNumber),
      huId: text(row.huId),
      storedAttributeId,
    };
    if (kind === 'movement' || qty.startsWith('-')) {
      const available = Number(await availableQty(trx, key));
      const wanted = Math.abs(Number(qty));
      if (available <= 0) throw new AppError(kind === 'movement' ? 'availableStockZero' : 'notAvailableStock');
      if (available < wanted) {
        throw new AppError(kind === 'movement' ? 'exceedsAvailableStock' : 'greaterThanAvailableStock', {
          available: String(available),
        });
      }
    }

    // 5b. A movement's serials (serial-controlled item): one per base unit, each IN at the source (serials README).
    if (kind === 'movement') row.serialNumbers = await checkLineSerials(trx, key, qty, row.serialNumbers);

    // 6. Save.
    return writeLine(trx, doc, id, row, Object.keys(doc.entity.fields));
  });
}

/** Deletes lines of open tasks in one transaction; 0 when any line is not the user's or missing. */
export async function deleteLines(db: Db, user: SessionUser, kind: TaskKind, ids: number[]): Promise<number> {
  const doc = TASK_LINES[kind];
  return inTransaction(db, async (trx) => {
    const lines = await lockLinesForDelete(trx, user, doc, ids);
    if (!lines) return 0;
    for (const task of documentsOf(doc, lines)) await lockOpenTask(trx, kind, task.whId, task.key);
    return removeLines(trx, doc, lines);
  });
}
