import { defineEntity } from './defineEntity';
import { codeField } from './fields';

/**
 * One candidate order of a user's wave-order working set (spec 001 §2.7, §3 "Wave order view row"): filled by a
 * wave-load profile, selected and unselected, then added to or removed from the wave. Read from the view
 * `v_afa_view_wave_order`, which names the owner `userName` (the spec's filter) and adds the order's own facts.
 * Its rows change only through select/unselect and add/remove order (save and delete refuse with the reason).
 */
export const tAfaViewWaveOrder = defineEntity({
  name: 'tAfaViewWaveOrder',
  listKey: 'orderNumber',
  resource: 'tWaveMaster',
  warehouseScoped: true,
  viewOnly: true,
  unique: ['viewId', 'orderNumber'],
  orderBy: ['orderNumber'],
  fields: {
    selected: codeField('yesNo', { filter: true, column: true, width: 80, readOnly: true }),
    // The working set's internal number: in the column chooser, never the first column (issue 27 item 11).
    viewId: { type: 'int', column: true, hidden: true, width: 80, readOnly: true, immutable: true },
    userId: { type: 'text', max: 50, column: true, hidden: true, width: 100, readOnly: true },
    userName: { type: 'text', max: 50, filter: true, filterExact: true, readOnly: true },
    whId: { type: 'text', max: 20, filter: true, filterExact: true, column: true, width: 80, readOnly: true },
    waveId: { type: 'text', max: 30, filter: true, filterExact: true, column: true, width: 120, readOnly: true },
    clientCode: { type: 'text', max: 30, filter: true, column: true, width: 100, readOnly: true },
    orderNumber: { type: 'text', max: 30, filter: true, column: true, width: 140, readOnly: true },
    orderStatus: codeField('orderStatus', { column: true, width: 100, readOnly: true }),
    priority: { type: 'int', column: true, width: 80, readOnly: true },
    carrierId: { type: 'text', column: true, width: 100, readOnly: true },
    earliestShipDate: { type: 'date', column: true, width: 120, readOnly: true },
    latestShipDate: { type: 'date', column: true, width: 120, readOnly: true },
    addQuantity: { type: 'decimal', column: true, width: 100, readOnly: true },
    addWaveStatus: codeField('orderStatus', { column: true, width: 110, readOnly: true }),
    targetWave: { type: 'text', column: true, width: 120, readOnly: true },
    headerString: { type: 'text', column: true, hidden: true, width: 160, readOnly: true },
    hide: codeField('yesNo', { column: true, hidden: true, width: 70, readOnly: true }),
  },
  form: [],
});
