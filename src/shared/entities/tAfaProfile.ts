import { defineEntity, type FieldDef } from './defineEntity';
import { BY_WAREHOUSE, keyField, refField, statusField, textField, whIdField } from './fields';

/** The server functions a wave-load profile may name (src/server/modules/outbound/profiles.ts), labelled `code.waveLoadFunction.*`. */
export const WAVE_LOAD_FUNCTIONS = [
  'ORDERS_BY_SHIP_DATE',
  'ORDERS_BY_CARRIER',
  'ORDERS_BY_PRIORITY',
  'SINGLE_LINE_ORDERS',
] as const;
export type WaveLoadFunction = (typeof WAVE_LOAD_FUNCTIONS)[number];

/** The labels a profile parameter may carry, labelled `code.waveParamLabel.*` in both languages. */
export const WAVE_PARAM_LABELS = [
  'SHIP_DATE_FROM',
  'SHIP_DATE_TO',
  'CARRIER',
  'MIN_PRIORITY',
  'MAX_ORDERS',
  'ORDER_TYPE',
] as const;

/** The profile type of wave loading (spec 001 §9). */
export const WAVE_PROFILE = 'WAVE PROFILE';

const PARAMETER_SLOTS = Array.from({ length: 10 }, (_, i) => i + 1);

/** Parameters 1–10: the label (from a fixed list), the default value, whether a value is required. */
const PARAMETER_FIELDS: Record<string, FieldDef> = Object.fromEntries(
  PARAMETER_SLOTS.flatMap((n) => [
    [`parameterLabel${n}`, { type: 'code', codes: WAVE_PARAM_LABELS, codeList: 'waveParamLabel', column: n <= 2, width: 130 }],
    [`parameter${n}`, textField(100, { column: n <= 2, width: 110 })],
    [`parameterRequired${n}`, { type: 'code', codes: ['Y', 'N'], codeList: 'yesNo', required: true, width: 90 }],
  ]),
);

/** Per parameter: its label and whether it is required, then its default on a row of its own. */
function parameterRows(slots: readonly number[]): string[][] {
  return slots.flatMap((n) => [[`parameterLabel${n}`, `parameterRequired${n}`], [`parameter${n}`]]);
}

/**
 * A wave-load profile (spec 001 §3 "Wave profile", §4 wave-load flow; docs/flows.md "Wave loading"): it names a function
 * of the server's fixed registry — never SQL from configuration — and describes its parameters 1–10. A profile
 * without client serves every client of the warehouse.
 */
export const tAfaProfile = defineEntity<string>({
  name: 'tAfaProfile',
  listKey: 'profileName',
  resource: 'tAfaProfile',
  warehouseScoped: true,
  unique: ['whId', 'profileName'],
  orderBy: ['profileName'],
  fields: {
    whId: whIdField,
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, { filter: true, column: true, width: 110 }),
    // Always the spec's WAVE PROFILE: a hidden column.
    profileType: { type: 'text', column: true, hidden: true, width: 120, readOnly: true },
    profileName: keyField(30, 140),
    profileDescrip: textField(100, { required: true, filter: true, column: true, width: 200 }),
    functionName: {
      type: 'code',
      codes: WAVE_LOAD_FUNCTIONS,
      codeList: 'waveLoadFunction',
      required: true,
      filter: true,
      column: true,
      width: 170,
    },
    status: statusField,
    ...PARAMETER_FIELDS,
  },
  form: [
    ['whId', 'clientCode'],
    ['profileName', 'status'],
    ['profileDescrip'],
    ['functionName'],
    ...parameterRows(PARAMETER_SLOTS.slice(0, 3)),
  ],
  // Parameters 4–10, which few functions use, folded below the first three.
  more: parameterRows(PARAMETER_SLOTS.slice(3)),
});
