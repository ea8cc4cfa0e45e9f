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
    itemNumber: { type: 'text', filter: true, column: true, width: 120 },
    itemDescription: { type: 'text', column: true, width: 170 },
    lotNumber: { type: 'text', column: true, width: 100, sortable: true },
    locationId: { type: 'text', column: true, width: 110, sortable: true },
    expirationDate: { type: 'date', column: true, width: 110, sortable: true },
    daysLeft: { type: 'int', column: true, width: 90, sortable: true },
    qty: { type: 'decimal', column: true, width: 80 },
    status: { type: 'code', codes: ['A', 'H'], codeList: 'storedItemStatus', column: true, width: 80 },
    reasonId: { type: 'text', codeList: 'reason', column: true, width: 90 },
    huId: { type: 'text', column: true, width: 110, hidden: true },
  },
  form: [],
});
