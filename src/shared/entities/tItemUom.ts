import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, CODE_PATTERN, decimalField, refField, statusField, textField, whIdField } from './fields';

/**
 * A unit of measure of an item: how many base units it holds (`conversionFactor`), its prompt on handhelds and its
 * package size. The base unit (the item's `uom`) always exists with factor 1.
 */
export const tItemUom = defineEntity({
  name: 'tItemUom',
  listKey: 'itemNumber',
  resource: 'tItemUom',
  warehouseScoped: true,
  unique: ['whId', 'itemNumber', 'uom'],
  orderBy: ['whId', 'itemNumber', 'conversionFactor'],
  fields: {
    whId: whIdField,
    itemNumber: refField(50, 'getSku', BY_WAREHOUSE, { required: true, filter: true, column: true, width: 140, immutable: true }),
    uom: textField(10, { required: true, filter: true, column: true, width: 80, immutable: true, pattern: CODE_PATTERN }),
    conversionFactor: decimalField({ required: true, rule: 'qtyPositive', column: true, width: 120 }),
    uomPrompt: textField(50, { column: true, width: 140 }),
    pickPutId: textField(20, { column: true, width: 110, codeList: 'pickPutId' }),
    uomWeight: decimalField({ column: true, width: 100 }),
    length: decimalField({ column: true, width: 90 }),
    width: decimalField({ column: true, width: 90 }),
    height: decimalField({ column: true, width: 90 }),
    packageWeight: decimalField(),
    status: statusField,
  },
  form: [
    ['whId', 'itemNumber'],
    ['uom', 'conversionFactor'],
    ['uomPrompt', 'pickPutId'],
    ['uomWeight', 'packageWeight'],
    ['length', 'width'],
    ['height', 'status'],
  ],
});
