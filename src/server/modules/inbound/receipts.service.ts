/**
 * Receipts after receiving: correcting one (`receiptAdjustment`) or reversing it (`deleteReceipt`), only while its
 * stock is untouched where it was received — status R or Q, no inspection line, no putaway task line naming it, and
 * the receiving location's ledger row still holding it — and the parameterised list (`findPageByPara`).
 */
import { type RawBuilder, sql } from 'kysely';
import type { PageResult } from '../../../shared/wire';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type Grantee, grantScope } from '../../platform/grants';
import type { Actor } from '../inventory/execute.service';
import { lockStockKeys, loggingRefusal } from '../inventory/ledger.service';
import { dropReceivedSerials, receiptHasSerials } from '../serials/serials.service';
import { changeLineTotals, lockPo, lockPoLine, type PoHeader } from './receiving.po';
import {
  baseQuantities,
  blank,
  checkReceipt,
  checkReceiptExpiry,
  enterReceiptStock,
  type ReceiptStock,
  reverseReceiptStock,
} from './receiving.service';

const SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);

interface ReceiptRow {
  id: number;
  whId: string;
  receiptId: string;
  clientCode: string;
  poNumber: string;
  lineNumber: number;
  itemNumber: string;
  uom: string;
  conversionFactor: string;
  lotNumber: string | null;
  expirationDate: string | null;
  huId: string | null;
  masterHuId: string | null;
  storedAttributeId: number | null;
  qtyReceived: string;
  qtyDamaged: string;
  locationId: string;
  status: 'R' | 'Q' | 'P';
  inspected: boolean;
  putawayTask: string | null;
  [attribute: `genericAttrValue${number}`]: string | null;
}

/** The receipt row and what may stop a correction (inspection line, putaway task), locked when `lock`. */
async function readReceipt(trx: Trx, id: number, lock: boolean): Promise<ReceiptRow | null> {
  const { rows } = await sql<ReceiptRow>`
    select r.id, r.wh_id, r.receipt_id, r.client_code, r.po_number, r.line_number, r.item_number, r.uom,
      r.conversion_factor::text as conversion_factor, r.lot_number, to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date,
      r.hu_id, r.master_hu_id, r.stored_attribute_id, trim_scale(r.qty_received)::text as qty_received,
      trim_scale(r.qty_damaged)::text as qty_damaged, r.location_id, r.status,
      ${sql.join(SLOTS.map((n) => sql.ref(`r.generic_attr_value${n}`)))},
      exists (select 1 from t_inspection_detail d where d.receipt_row_id = r.id) as inspected,
      (select m.task_id from tbl_inv_movement_detail m where m.receipt_row_id = r.id limit 1) as putaway_task
    from t_receipt r where r.id = ${id} ${lock ? sql`for update of r` : sql``}`.execute(trx);
  return rows[0] ?? null;
}

/** The stock a receipt row put into the ledger, recomputed from the row. */
async function storedStock(trx: Trx, receipt: ReceiptRow): Promise<ReceiptStock> {
  const { base, damagedBase } = await baseQuantities(trx, receipt.qtyReceived, receipt.qtyDamaged, receipt.conversionFactor);
  return {
    key: {
      whId: receipt.whId,
      locationId: receipt.locationId,
      itemNumber: receipt.itemNumber,
      lotNumber: receipt.lotNumber,
      huId: receipt.huId,
      storedAttributeId: receipt.storedAttributeId === null ? null : Number(receipt.storedAttributeId),
    },
    receiptId: receipt.receiptId,
    lineNumber: receipt.lineNumber,
    poNumber: receipt.poNumber,
    base,
    damagedBase,
    inspect: receipt.status === 'Q',
    expirationDate: receipt.expirationDate,
    attributes: SLOTS.map((n) => receipt[`genericAttrValue${n}`] ?? null),
  };
}

/**
 * Locks, in the house order, the receipt's PO header (open or receiving; grants), its line, then the receipt row, and
 * refuses a receipt no longer untouched: put away or beyond, inspected, or named by a putaway task.
 */
async function lockUntouchedReceipt(trx: Trx, actor: Grantee, id: number) {
  const peek = await readReceipt(trx, id, false);
  if (!peek) throw new AppError('notFound');
  const po = await lockPo(trx, actor, peek.whId, peek.poNumber);
  const line = await lockPoLine(trx, po, peek.lineNumber);
  const receipt = await readReceipt(trx, id, true);
  if (!receipt) throw new AppError('notFound');
  const named = { receiptId: receipt.receiptId, lineNumber: receipt.lineNumber };
  if (receipt.status !== 'R' && receipt.status !== 'Q') {
    throw new AppError('receiptNotUntouched', { ...named, status: `code.receiptStatus.${receipt.status}` });
  }
  if (receipt.inspected) throw new AppError('receiptInspected', named);
  if (receipt.putawayTask) throw new AppError('receiptInPutaway', { ...named, taskId: receipt.putawayTask });
  return { po, line, receipt };
}

/** What receiptAdjustment may change. */
export interface AdjustmentInput {
  id: number;
  qtyReceived: string | number;
  qtyDamaged?: string | number | null;
  lotNumber?: string | null;
  expirationDate?: string | null;
  huId?: string | null;
}

/** Writes a receipt's refusal to the exception log under the receipt's warehouse and number. */
async function refusalLogged<T>(db: Db, id: number, tranType: string, actor: Actor, action: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ whId: string; receiptId: string }>`
    select wh_id, receipt_id from t_receipt where id = ${id}`.execute(db);
  const where = rows[0];
  // A missing receipt is refused without a log row: there is no warehouse to file it under.
  if (!where) return action();
  return loggingRefusal(
    db,
    { whId: where.whId, category: 'INBOUND', tranType, controlNumber: where.receiptId, user: actor.name },
    action,
  );
}

/**
 * `receiptAdjustment`: corrects the received and damaged quantities, lot, expiry or pallet of an untouched receipt.
 * Its stock is reversed and entered again through the ledger (RECEIVE_ADJUST, two rows), and the PO line's totals
 * change by the difference under the same tolerance as a receipt.
 */
export async function adjustReceipt(db: Db, input: AdjustmentInput, actor: Actor): Promise<number> {
  return refusalLogged(db, input.id, 'RECEIVE_ADJUST', actor, () =>
    inTransaction(db, async (trx) => {
      const { po, line, receipt } = await lockUntouchedReceipt(trx, actor, input.id);
      if (await receiptHasSerials(trx, receipt.whId, receipt.id)) {
        throw new AppError('serialReceiptNotAdjustable', { receiptId: receipt.receiptId, lineNumber: receipt.lineNumber });
      }
      const before = await storedStock(trx, receipt);
      // The receipt keeps its line, location and attributes; the typed values replace quantity, lot, expiry and pallet.
      const typed: Record<string, unknown> = {
        qty: input.qtyReceived,
        qtyDamaged: input.qtyDamaged,
        lotNumber: input.lotNumber,
        expirationDate: input.expirationDate,
        huId: input.huId,
      };
      const fixedLine = { ...line, storedAttributeId: receipt.storedAttributeId, ...attributesOf(receipt) };
      const after = await checkReceipt(trx, po, fixedLine, typed, {
        receiptId: receipt.receiptId,
        locationId: receipt.locationId,
      });
      await checkReceiptExpiry(trx, po, after, actor);
      await changeDifference(trx, po, line, receipt, after.qty, after.damaged);
      await lockStockKeys(trx, [before.key, after.stock.key]);
      await reverseReceiptStock(trx, before, 'RECEIVE_ADJUST', actor);
      await enterReceiptStock(trx, after.stock, 'RECEIVE_ADJUST', actor);
      await sql`
        update t_receipt set qty_received = ${after.qty}::numeric, qty_damaged = ${after.damaged}::numeric,
          lot_number = ${after.lotNumber}, expiration_date = ${after.stock.expirationDate}::date, hu_id = ${after.huId},
          update_time = now()
        where id = ${receipt.id}`.execute(trx);
      return receipt.id;
    }),
  );
}

const attributesOf = (receipt: ReceiptRow) =>
  Object.fromEntries(SLOTS.map((n) => [`genericAttrValue${n}`, receipt[`genericAttrValue${n}`] ?? null]));

/** Moves the line's totals by new − old (both in the order unit), exactly, in SQL. */
async function changeDifference(
  trx: Trx,
  po: PoHeader,
  line: Awaited<ReturnType<typeof lockPoLine>>,
  receipt: ReceiptRow,
  qty: string,
  damaged: string,
): Promise<void> {
  const { rows } = await sql<{ received: string; damaged: string }>`
    select trim_scale(${qty}::numeric - ${receipt.qtyReceived}::numeric)::text as received,
      trim_scale(${damaged}::numeric - ${receipt.qtyDamaged}::numeric)::text as damaged`.execute(trx);
  const diff = rows[0];
  if (diff) await changeLineTotals(trx, po, line, diff.received, diff.damaged);
}

/**
 * `deleteReceipt`: reverses an untouched receipt through the ledger (RECEIVE_DELETE), lowers the PO line's totals and
 * deletes the row; a PO left without receipts goes back from receiving to open.
 */
export async function deleteReceipt(db: Db, id: number, actor: Actor): Promise<number> {
  return refusalLogged(db, id, 'RECEIVE_DELETE', actor, () =>
    inTransaction(db, async (trx) => {
      const { po, line, receipt } = await lockUntouchedReceipt(trx, actor, id);
      const stock = await storedStock(trx, receipt);
      await lockStockKeys(trx, [stock.key]);
      await reverseReceiptStock(trx, stock, 'RECEIVE_DELETE', actor);
      await dropReceivedSerials(
        trx,
        receipt.whId,
        receipt.id,
        { type: 'RECEIPT', number: receipt.receiptId, lineNumber: receipt.lineNumber },
        actor,
      );
      await changeLineTotals(trx, po, line, `-${receipt.qtyReceived}`, `-${receipt.qtyDamaged}`);
      await sql`delete from t_receipt where id = ${receipt.id}`.execute(trx);
      await sql`
        update t_po_master set status = 'O', update_time = now()
        where id = ${po.id} and status = 'R'
          and not exists (select 1 from t_receipt r where r.wh_id = ${po.whId} and r.po_number = ${po.poNumber})`.execute(trx);
      return receipt.id;
    }),
  );
}

/** The parameters of `tReceipt/findPageByPara` (every one optional; text ones are exact, dates inclusive). */
export interface ReceiptQuery {
  pageNum: number;
  pageSize: number;
  whId?: string;
  clientCode?: string;
  poNumber?: string;
  receiptId?: string;
  itemNumber?: string;
  vendorCode?: string;
  status?: string;
  receiptDateFrom?: string;
  receiptDateTo?: string;
}

/** The list of receipts the user may read, by the parameters, newest first, with the item's description. */
export async function findReceiptPage(db: Db, user: SessionUser, query: ReceiptQuery): Promise<PageResult<Row>> {
  const where: RawBuilder<unknown>[] = [grantScope(user, sql.ref('r.wh_id'), sql.ref('r.client_code'))];
  const exact = ['whId', 'clientCode', 'poNumber', 'receiptId', 'itemNumber', 'vendorCode', 'status'] as const;
  for (const name of exact) {
    const value = blank(query[name]);
    if (value) where.push(sql`${sql.ref(`r.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)} = ${value}`);
  }
  // Dates are the warehouse's calendar days: from the start of the first to the end of the last.
  if (query.receiptDateFrom) where.push(sql`r.receipt_date >= ${query.receiptDateFrom}::date`);
  if (query.receiptDateTo) where.push(sql`r.receipt_date < ${query.receiptDateTo}::date + 1`);
  const condition = sql.join(where, sql` and `);
  const [count, page] = await Promise.all([
    sql<{ total: number }>`select count(*)::int as total from v_receipt r where ${condition}`.execute(db),
    sql<Row>`
      select r.id, r.wh_id, r.client_code, r.receipt_id, r.po_number, r.line_number, r.vendor_code, r.item_number,
        i.description as item_description, r.lot_number, to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date, r.hu_id,
        r.master_hu_id, trim_scale(r.qty_received)::text as qty_received, trim_scale(r.qty_damaged)::text as qty_damaged,
        r.uom, r.location_id, r.door_id, r.put_location_id, trim_scale(r.qty_inspect)::text as qty_inspect,
        trim_scale(r.qty_back)::text as qty_back, r.status, r.receipt_date, r.receive_by, r.stored_attribute_id, r.adjustable
      from v_receipt r
      left join t_item_master i on i.wh_id = r.wh_id and i.item_number = r.item_number
      where ${condition}
      order by r.receipt_date desc, r.id desc
      limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`.execute(db),
  ]);
  return { content: page.rows, totalSize: count.rows[0]?.total ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}
