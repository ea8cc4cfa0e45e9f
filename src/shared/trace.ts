/**
 * Lot and serial trace (inventory README "Lot and serial trace"): the shapes of `POST /trace/lot` and `POST /trace/delivery`, shared by
 * the server and the console's trace screen (Wms/Trace). Every answer is one `TraceAnswer`; a section the query does not
 * reach is empty. Dates are `yyyy-MM-dd`, times `yyyy-MM-dd HH:mm:ss` (server time), quantities decimal text.
 */

/** A lot (or a serial: its master row, then its lot) → where it came from, where it went, where it is. */
export interface TraceLotRequest {
  whId: string;
  lotNumber?: string;
  serialNumber?: string;
  /** Narrows a lot or serial number several items share. */
  itemNumber?: string;
}

/** A delivery or an order → the lots (and serials) it took and their receipts (POs). */
export interface TraceDocumentRequest {
  whId: string;
  deliveryNumber?: string;
  orderNumber?: string;
}

/** The sections of an answer, in screen order. */
export const TRACE_SECTIONS = [
  'customers',
  'lots',
  'serials',
  'receipts',
  'movements',
  'onHand',
  'orders',
  'cartons',
  'deliveries',
  'pods',
] as const;
export type TraceSection = (typeof TRACE_SECTIONS)[number];

/** Rows per section at most (movements: `TRACE_MOVEMENT_LIMIT`); a section cut there is named in `truncated`. */
export const TRACE_ROW_LIMIT = 500;
export const TRACE_MOVEMENT_LIMIT = 2000;

export interface TraceLot {
  itemNumber: string;
  lotNumber: string;
  clientCode: string;
  qty: string;
}

export interface TraceSerial {
  itemNumber: string;
  serialNumber: string;
  lotNumber: string | null;
  status: string;
  locationId: string | null;
  orderNumber: string | null;
  receiptId: string | null;
}

export interface TraceReceipt {
  receiptId: string;
  poNumber: string;
  lineNumber: number;
  vendorCode: string | null;
  vendorName: string | null;
  clientCode: string;
  itemNumber: string;
  lotNumber: string | null;
  expirationDate: string | null;
  qty: string;
  uom: string;
  receiptDate: string;
  locationId: string;
}

export interface TraceMovement {
  id: number;
  tranDate: string;
  tranType: string;
  clientCode: string | null;
  itemNumber: string | null;
  lotNumber: string | null;
  huId: string | null;
  quantity: string | null;
  fromLocationId: string | null;
  toLocationId: string | null;
  controlNumber: string | null;
  employeeId: string | null;
}

export interface TraceOnHand {
  locationId: string;
  clientCode: string | null;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  status: string;
  actualQty: string;
  allocatedQty: string;
  unavailableQty: string;
  expirationDate: string | null;
}

export interface TraceOrder {
  orderNumber: string;
  clientCode: string;
  status: string;
  waveId: string | null;
  customerCode: string | null;
  customerName: string | null;
  shipToName: string | null;
  shipToCity: string | null;
  itemNumber: string;
  lotNumber: string | null;
  /** Picked of that item and lot for the order (in the item's base unit). */
  pickedQty: string;
  /** Still allocated to open pick tasks (not yet picked). */
  allocatedQty: string;
}

export interface TraceCarton {
  cartonNumber: string;
  orderNumber: string;
  status: string;
  itemNumber: string;
  lotNumber: string | null;
  qty: string;
  deliveryNumber: string | null;
  shipLabelBarcode: string | null;
}

export interface TraceDelivery {
  deliveryNumber: string;
  carrierId: string;
  status: string;
  cartonCount: number;
  shipTime: string | null;
}

export interface TracePod {
  deliveryNumber: string;
  podId: number;
  driverName: string;
  vehiclePlate: string;
  stationName: string;
  userName: string;
  signedAt: string;
}

/** The recall answer: who got it — one row per customer (or ship-to when the order names no customer). */
export interface TraceCustomer {
  customerCode: string | null;
  customerName: string | null;
  shipToName: string | null;
  shipToCity: string | null;
  orders: string;
  deliveries: string;
  qty: string;
}

export interface TraceAnswer {
  customers: TraceCustomer[];
  lots: TraceLot[];
  serials: TraceSerial[];
  receipts: TraceReceipt[];
  movements: TraceMovement[];
  onHand: TraceOnHand[];
  orders: TraceOrder[];
  cartons: TraceCarton[];
  deliveries: TraceDelivery[];
  pods: TracePod[];
  /** Sections cut at their limit. */
  truncated: TraceSection[];
}
