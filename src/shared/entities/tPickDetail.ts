import { defineEntity, type FieldDef } from './defineEntity';
import { codeField, decimalField, whIdField } from './fields';

const shown = (width: number, filter = false): FieldDef => ({ type: 'text', column: true, width, filter });
const qty = decimalField({ column: true, width: 80 });

/**
 * A pick detail (spec 001 §3 "Pick detail"): one order line of a released wave with the spec's quantities in the
 * item's base unit — ordered, unplanned, planned, picked, staged, loaded, packed, shipped. Made by releaseWave,
 * changed by the picking calls; view-only.
 */
export const tPickDetail = defineEntity({
  name: 'tPickDetail',
  resource: 'tPickDetail',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['waveId', 'orderNumber', 'lineNumber'],
  fields: {
    waveId: { ...shown(110, true), filterExact: true },
    orderNumber: shown(110, true),
    lineNumber: { type: 'int', column: true, width: 60 },
    itemNumber: { ...shown(110, true), filterExact: true },
    uom: shown(60),
    qtyOrdered: qty,
    unplannedQty: qty,
    plannedQty: qty,
    pickedQty: qty,
    stagedQty: qty,
    loadedQty: qty,
    packedQty: qty,
    shippedQty: qty,
    status: codeField('pickStatus', { filter: true, column: true, width: 80 }),
    // Why the line is not fully planned (allocation, a short pick's re-allocation): code list shortReason.
    shortReason: codeField('shortReason', { column: true, width: 170 }),
    lotNumber: shown(100),
    clientCode: shown(90, true),
    zone: shown(90),
    loadId: shown(100),
    containerId: shown(110),
    whId: { ...whIdField, immutable: false, required: false, width: 80 },
    storedAttributeId: { type: 'int', column: true, hidden: true, width: 90 },
  },
  form: [],
});
