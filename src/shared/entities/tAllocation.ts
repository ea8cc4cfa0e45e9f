import { defineEntity } from './defineEntity';
import { PICK_TASK_FIELDS as F, hiddenColumn, PICK_TASK_ATTRIBUTES } from './tWavePickTask';

/**
 * The allocation list (spec 001 §2.10, `Wms/TAllocation?id`): the reservations of one pick detail (filtered by
 * `pickDetailId`), read-only, 8 per page, with the spec's columns in its order (§3 "Allocation / wave pick task");
 * status and picked/short quantities follow, the rest only through the column chooser. Same rows as the pick tasks;
 * its save and delete answer why they cannot be.
 */
export const tAllocation = defineEntity({
  name: 'tAllocation',
  resource: 'tAllocation',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['pickingFlow'],
  fields: {
    pickId: F.pickId,
    whId: F.whId,
    itemNumber: F.itemNumber,
    pickLocation: F.pickLocation,
    pickingFlow: F.pickingFlow,
    pickArea: F.pickArea,
    lotNumber: F.lotNumber,
    quantity: F.quantity,
    holdReasonId: F.holdReasonId,
    workType: F.workType,
    createDate: F.createDate,
    pickRule: F.pickRule,
    mHuId: F.mHuId,
    mUserAssigned: F.mUserAssigned,
    storedAttributeId: F.storedAttributeId,
    ...PICK_TASK_ATTRIBUTES,
    status: F.status,
    pickedQty: F.pickedQty,
    shortQty: F.shortQty,
    waveId: hiddenColumn(F.waveId),
    orderNumber: hiddenColumn(F.orderNumber),
    lineNumber: hiddenColumn(F.lineNumber),
    pickDetailId: F.pickDetailId,
  },
  form: [],
});
