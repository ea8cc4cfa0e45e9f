import { defineEntity } from './defineEntity';

/**
 * The stock ledger as the stock query shows it (spec 001 §3 "Stored item"): read through the view
 * v_stored_item, which adds the location's zone and the available quantity. Stock changes only through the
 * inventory services, never through a generic save.
 */
export const tStoredItem = defineEntity({
  name: 'tStoredItem',
  listKey: 'locationId',
  resource: 'tStoredItem',
  warehouseScoped: true,
  viewOnly: true,
  itemDescription: true,
  unique: [],
  orderBy: ['whId', 'locationId', 'itemNumber', 'lotNumber'],
  fields: {
    // Where the stock is and what it is, then its quantities, so that they show without scrolling sideways.
    whId: { type: 'text', filter: true, column: true, width: 90, lookup: 'warehouse' },
    locationId: { type: 'text', filter: true, column: true, width: 120 },
    itemNumber: { type: 'text', filter: true, filterExact: true, column: true, width: 130 },
    lotNumber: { type: 'text', filter: true, filterExact: true, column: true, width: 110 },
    huId: { type: 'text', filter: true, column: true, width: 110 },
    actualQty: { type: 'decimal', column: true, width: 100 },
    unavailableQty: { type: 'decimal', column: true, width: 100 },
    allocatedQty: { type: 'decimal', column: true, width: 100 },
    availableQty: { type: 'decimal', column: true, width: 100 },
    status: { type: 'code', codes: ['A', 'H'], codeList: 'storedItemStatus', filter: true, column: true, width: 90 },
    reasonId: { type: 'text', codeList: 'reason', column: true, width: 100 },
    clientCode: { type: 'text', filter: true, column: true, width: 100, lookup: { name: 'getClient', params: { whId: 'whId' } } },
    zone: { type: 'text', filter: true, column: true, width: 90 },
    fifoDate: { type: 'date', column: true, width: 110 },
    expirationDate: { type: 'date', filter: true, column: true, width: 110 },
    storedAttributeId: { type: 'int', column: true, width: 90 },
  },
  form: [],
});
