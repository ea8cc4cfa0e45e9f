/**
 * Closed code lists of master data (spec 001 §5 "allowed codes" and the statuses of 0004_masterdata).
 * Each value is labelled `code.<list>.<value>` in both locale files.
 */
import { CARTON_KINDS, HU_INDICATORS, LOCATION_TYPES, YES_NO, ZONE_TYPES } from '../validation';

export const CODE_LISTS = {
  yesNo: YES_NO,
  /** Active or inactive master data. */
  status: ['A', 'I'],
  // The five lists of spec 001 §5 are defined once, with the validation rules.
  locationType: LOCATION_TYPES,
  itemHuIndicator: HU_INDICATORS,
  zoneType: ZONE_TYPES,
  cartonKind: CARTON_KINDS,
  cycleCountClass: ['A', 'B', 'C'],
  /** Dock door use: I inbound, O outbound, B both. */
  doorType: ['I', 'O', 'B'],
  reasonType: ['HOLD', 'ADJUST', 'MOVE', 'COUNT', 'RETURN', 'DAMAGE'],
  /** Serial number state: IN in stock, OUT shipped, HOLD blocked. */
  snStatus: ['IN', 'OUT', 'HOLD'],
  transportMode: ['PARCEL', 'LTL', 'FTL', 'AIR', 'OCEAN', 'RAIL'],
  /** Documents a printer can be scheduled for. */
  documentType: ['SHIP_LABEL', 'PACKING_LIST', 'DELIVERY_NOTE', 'PICK_LIST', 'RECEIPT_NOTE', 'LOCATION_LABEL'],
} as const satisfies Record<string, readonly string[]>;

export type CodeListName = keyof typeof CODE_LISTS;
export type CodeOf<L extends CodeListName> = (typeof CODE_LISTS)[L][number];
