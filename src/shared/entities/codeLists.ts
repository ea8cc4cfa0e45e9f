/**
 * Closed code lists of master data (spec 001 §5 "allowed codes" and the statuses of 0004_masterdata).
 * Each value is labelled `code.<list>.<value>` in both locale files.
 */
import { IMPORT_STATUSES } from '../importStatus';
import { KIOSK_FLOWS, STATION_STATUSES } from '../kiosk';
import { CARTON_KINDS, HU_INDICATORS, LOCATION_TYPES, YES_NO, ZONE_TYPES } from '../validation';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../webhooks';

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
  documentType: ['SHIP_LABEL', 'PACKING_LIST', 'DELIVERY_NOTE', 'DISPATCH_LIST', 'PICK_LIST', 'RECEIPT_NOTE', 'LOCATION_LABEL'],
  // Inbound (docs/flows.md, src/server/modules/inbound/README.md)
  /** PO: O open, R receiving, C closed (reconciled), X cancelled. */
  poStatus: ['O', 'R', 'C', 'X'],
  /** PO type: standard, customer return, transfer in, consignment. */
  poType: ['STD', 'RTN', 'TRF', 'CON'],
  /** Dock appointment: N none, S scheduled, A arrived, D done. */
  appointmentStatus: ['N', 'S', 'A', 'D'],
  /** Receipt: R received (awaiting putaway), Q awaiting inspection, P put away. */
  receiptStatus: ['R', 'Q', 'P'],
  /** Inspection line: N not inspected, P passed, F failed (some or all units). */
  inspectionResult: ['N', 'P', 'F'],
  /** Movement task type: an ordinary movement or a putaway of received stock. */
  movementTaskType: ['MOVE', 'PUTAWAY'],
  // Outbound (docs/flows.md, src/server/modules/outbound/README.md)
  /** Order: N new, C confirmed, W in a wave, A allocated, K picking, P packed, D in a delivery, S shipped, X cancelled. */
  orderStatus: ['N', 'C', 'W', 'A', 'K', 'P', 'D', 'S', 'X'],
  /** Order type: sales order, transfer out, return to vendor, sample. */
  orderType: ['SO', 'TRF', 'RTV', 'SMP'],
  /** Wave: N building, R released, P picking, C picked, S shipped, H held. */
  waveStatus: ['N', 'R', 'P', 'C', 'S', 'H'],
  /** Pick task and pick detail: O open, K picked, S short; a pick detail then P packed, D shipped. */
  pickStatus: ['O', 'K', 'S', 'P', 'D'],
  /**
   * Why an order line is not fully planned: no active unit conversion, no stock, not enough stock, or only expired or
   * short-dated stock (below the minimum remaining shelf life), or the line is on hold (a HOLD reason).
   */
  shortReason: ['NOUOM', 'NOSTOCK', 'SHORT', 'SHORTDATED', 'HELD'],
  /** Why allocation chose a stock row: earliest expiry, oldest stock, or a whole pallet. */
  pickRule: ['FEFO', 'FIFO', 'PALLET'],
  // Shipping (docs/flows.md, src/server/modules/shipping/README.md)
  /** Carton: O open, C closed, L labelled, D in a delivery, S shipped. */
  cartonStatus: ['O', 'C', 'L', 'D', 'S'],
  /** Delivery: O open, S shipped. */
  deliveryStatus: ['O', 'S'],
  /** A carton's weight: N not weighed, W within tolerance of its logical weight, O outside it. */
  weightStatus: ['N', 'W', 'O'],
  // RF (spec 001 §9, src/server/modules/rf/README.md)
  /** The kinds of RF process resource (dialog texts). */
  rfResourceType: ['title', 'header', 'prompt', 'option'],
  /** The locale of an RF text: 2052 Chinese, 1033 English. */
  rfLocale: ['2052', '1033'],
  /** The function keys of an RF dialog. */
  rfFunctionKey: ['BACK', 'DONE', 'F1', 'F2', 'F3', 'F4'],
  // Dock stations (src/server/modules/kiosk/README.md)
  /** Dock station: N new (waiting for its code), A active (bound), R revoked. */
  stationStatus: STATION_STATUSES,
  /** An API key (system module README "API keys"): A active, E expired, R revoked. */
  apiKeyStatus: ['A', 'E', 'R'],
  /** The flows a dock station offers (tiles of its home screen). */
  kioskFlow: KIOSK_FLOWS,
  // Webhooks (src/server/modules/webhooks/README.md)
  /** The business events a webhook subscription may receive. */
  webhookEvent: WEBHOOK_EVENTS,
  /** A webhook delivery: P pending, D delivered, F failed for good (dead letter). */
  webhookDeliveryStatus: DELIVERY_STATUSES,
  // Excel import (src/server/modules/imports/README.md)
  /** Staging row: N new (not validated), E error, V valid, S committed. */
  importStatus: IMPORT_STATUSES,
  // Cycle counts (docs/flows.md, src/server/modules/cyclecount/README.md)
  /** Count task: N new (to count), C counted, A adjustment task generated. */
  cycleCountStatus: ['N', 'C', 'A'],
  /** How a count task was made: by location and item, by percent, by transaction type, or a found item added. */
  countSubType: ['LOCITEM', 'PERCENT', 'TRANTYPE', 'FOUND'],
  /** Every kind of ledger change (tran_log.tran_type), docs/data.md "Transaction types". */
  tranType: [
    'RECEIVE',
    'RECEIVE_ADJUST',
    'RECEIVE_DELETE',
    'INSPECT_PASS',
    'INSPECT_FAIL',
    'PUTAWAY',
    'MOVE',
    'ADJUST',
    'HOLD',
    'RELEASE',
    'ALLOCATE',
    'UNALLOCATE',
    'PICK',
    'SHORT',
    'PACK',
    'SPLIT',
    'SHIP',
    'COUNT',
  ],
} as const satisfies Record<string, readonly string[]>;

export type CodeListName = keyof typeof CODE_LISTS;
export type CodeOf<L extends CodeListName> = (typeof CODE_LISTS)[L][number];
