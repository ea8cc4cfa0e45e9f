/**
 * The business API for integrators (README.md here): a document with its lines saved in one call and one transaction,
 * through the services the console uses — the generic engine's header save (its binding's rules), the client-document
 * line service (its line rules), the order actions. Nothing here repeats a rule: it finds rows by their business keys
 * and calls those services inside one transaction, so any refusal rolls back the whole call.
 */
import { sql } from 'kysely';
import { saveRow } from '../../crud/crud.service';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { PO_BINDINGS } from '../inbound/po.bindings';
import { PO_LINES } from '../inbound/po.lines';
import { type ClientDocumentLines, deleteDocumentLines, saveDocumentLine } from '../inventory/documentLines.service';
import { ORDER_BINDINGS } from '../outbound/orders.bindings';
import { ORDER_LINES } from '../outbound/orders.lines';
import { confirmOrder } from '../outbound/orders.service';

/** A document of the business API: its header binding and its line service. */
interface DocumentKind {
  header: CrudBinding;
  lines: ClientDocumentLines;
}

const ORDER: DocumentKind = { header: ORDER_BINDINGS[0] as CrudBinding, lines: ORDER_LINES };
const PO: DocumentKind = { header: PO_BINDINGS[0] as CrudBinding, lines: PO_LINES };

export interface DocumentInput {
  whId: string;
  clientCode: string;
  header: Row;
  lines: Row[];
}

export interface SavedDocument {
  id: number;
  number: string;
  created: boolean;
  lines: { lineNumber: number; id: number }[];
  deletedLines: number[];
}

/**
 * Creates or updates one document by (warehouse, number) with its lines, in the caller's transaction: the header through
 * the generic engine, each listed line added or changed by its line number, and the stored lines the call does not list
 * deleted. A document of another client is refused like one of a client not granted.
 */
async function saveDocument(
  trx: Trx,
  user: SessionUser,
  kind: DocumentKind,
  input: DocumentInput,
  number: string,
): Promise<SavedDocument> {
  const { whId, clientCode } = input;
  const docField = kind.lines.docField;
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  if (!grantsClient(user, whId, clientCode, 'write')) throw new AppError('clientNotGranted', { clientCode });
  const { rows: found } = await sql<{ id: number; clientCode: string }>`
    select id, client_code from ${sql.table(kind.header.table)}
    where wh_id = ${whId} and ${sql.ref(kind.lines.docField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${number}
    for update`.execute(trx);
  const existing = found[0];
  // Another client's document of that number: refused without naming that client.
  if (existing && existing.clientCode !== clientCode) throw new AppError('clientNotGranted', { clientCode });
  const id = await saveRow(trx, kind.header, user, {
    ...input.header,
    whId,
    clientCode,
    [docField]: number,
    ...(existing ? { id: existing.id } : {}),
  });
  if (id === 0) throw new AppError('notAllowedSave');

  const detail = kind.lines.table;
  const { rows: stored } = await sql<{ id: number; lineNumber: number }>`
    select id, line_number from ${sql.table(detail)}
    where wh_id = ${whId} and ${sql.ref(docField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = ${number}
    order by line_number`.execute(trx);
  const byNumber = new Map(stored.map((l) => [Number(l.lineNumber), Number(l.id)]));
  const listed = new Set(input.lines.map((l) => Number(l.lineNumber)));
  const gone = stored.filter((l) => !listed.has(Number(l.lineNumber))).map((l) => Number(l.id));
  if (gone.length > 0 && (await deleteDocumentLines(trx, user, kind.lines, gone)) === 0) throw new AppError('notAllowedSave');
  const lines: SavedDocument['lines'] = [];
  for (const line of input.lines) {
    const lineNumber = Number(line.lineNumber);
    const lineId = byNumber.get(lineNumber);
    const saved = await saveDocumentLine(trx, user, kind.lines, {
      ...line,
      whId,
      [docField]: number,
      ...(lineId !== undefined ? { id: lineId } : {}),
    });
    // 0: the line service's "not yours" (an item of a client not granted, or none of that number).
    if (saved === 0)
      throw new AppError('integrationLineNotAllowed', {
        lineNumber,
        document: number,
        itemNumber: String(line.itemNumber ?? ''),
      });
    lines.push({ lineNumber, id: saved });
  }
  return {
    id,
    number,
    created: !existing,
    lines,
    deletedLines: stored.filter((l) => gone.includes(Number(l.id))).map((l) => Number(l.lineNumber)),
  };
}

export interface SavedOrder extends SavedDocument {
  status: string;
}

/** `integration/order`: the order and its lines, confirmed too when asked, in one transaction. */
export function saveOrder(
  db: Db,
  user: SessionUser,
  input: DocumentInput & { orderNumber: string; confirm: boolean },
): Promise<SavedOrder> {
  return inTransaction(db, async (trx) => {
    const saved = await saveDocument(trx, user, ORDER, input, input.orderNumber);
    if (input.confirm) await confirmOrder(trx, user, input.whId, input.orderNumber);
    const { rows } = await sql<{ status: string }>`
      select status from t_order where id = ${saved.id}`.execute(trx);
    return { ...saved, status: rows[0]?.status ?? 'N' };
  });
}

/** `integration/po`: the purchase order and its lines, in one transaction. */
export function savePo(db: Db, user: SessionUser, input: DocumentInput & { poNumber: string }): Promise<SavedDocument> {
  return inTransaction(db, (trx) => saveDocument(trx, user, PO, input, input.poNumber));
}

export interface ShipmentCarton {
  cartonNumber: string;
  orderNumber: string;
  clientCode: string;
  status: string;
  trackingNumber: string | null;
}

export interface Shipment {
  deliveryNumber: string;
  carrier: string;
  status: string;
  shipTime: string | null;
  orders: string[];
  cartons: ShipmentCarton[];
  /** The proof of delivery stored with the hand-over: fetched with POST /api/tblShippingLabel/getPodDocument. */
  pod: { id: number; document: string } | null;
}

/**
 * `integration/shipment`: the deliveries of one delivery number or of one order's cartons, each with the caller's
 * cartons only (its granted clients), their tracking numbers (the label's barcode) and the proof of delivery. A
 * delivery holding none of the caller's cartons is not found, like one that does not exist.
 */
export async function readShipments(
  db: Db,
  user: SessionUser,
  query: { whId: string; deliveryNumber?: string; orderNumber?: string },
): Promise<Shipment[]> {
  const { whId } = query;
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  if (!query.deliveryNumber && !query.orderNumber)
    throw new AppError('fieldRequired', { field: 'entity.tDelivery.field.deliveryNumber' });
  const { rows } = await sql<
    ShipmentCarton & {
      deliveryNumber: string;
      carrier: string;
      deliveryStatus: string;
      shipTime: string | null;
      podId: number | null;
    }
  >`
    select d.delivery_number, d.carrier_id as carrier, d.status as delivery_status, d.ship_time::text as ship_time,
      c.carton_number, c.order_number, c.client_code, c.status, c.ship_label_barcode as tracking_number,
      (select max(p.id) from t_delivery_pod p where p.delivery_id = d.id) as pod_id
    from t_delivery d join tbl_shipping_label c on c.wh_id = d.wh_id and c.delivery_number = d.delivery_number
    where d.wh_id = ${whId}
      and (${query.deliveryNumber ?? null}::varchar is null or d.delivery_number = ${query.deliveryNumber ?? null})
      and (${query.orderNumber ?? null}::varchar is null or d.delivery_number in (select o.delivery_number
        from tbl_shipping_label o where o.wh_id = ${whId} and o.order_number = ${query.orderNumber ?? null}))
    order by d.delivery_number, c.carton_number`.execute(db);
  const own = rows.filter((r) => grantsClient(user, whId, r.clientCode, 'read'));
  if (own.length === 0) throw new AppError('notFound');
  const shipments = new Map<string, Shipment>();
  for (const r of own) {
    let s = shipments.get(r.deliveryNumber);
    if (!s) {
      s = {
        deliveryNumber: r.deliveryNumber,
        carrier: r.carrier,
        status: r.deliveryStatus,
        shipTime: r.shipTime,
        orders: [],
        cartons: [],
        pod: r.podId === null ? null : { id: Number(r.podId), document: '/api/tblShippingLabel/getPodDocument' },
      };
      shipments.set(r.deliveryNumber, s);
    }
    if (!s.orders.includes(r.orderNumber)) s.orders.push(r.orderNumber);
    s.cartons.push({
      cartonNumber: r.cartonNumber,
      orderNumber: r.orderNumber,
      clientCode: r.clientCode,
      status: r.status,
      trackingNumber: r.trackingNumber,
    });
  }
  return [...shipments.values()];
}
