import { defineEntity, type FieldDef } from './defineEntity';
import { codeField, decimalField, whIdField } from './fields';

const shown = (width: number, filter = false): FieldDef => ({ type: 'text', column: true, width, filter });
const hidden = (def: FieldDef): FieldDef => ({ ...def, hidden: true });
// Spec 001 §3: genericAttrValue1–11 and genericAttrShow1–11 (the item's attribute type labels, read through
// v_wave_pick_task); values hidden, the first two labels shown, as on the PO lines (§2.4).
const attributes = Object.fromEntries([
  ...Array.from({ length: 11 }, (_, i) => [`genericAttrValue${i + 1}`, { type: 'text', column: true, hidden: true, width: 100 }]),
  ...Array.from({ length: 11 }, (_, i) => [`genericAttrShow${i + 1}`, { type: 'text', column: true, hidden: i > 1, width: 100 }]),
]) as Record<`genericAttrValue${number}` | `genericAttrShow${number}`, FieldDef>;

/**
 * The fields of one allocation (spec 001 §3 "Allocation / wave pick task"): one reservation of one ledger row for one
 * pick detail, in a pick task (`pickId`). Shared by the pick task list and the allocation list, each in its own order.
 */
export const PICK_TASK_FIELDS = {
  pickId: { ...shown(110, true), filterExact: true },
  whId: { ...whIdField, immutable: false, required: false, width: 80 },
  waveId: { ...shown(110, true), filterExact: true },
  orderNumber: shown(110),
  lineNumber: { type: 'int', column: true, width: 60 },
  clientCode: shown(90),
  itemNumber: { ...shown(110, true), filterExact: true },
  pickLocation: shown(100, true),
  pickingFlow: { type: 'int', column: true, width: 90 },
  pickArea: shown(90),
  lotNumber: shown(100),
  quantity: decimalField({ column: true, width: 80 }),
  pickedQty: decimalField({ column: true, width: 80 }),
  shortQty: decimalField({ column: true, width: 80 }),
  status: codeField('pickStatus', { filter: true, column: true, width: 80 }),
  holdReasonId: { ...shown(90), codeList: 'reason' },
  workType: { ...shown(100), codeList: 'workType' },
  createDate: { type: 'text', column: true, width: 170, dateTime: true },
  pickRule: codeField('pickRule', { column: true, width: 120 }),
  mHuId: shown(100),
  mUserAssigned: { ...shown(100, true), filterExact: true },
  stagingLocation: shown(110),
  storedAttributeId: { type: 'int', column: true, width: 90 },
  pickDetailId: { type: 'int', filter: true, filterExact: true, column: true, hidden: true, width: 90 },
  pickedBy: shown(90),
} as const satisfies Record<string, FieldDef>;
const F = PICK_TASK_FIELDS;

/**
 * Pick tasks (`Wms/TWavePickTask`): the allocations of released waves, picked with completeWavePick and
 * pickLocShortage — a picker's order of columns (task, status, where, what, how many). View-only: rows are made by
 * releaseWave and changed only by the picking calls.
 */
export const tWavePickTask = defineEntity({
  name: 'tWavePickTask',
  resource: 'tWavePickTask',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['waveId', 'pickId', 'pickingFlow'],
  fields: {
    pickId: F.pickId,
    status: F.status,
    pickLocation: F.pickLocation,
    itemNumber: F.itemNumber,
    quantity: F.quantity,
    pickedQty: F.pickedQty,
    shortQty: F.shortQty,
    lotNumber: F.lotNumber,
    mHuId: F.mHuId,
    waveId: F.waveId,
    orderNumber: F.orderNumber,
    lineNumber: F.lineNumber,
    mUserAssigned: F.mUserAssigned,
    whId: F.whId,
    clientCode: F.clientCode,
    pickingFlow: F.pickingFlow,
    pickArea: F.pickArea,
    workType: F.workType,
    pickRule: F.pickRule,
    stagingLocation: F.stagingLocation,
    holdReasonId: F.holdReasonId,
    pickedBy: F.pickedBy,
    createDate: hidden(F.createDate),
    storedAttributeId: hidden(F.storedAttributeId),
    pickDetailId: F.pickDetailId,
    ...attributes,
  },
  form: [],
});

export { attributes as PICK_TASK_ATTRIBUTES, hidden as hiddenColumn };
