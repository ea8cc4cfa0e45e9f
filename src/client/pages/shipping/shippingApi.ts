/**
 * The shipping calls the screens make (contracts.md "Shipping", issue 13): their bodies and answers, and the small
 * rules the screens share (which carton statuses allow which action, the permission of each call).
 */
import { permission } from '../../../shared/permissions';
import type { EntityRow } from '../../kit/EntityListPage';

/** What of an order is picked and not yet in a carton: one pick detail × lot × stored attribute id. */
export interface PackLine {
  pickDetailId: number;
  lineNumber: number;
  itemNumber: string;
  itemDescription: string | null;
  lotNumber: string | null;
  storedAttributeId: number | null;
  expirationDate: string | null;
  uom: string;
  remainingQty: string;
  /** A serial-controlled item: one serial per unit packed (the quantity is in base units). */
  serialControl: boolean;
  /** The pallets of a pallet lane its units wait on (the packer takes them from these); empty: off any pallet. */
  pallets: string[];
}

/** `tblShippingLabelDetail/getNextCarton`: the order's open carton (a new one when it had none) and what is left. */
export interface NextCarton {
  cartonNumber: string;
  cartonType: string;
  cartonSeq: number;
  orderNumber: string;
  waveId: string;
  locationId: string;
  status: 'O';
  lines: PackLine[];
}

/** `tblShippingLabelDetail/completeCartonPick`: the closed carton, its weights and what of the order is left. */
export interface ClosedCarton {
  cartonNumber: string;
  status: 'C';
  logicalWeight: string | number;
  actualWeight: string | number | null;
  weightStatus: 'N' | 'W' | 'O';
  remainingQty: string | number;
  orderStatus: string;
}

/** `tblShippingLabel/applyShipLabel`: each carton's express number. */
export interface AppliedLabel {
  cartonNumber: string;
  shipLabelBarcode: string;
}

/** `tblShippingLabel/generateDelivery`. */
export interface GeneratedDelivery {
  deliveryNumber: string;
  cartonCount: number;
}

/** `tblShippingLabel/shippingByDelivery`. */
export interface ShippedDelivery {
  deliveryNumber: string;
  cartons: number;
  orders: number;
  shippedQty: string | number;
}

/** The spec's answer of split carton (and of the wave-order calls): the first item's outCode SUCCESS is success. */
export interface SplitOutcome {
  outCode: string;
  outMsg: string;
}

/** Every shipping call is behind the carton permissions `sys:tblShippingLabel:<action>`. */
export const SHIP_PERMISSION = {
  view: permission('tblShippingLabel', 'view'),
  add: permission('tblShippingLabel', 'add'),
  edit: permission('tblShippingLabel', 'edit'),
  delete: permission('tblShippingLabel', 'delete'),
} as const;

/** Carton statuses (docs/flows.md): O open → C closed → L labelled → D in a delivery → S shipped. */
export const canLabel = (row: EntityRow): boolean => row.status === 'C' || row.status === 'L';
export const hasLabel = (row: EntityRow): boolean => row.status === 'L' || row.status === 'D' || row.status === 'S';
export const canDeliver = (row: EntityRow): boolean => row.status === 'L';
/** A carton takes a chosen carrier before its label (open or closed); the server refuses one whose order names its own. */
export const canSetCarrier = (row: EntityRow): boolean => row.status === 'O' || row.status === 'C';
export const inOpenDelivery = (row: EntityRow): boolean => row.status === 'D';
/** Split takes a closed or labelled carton (not one in a delivery, shipped or still open). */
export const canSplit = (status: unknown): boolean => status === 'C' || status === 'L';

/** All rows of one warehouse: the batch calls take one `whId`. */
export const sameWarehouse = (rows: readonly EntityRow[]): boolean => rows.every((r) => r.whId === rows[0]?.whId);

/** Quantities as the server writes them (up to 3 decimals), compared exactly in thousandths. */
export const milli = (value: unknown): number => Math.round(Number(value ?? 0) * 1000);

/** A file name part made of the document's numbers (letters, digits, dash), short enough for any file system. */
export function fileNamePart(values: readonly string[]): string {
  const joined = values.join('_').replace(/[^A-Za-z0-9_-]/g, '');
  return joined.length > 60 ? `${joined.slice(0, 60)}-${values.length}` : joined;
}
