import { defineEntity } from './defineEntity';
import { BY_WAREHOUSE, refField, whIdField } from './fields';

/**
 * The expiring-stock report (menu Wms/ExpiringStock, inventory README "Expiry"): stock rows whose expiry falls within
 * the warning days (EXPIRY_WARNING_DAYS of the client, else the warehouse, else 30; or the days the user types) — expired
 * rows included, with negative days left. Read from the view v_expiring_stock by `vExpiringStock/findPageByPara`;
 * view-only, permission sys:expiringStock:view.
 */
export const vExpiringStock = defineEntity({
  name: 'vExpiringStock',
  resource: 'expiringStock',
  warehouseScoped: true,
  viewOnly: true,
  unique: [],
  orderBy: ['expirationDate'],
  fields: {
    whId: { ...whIdField, immutable: false, width: 90 },
    clientCode: refField(30, 'getClient', BY_WAREHOUSE, { filter: true, column: true, width: 100 }),
    itemNumber: { type: 'text', filter: true, column: true, width: 130 },
    itemDescription: { type: 'text', column: true, width: 180 },
    lotNumber: { type: 'text', column: true, width: 110, sortable: true },
    locationId: { type: 'text', column: true, width: 120, sortable: true },
    huId: { type: 'text', column: true, width: 110, hidden: true },
    qty: { type: 'decimal', column: true, width: 90 },
    status: { type: 'code', codes: ['A', 'H'], codeList: 'storedItemStatus', column: true, width: 90 },
    reasonId: { type: 'text', column: true, width: 90 },
    expirationDate: { type: 'date', column: true, width: 110, sortable: true },
    daysLeft: { type: 'int', column: true, width: 90, sortable: true },
  },
  form: [],
});
