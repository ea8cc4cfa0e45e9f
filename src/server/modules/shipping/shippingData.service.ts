/**
 * What the shipping documents print (README "Labels", "Documents (routes)"): `getPrintData` (labels),
 * `getDeliveryData` (delivery note), `getDispatchData` (dispatch list), `getPackageData` (packing lists). Read-only;
 * the warehouse and the orders' clients must be granted (read). Shapes in documents/documents.types.ts.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { AppError } from '../../platform/errors';
import type { Actor } from '../inventory/execute.service';
import { fromMilli, toMilli } from '../inventory/ledger.service';
import type {
  DeliveryCarton,
  DeliveryData,
  DispatchData,
  DispatchOrder,
  LabelData,
  PackageData,
  PackageLine,
  PackageOrder,
  ShipTo,
  WarehouseParty,
} from './documents/documents.types';
import { distinct, grantsClients, requireClients, requireWarehouse } from './shipping.guard';

type Reader = Db | Trx;

export interface PrintDataInput {
  whId: string;
  cartonNumbers: string[];
}

export interface DeliveryDataInput {
  whId: string;
  deliveryNumber: string;
}

export interface PackageDataInput {
  whId: string;
  deliveryNumber?: string | null;
  orderNumber?: string | null;
}

interface CartonInfo {
  cartonNumber: string;
  orderNumber: string;
  waveId: string;
  clientCode: string;
  cartonType: string;
  carrier: string | null;
  carrierName: string | null;
  shipLabelBarcode: string | null;
  deliveryNumber: string | null;
  status: string;
  cartonSeq: number;
  weight: string | null;
  totalQty: string;
  orderCartons: number;
  customerName: string | null;
  shipToName: string | null;
  shipToPhone: string | null;
  shipToAddr1: string | null;
  shipToAddr2: string | null;
  shipToCity: string | null;
  shipToState: string | null;
  shipToZip: string | null;
}

const SELECT_CARTON = sql`
  select c.carton_number, c.order_number, c.wave_id, c.client_code, c.carton_type, c.carrier, r.carrier_name,
    c.ship_label_barcode, c.delivery_number, c.status, c.carton_seq,
    trim_scale(coalesce(c.actual_weight, c.logical_weight))::text as weight,
    coalesce((select trim_scale(sum(l.qty))::text from tbl_shipping_label_detail l
      where l.wh_id = c.wh_id and l.carton_number = c.carton_number), '0') as total_qty,
    (select count(*)::int from tbl_shipping_label a where a.wh_id = c.wh_id and a.order_number = c.order_number
      and a.status <> 'O') as order_cartons,
    o.customer_name, o.ship_to_name, o.ship_to_phone, o.ship_to_addr1, o.ship_to_addr2, o.ship_to_city,
    o.ship_to_state, o.ship_to_zip
  from tbl_shipping_label c
  join t_order o on o.wh_id = c.wh_id and o.order_number = c.order_number
  left join t_carrier r on r.wh_id = c.wh_id and r.carrier_code = c.carrier`;

/** The non-empty parts once each, in order (a municipality is its own province: 上海 上海 prints once). */
const joinText = (parts: readonly (string | null | undefined)[], separator = ' '): string =>
  [...new Set(parts.map((p) => (p ?? '').trim()).filter((p) => p !== ''))].join(separator);

/** The warehouse as the documents' sender. */
async function warehouseParty(db: Reader, whId: string): Promise<WarehouseParty> {
  const { rows } = await sql<{
    name: string;
    addr1: string | null;
    addr2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
  }>`select name, addr1, addr2, city, state, zip, phone from t_whse where wh_id = ${whId}`.execute(db);
  const w = rows[0];
  if (!w) throw new AppError('notFound', { whId });
  return { whId, name: w.name, address: joinText([w.state, w.city, w.addr1, w.addr2, w.zip]), phone: w.phone };
}

const shipTo = (c: CartonInfo): ShipTo => ({
  name: c.shipToName,
  phone: c.shipToPhone,
  address: joinText([c.shipToState, c.shipToCity, c.shipToAddr1, c.shipToAddr2, c.shipToZip]),
  city: c.shipToCity,
});

const sumWeights = (weights: readonly (string | null)[]): string =>
  fromMilli(weights.reduce((sum, w) => sum + (w ? toMilli(w) : 0n), 0n));

/**
 * `getPrintData`: one label per carton, in the order asked. Cartons must be labelled (L, D or S; else
 * `cartonNotLabelled`); an unknown carton is `notFound`.
 */
export async function getPrintData(db: Reader, input: PrintDataInput, actor: Actor, now: Date): Promise<LabelData[]> {
  requireWarehouse(actor, input.whId);
  const numbers = distinct(input.cartonNumbers);
  const { rows } = await sql<CartonInfo>`${SELECT_CARTON}
    where c.wh_id = ${input.whId} and c.carton_number = any(${numbers}::varchar[])`.execute(db);
  const byNumber = new Map(rows.map((r) => [r.cartonNumber, r]));
  const missing = numbers.find((n) => !byNumber.has(n));
  if (missing !== undefined) throw new AppError('notFound', { cartonNumber: missing });
  requireClients(
    actor,
    input.whId,
    rows.map((r) => r.clientCode),
    'read',
  );
  const from = await warehouseParty(db, input.whId);
  const printedAt = now.toISOString();
  return numbers.map((n) => {
    const c = byNumber.get(n) as CartonInfo;
    if (!['L', 'D', 'S'].includes(c.status) || !c.shipLabelBarcode) {
      throw new AppError('cartonNotLabelled', { cartonNumber: c.cartonNumber, status: `code.cartonStatus.${c.status}` });
    }
    return {
      cartonNumber: c.cartonNumber,
      shipLabelBarcode: c.shipLabelBarcode,
      orderNumber: c.orderNumber,
      waveId: c.waveId,
      carrierCode: c.carrier ?? '',
      carrierName: c.carrierName ?? c.carrier ?? '',
      clientCode: c.clientCode,
      customerName: c.customerName,
      shipTo: shipTo(c),
      from,
      cartonType: c.cartonType,
      weight: c.weight,
      cartonSeq: c.cartonSeq,
      cartonCount: Number(c.orderCartons),
      totalQty: c.totalQty,
      qrText: [c.cartonNumber, c.shipLabelBarcode, c.orderNumber].join('|'),
      printedAt,
    };
  });
}

interface DeliveryHeader {
  deliveryNumber: string;
  status: string;
  carrierId: string;
  carrierName: string | null;
  createTime: string;
  createBy: string | null;
  shipTime: string | null;
}

/**
 * A delivery of the warehouse and its cartons (by number); unknown, or holding a client the user is not granted →
 * notFound.
 */
async function readDelivery(db: Reader, whId: string, deliveryNumber: string, actor: Actor) {
  requireWarehouse(actor, whId);
  const { rows } = await sql<DeliveryHeader>`
    select d.delivery_number, d.status, d.carrier_id, r.carrier_name,
      to_char(d.create_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as create_time, d.create_by,
      to_char(d.ship_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ship_time
    from t_delivery d left join t_carrier r on r.wh_id = d.wh_id and r.carrier_code = d.carrier_id
    where d.wh_id = ${whId} and d.delivery_number = ${deliveryNumber.trim()}`.execute(db);
  const header = rows[0];
  if (!header) throw new AppError('notFound', { deliveryNumber });
  const { rows: cartons } = await sql<CartonInfo>`${SELECT_CARTON}
    where c.wh_id = ${whId} and c.delivery_number = ${header.deliveryNumber} order by c.carton_number`.execute(db);
  // A delivery holding a client the user is not granted is not there for them (shipping.guard.ts `grantsDelivery`).
  if (
    !grantsClients(
      actor,
      whId,
      cartons.map((c) => c.clientCode),
      'read',
    )
  ) {
    throw new AppError('notFound', { deliveryNumber });
  }
  return { header, cartons, from: await warehouseParty(db, whId) };
}

/** `getDeliveryData`: the delivery note of one delivery. */
export async function getDeliveryData(db: Reader, input: DeliveryDataInput, actor: Actor): Promise<DeliveryData> {
  const { header, cartons, from } = await readDelivery(db, input.whId, input.deliveryNumber, actor);
  const list: DeliveryCarton[] = cartons.map((c) => ({
    cartonNumber: c.cartonNumber,
    shipLabelBarcode: c.shipLabelBarcode ?? '',
    orderNumber: c.orderNumber,
    cartonType: c.cartonType,
    weight: c.weight,
    shipToName: c.shipToName,
    shipToCity: c.shipToCity,
  }));
  return {
    deliveryNumber: header.deliveryNumber,
    status: header.status,
    carrierCode: header.carrierId,
    carrierName: header.carrierName ?? header.carrierId,
    from,
    createTime: header.createTime,
    createBy: header.createBy,
    shipTime: header.shipTime,
    cartons: list,
    totals: {
      cartons: list.length,
      orders: new Set(list.map((c) => c.orderNumber)).size,
      weight: sumWeights(list.map((c) => c.weight)),
    },
  };
}

/** `getDispatchData`: the dispatch list of one delivery, one entry per order (by number). */
export async function getDispatchData(db: Reader, input: DeliveryDataInput, actor: Actor): Promise<DispatchData> {
  const { header, cartons, from } = await readDelivery(db, input.whId, input.deliveryNumber, actor);
  const orders = new Map<string, CartonInfo[]>();
  for (const c of cartons) orders.set(c.orderNumber, [...(orders.get(c.orderNumber) ?? []), c]);
  const list: DispatchOrder[] = [...orders.keys()].sort().map((orderNumber) => {
    const own = orders.get(orderNumber) ?? [];
    const first = own[0] as CartonInfo;
    return {
      orderNumber,
      customerName: first.customerName,
      shipTo: shipTo(first),
      cartonCount: own.length,
      weight: sumWeights(own.map((c) => c.weight)),
      expressNumbers: own.flatMap((c) => (c.shipLabelBarcode ? [c.shipLabelBarcode] : [])),
    };
  });
  return {
    deliveryNumber: header.deliveryNumber,
    carrierCode: header.carrierId,
    carrierName: header.carrierName ?? header.carrierId,
    from,
    createTime: header.createTime,
    orders: list,
  };
}

/**
 * `getPackageData`: the packing lists of a delivery's orders (their cartons in that delivery) or of one order (its
 * closed cartons, whatever their status). Exactly one of the two numbers (`packageQueryOneOf`).
 */
/** An optional text of the body, trimmed ('' when absent); anything but text is refused, naming the field. */
function typedText(value: unknown, entity: string, field: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') throw new AppError('fieldInvalid', { field: `entity.${entity}.field.${field}` });
  return value.trim();
}

export async function getPackageData(db: Reader, input: PackageDataInput, actor: Actor): Promise<PackageData> {
  const deliveryNumber = typedText(input.deliveryNumber, 'tblShippingLabel', 'deliveryNumber');
  const orderNumber = typedText(input.orderNumber, 'tblShippingLabel', 'orderNumber');
  if ((deliveryNumber === '') === (orderNumber === '')) throw new AppError('packageQueryOneOf');
  requireWarehouse(actor, input.whId);
  let cartons: CartonInfo[];
  if (deliveryNumber !== '') {
    cartons = (await readDelivery(db, input.whId, deliveryNumber, actor)).cartons;
  } else {
    const { rows: order } = await sql<{ clientCode: string }>`
      select client_code from t_order where wh_id = ${input.whId} and order_number = ${orderNumber}`.execute(db);
    if (!order[0]) throw new AppError('notFound', { orderNumber });
    requireClients(actor, input.whId, [order[0].clientCode], 'read');
    const { rows } = await sql<CartonInfo>`${SELECT_CARTON}
      where c.wh_id = ${input.whId} and c.order_number = ${orderNumber} and c.status <> 'O'
      order by c.carton_number`.execute(db);
    if (rows.length === 0) throw new AppError('notFound', { orderNumber });
    cartons = rows;
  }
  const numbers = cartons.map((c) => c.cartonNumber);
  const { rows: lines } = await sql<PackageLine & { orderNumber: string }>`
    select l.order_number, l.carton_number, l.item_number, i.description, l.lot_number, trim_scale(sum(l.qty))::text as qty,
      l.uom
    from tbl_shipping_label_detail l
    left join t_item_master i on i.wh_id = l.wh_id and i.item_number = l.item_number
    where l.wh_id = ${input.whId} and l.carton_number = any(${numbers}::varchar[])
    group by l.order_number, l.carton_number, l.item_number, i.description, l.lot_number, l.uom
    order by l.order_number, l.carton_number, l.item_number, l.lot_number nulls first`.execute(db);
  const byOrder = new Map<string, CartonInfo[]>();
  for (const c of cartons) byOrder.set(c.orderNumber, [...(byOrder.get(c.orderNumber) ?? []), c]);
  const orders: PackageOrder[] = [...byOrder.keys()].sort().map((number) => {
    const own = byOrder.get(number) ?? [];
    const first = own[0] as CartonInfo;
    return {
      orderNumber: number,
      customerName: first.customerName,
      shipTo: shipTo(first),
      carrierName: first.carrierName ?? first.carrier,
      cartons: own.map((c) => ({
        cartonNumber: c.cartonNumber,
        shipLabelBarcode: c.shipLabelBarcode,
        cartonType: c.cartonType,
        weight: c.weight,
      })),
      lines: lines
        .filter((l) => l.orderNumber === number)
        .map((l) => ({
          cartonNumber: l.cartonNumber,
          itemNumber: l.itemNumber,
          description: l.description,
          lotNumber: l.lotNumber,
          qty: l.qty,
          uom: l.uom,
        })),
    };
  });
  return { from: await warehouseParty(db, input.whId), deliveryNumber: deliveryNumber || null, orders };
}
