/**
 * What the shipping documents print (README "Documents"): the data calls answer these shapes as JSON
 * (`getPrintData`, `getDeliveryData`, `getDispatchData`, `getPackageData`) and the renderers turn them into PDFs in the
 * user's language. Quantities and weights are decimal strings as the database gives them (3 decimals at most); dates
 * `yyyy-MM-dd`, times ISO 8601.
 */
import type { PodSummary } from '../../../../shared/kiosk';
import type { CheckedPng } from '../../../platform/pngGuard';

export type DocumentLanguage = 'zh_cn' | 'en_us';

/** Where a document's goods come from: the warehouse. */
export interface WarehouseParty {
  whId: string;
  name: string;
  address: string;
  phone: string | null;
}

/** Where an order goes. */
export interface ShipTo {
  name: string | null;
  phone: string | null;
  address: string;
  city: string | null;
}

/** One 100 × 150 mm label: one carton. */
export interface LabelData {
  cartonNumber: string;
  shipLabelBarcode: string;
  orderNumber: string;
  waveId: string;
  carrierCode: string;
  carrierName: string;
  clientCode: string;
  customerName: string | null;
  shipTo: ShipTo;
  from: WarehouseParty;
  cartonType: string;
  /** Actual weight when weighed, else the logical weight (kg). */
  weight: string | null;
  cartonSeq: number;
  /** How many cartons the order has. */
  cartonCount: number;
  /** Units in the carton (sum of its lines). */
  totalQty: string;
  /** The QR code's text: carton, express number and order, `|`-separated. */
  qrText: string;
  printedAt: string;
}

/** A carton as a delivery note and dispatch list list it. */
export interface DeliveryCarton {
  cartonNumber: string;
  shipLabelBarcode: string;
  orderNumber: string;
  cartonType: string;
  weight: string | null;
  shipToName: string | null;
  shipToCity: string | null;
}

/** The A4 delivery note: the hand-over of one delivery to its carrier, with a line for the driver's signature. */
export interface DeliveryData {
  deliveryNumber: string;
  status: string;
  carrierCode: string;
  carrierName: string;
  from: WarehouseParty;
  createTime: string;
  createBy: string | null;
  shipTime: string | null;
  cartons: DeliveryCarton[];
  totals: { cartons: number; orders: number; weight: string };
}

/** One order of a delivery's dispatch list: who receives what, in how many cartons, under which express numbers. */
export interface DispatchOrder {
  orderNumber: string;
  customerName: string | null;
  shipTo: ShipTo;
  cartonCount: number;
  weight: string;
  expressNumbers: string[];
}

/** The A4 dispatch list of one delivery. */
export interface DispatchData {
  deliveryNumber: string;
  carrierCode: string;
  carrierName: string;
  from: WarehouseParty;
  createTime: string;
  orders: DispatchOrder[];
}

/** One line of a packing list: what one carton holds of one item and lot. */
export interface PackageLine {
  cartonNumber: string;
  itemNumber: string;
  description: string | null;
  lotNumber: string | null;
  qty: string;
  uom: string;
}

/** The packing list of one order (one A4 section per order, a new page each). */
export interface PackageOrder {
  orderNumber: string;
  customerName: string | null;
  shipTo: ShipTo;
  carrierName: string | null;
  cartons: { cartonNumber: string; shipLabelBarcode: string | null; cartonType: string; weight: string | null }[];
  lines: PackageLine[];
}

export interface PackageData {
  from: WarehouseParty;
  /** The delivery the lists were asked for, or null when asked for one order. */
  deliveryNumber: string | null;
  orders: PackageOrder[];
}

/** The signed hand-over stamped on a delivery note to make its proof of delivery (kiosk module). */
export interface ProofOfDelivery extends Omit<PodSummary, 'podId'> {
  /** Only an image the PNG gate passed (bounded size and data) is embedded. */
  signaturePng: CheckedPng;
}
