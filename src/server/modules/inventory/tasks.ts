/**
 * What movement and adjustment tasks share: a header with a status, lines with a stock key and 11 attribute
 * values, and the rule that only a new task (status N) may change.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { type Grantee, grantsClient } from '../../platform/grants';
import type { AttributeValues } from './ledger.service';

export type TaskKind = 'movement' | 'adjustment';

const HEADER_TABLE: Record<TaskKind, string> = { movement: 'tbl_inv_movement', adjustment: 'tbl_inv_adjustment' };
export const LINE_TABLE: Record<TaskKind, string> = {
  movement: 'tbl_inv_movement_detail',
  adjustment: 'tbl_inv_adjustment_detail',
};
/** The spec's refusal: a movement refuses once approved or completed, an adjustment once completed. */
const LOCKED_CODE = { movement: 'movementTaskLocked', adjustment: 'adjustmentTaskCompleted' } as const;

export interface TaskHeader {
  id: number;
  whId: string;
  taskId: string;
  status: string;
  reasonId?: string | null;
}

/** Locks a task header for the transaction; refuses a missing task, and a task that may no longer change. */
export async function lockOpenTask(trx: Trx, kind: TaskKind, whId: string, taskId: string): Promise<TaskHeader> {
  const { rows } = await sql<TaskHeader>`
    select * from ${sql.table(HEADER_TABLE[kind])} where wh_id = ${whId} and task_id = ${taskId} for update`.execute(trx);
  const header = rows[0];
  if (!header) throw new AppError('notFound');
  if (header.status !== 'N') throw new AppError(LOCKED_CODE[kind], { taskId });
  return header;
}

/** Marks a task and all its lines completed. */
export async function completeTask(trx: Trx, kind: TaskKind, header: TaskHeader, userName: string): Promise<void> {
  const by =
    kind === 'movement'
      ? sql`approve_by = ${userName}, approve_time = now()`
      : sql`confirm_by = ${userName}, confirm_time = now()`;
  await sql`update ${sql.table(HEADER_TABLE[kind])} set status = 'C', ${by}, update_time = now() where id = ${header.id}`.execute(
    trx,
  );
  await sql`update ${sql.table(LINE_TABLE[kind])} set status = 'C', update_time = now()
    where wh_id = ${header.whId} and task_id = ${header.taskId}`.execute(trx);
}

/** The 11 attribute values of a line row (index 0 = genericAttrValue1). */
export function attributeValues(line: Record<string, unknown>): AttributeValues {
  return Array.from({ length: 11 }, (_, i) => {
    const value = line[`genericAttrValue${i + 1}`];
    return value === null || value === undefined || value === '' ? null : String(value);
  });
}

/** What every task line carries: its stock key, its quantity and its item's client (lines have no client of their own). */
export interface TaskLine extends Record<string, unknown> {
  lineNumber: number;
  itemNumber: string;
  clientCode: string;
  lotNumber: string | null;
  huId: string | null;
  storedAttributeId: number | null;
  qty: string;
  expirationDate: string | null;
  /** The item's shelf life in days (an adjustment up of an item without lot control dates its stock by it). */
  itemShelfLife: number | null;
}

/** The lines of a task in line order, quantities as exact decimal strings, each with its item's client. */
export async function taskLines<Line extends TaskLine>(trx: Trx, kind: TaskKind, header: TaskHeader): Promise<Line[]> {
  const { rows } = await sql<Line>`
    select l.*, l.qty::text as qty, to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date, i.client_code,
      i.shelf_life as item_shelf_life
    from ${sql.table(LINE_TABLE[kind])} l
    join t_item_master i on i.wh_id = l.wh_id and i.item_number = l.item_number
    where l.wh_id = ${header.whId} and l.task_id = ${header.taskId}
    order by l.line_number`.execute(trx);
  return rows;
}

/** Refuses a task holding a line whose item belongs to a client the user does not hold. */
export function requireLineClients(user: Grantee, whId: string, lines: readonly TaskLine[]): void {
  const foreign = lines.find((l) => !grantsClient(user, whId, l.clientCode, 'write'));
  if (foreign) {
    throw new AppError('clientNotGranted', {
      clientCode: foreign.clientCode,
      lineNumber: foreign.lineNumber,
      itemNumber: foreign.itemNumber,
    });
  }
}
