import { defineEntity, type FieldDef } from './defineEntity';
import { BY_CLIENT, decimalField, refField, textField } from './fields';
import { ATTRIBUTE_VALUES } from './inventoryLines';

const date = (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'date', ...extra });

/**
 * An order line (spec 001 §2.5, §3 "Order detail line", §5): an item of the order's client, its order unit and
 * quantity (greater than 0, up to 3 decimals), an optional lot (lot-controlled items only) and the item's attribute
 * values — allocation takes only stock of that lot and those attributes — plus the optional fields of the form model.
 * Saved through the order line service, which re-runs the spec's whole check order with the order locked; lines
 * change only while the order is new (N). The permissions are the order's (spec 001 §6: sys:tOrder:*).
 */
export const tOrderDetail = defineEntity({
  name: 'tOrderDetail',
  resource: 'tOrder',
  warehouseScoped: true,
  unique: ['whId', 'orderNumber', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    whId: { type: 'text', required: true, max: 20, immutable: true, column: true, width: 80 },
    orderNumber: { type: 'text', required: true, max: 30, immutable: true, column: true, width: 130 },
    lineNumber: { type: 'int', required: true, rule: 'positiveInt', immutable: true, column: true, width: 80 },
    itemNumber: {
      type: 'text',
      required: true,
      max: 50,
      column: true,
      width: 130,
      // The order's client comes from the lines screen (FormDialog lookupContext): only its items are offered.
      lookup: { name: 'getSku', params: BY_CLIENT },
    },
    lotNumber: textField(50, { column: true, width: 110 }),
    qty: { type: 'decimal', required: true, rule: 'qtyPositive', column: true, width: 90 },
    orderUom: {
      type: 'text',
      required: true,
      max: 10,
      column: true,
      width: 80,
      lookup: { name: 'getItemBaseUom', params: { whId: 'whId', itemNumber: 'itemNumber' } },
    },
    // Only the client's HOLD reasons (spec: getReason with clientCode and type HOLD); the server refuses any other.
    holdReasonId: refField(20, 'getReason', BY_CLIENT, {
      column: true,
      width: 100,
      lookup: { name: 'getReason', params: BY_CLIENT, fixed: { type: 'HOLD' } },
    }),
    storedAttributeId: { type: 'int', readOnly: true, column: true, width: 90 },
    ...ATTRIBUTE_VALUES,
    // The optional fields of the form model (spec 001 §3), folded in the dialog's "more" section.
    customerItemNumber: textField(50, { column: true, width: 130 }),
    unitPrice: decimalField({ column: true, width: 90 }),
    earliestShipDate: date({ column: true, width: 120, hidden: true }),
    latestShipDate: date({ column: true, width: 120, hidden: true }),
    remark: textField(200, { column: true, width: 160 }),
    genericField1: textField(100),
    genericField2: textField(100),
    genericField3: textField(100),
    createdBy: { type: 'text', readOnly: true },
    updatedBy: { type: 'text', readOnly: true },
  },
  form: [
    ['whId', 'orderNumber'],
    ['lineNumber', 'itemNumber'],
    ['qty', 'orderUom'],
    ['lotNumber', 'holdReasonId'],
  ],
  more: [
    ['customerItemNumber', 'unitPrice'],
    ['earliestShipDate', 'latestShipDate'],
    ['genericField1', 'genericField2'],
    ['genericField3'],
    ['remark'],
  ],
});
