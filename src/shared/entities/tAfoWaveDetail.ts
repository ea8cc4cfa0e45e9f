import { defineEntity, type FieldDef } from './defineEntity';
import { whIdField } from './fields';

/** Parameters 1–10 of the profile that loaded an order (hidden columns). */
export const PARAMETER_VALUE_FIELDS: Record<string, FieldDef> = Object.fromEntries(
  Array.from({ length: 10 }, (_, i) => [
    `parameter${i + 1}`,
    { type: 'text', max: 100, readOnly: true, column: true, hidden: true },
  ]),
);

/**
 * An order in a wave (spec 001 §2.6, §3 "Wave detail"): written by `tAfaViewWaveOrder/addOrder` with the profile and
 * parameters that loaded it, taken out by `tAfoWaveDetail/removeOrder`; never saved or deleted through the generic
 * engine. The permissions are the wave's (spec 001 §6: sys:tWaveMaster:*).
 */
export const tAfoWaveDetail = defineEntity({
  name: 'tAfoWaveDetail',
  listKey: 'orderNumber',
  resource: 'tWaveMaster',
  warehouseScoped: true,
  viewOnly: true,
  unique: ['whId', 'orderNumber'],
  orderBy: ['loadSeq'],
  fields: {
    whId: { ...whIdField, width: 90 },
    waveId: { type: 'text', required: true, max: 30, filter: true, filterExact: true, column: true, width: 130, readOnly: true },
    orderNumber: { type: 'text', required: true, max: 30, filter: true, column: true, width: 140, readOnly: true },
    loadSeq: { type: 'int', column: true, width: 90, readOnly: true },
    // The wave-load form's load id (spec 001 §3), written by addOrder from the run that loaded the order.
    loadId: { type: 'text', max: 30, column: true, width: 110, readOnly: true },
    clientCode: { type: 'text', max: 30, column: true, hidden: true, width: 100, readOnly: true },
    profileId: { type: 'int', column: true, hidden: true, width: 90, readOnly: true },
    ...PARAMETER_VALUE_FIELDS,
    createBy: { type: 'text', column: true, hidden: true, width: 100, readOnly: true },
  },
  form: [],
});
