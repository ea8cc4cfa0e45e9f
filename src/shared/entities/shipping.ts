import { defineEntity, type EntityDef, type FieldDef } from './defineEntity';
import { codeField, decimalField, whIdField } from './fields';

const shown = (width: number, filter = false): FieldDef => ({ type: 'text', column: true, width, filter });
const exact = (width: number): FieldDef => ({ ...shown(width, true), filterExact: true });
const time = (width = 170): FieldDef => ({ type: 'text', column: true, width, dateTime: true });
const listWhId: FieldDef = { ...whIdField, immutable: false, required: false, width: 80 };
// Spec 001 §3: genericAttrValue1–11 hidden, genericAttrShow1–11 (the item's attribute type labels), the first two shown.
const attributes = Object.fromEntries([
  ...Array.from({ length: 11 }, (_, i) => [`genericAttrValue${i + 1}`, { type: 'text', column: true, hidden: true, width: 100 }]),
  ...Array.from({ length: 11 }, (_, i) => [`genericAttrShow${i + 1}`, { type: 'text', column: true, hidden: i > 1, width: 100 }]),
]) as Record<`genericAttrValue${number}` | `genericAttrShow${number}`, FieldDef>;

/**
 * An outbound carton (spec 001 §3 "Shipping label"): one order's goods in one box at the wave's staging location, its
 * stock the ledger rows whose pallet id is the carton number. Made by carton picking, changed only by the shipping
 * calls (split, label, delivery, ship); the list is view-only.
 */
export const tblShippingLabel = defineEntity({
  name: 'tblShippingLabel',
  resource: 'tblShippingLabel',
  warehouseScoped: true,
  viewOnly: true,
  unique: [],
  orderBy: [],
  newestFirst: true,
  fields: {
    cartonNumber: exact(130),
    status: codeField('cartonStatus', { filter: true, column: true, width: 100 }),
    orderNumber: exact(120),
    waveId: exact(110),
    cartonSeq: { type: 'int', column: true, width: 70 },
    cartonType: shown(80, true),
    carrier: shown(90, true),
    shipLabelBarcode: exact(150),
    deliveryNumber: exact(130),
    logicalWeight: decimalField({ column: true, width: 100 }),
    actualWeight: decimalField({ column: true, width: 100 }),
    weightStatus: codeField('weightStatus', { filter: true, column: true, width: 110 }),
    clientCode: shown(90, true),
    locationId: shown(110),
    firstCartonFlag: codeField('yesNo', { column: true, width: 80 }),
    mainExpressFlag: codeField('yesNo', { column: true, width: 80 }),
    lockFlag: codeField('yesNo', { column: true, hidden: true, width: 80 }),
    splitRemark: shown(180),
    createBy: shown(90),
    closeTime: time(),
    labelTime: time(),
    shipTime: time(),
    whId: listWhId,
  },
  form: [],
});

/**
 * A carton line (spec 001 §2.11, §3 "Shipping label detail"): what one carton holds of one order line. Listed 8 per
 * page on `Wms/TblShippingLabelDetail?cartonNumber&whId`; Split Carton is its only action (`splitCarton`).
 */
export const tblShippingLabelDetail = defineEntity({
  name: 'tblShippingLabelDetail',
  listKey: 'cartonNumber',
  resource: 'tblShippingLabel',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['cartonNumber', 'orderNumber', 'lineNumber'],
  // The id column (spec: the first column) is the list screen's own (`showId`).
  fields: {
    whId: listWhId,
    cartonNumber: exact(130),
    cartonType: shown(80),
    itemNumber: exact(120),
    lotNumber: shown(100),
    qty: decimalField({ column: true, width: 80 }),
    uom: shown(60),
    orderNumber: exact(120),
    lineNumber: { type: 'int', column: true, width: 60 },
    expirationDate: { type: 'date', column: true, width: 110 },
    storedAttributeId: { type: 'int', column: true, width: 90 },
    ...attributes,
  },
  form: [],
});

/** A delivery: labelled cartons of one carrier handed over together (`generateDelivery`); O open → S shipped. */
export const tDelivery = defineEntity({
  name: 'tDelivery',
  resource: 'tblShippingLabel',
  warehouseScoped: true,
  viewOnly: true,
  unique: [],
  orderBy: [],
  newestFirst: true,
  fields: {
    deliveryNumber: exact(130),
    status: codeField('deliveryStatus', { filter: true, column: true, width: 90 }),
    carrierId: shown(100, true),
    cartonCount: { type: 'int', column: true, width: 80 },
    remark: shown(180),
    createBy: shown(90),
    shipBy: shown(90),
    shipTime: time(),
    // The proof of delivery signed at a dock station (kiosk module; view v_delivery), empty until then.
    podDriverName: shown(100),
    podVehiclePlate: shown(100),
    podSignedAt: time(),
    podStationName: shown(100),
    podUserName: shown(100),
    podId: { type: 'int', column: true, hidden: true, width: 80 },
    whId: listWhId,
  },
  form: [],
});

/** What was printed (labels, delivery notes, dispatch and packing lists), by whom and when; view-only. */
export const tblPrintJob = defineEntity({
  name: 'tblPrintJob',
  resource: 'tblPrintScheduler',
  warehouseScoped: true,
  viewOnly: true,
  timestamps: false,
  unique: [],
  orderBy: [],
  newestFirst: true,
  fields: {
    printTime: time(),
    documentType: codeField('documentType', { filter: true, column: true, width: 130 }),
    reference: shown(260, true),
    pages: { type: 'int', column: true, width: 70 },
    bytes: { type: 'int', column: true, width: 90 },
    language: shown(80),
    printerName: shown(120),
    printBy: shown(100, true),
    whId: listWhId,
  },
  form: [],
});

/** Shipping: generic (view-only) entities by wire name; carton lines carry the carton's permissions. */
/**
 * The action permission choosing the carrier of cartons whose order names none (`/tblShippingLabel/setCarrier`,
 * shipping README "Labels"): a button of its own under the cartons screen, beside the four.
 */
export const SET_CARRIER_PERMISSION = 'sys:tblShippingLabel:setCarrier';

export const SHIPPING_ENTITIES: Record<string, EntityDef> = { tblShippingLabel, tblShippingLabelDetail, tDelivery, tblPrintJob };
