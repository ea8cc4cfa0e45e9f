/**
 * Page registry: menu url (as stored in the navigation tree) → lazily loaded screen. Every screen is its own
 * chunk, so AG Grid, pdf-lib and zxing never weigh on the login route.
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

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
};

// One chunk serves every generic master-data screen.
const entityScreen = (entity: string) =>
  lazy(() => import('./masterdata/MasterdataPage').then((m) => ({ default: () => createElement(m.MasterdataPage, { entity }) })));

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TWhse': lazy(() => import('./masterdata/WarehouseListPage').then((m) => ({ default: m.WarehouseListPage }))),
  ...Object.fromEntries(Object.entries(ENTITY_SCREENS).map(([url, entity]) => [url, entityScreen(entity)])),
  'sys/user': lazy(() => import('./system/UserListPage').then((m) => ({ default: m.UserListPage }))),
  'sys/role': lazy(() => import('./system/RoleListPage').then((m) => ({ default: m.RoleListPage }))),
  'sys/menu': lazy(() => import('./system/MenuTreePage').then((m) => ({ default: m.MenuTreePage }))),
  'sys/dept': lazy(() => import('./system/DeptTreePage').then((m) => ({ default: m.DeptTreePage }))),
  'sys/dict': lazy(() => import('./system/DictListPage').then((m) => ({ default: m.DictListPage }))),
  'sys/log': lazy(() => import('./system/LogListPage').then((m) => ({ default: m.LogListPage }))),
};
