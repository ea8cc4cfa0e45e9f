/**
 * Deliveries and shipping (README "Deliveries", "Shipping"): labelled cartons of one carrier are gathered in a
 * delivery (`generateDelivery`, L → D), taken out again (`removeFromDelivery`, D → L), and the delivery is shipped
 * (`shippingByDelivery`): its cartons' stock leaves the ledger (SHIP), cartons D → S, pick details shipped, orders and
 * waves shipped when nothing of them is left. Each call is one transaction locking in one order: ledger keys, the
 * delivery, the cartons by number, the orders by number, the pick details by id.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction, onCommit } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { business } from '../../platform/metrics';
import type { Actor } from '../inventory/execute.service';
import { fromMilli, lockStockKeys, type StockKey, takeStocks, toMilli } from '../inventory/ledger.service';
import { takeNextNumber } from '../masterdata/control.service';
import { shipSerials } from '../serials/serials.service';
import { recordEvents } from '../webhooks/events';
import {
  type CartonRow,
  cartonStatus,
  distinct,
  lockCartons,
  NOTHING_LEFT_TO_PACK,
  readCartons,
  refuseShipped,
  requireDelivery,
  requireWarehouse,
} from './shipping.guard';

export interface GenerateDeliveryInput {
  whId: string;
  cartonNumbers: string[];
  deliveryNumber?: string | null;
  remark?: string | null;
}

export interface GeneratedDelivery {
  deliveryNumber: string;
  cartonCount: number;
}

export interface RemoveFromDeliveryInput {
  whId: string;
  cartonNumbers: string[];
}

export interface ShipInput {
  whId: string;
  deliveryNumber: string;
}

export interface ShipAnswer {
  deliveryNumber: string;
  cartons: number;
  orders: number;
  shippedQty: string;
}

interface DeliveryRow {
  id: number;
  deliveryNumber: string;
  carrierId: string;
  status: 'O' | 'S';
}

const blank = (value: string | null | undefined): string | null => {
  const s = (value ?? '').trim();
  return s === '' ? null : s;
};

/** A delivery of the warehouse, locked; unknown → notFound. */
async function lockDelivery(trx: Trx, whId: string, deliveryNumber: string): Promise<DeliveryRow> {
  const { rows } = await sql<DeliveryRow>`
    select id, delivery_number, carrier_id, status from t_delivery
    where wh_id = ${whId} and delivery_number = ${deliveryNumber} for update`.execute(trx);
  const row = rows[0];
  if (!row) throw new AppError('notFound', { deliveryNumber });
  return row;
}

/** Recounts the cartons of deliveries; a delivery left without any is deleted. */
async function recount(trx: Trx, whId: string, deliveryNumbers: readonly string[]): Promise<void> {
  if (deliveryNumbers.length === 0) return;
  await sql`
    update t_delivery d set carton_count = (select count(*) from tbl_shipping_label c
      where c.wh_id = d.wh_id and c.delivery_number = d.delivery_number), update_time = now()
    where d.wh_id = ${whId} and d.delivery_number = any(${[...deliveryNumbers]}::varchar[])`.execute(trx);
  await sql`
    delete from t_delivery where wh_id = ${whId} and delivery_number = any(${[...deliveryNumbers]}::varchar[])
      and carton_count = 0 and status = 'O'`.execute(trx);
}

/** Refuses a carton that cannot enter a delivery: shipped, already in one, or not labelled. */
/** The orders of these cartons, once each. */
const ordersOf = (cartons: readonly CartonRow[]): string[] => [...new Set(cartons.map((c) => c.orderNumber))];

function requireDeliverable(carton: CartonRow): void {
  refuseShipped(carton);
  if (carton.status === 'D') {
    throw new AppError('cartonInDelivery', { cartonNumber: carton.cartonNumber, deliveryNumber: carton.deliveryNumber ?? '' });
  }
  if (carton.status !== 'L') {
    throw new AppError('cartonNotLabelled', { cartonNumber: carton.cartonNumber, status: cartonStatus(carton) });
  }
}

/**
 * `generateDelivery`: labelled cartons of one carrier into a new delivery (DELIVERY series, O, the carrier) or into
 * the open delivery named, of the same carrier. Cartons L → D; the delivery's carton count kept; an order → D when
 * all its cartons are in a delivery or shipped and nothing of it is left to pack.
 */
export async function generateDelivery(db: Db, input: GenerateDeliveryInput, actor: Actor): Promise<GeneratedDelivery> {
  requireWarehouse(actor, input.whId);
  const numbers = distinct(input.cartonNumbers);
  const named = blank(input.deliveryNumber);
  return inTransaction(db, async (trx) => {
    const existing = named ? await lockDelivery(trx, input.whId, named) : null;
    // Cartons join only a delivery the user sees whole (every client of it granted); for anyone else it is not there.
    if (named) await requireDelivery(trx, actor, input.whId, named, 'write');
    if (existing && existing.status !== 'O') {
      throw new AppError('deliveryNotOpen', {
        deliveryNumber: existing.deliveryNumber,
        status: `code.deliveryStatus.${existing.status}`,
      });
    }
    const cartons = await lockCartons(trx, actor, input.whId, numbers, requireDeliverable);
    const carriers = [...new Set([...(existing ? [existing.carrierId] : []), ...cartons.map((c) => c.carrier ?? '')])].sort();
    if (carriers.length > 1) throw new AppError('deliveryMixedCarriers', { carriers: carriers.join(', ') });
    const carrier = carriers[0] ?? '';
    let deliveryNumber = existing?.deliveryNumber;
    if (!deliveryNumber) {
      deliveryNumber = await takeNextNumber(trx, input.whId, 'DELIVERY');
      await sql`
        insert into t_delivery (wh_id, delivery_number, carrier_id, status, remark, create_by)
        values (${input.whId}, ${deliveryNumber}, ${carrier}, 'O', ${blank(input.remark)}, ${actor.name})`.execute(trx);
    } else if (blank(input.remark)) {
      await sql`update t_delivery set remark = ${blank(input.remark)} where id = ${existing?.id ?? 0}`.execute(trx);
    }
    await sql`
      update tbl_shipping_label set status = 'D', delivery_number = ${deliveryNumber}, update_time = now()
      where id = any(${cartons.map((c) => c.id)}::int[]) and status = 'L'`.execute(trx);
    await recount(trx, input.whId, [deliveryNumber]);
    await sql`
      update t_order o set status = 'D', update_time = now()
      where o.wh_id = ${input.whId} and o.order_number = any(${ordersOf(cartons)}::varchar[]) and o.status in ('K', 'P')
        and not exists (select 1 from tbl_shipping_label c where c.wh_id = o.wh_id and c.order_number = o.order_number
          and c.status not in ('D', 'S'))
        and ${NOTHING_LEFT_TO_PACK}`.execute(trx);
    const { rows } = await sql<{ cartonCount: number }>`
      select carton_count from t_delivery where wh_id = ${input.whId} and delivery_number = ${deliveryNumber}`.execute(trx);
    return { deliveryNumber, cartonCount: Number(rows[0]?.cartonCount ?? 0) };
  });
}

/**
 * `removeFromDelivery`: cartons in a delivery go back to labelled (D → L, no delivery); their deliveries are recounted
 * and one left empty is deleted; their orders D → P. Cartons not in a delivery are left as they are (not counted);
 * a shipped one is refused. Answers how many cartons left a delivery.
 */
export async function removeFromDelivery(db: Db, input: RemoveFromDeliveryInput, actor: Actor): Promise<number> {
  requireWarehouse(actor, input.whId);
  const numbers = distinct(input.cartonNumbers);
  return inTransaction(db, async (trx) => {
    const seen = await readCartons(trx, input.whId, numbers, false);
    const deliveries = [...new Set(seen.flatMap((c) => (c.deliveryNumber ? [c.deliveryNumber] : [])))].sort();
    // Their deliveries first (one emptied and deleted meanwhile is simply gone), then the cartons under their locks.
    await sql`
      select id from t_delivery where wh_id = ${input.whId} and delivery_number = any(${deliveries}::varchar[])
      order by delivery_number for update`.execute(trx);
    const cartons = await lockCartons(trx, actor, input.whId, numbers);
    const removed = cartons.filter((c) => c.status === 'D');
    if (removed.length === 0) return 0;
    await sql`
      update tbl_shipping_label set status = 'L', delivery_number = null, update_time = now()
      where id = any(${removed.map((c) => c.id)}::int[]) and status = 'D'`.execute(trx);
    await recount(trx, input.whId, [...new Set(removed.map((c) => c.deliveryNumber ?? ''))]);
    await sql`
      update t_order set status = 'P', update_time = now()
      where wh_id = ${input.whId} and order_number = any(${[...new Set(removed.map((c) => c.orderNumber))]}::varchar[])
        and status = 'D'`.execute(trx);
    return removed.length;
  });
}

interface CartonLine {
  id: number;
  cartonNumber: string;
  locationId: string;
  orderNumber: string;
  lineNumber: number;
  pickDetailId: number;
  itemNumber: string;
  lotNumber: string | null;
  storedAttributeId: string | null;
  qty: string;
  attributes: (string | null)[];
}

/** The lines of a delivery's cartons with the ledger key of each (the carton number is the key's pallet). */
async function deliveryLines(trx: Trx, whId: string, deliveryNumber: string): Promise<CartonLine[]> {
  const { rows } = await sql<Omit<CartonLine, 'attributes'> & Record<string, unknown>>`
    select l.id, l.carton_number, c.location_id, l.order_number, l.line_number, l.pick_detail_id, l.item_number,
      l.lot_number, l.stored_attribute_id::text as stored_attribute_id, trim_scale(l.qty)::text as qty,
      ${sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`l.generic_attr_value${i + 1}`)))}
    from tbl_shipping_label_detail l
    join tbl_shipping_label c on c.wh_id = l.wh_id and c.carton_number = l.carton_number
    where c.wh_id = ${whId} and c.delivery_number = ${deliveryNumber}
    order by l.carton_number, l.id`.execute(trx);
  return rows.map((r) => ({
    id: r.id,
    cartonNumber: r.cartonNumber,
    locationId: r.locationId,
    orderNumber: r.orderNumber,
    lineNumber: r.lineNumber,
    pickDetailId: r.pickDetailId,
    itemNumber: r.itemNumber,
    lotNumber: r.lotNumber,
    storedAttributeId: r.storedAttributeId,
    qty: r.qty,
    attributes: Array.from({ length: 11 }, (_, i) => (r[`genericAttrValue${i + 1}`] as string | null) ?? null),
  }));
}

const lineKey = (whId: string, line: CartonLine): StockKey => ({
  whId,
  locationId: line.locationId,
  itemNumber: line.itemNumber,
  lotNumber: line.lotNumber,
  huId: line.cartonNumber,
  storedAttributeId: line.storedAttributeId === null ? null : Number(line.storedAttributeId),
});

/**
 * `shippingByDelivery` (see the file comment). The delivery turns O → S with one conditional update after the ledger
 * keys are locked: of two calls shipping the same delivery at once, the second finds it shipped (`deliveryShipped`).
 */
export async function shippingByDelivery(db: Db, input: ShipInput, actor: Actor): Promise<ShipAnswer> {
  requireWarehouse(actor, input.whId);
  return inTransaction(db, (trx) => shipDelivery(trx, input, actor));
}

/**
 * The body of `shippingByDelivery` on the caller's transaction (the kiosk's hand-over ships in the transaction that
 * stores the proof of delivery). Checks the warehouse grant itself; the caller retries the whole transaction.
 */
export async function shipDelivery(trx: Trx, input: ShipInput, actor: Actor): Promise<ShipAnswer> {
  requireWarehouse(actor, input.whId);
  const deliveryNumber = input.deliveryNumber.trim();
  const seenLines = await deliveryLines(trx, input.whId, deliveryNumber);
  const locked = new Set<string>();
  const lockKeys = async (lines: CartonLine[]) => {
    const keys = lines.map((l) => lineKey(input.whId, l)).filter((k) => !locked.has(JSON.stringify(k)));
    await lockStockKeys(trx, keys);
    for (const k of keys) locked.add(JSON.stringify(k));
  };
  await lockKeys(seenLines);
  const delivery = await lockDelivery(trx, input.whId, deliveryNumber);
  await requireDelivery(trx, actor, input.whId, deliveryNumber, 'write');
  if (delivery.status !== 'O') throw new AppError('deliveryShipped', { deliveryNumber });
  const { rows: numbers } = await sql<{ cartonNumber: string }>`
    select carton_number from tbl_shipping_label where wh_id = ${input.whId} and delivery_number = ${deliveryNumber}`.execute(
    trx,
  );
  const cartons = await lockCartons(
    trx,
    actor,
    input.whId,
    numbers.map((n) => n.cartonNumber),
  );
  // The lines under the locks (a carton added between the first read and the delivery's lock has its keys locked now).
  const lines = await deliveryLines(trx, input.whId, deliveryNumber);
  await lockKeys(lines);
  const detailIds = [...new Set(lines.map((l) => l.pickDetailId))].sort((a, b) => a - b);
  await sql`select id from t_pick_detail where id = any(${detailIds}::int[]) order by id for update`.execute(trx);
  await sql`
    update t_delivery set status = 'S', ship_by = ${actor.name}, ship_time = now(), update_time = now()
    where id = ${delivery.id} and status = 'O'`.execute(trx);

  const shippedByDetail = new Map<number, bigint>();
  let total = 0n;
  // Every carton line's stock leaves the ledger in three statements (update, delete, SHIP log rows), not three a line.
  await takeStocks(
    trx,
    lines.map((line) => ({
      key: lineKey(input.whId, line),
      qty: line.qty,
      context: {
        category: 'OUTBOUND',
        tranType: 'SHIP',
        description: `${line.orderNumber}/${line.lineNumber}`,
        employeeId: actor.name,
        controlNumber: deliveryNumber,
        lineNumber: line.lineNumber,
        fromLocationId: line.locationId,
        toLocationId: null,
        attributes: line.attributes,
      },
    })),
  );
  await shipSerials(
    trx,
    input.whId,
    deliveryNumber,
    cartons.map((c) => c.cartonNumber),
    actor,
  );
  for (const line of lines) {
    shippedByDetail.set(line.pickDetailId, (shippedByDetail.get(line.pickDetailId) ?? 0n) + toMilli(line.qty));
    total += toMilli(line.qty);
  }
  await sql`
    update tbl_shipping_label set status = 'S', ship_time = now(), update_time = now()
    where id = any(${cartons.map((c) => c.id)}::int[]) and status = 'D'`.execute(trx);
  const shipped = [...shippedByDetail].map(([id, milli]) => ({ id, qty: fromMilli(milli) }));
  await sql`
    update t_pick_detail d set shipped_qty = d.shipped_qty + s.qty,
      status = case when d.shipped_qty + s.qty >= d.picked_qty then 'D' else d.status end, update_time = now()
    from json_to_recordset(${JSON.stringify(shipped)}::json) as s(id int, qty numeric)
    where d.id = s.id`.execute(trx);
  const orderNumbers = ordersOf(cartons);
  await sql`
    update t_order o set status = 'S', actual_ship_date = current_date, update_time = now()
    where o.wh_id = ${input.whId} and o.order_number = any(${orderNumbers}::varchar[]) and o.status in ('K', 'P', 'D')
      and not exists (select 1 from tbl_shipping_label c where c.wh_id = o.wh_id and c.order_number = o.order_number
        and c.status <> 'S')
      and ${NOTHING_LEFT_TO_PACK}`.execute(trx);
  const waves = [...new Set(cartons.map((c) => c.waveId))];
  // A wave is shipped when every order of it that picked anything is shipped (and no task of it is open).
  await sql`
    update t_wave_master w set status = 'S', update_time = now()
    where w.wh_id = ${input.whId} and w.wave_id = any(${waves}::varchar[]) and w.status <> 'S'
      and not exists (select 1 from t_wave_pick_task t where t.wh_id = w.wh_id and t.wave_id = w.wave_id and t.status = 'O')
      and not exists (select 1 from t_order o where o.wh_id = w.wh_id and o.wave_id = w.wave_id and o.status <> 'S'
        and exists (select 1 from t_pick_detail d where d.wh_id = o.wh_id and d.order_number = o.order_number
          and d.picked_qty > 0))`.execute(trx);
  await recordShipped(trx, input.whId, delivery, cartons);
  // Counted once the caller's transaction commits (this one's, or the kiosk hand-over's).
  onCommit(trx, () => business.cartonsShipped.inc(cartons.length));
  return { deliveryNumber, cartons: cartons.length, orders: orderNumbers.length, shippedQty: fromMilli(total) };
}

/**
 * The `delivery.shipped` webhook events (modules/webhooks): one per client of the delivery, with that client's orders
 * and cartons (tracking numbers) and the proof of delivery stored in this transaction (the kiosk hand-over), if any.
 */
async function recordShipped(trx: Trx, whId: string, delivery: DeliveryRow, cartons: readonly CartonRow[]): Promise<void> {
  const { rows: pods } = await sql<{ id: number }>`
    select id from t_delivery_pod where delivery_id = ${delivery.id} order by id desc limit 1`.execute(trx);
  const clients = [...new Set(cartons.map((c) => c.clientCode))].sort();
  await recordEvents(
    trx,
    clients.map((client) => {
      const own = cartons.filter((c) => c.clientCode === client);
      return {
        type: 'delivery.shipped' as const,
        warehouse: whId,
        client,
        payload: {
          deliveryNumber: delivery.deliveryNumber,
          carrier: delivery.carrierId,
          orders: ordersOf(own),
          cartons: own.map((c) => ({
            cartonNumber: c.cartonNumber,
            orderNumber: c.orderNumber,
            trackingNumber: c.shipLabelBarcode,
          })),
          podId: pods[0]?.id ?? null,
        },
      };
    }),
  );
}
