import { defineEntity, type FieldDef } from './defineEntity';

/** The 11 attribute values of a line (shown in pairs with the item's attribute type labels). */
export const ATTRIBUTE_VALUES = Object.fromEntries(
  Array.from({ length: 11 }, (_, i) => [`genericAttrValue${i + 1}`, { type: 'text', max: 100 } satisfies FieldDef]),
) as Record<`genericAttrValue${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11}`, FieldDef>;

/** Fields movement and adjustment lines share (spec 000 §3, rules of §5): the keys and item first … */
const LINE_KEYS = {
  whId: { type: 'text', required: true, max: 20, immutable: true },
  taskId: { type: 'text', required: true, max: 30, immutable: true },
  lineNumber: { type: 'int', required: true, rule: 'positiveInt', immutable: true, column: true, width: 80 },
  itemNumber: {
    type: 'text',
    required: true,
    max: 50,
    column: true,
    width: 130,
    lookup: { name: 'getSku', params: { whId: 'whId' } },
  },
} as const satisfies Record<string, FieldDef>;

/** … then, after each kind's locations and quantity, the unit, lot, pallet and attributes. */
const LINE_DETAILS = {
  uom: {
    type: 'text',
    required: true,
    max: 10,
    column: true,
    width: 70,
    lookup: { name: 'getItemBaseUom', params: { whId: 'whId', itemNumber: 'itemNumber' } },
  },
  lotNumber: { type: 'text', max: 50, column: true, width: 110 },
  expirationDate: { type: 'date', column: true, width: 110 },
  huId: { type: 'text', max: 50, column: true, width: 110 },
  lineRemark: { type: 'text', max: 200, column: true, width: 160 },
  storedAttributeId: { type: 'int', readOnly: true, column: true, width: 90 },
  ...ATTRIBUTE_VALUES,
} as const satisfies Record<string, FieldDef>;

/**
 * A movement line: stock of one item (lot, pallet, attributes) from a source to a destination location; the quantity
 * is greater than 0 with up to 3 decimals. Saved through the line service, which applies the spec's whole check order.
 */
export const tblInvMovementDetail = defineEntity({
  name: 'tblInvMovementDetail',
  resource: 'tblInvMovement',
  warehouseScoped: true,
  unique: ['whId', 'taskId', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    ...LINE_KEYS,
    sourceLocationId: {
      type: 'text',
      required: true,
      max: 30,
      column: true,
      width: 120,
      lookup: { name: 'getLocation', params: { whId: 'whId' } },
    },
    destLocationId: {
      type: 'text',
      required: true,
      max: 30,
      column: true,
      width: 120,
      lookup: { name: 'getDestinationLocation', params: { whId: 'whId', locationId: 'sourceLocationId' } },
    },
    qty: { type: 'decimal', required: true, rule: 'qtyPositive', column: true, width: 90 },
    ...LINE_DETAILS,
    // A serial-controlled item: the serials that move, one per base unit; needed unless the line empties its source
    // row (serials README "Movements").
    serialNumbers: { type: 'text', max: 4000, column: true, width: 160 },
  },
  form: [
    ['lineNumber', 'itemNumber'],
    ['sourceLocationId', 'destLocationId'],
    ['qty', 'uom'],
    ['lotNumber', 'expirationDate'],
    ['huId', 'lineRemark'],
    ['serialNumbers'],
  ],
});

/** An adjustment line: a signed change of stock at one location (spec 000 §2, §5). */
export const tblInvAdjustmentDetail = defineEntity({
  name: 'tblInvAdjustmentDetail',
  resource: 'tblInvAdjustment',
  warehouseScoped: true,
  unique: ['whId', 'taskId', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    ...LINE_KEYS,
    locationId: {
      type: 'text',
      required: true,
      max: 30,
      column: true,
      width: 120,
      lookup: { name: 'getLocation', params: { whId: 'whId' } },
    },
    qty: { type: 'decimal', required: true, rule: 'qtySigned', column: true, width: 90 },
    ...LINE_DETAILS,
    // A serial-controlled item: the serials that leave (negative qty) or arrive, one per base unit (serials README).
    serialNumbers: { type: 'text', max: 4000, column: true, width: 160 },
  },
  form: [
    ['lineNumber', 'itemNumber'],
    ['locationId', 'huId'],
    ['qty', 'uom'],
    ['lotNumber', 'expirationDate'],
    ['lineRemark'],
    ['serialNumbers'],
  ],
});
