/**
 * Purchase orders (spec 001 §3 "PO master", §7 tPoMaster; statuses in docs/flows.md and this module's README): the status
 * rules the header, its lines and its actions share, cancelling, and the parameterised search.
 */

import { type RawBuilder, sql } from 'kysely';
import { tPoMaster } from '../../../shared/entities/tPoMaster';
import type { Row, Trx } from '../../crud/crud.types';
import type { DocumentSearch } from '../../crud/documentSearch';
import { filterValue, matchCondition } from '../../crud/filter';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { amount, integer } from '../../platform/answerSchemas';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';

export type PoStatus = 'O' | 'R' | 'C' | 'X';

export interface PoHeader extends Row {
  id: number;
  whId: string;
  poNumber: string;
  clientCode: string;
  vendorCode: string | null;
  status: PoStatus;
}

const refusal = (po: Row) => ({ poNumber: String(po.poNumber), status: `code.poStatus.${String(po.status)}` });

/** A closed (C) or cancelled (X) PO refuses every change, naming the PO and its translated status. */
export function refuseUnlessChangeable(po: Row): void {
  if (po.status === 'C' || po.status === 'X') throw new AppError('poNotOpen', refusal(po));
}

/** Whether the warehouse has a PO of that number. */
export async function poExists(trx: Trx, whId: string, poNumber: string): Promise<boolean> {
  const { rows } = await sql`select 1 from t_po_master where wh_id = ${whId} and po_number = ${poNumber}`.execute(trx);
  return rows.length > 0;
}

/** Deleting or cancelling: only an open PO with nothing received on any line. */
export async function refuseUnlessOpenAndEmpty(trx: Trx, po: Row): Promise<void> {
  if (po.status !== 'O') throw new AppError('poNotOpen', refusal(po));
  const { rows } = await sql<{ received: boolean }>`
    select exists (select 1 from t_po_detail where wh_id = ${String(po.whId)} and po_number = ${String(po.poNumber)}
      and qty_received > 0) as received`.execute(trx);
  if (rows[0]?.received) throw new AppError('poHasReceipts', { poNumber: String(po.poNumber) });
}

/**
 * Locks a PO header for the transaction (the first lock of every PO line change, so they queue on it in one order).
 * Refuses a missing PO and one that is closed or cancelled; null when its client is not the user's to write.
 */
export async function lockChangeablePo(trx: Trx, user: SessionUser, whId: string, poNumber: string): Promise<PoHeader | null> {
  const { rows } = await sql<PoHeader>`
    select id, wh_id, po_number, client_code, vendor_code, status from t_po_master
    where wh_id = ${whId} and po_number = ${poNumber} for update`.execute(trx);
  const po = rows[0];
  if (!po) throw new AppError('notFound');
  if (!grantsClient(user, whId, po.clientCode, 'write')) return null;
  refuseUnlessChangeable(po);
  return po;
}

/**
 * `tPoMaster/cancelPo`: O → X, only while nothing is received, as one conditional update. Another warehouse or client
 * is refused (`warehouseNotGranted`, `clientNotGranted`), like every action on a row the user may not act on.
 */
export async function cancelPo(db: Db, user: SessionUser, whId: string, poNumber: string): Promise<number> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<PoHeader>`
      select id, wh_id, po_number, client_code, status from t_po_master
      where wh_id = ${whId} and po_number = ${poNumber} for update`.execute(trx);
    const po = rows[0];
    if (!po) throw new AppError('notFound');
    if (!grantsClient(user, whId, po.clientCode, 'write')) throw new AppError('clientNotGranted', { clientCode: po.clientCode });
    await refuseUnlessOpenAndEmpty(trx, po);
    const done = await sql`
      update t_po_master set status = 'X', closed_date = current_date, close_by = ${user.name}, update_time = now()
      where id = ${po.id} and status = 'O'`.execute(trx);
    if (Number(done.numAffectedRows ?? 0) !== 1) throw new AppError('poNotOpen', refusal(po));
    return 1;
  });
}

/** The parameters of `tPoMaster/findPageByPara` (README "Purchase orders"). */
export interface PoSearch {
  whId: string;
  clientCode?: string;
  poNumber?: string;
  vendorCode?: string;
  typeId?: string;
  appointmentNumber?: string;
  status?: string | string[];
  itemNumber?: string;
  deliveryDateFrom?: string;
  deliveryDateTo?: string;
  createDateFrom?: string;
  createDateTo?: string;
}

/**
 * `tPoMaster/findPageByPara`: POs of one warehouse matching the parameters, each with its totals — line count, ordered
 * and received quantity (in the lines' own units).
 */
export const PO_SEARCH: DocumentSearch<PoSearch> = {
  entity: tPoMaster,
  table: 't_po_master',
  labelPrefix: 'inbound.po',
  conditions(where, search) {
    where.value('m.client_code', search.clientCode);
    where.value('m.po_number', search.poNumber, true);
    where.value('m.vendor_code', search.vendorCode);
    where.value('m.type_id', search.typeId);
    where.value('m.appointment_number', search.appointmentNumber, true);
    where.statuses('m.status', search.status);
    where.dateRange(
      'm.create_date',
      { name: 'createDateFrom', value: search.createDateFrom },
      { name: 'createDateTo', value: search.createDateTo },
    );
    // Line conditions: a PO with at least one line of the item, and delivered in the range (the same line).
    const line: RawBuilder<unknown>[] = [];
    const item = filterValue(search.itemNumber);
    if (item !== null) line.push(matchCondition(sql.ref('d.item_number'), item, false));
    const deliveryFrom = where.date('deliveryDateFrom', search.deliveryDateFrom);
    const deliveryTo = where.date('deliveryDateTo', search.deliveryDateTo);
    if (deliveryFrom) line.push(sql`d.delivery_date >= ${deliveryFrom}::date`);
    if (deliveryTo) line.push(sql`d.delivery_date <= ${deliveryTo}::date`);
    if (line.length > 0) {
      where.add(sql`exists (select 1 from t_po_detail d where d.wh_id = m.wh_id and d.po_number = m.po_number
        and ${sql.join(line, sql` and `)})`);
    }
  },
  totals: sql`select count(*)::int as line_count, coalesce(trim_scale(sum(d.qty)), 0)::text as qty_ordered,
    coalesce(trim_scale(sum(d.qty_received)), 0)::text as qty_received
    from t_po_detail d where d.wh_id = m.wh_id and d.po_number = m.po_number`,
  totalsSchema: { lineCount: integer, qtyOrdered: amount, qtyReceived: amount },
};
