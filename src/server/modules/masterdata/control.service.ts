import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';

/** The number series of spec 001 §3 "Control": one per warehouse and control type. */
export type ControlType = 'MOVE' | 'ADJUST' | 'RECEIPT' | 'WAVE' | 'CARTON' | 'DELIVERY' | 'TASK' | 'COUNT';

/** Prefix of a series created on first use, so numbers read as what they number (MV00000001 …). */
const DEFAULT_PREFIX: Record<ControlType, string> = {
  MOVE: 'MV',
  ADJUST: 'AJ',
  RECEIPT: 'RC',
  WAVE: 'WV',
  CARTON: 'CT',
  DELIVERY: 'DL',
  TASK: 'TK',
  COUNT: 'CC',
};

/**
 * Takes the next number of a series inside the caller's transaction: one conditional UPDATE … RETURNING, so two
 * concurrent callers never get the same number (the row lock holds the second until the first commits; a
 * rolled-back caller gives its number back). A series missing for the warehouse is created on first use.
 */
export async function takeNextNumber(trx: Trx, whId: string, controlType: ControlType): Promise<string> {
  await sql`
    insert into t_control (wh_id, control_type, description, prefix)
    values (${whId}, ${controlType}, ${controlType}, ${DEFAULT_PREFIX[controlType]})
    on conflict (wh_id, control_type) do nothing`.execute(trx);
  const { rows } = await sql<{ value: number; prefix: string | null; numberLength: number }>`
    update t_control set next_value = next_value + 1, update_time = now()
    where wh_id = ${whId} and control_type = ${controlType}
    returning next_value - 1 as value, prefix, number_length`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`number series ${whId}/${controlType} vanished`);
  return `${row.prefix ?? ''}${String(row.value).padStart(row.numberLength, '0')}`;
}
