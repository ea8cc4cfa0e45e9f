/**
 * Page registry: menu url (as stored in the navigation tree) → lazily loaded screen. Every screen is its own
 * chunk, so AG Grid, pdf-lib and zxing never weigh on the login route.
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { REPORT_NAMES, reportUrl } from '../../shared/reports';
import { CYCLE_COUNT_SCREENS } from './cyclecount/cycleCountScreens';
import { ORDER_SCREENS } from './outbound/ordersScreens';
import { PICK_SCREENS } from './outbound/pickingScreens';
import { WAVE_SCREENS } from './outbound/wavesScreens';
import { RF_CONFIG_SCREENS } from './rf/rfConfigScreens';
import { SCAN_SCREENS } from './scan/scanScreens';
import { SHIPPING_SCREENS } from './shipping/shippingScreens';

/** Master-data screens that are the generic list of one entity, and nothing else: menu url → entity name. */
const ENTITY_SCREENS: Record<string, string> = {
  'Wms/TClient': 'tClient',
  'Wms/TWhseControl': 'tWhseControl',
  'Wms/TControl': 'tControl',
  'Wms/TItemType': 'tItemType',
  'Wms/TItemClass': 'tItemClass',
  'Wms/TAttributeCollection': 'tAttributeCollection',
  'Wms/TItemMaster': 'tItemMaster',
  'Wms/TItemUom': 'tItemUom',
  'Wms/TZone': 'tZone',
  'Wms/TLocation': 'tLocation',
  'Wms/TZoneLoca': 'tZoneLoca',
  'Wms/TDockDoor': 'tDockDoor',
  'Wms/TVendor': 'tVendor',
  'Wms/TCarrier': 'tCarrier',
  'Wms/TblCartonType': 'tblCartonType',
  'Wms/TReason': 'tReason',
  'Wms/TWorkType': 'tWorkType',
  'Wms/TblSnMaster': 'tblSnMaster',
  'Wms/TblPrintScheduler': 'tblPrintScheduler',
  'Wms/TPutawayRule': 'tPutawayRule',
  // View-only (the print log is written when documents are printed): the list has no add, edit or delete.
  'Wms/TblPrintJob': 'tblPrintJob',
  // RF main processes: the flows and how their dialogs chain (spec 001 §3, §7).
  'Wms/RfMainProcessDetail': 'rfMainProcessDetail',
};

// One chunk serves every generic master-data screen.
const entityScreen = (entity: string) =>
  lazy(() => import('./masterdata/MasterdataPage').then((m) => ({ default: () => createElement(m.MasterdataPage, { entity }) })));

/** Movement and adjustment: the task list and the lines screen of each kind share one chunk. */
function inventoryTaskScreens(): Record<string, LazyExoticComponent<ComponentType>> {
  const list = (kind: 'movement' | 'adjustment') =>
    lazy(() => import('./inventory/TaskListPage').then((m) => ({ default: () => createElement(m.TaskListPage, { kind }) })));
  const lines = (kind: 'movement' | 'adjustment') =>
    lazy(() => import('./inventory/TaskLinesPage').then((m) => ({ default: () => createElement(m.TaskLinesPage, { kind }) })));
  return {
    'Wms/TblInvMovement': list('movement'),
    'Wms/TblInvMovementDetail': lines('movement'),
    'Wms/TblInvAdjustment': list('adjustment'),
    'Wms/TblInvAdjustmentDetail': lines('adjustment'),
  };
}

/** Purchase orders: the list and the lines of one PO. */
const PO_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TPoMaster': lazy(() => import('./inbound/PoListPage').then((m) => ({ default: m.PoListPage }))),
  'Wms/TPoDetail': lazy(() => import('./inbound/PoLinesPage').then((m) => ({ default: m.PoLinesPage }))),
};

/** The analytic reports: one chunk (the report screen) serves them all, each screen its definition. */
const REPORT_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  REPORT_NAMES.map((name) => [
    reportUrl(name),
    lazy(() => import('./reports/ReportPage').then((m) => ({ default: () => createElement(m.ReportPage, { name }) }))),
  ]),
);

/** The two logs share one chunk. */
const logScreen = (name: 'tranLog' | 'exceptionLog') =>
  lazy(() =>
    Promise.all([import('./inventory/LogPage'), import('../../shared/entities')]).then(([m, e]) => ({
      default: () => createElement(m.LogPage, { entity: e.ENTITIES[name]! }),
    })),
  );

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  // Dock stations (issue 16): the generic list with Bind and Revoke.
  'Wms/TKioskStation': lazy(() => import('./kiosk/KioskStationListPage').then((m) => ({ default: m.KioskStationListPage }))),
  'Wms/TWebhookSubscription': lazy(() => import('./system/WebhookListPage').then((m) => ({ default: m.WebhookListPage }))),
  'Wms/TWebhookDelivery': lazy(() => import('./system/WebhookDeliveryPage').then((m) => ({ default: m.WebhookDeliveryPage }))),
  'Wms/TWhse': lazy(() => import('./masterdata/WarehouseListPage').then((m) => ({ default: m.WarehouseListPage }))),
  ...Object.fromEntries(Object.entries(ENTITY_SCREENS).map(([url, entity]) => [url, entityScreen(entity)])),
  'Wms/TStoredItem': lazy(() => import('./inventory/StoredItemPage').then((m) => ({ default: m.StoredItemPage }))),
  'Wms/ExpiringStock': lazy(() => import('./inventory/ExpiringStockPage').then((m) => ({ default: m.ExpiringStockPage }))),
  'Wms/Trace': lazy(() => import('./trace/TracePage').then((m) => ({ default: m.TracePage }))),
  // The home dashboard as a tab of its own (modules/dashboard/README.md).
  'Wms/Dashboard': lazy(() => import('./home/Dashboard').then((m) => ({ default: m.Dashboard }))),
  'Wms/SerialLookup': lazy(() => import('./inventory/SerialLookupPage').then((m) => ({ default: m.SerialLookupPage }))),
  ...inventoryTaskScreens(),
  ...CYCLE_COUNT_SCREENS,
  ...RF_CONFIG_SCREENS,
  ...PO_SCREENS,
  ...ORDER_SCREENS,
  ...WAVE_SCREENS,
  ...PICK_SCREENS,
  ...SHIPPING_SCREENS,
  ...SCAN_SCREENS,
  'Wms/TranLog': logScreen('tranLog'),
  'Wms/ExceptionLog': logScreen('exceptionLog'),
  'sys/user': lazy(() => import('./system/UserListPage').then((m) => ({ default: m.UserListPage }))),
  'sys/role': lazy(() => import('./system/RoleListPage').then((m) => ({ default: m.RoleListPage }))),
  'sys/menu': lazy(() => import('./system/MenuTreePage').then((m) => ({ default: m.MenuTreePage }))),
  'sys/dept': lazy(() => import('./system/DeptTreePage').then((m) => ({ default: m.DeptTreePage }))),
  'sys/dict': lazy(() => import('./system/DictListPage').then((m) => ({ default: m.DictListPage }))),
  'sys/log': lazy(() => import('./system/LogListPage').then((m) => ({ default: m.LogListPage }))),
  'sys/backup': lazy(() => import('./backup/BackupPage').then((m) => ({ default: m.BackupPage }))),
  'sys/integration': lazy(() => import('./system/ApiKeyListPage').then((m) => ({ default: m.ApiKeyListPage }))),
  'generator/generator': lazy(() => import('./generator/GeneratorPage').then((m) => ({ default: m.GeneratorPage }))),
  'Wms/Report': lazy(() => import('./reports/ReportFramePage').then((m) => ({ default: m.ReportFramePage }))),
  ...REPORT_SCREENS,
  // Excel import (issue 17): read-excel-file and write-excel-file load with this screen only.
  'Wms/ExcelImport': lazy(() => import('./imports/ImportPage').then((m) => ({ default: m.ImportPage }))),
  'Core/Signature': lazy(() => import('./signature/SignaturePage').then((m) => ({ default: m.SignaturePage }))),
  // Inbound: receiving desk, receipts, PO reconciliation
  'Wms/Receiving': lazy(() => import('./inbound/ReceivingPage').then((m) => ({ default: m.ReceivingPage }))),
  'Wms/TReceipt': lazy(() => import('./inbound/ReceiptListPage').then((m) => ({ default: m.ReceiptListPage }))),
  'Wms/PoReconcile': lazy(() => import('./inbound/ReconcilePage').then((m) => ({ default: m.ReconcilePage }))),
  // Inbound: inspection and putaway desks
  'Wms/Inspection': lazy(() => import('./inbound/InspectionPage').then((m) => ({ default: m.InspectionPage }))),
  'Wms/Putaway': lazy(() => import('./inbound/PutawayPage').then((m) => ({ default: m.PutawayPage }))),
};
