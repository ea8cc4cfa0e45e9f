/** The `/globalOptions/*` lookups as the console and the server both see them (spec 000 §3, §7; spec 001 §7). */
import type { ErrorCode } from './errors';

/** One entry of a choice list (spec 000 §3 "Option list entry"). */
export interface OptionEntry {
  optionValue: string;
  optionDisplay: string;
}

/** Rows a searchable lookup answers when the request names no limit, and the most it ever answers. */
export const LOOKUP_DEFAULT_LIMIT = 50;
export const LOOKUP_MAX_LIMIT = 200;
/** Longest `keyword` a searchable lookup accepts. */
export const LOOKUP_KEYWORD_MAX_LENGTH = 50;

/**
 * Lookups over lists that can grow long (items, locations): they accept `keyword` (matched anywhere in the code
 * or the description), `optionValue` (exactly that code, to show the display of a value already chosen) and `limit`, and the console offers them as a search-as-you-type box instead of a select.
 */
export const SEARCHABLE_LOOKUPS: ReadonlySet<string> = new Set([
  'getSku',
  'getLocation',
  'getDestinationLocation',
  'getLocatonsByZone',
]);

/**
 * Lookups whose first option is chosen as soon as their list loads for a new choice of its parameters: the units of
 * the chosen item, base unit first (spec 001 §4 "Choosing an item loads its base UOM (the first is auto-selected)");
 * the staging location of the chosen dock door, its only option (issue 27: a wave's staging filled from its door).
 */
export const FIRST_CHOSEN_LOOKUPS: ReadonlySet<string> = new Set(['getItemBaseUom', 'getDockDoorStagingLoc']);

/**
 * What a searchable lookup says at once when a typed or scanned code is not in it (spec 001 §8 "Item lookup returning
 * nothing: Item Not Found"); other lookups say that nothing matches.
 */
export const LOOKUP_NOT_FOUND: Readonly<Partial<Record<string, ErrorCode>>> = {
  getSku: 'itemNotFound',
  // A location typed into a line (issue 10 item 11) is named as one, not as "no match".
  getLocation: 'locationNotFound',
  getDestinationLocation: 'locationNotFound',
};

/** The item's lot-control information (`getItemLotCtlAttrCollection`); null when the item is not found. */
export interface ItemLotControl {
  itemNumber: string;
  description: string;
  clientCode: string;
  /** Base unit of measure. */
  uom: string;
  lotControl: 'Y' | 'N';
  serialControl: 'Y' | 'N';
  attributeCollectionId: string | null;
  /** Days an item keeps from receipt; null when it does not expire. */
  shelfLife: number | null;
}

/** One used slot of the item's attribute collection (`getItemAttributeTypes`): slot 1..11 ↔ genericAttrValue<slot>. */
export interface ItemAttributeType {
  slot: number;
  attributeType: string;
}

/** A used slot with the values the item already has in the warehouse (`tReceipt/getItemAttributeValues`). */
export interface ItemAttributeChoices extends ItemAttributeType {
  /** Known values, alphabetical: in stock, received before or named on a PO line of the item. */
  values: string[];
}

/** The location's handling information (`getLocItemHuIndicate`): I item location, H pallet location. */
export interface LocationHuIndicate {
  locationId: string;
  itemHuIndicate: 'I' | 'H';
  type: string;
}

/** Number of attribute slots per item (spec 000 §9). */
export const ATTRIBUTE_SLOTS = 11;
