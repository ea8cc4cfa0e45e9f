/**
 * Lot and serial trace (inventory README "Lot and serial trace", issue 26 item 6), read-only, in one warehouse the user holds; every
 * row passes the user's warehouse and client grants (`grantScope` on the row's own client: the receipt's, the stock
 * row's, the order's, the carton's; deliveries and proofs of delivery only through a carton the user may see).
 *
 * - `traceLot`: a lot (optionally of one item), or a serial (its `tbl_sn_master` rows, then their lots) → receipts
 *   (PO, vendor, date), every ledger row (tran_log), the stock rows holding it now, the orders that were allocated or
 *   picked it, their cartons, deliveries and proofs of delivery, and the customers (the recall answer).
 * - `traceDocument`: a delivery or an order → the lots it took (carton lines of the delivery; picks of the order), their
 *   receipts and POs, its serials, orders, cartons, deliveries, proofs of delivery and customers.
 *
 * Indexed by migration 0028_trace (lot columns of tran_log, receipts, stock, pick tasks, carton lines; serial numbers).
 */
import { type RawBuilder, sql } from 'kysely';
import {
  TRACE_MOVEMENT_LIMIT,
  TRACE_ROW_LIMIT,
  type TraceAnswer,
  type TraceCarton,
  type TraceCustomer,
  type TraceDelivery,
  type TraceDocumentRequest,
  type TraceLot,
  type TraceLotRequest,
  type TraceMovement,
  type TraceOnHand,
  type TraceOrder,
  type TracePod,
  type TraceReceipt,
  type TraceSection,
  type TraceSerial,
} from '../../../shared/trace';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantScope, grantsWarehouse } from '../../platform/grants';

/** Which item and lot rows a section reads: a condition over a table alias with `item_number` and `lot_number`. */
type LotScope = (alias: string) => RawBuilder<unknown>;

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const blank = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);
const TIME = 'YYYY-MM-DD HH24:MI:SS';

/** One lot number, of one item when named. */
const oneLot =
  (lotNumber: string, itemNumber: string | null): LotScope =>
  (a) =>
    itemNumber === null
      ? sql`${col(a, 'lot_number')} = ${lotNumber}`
      : sql`${col(a, 'lot_number')} = ${lotNumber} and ${col(a, 'item_number')} = ${itemNumber}`;

/** Item and lot pairs (the lots a delivery, an order or a serial took). */
const lotPairs =
  (pairs: readonly { itemNumber: string; lotNumber: string }[]): LotScope =>
  (a) =>
    pairs.length === 0
      ? sql`false`
      : pairIn(
          sql`(${col(a, 'item_number')}, ${col(a, 'lot_number')})`,
          pairs.map((p) => [p.itemNumber, p.lotNumber] as const),
        );

/** `(a, b) in` the given pairs (item and receipt, item and order). */
function pairIn(left: RawBuilder<unknown>, pairs: readonly (readonly [string, string])[]): RawBuilder<unknown> {
  if (pairs.length === 0) return sql`false`;
  return sql`${left} in (select * from unnest(${pairs.map((p) => p[0])}::varchar[], ${pairs.map((p) => p[1])}::varchar[]))`;
}

/** Fetches one more row than the limit, to tell a cut section. */
function limited<T>(rows: T[], limit: number, section: TraceSection, truncated: TraceSection[]): T[] {
  if (rows.length <= limit) return rows;
  truncated.push(section);
  return rows.slice(0, limit);
}

function refuseUnlessWarehouse(user: SessionUser, whId: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

const empty = (): TraceAnswer => ({
  customers: [],
  lots: [],
  serials: [],
  receipts: [],
  movements: [],
  onHand: [],
  orders: [],
  cartons: [],
  deliveries: [],
  pods: [],
  truncated: [],
});

async function serialsWhere(db: Db, user: SessionUser, whId: string, where: RawBuilder<unknown>): Promise<TraceSerial[]> {
  const { rows } = await sql<TraceSerial>`
    select s.item_number, s.serial_number, s.lot_number, s.status, s.location_id, s.order_number, s.receipt_id
    from tbl_sn_master s join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    where s.wh_id = ${whId} and ${where} and ${grantScope(user, sql.ref('s.wh_id'), sql.ref('i.client_code'))}
    order by s.item_number, s.serial_number limit ${TRACE_ROW_LIMIT}`.execute(db);
  return rows;
}

async function receipts(db: Db, user: SessionUser, whId: string, scope: RawBuilder<unknown>): Promise<TraceReceipt[]> {
  const { rows } = await sql<TraceReceipt>`
    select r.receipt_id, r.po_number, r.line_number, coalesce(r.vendor_code, p.vendor_code) as vendor_code, v.vendor_name,
      r.client_code, r.item_number, r.lot_number, to_char(r.expiration_date, 'YYYY-MM-DD') as expiration_date,
      trim_scale(r.qty_received)::text as qty, r.uom, to_char(r.receipt_date, ${TIME}) as receipt_date, r.location_id
    from t_receipt r
    left join t_po_master p on p.wh_id = r.wh_id and p.po_number = r.po_number
    left join t_vendor v on v.wh_id = r.wh_id and v.vendor_code = coalesce(r.vendor_code, p.vendor_code)
    where r.wh_id = ${whId} and ${scope} and ${grantScope(user, sql.ref('r.wh_id'), sql.ref('r.client_code'))}
    order by r.receipt_date, r.id limit ${TRACE_ROW_LIMIT + 1}`.execute(db);
  return rows.map((r) => ({ ...r, lineNumber: Number(r.lineNumber) }));
}

async function movements(db: Db, user: SessionUser, whId: string, scope: LotScope): Promise<TraceMovement[]> {
  const { rows } = await sql<TraceMovement>`
    select t.id, to_char(t.tran_date, ${TIME}) as tran_date, t.tran_type, t.client_code, t.item_number, t.lot_number,
      t.hu_id, trim_scale(t.quantity)::text as quantity, t.from_location_id, t.to_location_id, t.control_number,
      t.employee_id
    from tran_log t
    where t.wh_id = ${whId} and ${scope('t')} and ${grantScope(user, sql.ref('t.wh_id'), sql.ref('t.client_code'))}
    order by t.tran_date, t.id limit ${TRACE_MOVEMENT_LIMIT + 1}`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function onHand(db: Db, user: SessionUser, whId: string, scope: LotScope): Promise<TraceOnHand[]> {
  const { rows } = await sql<TraceOnHand>`
    select s.location_id, s.client_code, s.item_number, s.lot_number, s.hu_id, s.status,
      trim_scale(s.actual_qty)::text as actual_qty, trim_scale(s.allocated_qty)::text as allocated_qty,
      trim_scale(s.unavailable_qty)::text as unavailable_qty, to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date
    from t_stored_item s
    where s.wh_id = ${whId} and ${scope('s')} and s.actual_qty > 0
      and ${grantScope(user, sql.ref('s.wh_id'), sql.ref('s.client_code'))}
    order by s.item_number, s.lot_number, s.location_id, s.id limit ${TRACE_ROW_LIMIT + 1}`.execute(db);
  return rows;
}

/** Orders that were allocated or picked the lots (their pick tasks), with the order's customer and ship-to. */
async function orders(db: Db, user: SessionUser, whId: string, where: RawBuilder<unknown>): Promise<TraceOrder[]> {
  const { rows } = await sql<TraceOrder>`
    select o.order_number, o.client_code, o.status, o.wave_id, o.customer_code, o.customer_name, o.ship_to_name,
      o.ship_to_city, t.item_number, t.lot_number, trim_scale(sum(t.picked_qty))::text as picked_qty,
      trim_scale(sum(case when t.status = 'O' then t.quantity - t.picked_qty - t.short_qty else 0 end))::text as allocated_qty
    from t_wave_pick_task t
    join t_order o on o.wh_id = t.wh_id and o.order_number = t.order_number
    where t.wh_id = ${whId} and ${where} and ${grantScope(user, sql.ref('o.wh_id'), sql.ref('o.client_code'))}
    group by o.order_number, o.client_code, o.status, o.wave_id, o.customer_code, o.customer_name, o.ship_to_name,
      o.ship_to_city, t.item_number, t.lot_number
    having sum(t.picked_qty) > 0 or bool_or(t.status = 'O')
    order by o.order_number, t.item_number, t.lot_number limit ${TRACE_ROW_LIMIT + 1}`.execute(db);
  return rows;
}

/** Carton lines (grouped per carton, item and lot) with the carton's order, status and delivery. */
async function cartons(db: Db, user: SessionUser, whId: string, where: RawBuilder<unknown>): Promise<TraceCarton[]> {
  const { rows } = await sql<TraceCarton>`
    select c.carton_number, c.order_number, c.status, d.item_number, d.lot_number, trim_scale(sum(d.qty))::text as qty,
      c.delivery_number, c.ship_label_barcode
    from tbl_shipping_label_detail d
    join tbl_shipping_label c on c.wh_id = d.wh_id and c.carton_number = d.carton_number
    where d.wh_id = ${whId} and ${where} and ${grantScope(user, sql.ref('c.wh_id'), sql.ref('c.client_code'))}
    group by c.carton_number, c.order_number, c.status, d.item_number, d.lot_number, c.delivery_number, c.ship_label_barcode
    order by c.carton_number, d.item_number, d.lot_number limit ${TRACE_ROW_LIMIT + 1}`.execute(db);
  return rows;
}

/** The deliveries of the cartons shown and their proofs of delivery. */
async function deliveries(db: Db, whId: string, numbers: readonly string[]): Promise<[TraceDelivery[], TracePod[]]> {
  if (numbers.length === 0) return [[], []];
  const { rows } = await sql<TraceDelivery>`
    select delivery_number, carrier_id, status, carton_count, to_char(ship_time, ${TIME}) as ship_time
    from t_delivery where wh_id = ${whId} and delivery_number = any(${[...numbers]}::varchar[])
    order by delivery_number`.execute(db);
  const { rows: pods } = await sql<TracePod>`
    select delivery_number, id as pod_id, driver_name, vehicle_plate, station_name, user_name,
      to_char(signed_at, ${TIME}) as signed_at
    from t_delivery_pod where wh_id = ${whId} and delivery_number = any(${[...numbers]}::varchar[])
    order by delivery_number`.execute(db);
  return [rows.map((r) => ({ ...r, cartonCount: Number(r.cartonCount) })), pods.map((p) => ({ ...p, podId: Number(p.podId) }))];
}

const milli = (qty: string) => Math.round(Number(qty) * 1000);

/** Who got it: the orders grouped by customer (or ship-to), their deliveries, and the quantity picked for them. */
export function customersOf(orderRows: readonly TraceOrder[], cartonRows: readonly TraceCarton[]): TraceCustomer[] {
  const groups = new Map<string, { row: TraceOrder; orders: Set<string>; deliveries: Set<string>; qty: number }>();
  for (const o of orderRows) {
    const key = JSON.stringify([o.customerCode, o.customerName, o.shipToName, o.shipToCity]);
    const group = groups.get(key) ?? { row: o, orders: new Set<string>(), deliveries: new Set<string>(), qty: 0 };
    group.orders.add(o.orderNumber);
    group.qty += milli(o.pickedQty);
    for (const c of cartonRows) if (c.orderNumber === o.orderNumber && c.deliveryNumber) group.deliveries.add(c.deliveryNumber);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ row, orders: numbers, deliveries: dl, qty }) => ({
    customerCode: row.customerCode,
    customerName: row.customerName,
    shipToName: row.shipToName,
    shipToCity: row.shipToCity,
    orders: [...numbers].sort().join(', '),
    deliveries: [...dl].sort().join(', '),
    qty: String(qty / 1000),
  }));
}

/** Fills the outbound sections (orders, cartons, deliveries, PODs, customers) from order and carton conditions. */
async function outbound(
  db: Db,
  user: SessionUser,
  whId: string,
  answer: TraceAnswer,
  where: { tasks: RawBuilder<unknown>; cartons: RawBuilder<unknown> },
): Promise<void> {
  answer.orders = limited(await orders(db, user, whId, where.tasks), TRACE_ROW_LIMIT, 'orders', answer.truncated);
  answer.cartons = limited(await cartons(db, user, whId, where.cartons), TRACE_ROW_LIMIT, 'cartons', answer.truncated);
  const numbers = [...new Set(answer.cartons.map((c) => c.deliveryNumber).filter((n): n is string => n !== null))];
  [answer.deliveries, answer.pods] = await deliveries(db, whId, numbers);
  answer.customers = customersOf(answer.orders, answer.cartons);
}

/** `POST /trace/lot`: see the file comment. */
export async function traceLot(db: Db, user: SessionUser, request: TraceLotRequest): Promise<TraceAnswer> {
  refuseUnlessWarehouse(user, request.whId);
  const { whId } = request;
  const lotNumber = blank(request.lotNumber);
  const serialNumber = blank(request.serialNumber);
  const itemNumber = blank(request.itemNumber);
  if (!lotNumber && !serialNumber) throw new AppError('traceQueryRequired');
  const answer = empty();
  let scope: LotScope;
  let receiptScope: RawBuilder<unknown>;
  let taskWhere: RawBuilder<unknown>;
  let cartonWhere: RawBuilder<unknown>;
  if (lotNumber) {
    scope = oneLot(lotNumber, itemNumber);
    receiptScope = scope('r');
    taskWhere = scope('t');
    cartonWhere = scope('d');
    if (serialNumber) answer.serials = await serialsWhere(db, user, whId, sql`s.serial_number = ${serialNumber}`);
  } else {
    // A serial: its master rows, then the lots they name; a serial without lot is traced by its own receipt and order.
    const item = itemNumber === null ? sql`true` : sql`s.item_number = ${itemNumber}`;
    answer.serials = await serialsWhere(db, user, whId, sql`s.serial_number = ${serialNumber} and ${item}`);
    const pairs = answer.serials
      .filter((s) => s.lotNumber !== null)
      .map((s) => ({ itemNumber: s.itemNumber, lotNumber: s.lotNumber as string }));
    const withoutLot = answer.serials.filter((s) => s.lotNumber === null);
    const receiptIds = withoutLot.flatMap((s) => (s.receiptId ? [[s.itemNumber, s.receiptId] as const] : []));
    const orderKeys = withoutLot.flatMap((s) => (s.orderNumber ? [[s.itemNumber, s.orderNumber] as const] : []));
    scope = lotPairs(pairs);
    receiptScope = sql`(${scope('r')} or ${pairIn(sql`(r.item_number, r.receipt_id)`, receiptIds)})`;
    taskWhere = sql`(${scope('t')} or ${pairIn(sql`(t.item_number, t.order_number)`, orderKeys)})`;
    cartonWhere = sql`(${scope('d')} or ${pairIn(sql`(d.item_number, d.order_number)`, orderKeys)})`;
  }
  answer.receipts = limited(await receipts(db, user, whId, receiptScope), TRACE_ROW_LIMIT, 'receipts', answer.truncated);
  answer.movements = limited(await movements(db, user, whId, scope), TRACE_MOVEMENT_LIMIT, 'movements', answer.truncated);
  answer.onHand = limited(await onHand(db, user, whId, scope), TRACE_ROW_LIMIT, 'onHand', answer.truncated);
  await outbound(db, user, whId, answer, { tasks: taskWhere, cartons: cartonWhere });
  const lots = new Map<string, TraceLot>();
  for (const r of [...answer.receipts, ...answer.onHand]) {
    if (r.lotNumber === null || r.clientCode === null) continue;
    lots.set(`${r.itemNumber}\u0000${r.lotNumber}`, {
      itemNumber: r.itemNumber,
      lotNumber: r.lotNumber,
      clientCode: r.clientCode,
      qty: '',
    });
  }
  answer.lots = [...lots.values()].map((l) => ({
    ...l,
    qty: String(
      answer.onHand
        .filter((s) => s.itemNumber === l.itemNumber && s.lotNumber === l.lotNumber)
        .reduce((n, s) => n + milli(s.actualQty), 0) / 1000,
    ),
  }));
  return answer;
}

/** `POST /trace/delivery`: see the file comment. */
export async function traceDocument(db: Db, user: SessionUser, request: TraceDocumentRequest): Promise<TraceAnswer> {
  refuseUnlessWarehouse(user, request.whId);
  const { whId } = request;
  const deliveryNumber = blank(request.deliveryNumber);
  const orderNumber = blank(request.orderNumber);
  if (!deliveryNumber && !orderNumber) throw new AppError('traceQueryRequired');
  const answer = empty();
  if (deliveryNumber) {
    const cartonWhere = sql`c.delivery_number = ${deliveryNumber}`;
    const { rows } = await sql<{ orderNumber: string }>`
      select distinct c.order_number from tbl_shipping_label c
      where c.wh_id = ${whId} and ${cartonWhere} and ${grantScope(user, sql.ref('c.wh_id'), sql.ref('c.client_code'))}`.execute(
      db,
    );
    const numbers = rows.map((r) => r.orderNumber);
    await outbound(db, user, whId, answer, {
      tasks: sql`t.order_number = any(${numbers}::varchar[]) and t.picked_qty > 0`,
      cartons: cartonWhere,
    });
  } else {
    await outbound(db, user, whId, answer, {
      tasks: sql`t.order_number = ${orderNumber}`,
      cartons: sql`c.order_number = ${orderNumber}`,
    });
  }
  // The lots it took: a delivery's carton lines; an order's picks (packed or not).
  const taken = new Map<string, TraceLot>();
  const add = (itemNumber: string, lotNumber: string | null, clientCode: string, qty: string) => {
    if (lotNumber === null) return;
    const key = `${itemNumber}\u0000${lotNumber}`;
    const lot = taken.get(key) ?? { itemNumber, lotNumber, clientCode, qty: '0' };
    lot.qty = String((milli(lot.qty) + milli(qty)) / 1000);
    taken.set(key, lot);
  };
  const clientOf = new Map(answer.orders.map((o) => [o.orderNumber, o.clientCode]));
  if (deliveryNumber) for (const c of answer.cartons) add(c.itemNumber, c.lotNumber, clientOf.get(c.orderNumber) ?? '', c.qty);
  else for (const o of answer.orders) add(o.itemNumber, o.lotNumber, o.clientCode, o.pickedQty);
  answer.lots = [...taken.values()].filter((l) => milli(l.qty) > 0);
  answer.receipts = limited(
    await receipts(db, user, whId, lotPairs(answer.lots)('r')),
    TRACE_ROW_LIMIT,
    'receipts',
    answer.truncated,
  );
  const orderNumbers = [...new Set(answer.orders.map((o) => o.orderNumber))];
  answer.serials = await serialsWhere(db, user, whId, sql`s.order_number = any(${orderNumbers}::varchar[])`);
  return answer;
}
