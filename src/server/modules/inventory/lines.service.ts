/**
 * Movement and adjustment lines (spec 000 §2 "Inventory movement detail", "Inventory adjustment detail", §5):
 * a line is saved only after the spec's whole check order — field rules, lot and pallet rules, duplicate line
 * number (add only), stored attribute id, available stock — run again by the server inside one transaction with
 * the task header locked, so a line can never slip into a task that is being approved.
 */
import { sql } from 'kysely';
import type { EntityDef } from '../../../shared/entities/defineEntity';
import { tblInvAdjustmentDetail, tblInvMovementDetail } from '../../../shared/entities/inventoryLines';
import { permission } from '../../../shared/permissions';
import { validateRow } from '../../../shared/validation';
import type { PageResult } from '../../../shared/wire';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors';
import { grantScope, grantsClient, grantsWarehouse, itemClient } from '../../platform/grants';
import { storedAttributeIdForItem } from '../masterdata/attributes.service';
import { availableQty } from './ledger.service';
import { LINE_TABLE, lockOpenTask, type TaskKind } from './tasks';

export const LINE_ENTITY: Record<TaskKind, EntityDef> = { movement: tblInvMovementDetail, adjustment: tblInvAdjustmentDetail };

const SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);
const ATTRIBUTE_VALUE_FIELDS = SLOTS.map((n) => `genericAttrValue${n}`);
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};

interface ItemInfo {
  itemNumber: string;
  clientCode: string;
  uom: string;
  lotControl: string;
  attributeCollectionId: string | null;
}

async function loadItem(trx: Trx, whId: string, itemNumber: string): Promise<ItemInfo> {
  const { rows } = await sql<ItemInfo>`
    select item_number, client_code, uom, lot_control, attribute_collection_id
    from t_item_master where wh_id = ${whId} and item_number = ${itemNumber} and status = 'A'`.execute(trx);
  const item = rows[0];
  if (!item) throw new AppError('itemNotFound');
  return item;
}

/** The item's units: its base unit and its active units of measure. */
async function refuseUnknownUnit(trx: Trx, entity: EntityDef, item: ItemInfo, whId: string, uom: string): Promise<void> {
  if (uom === item.uom) return;
  const { rows } = await sql`
    select 1 from t_item_uom where wh_id = ${whId} and item_number = ${item.itemNumber} and uom = ${uom} and status = 'A'`.execute(
    trx,
  );
  if (rows.length === 0) throw new AppError('fieldInvalid', { field: `entity.${entity.name}.field.uom` });
}

/** The location's pallet indicator (H pallet, I item); refuses an unknown or inactive location. */
async function locationIndicator(trx: Trx, whId: string, locationId: string): Promise<'I' | 'H'> {
  const { rows } = await sql<{ itemHuIndicator: 'I' | 'H'; status: string }>`
    select item_hu_indicator, status from t_location where wh_id = ${whId} and location_id = ${locationId}`.execute(trx);
  const row = rows[0];
  if (row?.status !== 'A') throw new AppError('locationNotActive', { locationId });
  return row.itemHuIndicator;
}

/** The row as the form sent it: the entity's editable fields, trimmed, empty as null. */
function formRow(entity: EntityDef, input: Row): Row {
  const row: Row = {};
  for (const [field, def] of Object.entries(entity.fields)) {
    if (def.readOnly) continue;
    row[field] = typeof input[field] === 'number' ? input[field] : text(input[field]);
  }
  return row;
}

/**
 * Saves one line (insert without id, update with id). Answers the line id, or 0 when the warehouse or the item's
 * client is not the user's (spec: data 0 = not allowed). Refusals carry the spec's messages.
 */
export async function saveLine(db: Db, user: SessionUser, kind: TaskKind, input: Row): Promise<number> {
  const entity = LINE_ENTITY[kind];
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  if (id !== null && !Number.isSafeInteger(id)) throw new AppError('notFound');
  return inTransaction(db, async (trx) => {
    let row = formRow(entity, input);
    if (id !== null) {
      // Edit needs the edit permission (the route admits add or edit: a save is either).
      if (!user.permissions.has(permission(entity.resource, 'edit'))) throw new HttpError(403);
      // Keys stay as they were: the line keeps its task and number.
      const { rows } = await sql<Row>`
        select l.wh_id, l.task_id, l.line_number, ${itemClient('l')} as client_code
        from ${sql.table(LINE_TABLE[kind])} l where l.id = ${id} for update`.execute(trx);
      const existing = rows[0];
      if (!existing) throw new AppError('notFound');
      // A line of another client's item is not the user's to change (whatever item the form now names).
      if (!grantsClient(user, String(existing.whId), existing.clientCode as string | null, 'write')) return 0;
      row = { ...row, whId: existing.whId, taskId: existing.taskId, lineNumber: existing.lineNumber };
    } else if (!user.permissions.has(permission(entity.resource, 'add'))) {
      throw new HttpError(403);
    }
    // 1. The form's own rules.
    const problem = validateRow(entity, row)[0];
    if (problem) throw new AppError(problem.code, problem.params);
    const whId = String(row.whId);
    if (!grantsWarehouse(user, whId)) return 0;
    await lockOpenTask(trx, kind, whId, String(row.taskId));
    const item = await loadItem(trx, whId, String(row.itemNumber));
    if (!grantsClient(user, whId, item.clientCode, 'write')) return 0;
    await refuseUnknownUnit(trx, entity, item, whId, String(row.uom));

    // 2. Lot and pallet rules: a lot-controlled item needs lot and expiry; otherwise both are cleared.
    if (item.lotControl === 'Y') {
      if (!row.lotNumber || !row.expirationDate) throw new AppError('lotAndExpiryRequired');
    } else {
      row.lotNumber = null;
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
    if (id === null && (await duplicateLine(trx, kind, whId, String(row.taskId), Number(row.lineNumber), null))) {
      throw new AppError('duplicateLineNumber');
    }

    // 4. The stored attribute id of the item's attribute values (none without a collection).
    const storedAttributeId = await storedAttributeIdForItem(
      trx,
      { whId, attributeCollectionId: item.attributeCollectionId },
      ATTRIBUTE_VALUE_FIELDS.map((f) => row[f]),
    );
    if (storedAttributeId === null) for (const f of ATTRIBUTE_VALUE_FIELDS) row[f] = null;
    row.storedAttributeId = storedAttributeId;

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

    // 6. Save.
    const fields = Object.keys(entity.fields);
    try {
      if (id !== null) {
        const sets = fields.map((f) => sql`${sql.ref(snake(f))} = ${row[f] ?? null}`);
        await sql`update ${sql.table(LINE_TABLE[kind])} set ${sql.join(sets)}, update_time = now() where id = ${id}`.execute(trx);
        return id;
      }
      const { rows } = await sql<{ id: number }>`
        insert into ${sql.table(LINE_TABLE[kind])} (${sql.join(fields.map((f) => sql.ref(snake(f))))})
        values (${sql.join(fields.map((f) => row[f] ?? null))}) returning id`.execute(trx);
      return rows[0]?.id ?? 0;
    } catch (error) {
      // A concurrent add of the same number.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('duplicateLineNumber');
      throw error;
    }
  });
}

/** Whether another line of the task already has this number. */
export async function duplicateLine(
  db: Db | Trx,
  kind: TaskKind,
  whId: string,
  taskId: string,
  lineNumber: number,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from ${sql.table(LINE_TABLE[kind])}
    where wh_id = ${whId} and task_id = ${taskId} and line_number = ${lineNumber} and id <> ${exceptId ?? 0} limit 1`.execute(db);
  return rows.length > 0;
}

/** The line number a new line of the task takes by default: one above the highest (1 for a task without lines). */
export async function nextLineNumber(db: Db | Trx, kind: TaskKind, whId: string, taskId: string): Promise<number> {
  const { rows } = await sql<{ highest: number | string | null }>`
    select max(line_number) as highest from ${sql.table(LINE_TABLE[kind])}
    where wh_id = ${whId} and task_id = ${taskId}`.execute(db);
  return Number(rows[0]?.highest ?? 0) + 1;
}

/** Deletes lines of open tasks in one transaction; 0 when any line is not the user's or missing. */
export async function deleteLines(db: Db, user: SessionUser, kind: TaskKind, ids: number[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    const unique = [...new Set(ids)];
    const { rows } = await sql<{ id: number; whId: string; taskId: string; clientCode: string | null }>`
      select l.id, l.wh_id, l.task_id, ${itemClient('l')} as client_code
      from ${sql.table(LINE_TABLE[kind])} l where l.id = any(${unique}::int[]) order by l.id for update of l`.execute(trx);
    if (rows.length !== unique.length) return 0;
    if (rows.some((r) => !grantsClient(user, r.whId, r.clientCode, 'write'))) return 0;
    for (const task of new Set(rows.map((r) => `${r.whId}\u0000${r.taskId}`))) {
      const [whId = '', taskId = ''] = task.split('\u0000');
      await lockOpenTask(trx, kind, whId, taskId);
    }
    await sql`delete from ${sql.table(LINE_TABLE[kind])} where id = any(${unique}::int[])`.execute(trx);
    return rows.length;
  });
}

/** One page of a task's lines, with the item's attribute type labels as genericAttrShow1..11. */
export async function findLinePage(
  db: Db,
  user: SessionUser,
  kind: TaskKind,
  request: { pageNum: number; pageSize: number; whId: string; taskId: string },
): Promise<PageResult<Row>> {
  const empty = { content: [], totalSize: 0, pageNum: request.pageNum, pageSize: request.pageSize };
  if (!grantsWarehouse(user, request.whId)) return empty;
  const table = sql.table(LINE_TABLE[kind]);
  // Lines of items of clients the user does not hold are not shown.
  const where = sql`l.wh_id = ${request.whId} and l.task_id = ${request.taskId}
    and ${grantScope(user, sql.ref('l.wh_id'), itemClient('l'))}`;
  const shows = sql.join(SLOTS.map((n) => sql`${sql.ref(`c.attribute_type${n}`)} as ${sql.ref(`generic_attr_show${n}`)}`));
  const [count, page] = await Promise.all([
    sql<{ total: number }>`select count(*)::int as total from ${table} l where ${where}`.execute(db),
    sql<Row>`
      select l.*, trim_scale(l.qty)::text as qty, to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date, ${shows},
        i.description as item_description
      from ${table} l
      left join t_item_master i on i.wh_id = l.wh_id and i.item_number = l.item_number
      left join t_attribute_collection c on c.wh_id = i.wh_id and c.attribute_collection_id = i.attribute_collection_id
      where ${where} order by l.line_number, l.id
      limit ${request.pageSize} offset ${(request.pageNum - 1) * request.pageSize}`.execute(db),
  ]);
  return { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum: request.pageNum, pageSize: request.pageSize };
}
