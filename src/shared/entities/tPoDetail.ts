import { defineEntity, type FieldDef } from './defineEntity';
import { BY_CLIENT, BY_WAREHOUSE, CODE_PATTERN, decimalField, refField, textField } from './fields';
import { ATTRIBUTE_VALUES } from './inventoryLines';

const date = (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'date', ...extra });
const text = (max: number): FieldDef => textField(max);

/**
 * A purchase order line (spec 001 §2.4, §3 "PO detail line", §5): an item, its order unit and quantity (greater than 0,
 * up to 3 decimals), an expected lot and the item's attribute values, and the optional fields of the form model.
 * Saved through the PO line service, which re-runs the spec's whole check order with the PO locked; the permissions
 * are the PO's (spec 001 §6: sys:tPoMaster:*). The field order is the spec's column order.
 */
export const tPoDetail = defineEntity({
  name: 'tPoDetail',
  resource: 'tPoMaster',
  warehouseScoped: true,
  unique: ['whId', 'poNumber', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    poNumber: { type: 'text', required: true, max: 30, immutable: true, column: true, width: 120 },
    lineNumber: { type: 'int', required: true, rule: 'positiveInt', immutable: true, column: true, width: 80 },
    itemNumber: {
      type: 'text',
      required: true,
      max: 50,
      column: true,
      width: 130,
      // The PO's client comes from the lines screen (FormDialog lookupContext): only its items are offered.
      lookup: { name: 'getSku', params: BY_CLIENT },
    },
    scheduleNumber: { type: 'int', rule: 'positiveInt', column: true, hidden: true, width: 90 },
    qty: { type: 'decimal', required: true, rule: 'qtyPositive', column: true, width: 90 },
    qtyReceived: { type: 'decimal', readOnly: true, column: true, width: 100 },
    vendorItemNumber: textField(50, { column: true, width: 130 }),
    deliveryDate: date({ column: true, width: 110 }),
    originator: textField(50, { column: true, width: 110 }),
    whId: { type: 'text', required: true, max: 20, immutable: true, column: true, width: 80 },
    orderUom: {
      type: 'text',
      required: true,
      max: 10,
      column: true,
      width: 80,
      lookup: { name: 'getItemBaseUom', params: { whId: 'whId', itemNumber: 'itemNumber' } },
    },
    lotNumber: textField(50, { column: true, width: 110 }),
    storedAttributeId: { type: 'int', readOnly: true, column: true, width: 90 },
    ...ATTRIBUTE_VALUES,
    // The optional fields of the form model (spec 001 §3), folded in the dialog's "more" section.
    specialProcessing: text(50),
    locationId: refField(30, 'getLocation', BY_WAREHOUSE),
    distroProcess: text(50),
    vasProfileId: textField(30, { pattern: CODE_PATTERN }),
    earliestShipDate: date(),
    latestShipDate: date(),
    earliestDeliveryDate: date(),
    latestDeliveryDate: date(),
    closedDate: date(),
    sortType: text(20),
    plannedVolume: decimalField(),
    plannedWeight: decimalField(),
    referenceQty: decimalField(),
    genericDate1: date(),
    genericDate2: date(),
    genericQty1: decimalField(),
    genericQty2: decimalField(),
    genericField1: text(100),
    genericField2: text(100),
    genericField3: text(100),
    dynamicField1: text(100),
    dynamicField2: text(100),
    holdReasonId: refField(20, 'getReason', BY_WAREHOUSE),
    createdBy: { type: 'text', readOnly: true },
    updatedBy: { type: 'text', readOnly: true },
  },
  form: [
    ['lineNumber', 'itemNumber'],
    ['qty', 'orderUom'],
    ['lotNumber', 'deliveryDate'],
    ['vendorItemNumber', 'originator'],
  ],
  more: [
    ['scheduleNumber', 'locationId'],
    ['specialProcessing', 'distroProcess'],
    ['vasProfileId', 'sortType'],
    ['earliestShipDate', 'latestShipDate'],
    ['earliestDeliveryDate', 'latestDeliveryDate'],
    ['closedDate', 'holdReasonId'],
    ['plannedVolume', 'plannedWeight'],
    ['referenceQty', 'genericQty1'],
    ['genericQty2', 'genericDate1'],
    ['genericDate2', 'genericField1'],
    ['genericField2', 'genericField3'],
    ['dynamicField1', 'dynamicField2'],
  ],
});
