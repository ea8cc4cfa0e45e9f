import { defineEntity } from './defineEntity';
import { codeField } from './fields';

/**
 * A line of an order in a wave (spec 001 §2.9, §3 "Wave detail line"): one per order line, written by addOrder with
 * planned quantity 0; the picking part writes the planned quantity at release. Read-only on screen.
 */
export const tAfoWaveDetailLine = defineEntity({
  name: 'tAfoWaveDetailLine',
  resource: 'tWaveMaster',
  warehouseScoped: true,
  viewOnly: true,
  unique: ['waveDetailId', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    waveDetailId: { type: 'int', filter: true, filterExact: true, column: true, width: 110, readOnly: true },
    whId: { type: 'text', max: 20, filter: true, filterExact: true, column: true, width: 90, readOnly: true },
    orderNumber: { type: 'text', max: 30, filter: true, column: true, width: 140, readOnly: true },
    lineNumber: { type: 'int', column: true, width: 90, readOnly: true },
    itemNumber: { type: 'text', max: 50, filter: true, column: true, width: 130, readOnly: true },
    lotNumber: { type: 'text', max: 50, column: true, width: 110, readOnly: true },
    storedAttributeId: { type: 'int', column: true, hidden: true, width: 90, readOnly: true },
    plannedQty: { type: 'decimal', column: true, width: 100, readOnly: true },
    // Why the line is not fully planned at release (code list shortReason).
    shortReason: codeField('shortReason', { column: true, width: 170, readOnly: true }),
  },
  form: [],
});
