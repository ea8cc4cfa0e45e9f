/**
 * Outbound orders (spec 001 §3 "Order", §4, §7 tOrder; statuses in docs/flows.md and this module's README): the status rules
 * the header, its lines and its actions share, confirming, cancelling, and the parameterised search.
 *
 * A new order (N) is the only one that changes: a confirmed order cannot be changed (spec 001 §4), a shipped one refuses
 * with the spec's "Operation failed. Order has been shipped. Modification is not allowed.", and an action meeting an
 * order in the wrong state answers the spec's "Operation failed. Order is unavailable" — each naming the order and
 * its translated status.
 */

import { sql } from 'kysely';
import { tOrder } from '../../../shared/entities/tOrder';
import type { Row, Trx } from '../../crud/crud.types';
import type { DocumentSearch } from '../../crud/documentSearch';
import { filterValue, matchCondition } from '../../crud/filter';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { amount, integer } from '../../platform/answerSchemas';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { takeFreeNumber } from '../masterdata/control.service';

export type OrderStatus = 'N' | 'C' | 'W' | 'A' | 'K' | 'P' | 'D' | 'S' | 'X';

export interface OrderHeader extends Row {
  id: number;
  whId: string;
  orderNumber: string;
  clientCode: string;
  status: OrderStatus;
  waveId: string | null;
}

/** The parameters every order refusal carries: the order and its translated status. */
export const orderRefusal = (order: Row) => ({
  orderNumber: String(order.orderNumber),
  status: `code.orderStatus.${String(order.status)}`,
});

/** Shipped: the spec's words for every change. */
function refuseShipped(order: Row): void {
  if (order.status === 'S') throw new AppError('orderShipped', orderRefusal(order));
}

/**
 * Changing the header or the lines, deleting: only a new order (N). A shipped order answers the spec's shipped
 * message; any other status "a confirmed order cannot be changed", naming the order and its status.
 */
export function refuseUnlessNew(order: Row): void {
  refuseShipped(order);
  if (order.status !== 'N') throw new AppError('orderNotChangeable', orderRefusal(order));
}

/** Before allocation (new, confirmed, in a wave being built) an order's lock flag and its lines' hold reasons change. */
const HOLDABLE: readonly string[] = ['N', 'C', 'W'];

/** The same value as stored: equal text, or equal numbers (a quantity typed 5 is the stored 5.000). */
function same(a: unknown, b: unknown): boolean {
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x === y || (x !== '' && y !== '' && Number.isFinite(Number(x)) && Number(x) === Number(y));
}

/**
 * An edit of an order that is no longer new is refused as `refuseUnlessNew` refuses it, unless the order is not yet
 * allocated (C, W) and the edit changes nothing but the `allowed` fields (the header's lock flag, a line's hold reason).
 */
export function refuseUnlessNewOrOnly(order: Row, existing: Row, row: Row, allowed: readonly string[]): void {
  if (order.status === 'N') return;
  const changed = Object.keys(row).filter((field) => !allowed.includes(field) && !same(row[field], existing[field]));
  if (!HOLDABLE.includes(String(order.status)) || changed.length > 0) refuseUnlessNew(order);
}

/**
 * A line's hold reason must be one of the client's HOLD reasons (`getReason` with clientCode and type HOLD: a reason
 * without client serves every client of the warehouse); empty is no hold.
 */
export async function refuseUnlessHoldReason(trx: Trx, whId: string, clientCode: string, reasonId: unknown): Promise<void> {
  if (reasonId === null || reasonId === undefined || reasonId === '') return;
  const { rows } = await sql`
    select 1 from t_reason where wh_id = ${whId} and reason_type = 'HOLD' and reason_id = ${String(reasonId)}
      and (client_code = ${clientCode} or client_code is null)`.execute(trx);
  if (rows.length === 0) throw new AppError('holdReasonNotHold', { reasonId: String(reasonId), clientCode });
}

/** Whether the warehouse has an order of that number. */
export async function orderExists(trx: Trx, whId: string, orderNumber: string): Promise<boolean> {
  const { rows } = await sql`select 1 from t_order where wh_id = ${whId} and order_number = ${orderNumber}`.execute(trx);
  return rows.length > 0;
}

/** The typed number, else the next number of the warehouse's ORDER series that no order has. */
export function nextOrderNumber(trx: Trx, whId: string): Promise<string> {
  return takeFreeNumber(trx, whId, 'ORDER', (n) => orderExists(trx, whId, n), 'entity.tOrder.field.orderNumber');
}

async function lockOrder(trx: Trx, whId: string, orderNumber: string): Promise<OrderHeader | null> {
  const { rows } = await sql<OrderHeader>`
    select id, wh_id, order_number, client_code, status, wave_id from t_order
    where wh_id = ${whId} and order_number = ${orderNumber} for update`.execute(trx);
  return rows[0] ?? null;
}

/**
 * Locks an order header for the transaction (the first lock of every line change, so line changes and the order's
 * actions queue on it in one order). Refuses a missing order and one that is not new (a line edit: not yet allocated);
 * null when its client is not the user's to write.
 */
export async function lockChangeableOrder(
  trx: Trx,
  user: SessionUser,
  whId: string,
  orderNumber: string,
  purpose?: 'add' | 'edit' | 'delete',
): Promise<OrderHeader | null> {
  const order = await lockOrder(trx, whId, orderNumber);
  if (!order) throw new AppError('notFound');
  if (!grantsClient(user, whId, order.clientCode, 'write')) return null;
  // A line of an order not yet allocated may still change its hold reason (ORDER_LINES.ownEdit refuses anything else).
  if (purpose === 'edit' && HOLDABLE.includes(order.status)) return order;
  refuseUnlessNew(order);
  return order;
}

/** An action's order: locked, the user's (warehouse and client refused by name), not shipped. */
async function lockOrderForAction(trx: Trx, user: SessionUser, whId: string, orderNumber: string): Promise<OrderHeader> {
  const order = await lockOrder(trx, whId, orderNumber);
  if (!order) throw new AppError('notFound');
  if (!grantsClient(user, whId, order.clientCode, 'write')) {
    throw new AppError('clientNotGranted', { clientCode: order.clientCode });
  }
  refuseShipped(order);
  return order;
}

/**
 * `tOrder/confirmOrder`: N → C, as one conditional update. An order without lines is refused; any other status answers
 * "Operation failed. Order is unavailable" naming the order and its status.
 */
export async function confirmOrder(db: Db, user: SessionUser, whId: string, orderNumber: string): Promise<number> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  return inTransaction(db, async (trx) => {
    const order = await lockOrderForAction(trx, user, whId, orderNumber);
    if (order.status !== 'N') throw new AppError('orderUnavailable', orderRefusal(order));
    const { rows } = await sql<{ lines: number }>`
      select count(*)::int as lines from t_order_detail where wh_id = ${whId} and order_number = ${orderNumber}`.execute(trx);
    if ((rows[0]?.lines ?? 0) === 0) throw new AppError('orderWithoutLines', { orderNumber });
    const done = await sql`
      update t_order set status = 'C', confirm_by = ${user.name}, confirm_time = now(), update_time = now()
      where id = ${order.id} and status = 'N'`.execute(trx);
    if (Number(done.numAffectedRows ?? 0) !== 1) throw new AppError('orderUnavailable', orderRefusal(order));
    return 1;
  });
}

/**
 * `tOrder/cancelOrder`: N or C → X while the order is in no wave, as one conditional update. An order in a wave or
 * further on answers "Operation failed. Order is unavailable" naming the order and its status; a shipped one the
 * shipped message.
 */
export async function cancelOrder(db: Db, user: SessionUser, whId: string, orderNumber: string): Promise<number> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  return inTransaction(db, async (trx) => {
    const order = await lockOrderForAction(trx, user, whId, orderNumber);
    if ((order.status !== 'N' && order.status !== 'C') || order.waveId !== null) {
      throw new AppError('orderUnavailable', orderRefusal(order));
    }
    const done = await sql`
      update t_order set status = 'X', cancel_by = ${user.name}, update_time = now()
      where id = ${order.id} and status in ('N', 'C') and wave_id is null`.execute(trx);
    if (Number(done.numAffectedRows ?? 0) !== 1) throw new AppError('orderUnavailable', orderRefusal(order));
    return 1;
  });
}

/** The parameters of `tOrder/findPageByPara` (README "Orders"). */
export interface OrderSearch {
  whId: string;
  clientCode?: string;
  orderNumber?: string;
  status?: string | string[];
  typeId?: string;
  carrierId?: string;
  customerCode?: string;
  itemNumber?: string;
  waveId?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
  shipDateFrom?: string;
  shipDateTo?: string;
}

/**
 * `tOrder/findPageByPara`: orders of one warehouse matching the parameters, each with its line count and total
 * quantity (in the lines' own units).
 */
export const ORDER_SEARCH: DocumentSearch<OrderSearch> = {
  entity: tOrder,
  table: 't_order',
  labelPrefix: 'outbound.order',
  conditions(where, search) {
    where.value('m.client_code', search.clientCode);
    where.value('m.order_number', search.orderNumber, true);
    where.value('m.type_id', search.typeId);
    where.value('m.carrier_id', search.carrierId);
    where.value('m.customer_code', search.customerCode, true);
    where.value('m.wave_id', search.waveId, true);
    where.statuses('m.status', search.status);
    where.dateRange(
      'm.order_date',
      { name: 'orderDateFrom', value: search.orderDateFrom },
      { name: 'orderDateTo', value: search.orderDateTo },
    );
    // The ship date range meets the order's ship window: the window [earliest, latest] overlaps the range.
    const shipFrom = where.date('shipDateFrom', search.shipDateFrom);
    const shipTo = where.date('shipDateTo', search.shipDateTo);
    if (shipFrom) where.add(sql`coalesce(m.latest_ship_date, m.earliest_ship_date) >= ${shipFrom}::date`);
    if (shipTo) where.add(sql`coalesce(m.earliest_ship_date, m.latest_ship_date) <= ${shipTo}::date`);
    const item = filterValue(search.itemNumber);
    if (item !== null) {
      where.add(sql`exists (select 1 from t_order_detail d where d.wh_id = m.wh_id and d.order_number = m.order_number
        and ${matchCondition(sql.ref('d.item_number'), item, false)})`);
    }
  },
  totals: sql`select count(*)::int as line_count, coalesce(trim_scale(sum(d.qty)), 0)::text as total_qty
    from t_order_detail d where d.wh_id = m.wh_id and d.order_number = m.order_number`,
  totalsSchema: { lineCount: integer, totalQty: amount },
};
