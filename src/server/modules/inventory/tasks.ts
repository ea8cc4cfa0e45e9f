/**
 * What movement and adjustment tasks share: a header with a status, lines with a stock key and 11 attribute
 * values, and the rule that only a new task (status N) may change.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
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

/** The lines of a task in line order, quantities as exact decimal strings. */
export async function taskLines<Line>(trx: Trx, kind: TaskKind, header: TaskHeader): Promise<Line[]> {
  const { rows } = await sql<Line>`
    select *, qty::text as qty, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date
    from ${sql.table(LINE_TABLE[kind])} where wh_id = ${header.whId} and task_id = ${header.taskId}
    order by line_number`.execute(trx);
  return rows;
}
