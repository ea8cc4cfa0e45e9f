/**
 * What receiving, receipt corrections and reconciliation share: the PO header and line locked in one order (header,
 * then line), the item's receiving rules, the over-receipt tolerance, and the PO's lines with what was received.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { AppError } from '../../platform/errors';
import { type Grantee, grantScope, grantsClient, grantsWarehouse } from '../../platform/grants';
import { isPercent, OVER_RECEIPT_PCT } from '../masterdata/controls';

export type PoStatus = 'O' | 'R' | 'C' | 'X';

export interface PoHeader {
  id: number;
  whId: string;
  poNumber: string;
  clientCode: string;
  vendorCode: string | null;
  status: PoStatus;
}

export interface PoLine {
  id: number;
  lineNumber: number;
  itemNumber: string;
  qty: string;
  qtyReceived: string;
  qtyDamaged: string;
  orderUom: string;
  lotNumber: string | null;
  storedAttributeId: number | null;
  [attribute: `genericAttrValue${number}`]: string | null;
}

/** Statuses that take receipts (and corrections of them): open and receiving. */
export const RECEIVABLE: readonly PoStatus[] = ['O', 'R'];

/** The refusal naming a PO and its status (as a label). */
export const poNotOpen = (po: Pick<PoHeader, 'poNumber' | 'status'>) =>
  new AppError('poNotOpen', { poNumber: po.poNumber, status: `code.poStatus.${po.status}` });

/** Refuses a warehouse the user does not hold, then a client they may not write for. */
export function requirePoGrant(user: Grantee, whId: string, clientCode: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  if (!grantsClient(user, whId, clientCode, 'write')) throw new AppError('clientNotGranted', { clientCode });
}

/**
 * Locks a PO header for the transaction (no key update: lines and receipts referring to it may still be checked),
 * refusing a missing PO, one of a warehouse or client the user does not hold, and one not in `statuses`.
 */
export async function lockPo(
  trx: Trx,
  user: Grantee,
  whId: string,
  poNumber: string,
  statuses: readonly PoStatus[] = RECEIVABLE,
): Promise<PoHeader> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  const { rows } = await sql<PoHeader>`
    select id, wh_id, po_number, client_code, vendor_code, status from t_po_master
    where wh_id = ${whId} and po_number = ${poNumber} for no key update`.execute(trx);
  const po = rows[0];
  if (!po) throw new AppError('receiptPoNotFound', { poNumber });
  requirePoGrant(user, whId, po.clientCode);
  if (!statuses.includes(po.status)) throw poNotOpen(po);
  return po;
}

const LINE_SELECT = sql`id, line_number, item_number, qty::text as qty, qty_received::text as qty_received,
  qty_damaged::text as qty_damaged, order_uom, lot_number, stored_attribute_id,
  ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)))}`;

/** Locks one line of a locked PO; refuses a line the PO does not have. */
export async function lockPoLine(trx: Trx, po: PoHeader, lineNumber: number): Promise<PoLine> {
  const { rows } = await sql<PoLine>`
    select ${LINE_SELECT} from t_po_detail
    where wh_id = ${po.whId} and po_number = ${po.poNumber} and line_number = ${lineNumber} for no key update`.execute(trx);
  const line = rows[0];
  if (!line) throw new AppError('receiptLineNotFound', { poNumber: po.poNumber, lineNumber });
  return line;
}

/** The over-receipt tolerance of a client in percent: its own control row, else the warehouse's, else 0. */
export async function overReceiptPct(trx: Trx, whId: string, clientCode: string): Promise<string> {
  const { rows } = await sql<{ value: string | null }>`
    select control_value as value from t_whse_control
    where wh_id = ${whId} and control_name = ${OVER_RECEIPT_PCT} and (client_code = ${clientCode} or client_code is null)
    order by client_code nulls last limit 1`.execute(trx);
  const value = rows[0]?.value?.trim() ?? '';
  return isPercent(value) ? value : '0';
}

/**
 * Changes a line's received and damaged totals by the given (signed) amounts in one conditional update: an increase
 * must stay within ordered × (1 + tolerance), else `overReceipt` names the line, ordered, received, this quantity and
 * the limit. The line is locked already, so the check and the change see the same totals.
 */
export async function changeLineTotals(trx: Trx, po: PoHeader, line: PoLine, received: string, damaged: string): Promise<void> {
  const pct = await overReceiptPct(trx, po.whId, po.clientCode);
  const { rows } = await sql<{ id: number }>`
    update t_po_detail set qty_received = qty_received + ${received}::numeric, qty_damaged = qty_damaged + ${damaged}::numeric,
      update_time = now()
    where id = ${line.id}
      and (${received}::numeric <= 0 or qty_received + ${received}::numeric <= qty * (1 + ${pct}::numeric / 100))
    returning id`.execute(trx);
  if (rows.length > 0) return;
  const { rows: limits } = await sql<{ limit: string }>`
    select trim_scale(round(qty * (1 + ${pct}::numeric / 100), 3))::text as limit from t_po_detail where id = ${line.id}`.execute(
    trx,
  );
  throw new AppError('overReceipt', {
    poNumber: po.poNumber,
    lineNumber: line.lineNumber,
    ordered: trim(line.qty),
    received: trim(line.qtyReceived),
    qty: trim(received),
    limit: limits[0]?.limit ?? trim(line.qty),
    pct,
  });
}

/** A decimal string without trailing zeros (24.500 → 24.5). */
export const trim = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** One line as the receiving desk and the reconciliation show it (quantities in the line's order unit). */
export interface PoLineView {
  id: number;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string | null;
  orderUom: string;
  lotControl: 'Y' | 'N';
  /** The item's shelf life in days: an expiry left empty is the receipt date + this (README "Expiry and shelf life"). */
  shelfLife: number | null;
  /** Serial-controlled: a receipt names one serial per base unit (`factor` base units per order unit). */
  serialControl: 'Y' | 'N';
  factor: string | null;
  sampleRate: number | null;
  lotNumber: string | null;
  storedAttributeId: number | null;
  ordered: string;
  received: string;
  damaged: string;
  remaining: string;
  /** The item's attribute types (slot 1–11, null = unused): the desk asks values for a line without fixed ones. */
  attributeTypes: (string | null)[];
  attributeValues: (string | null)[];
}

export interface PoView {
  poNumber: string;
  whId: string;
  clientCode: string;
  vendorCode: string | null;
  status: PoStatus;
  closedDate: string | null;
  closeBy: string | null;
  lines: PoLineView[];
}

const SLOTS = Array.from({ length: 11 }, (_, i) => i + 1);

/** A PO of a warehouse and client the user may read, with its lines and what was received; null when none. */
export async function readPo(db: Db | Trx, user: Grantee, whId: string, poNumber: string): Promise<PoView | null> {
  const { rows } = await sql<Omit<PoView, 'lines'>>`
    select po_number, wh_id, client_code, vendor_code, status, to_char(closed_date, 'YYYY-MM-DD') as closed_date, close_by
    from t_po_master
    where wh_id = ${whId} and po_number = ${poNumber} and ${grantScope(user, sql.ref('wh_id'), sql.ref('client_code'))}`.execute(
    db,
  );
  const po = rows[0];
  if (!po) return null;
  const { rows: lines } = await sql<Omit<PoLineView, 'attributeTypes' | 'attributeValues'> & Record<string, unknown>>`
    select l.id, l.line_number, l.item_number, i.description as item_description, l.order_uom, i.lot_control, i.shelf_life,
      i.sample_rate,
      i.serial_control, case when i.uom = l.order_uom then '1' else (select trim_scale(u.conversion_factor)::text
        from t_item_uom u where u.wh_id = i.wh_id and u.item_number = i.item_number and u.uom = l.order_uom) end as factor,
      l.lot_number, l.stored_attribute_id, trim_scale(l.qty)::text as ordered, trim_scale(l.qty_received)::text as received,
      trim_scale(l.qty_damaged)::text as damaged, trim_scale(l.qty - l.qty_received)::text as remaining,
      ${sql.join(SLOTS.map((n) => sql`c.${sql.ref(`attribute_type${n}`)} as ${sql.ref(`type${n}`)}`))},
      ${sql.join(SLOTS.map((n) => sql`l.${sql.ref(`generic_attr_value${n}`)} as ${sql.ref(`value${n}`)}`))}
    from t_po_detail l
    join t_item_master i on i.wh_id = l.wh_id and i.item_number = l.item_number
    left join t_attribute_collection c on c.wh_id = i.wh_id and c.attribute_collection_id = i.attribute_collection_id
    where l.wh_id = ${whId} and l.po_number = ${poNumber}
    order by l.line_number`.execute(db);
  return {
    ...po,
    lines: lines.map((l) => {
      const view: Record<string, unknown> = { ...l };
      for (const n of SLOTS) {
        delete view[`type${n}`];
        delete view[`value${n}`];
      }
      return {
        ...(view as Omit<PoLineView, 'attributeTypes' | 'attributeValues'>),
        attributeTypes: SLOTS.map((n) => (l[`type${n}`] as string | null) ?? null),
        attributeValues: SLOTS.map((n) => (l[`value${n}`] as string | null) ?? null),
      };
    }),
  };
}
