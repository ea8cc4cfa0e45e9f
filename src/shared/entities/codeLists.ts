/**
 * Closed code lists of master data (spec 001 §5 "allowed codes" and the statuses of 0004_masterdata).
 * Each value is labelled `code.<list>.<value>` in both locale files.
 */
export const CODE_LISTS = {
  yesNo: ['Y', 'N'],
  /** Active or inactive master data. */
  status: ['A', 'I'],
  /** Location type: F forklift (pallet rack), S staging, I single item, M multi item. */
  locationType: ['F', 'S', 'I', 'M'],
  /** What a location holds: I items (loose), H handling units (pallets). */
  itemHuIndicator: ['I', 'H'],
  /** Zone type: A qualified, D unqualified (damaged), Q pending inspection. */
  zoneType: ['A', 'D', 'Q'],
  /** An item's default carton: N its original box, P a paper bag. */
  cartonKind: ['N', 'P'],
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
