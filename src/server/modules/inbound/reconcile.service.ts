/**
 * Reconciliation (`tReceipt/receiptReconcile`): ordered against received per PO line — short, over, damaged — and,
 * when asked, closing the PO (open or receiving → closed), after which receipts are refused with `poNotOpen`.
 */
import { sql } from 'kysely';
import { permission } from '../../../shared/permissions';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError, HttpError } from '../../platform/errors';
import { lockPo, type PoLineView, type PoView, poNotOpen, readPo, trim } from './receiving.po';

/** One line of the reconciliation (order unit): short = ordered − received when positive, over the reverse. */
export interface ReconcileLine extends PoLineView {
  good: string;
  short: string;
  over: string;
}

export interface Reconciliation extends Omit<PoView, 'lines'> {
  lines: ReconcileLine[];
  /** Whether the PO was closed by this call. */
  closed: boolean;
}

/** Exact difference a − b of two decimal strings (3 decimals at most), as a trimmed decimal string. */
function minus(a: string, b: string): string {
  const milli = (v: string) => {
    const [whole = '0', fraction = ''] = v.replace(/^-/, '').split('.');
    const n = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
    return v.startsWith('-') ? -n : n;
  };
  const d = milli(a) - milli(b);
  const abs = d < 0n ? -d : d;
  const text = `${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
  return `${d < 0n ? '-' : ''}${trim(text)}`;
}
const positive = (v: string) => (v.startsWith('-') || v === '0' ? '0' : v);

function reconcileLines(lines: PoLineView[]): ReconcileLine[] {
  return lines.map((line) => {
    const diff = minus(line.ordered, line.received);
    return {
      ...line,
      good: minus(line.received, line.damaged),
      short: positive(diff),
      over: positive(minus(line.received, line.ordered)),
    };
  });
}

/**
 * Reads the reconciliation of a PO the user may read; with `close`, first closes it (needs `sys:tPoMaster:edit` and
 * the PO's client for write; only an open or receiving PO closes: a conditional update, refused naming the status).
 */
export async function reconcilePo(
  db: Db,
  user: SessionUser,
  request: { whId: string; poNumber: string; close?: boolean },
): Promise<Reconciliation> {
  let closed = false;
  if (request.close) {
    if (!user.permissions.has(permission('tPoMaster', 'edit'))) throw new HttpError(403);
    await inTransaction(db, async (trx) => {
      const po = await lockPo(trx, user, request.whId, request.poNumber, ['O', 'R', 'C', 'X']);
      const { rows } = await sql<{ id: number }>`
        update t_po_master set status = 'C', closed_date = current_date, close_by = ${user.name}, update_time = now()
        where id = ${po.id} and status in ('O', 'R') returning id`.execute(trx);
      if (rows.length === 0) throw poNotOpen(po);
    });
    closed = true;
  }
  const po = await readPo(db, user, request.whId, request.poNumber);
  if (!po) throw new AppError('receiptPoNotFound', { poNumber: request.poNumber });
  return { ...po, lines: reconcileLines(po.lines), closed };
}
