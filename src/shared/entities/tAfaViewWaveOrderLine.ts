import { defineEntity } from './defineEntity';

/** A line of a candidate order of the working set (spec 001 §2.8): read-only. */
export const tAfaViewWaveOrderLine = defineEntity({
  name: 'tAfaViewWaveOrderLine',
  resource: 'tWaveMaster',
  warehouseScoped: true,
  viewOnly: true,
  unique: ['viewOrderId', 'lineNumber'],
  orderBy: ['lineNumber'],
  itemDescription: true,
  fields: {
    viewOrderId: { type: 'int', column: true, hidden: true, width: 90, readOnly: true },
    viewId: { type: 'int', filter: true, filterExact: true, column: true, hidden: true, width: 80, readOnly: true },
    userId: { type: 'text', max: 50, filter: true, filterExact: true, column: true, hidden: true, width: 100, readOnly: true },
    whId: { type: 'text', max: 20, filter: true, filterExact: true, column: true, width: 80, readOnly: true },
    waveId: { type: 'text', max: 30, filter: true, filterExact: true, column: true, width: 120, readOnly: true },
    orderNumber: { type: 'text', max: 30, filter: true, filterExact: true, column: true, width: 140, readOnly: true },
    lineNumber: { type: 'int', column: true, width: 80, readOnly: true },
    itemNumber: { type: 'text', max: 50, column: true, width: 130, readOnly: true },
    lotNumber: { type: 'text', max: 50, column: true, width: 110, readOnly: true },
    qty: { type: 'decimal', column: true, width: 90, readOnly: true },
    orderUom: { type: 'text', column: true, width: 80, readOnly: true },
    storedAttributeId: { type: 'int', column: true, hidden: true, width: 90, readOnly: true },
  },
  form: [],
});
