import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';

/** The number series of spec 001 §3 "Control": one per warehouse and control type. */
export type ControlType =
  | 'MOVE'
  | 'ADJUST'
  | 'PO'
  | 'RECEIPT'
  | 'ORDER'
  | 'WAVE'
  | 'PICK'
  | 'CARTON'
  | 'DELIVERY'
  | 'TASK'
  | 'COUNT';

/** Prefix of a series created on first use, so numbers read as what they number (MV00000001 …). */
const DEFAULT_PREFIX: Record<ControlType, string> = {
  MOVE: 'MV',
  ADJUST: 'AJ',
  PO: 'PO',
  RECEIPT: 'RC',
  ORDER: 'SO',
  WAVE: 'WV',
  PICK: 'PK',
  CARTON: 'CT',
  DELIVERY: 'DL',
  TASK: 'TK',
  COUNT: 'CC',
};

/**
 * The documents each series numbers (a table with `wh_id`): every row there took its number from the warehouse's
 * series, so a series is in use — and cannot be deleted — while its warehouse has one. Modules that number
 * documents from a series add their table here.
 */
const NUMBERED_DOCUMENTS: Readonly<Partial<Record<string, string>>> = {
  MOVE: 'tbl_inv_movement',
  ADJUST: 'tbl_inv_adjustment',
  PO: 't_po_master',
  RECEIPT: 't_receipt',
  ORDER: 't_order',
  WAVE: 't_wave_master',
  PICK: 't_wave_pick_task',
  CARTON: 'tbl_shipping_label',
  DELIVERY: 't_delivery',
  COUNT: 'tbl_cycle_count_task',
};

/** Whether a document numbered from the warehouse's series exists. */
export async function seriesInUse(trx: Trx, whId: string, controlType: string): Promise<boolean> {
  const table = NUMBERED_DOCUMENTS[controlType];
  if (!table) return false;
  const { rows } = await sql`select 1 from ${sql.table(table)} where wh_id = ${whId} limit 1`.execute(trx);
  return rows.length > 0;
}

/** The lowest next value a series may (re)start at: where a deleted series of that warehouse and type stopped, else 1. */
export async function seriesFloor(trx: Trx, whId: string, controlType: string): Promise<number> {
  const { rows } = await sql<{ nextValue: string }>`
    select next_value from t_control_retired where wh_id = ${whId} and control_type = ${controlType}`.execute(trx);
  return Number(rows[0]?.nextValue ?? 1);
}

/** Keeps where a deleted series stopped (the first number it had not issued), so it never issues a number again. */
export async function retireSeries(trx: Trx, whId: string, controlType: string, nextValue: number): Promise<void> {
  await sql`
    insert into t_control_retired (wh_id, control_type, next_value) values (${whId}, ${controlType}, ${nextValue})
    on conflict (wh_id, control_type) do update
      set next_value = greatest(t_control_retired.next_value, excluded.next_value), retire_time = now()`.execute(trx);
}

/**
 * Takes the next number of a series inside the caller's transaction: one conditional UPDATE … RETURNING, so two
 * concurrent callers never get the same number (the row lock holds the second until the first commits; a
 * rolled-back caller gives its number back). A series missing for the warehouse is created on first use, starting
 * where a deleted one stopped; the UPDATE reads that floor too, as a series deleted while this call waited on its
 * row is created afresh on the second pass.
 */
export async function takeNextNumber(trx: Trx, whId: string, controlType: ControlType): Promise<string> {
  for (let pass = 0; pass < 2; pass++) {
    await sql`
      insert into t_control (wh_id, control_type, description, prefix)
      values (${whId}, ${controlType}, ${controlType}, ${DEFAULT_PREFIX[controlType]})
      on conflict (wh_id, control_type) do nothing`.execute(trx);
    const floor = sql`coalesce((select r.next_value from t_control_retired r
      where r.wh_id = ${whId} and r.control_type = ${controlType}), 1)`;
    const { rows } = await sql<{ value: number; prefix: string | null; numberLength: number }>`
      update t_control set next_value = greatest(next_value, ${floor}) + 1, update_time = now()
      where wh_id = ${whId} and control_type = ${controlType}
      returning next_value - 1 as value, prefix, number_length`.execute(trx);
    const row = rows[0];
    if (row) return `${row.prefix ?? ''}${String(row.value).padStart(row.numberLength, '0')}`;
  }
  throw new Error(`number series ${whId}/${controlType} vanished`);
}

/** A block of consecutive numbers of a series: the n-th (0-based) is `prefix` + `first + n` padded to `numberLength`. */
export interface NumberBlock {
  first: number;
  prefix: string;
  numberLength: number;
}

/** The text of the n-th (0-based) number of a block, as takeNextNumber writes it. */
export const blockNumber = (block: NumberBlock, n: number): string =>
  `${block.prefix}${String(block.first + n).padStart(block.numberLength, '0')}`;

/**
 * Takes `count` (≥ 1) consecutive numbers of a series at once, with the same guarantees as takeNextNumber (one
 * conditional UPDATE; a generation of 10,000 count tasks takes one statement, not 10,000).
 */
export async function takeNumberBlock(trx: Trx, whId: string, controlType: ControlType, count: number): Promise<NumberBlock> {
  const first = await takeNextNumber(trx, whId, controlType);
  const { rows } = await sql<{ value: string; prefix: string | null; numberLength: number }>`
    update t_control set next_value = next_value + ${count - 1}, update_time = now()
    where wh_id = ${whId} and control_type = ${controlType}
    returning next_value - ${count} as value, prefix, number_length`.execute(trx);
  const row = rows[0];
  if (!row || blockNumber({ first: Number(row.value), prefix: row.prefix ?? '', numberLength: row.numberLength }, 0) !== first) {
    throw new Error(`number series ${whId}/${controlType} changed while a block was taken`);
  }
  return { first: Number(row.value), prefix: row.prefix ?? '', numberLength: row.numberLength };
}

/** Numbers of a series already typed by hand are skipped; this many in a row means something is wrong. */
const MAX_SKIPPED_NUMBERS = 1000;

/**
 * The next number of the warehouse's series that no document has yet (`taken` answers whether one has it): a number
 * typed by hand earlier (`PO00000007`, `SO00000012`) is skipped rather than answered as a duplicate of the user's
 * blank number. A run of taken numbers longer than any sane one is refused as a duplicate of `field` (a label key).
 */
export async function takeFreeNumber(
  trx: Trx,
  whId: string,
  controlType: ControlType,
  taken: (candidate: string) => Promise<boolean>,
  field: string,
): Promise<string> {
  for (let i = 0; i < MAX_SKIPPED_NUMBERS; i++) {
    const candidate = await takeNextNumber(trx, whId, controlType);
    if (!(await taken(candidate))) return candidate;
  }
  throw new AppError('duplicateKey', { fields: [field] });
}
