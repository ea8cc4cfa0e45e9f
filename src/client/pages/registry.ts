/**
 * Page registry: menu url (as stored in the navigation tree) → lazily loaded screen. Every screen is its own
 * chunk, so AG Grid, pdf-lib and zxing never weigh on the login route.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TWhse': lazy(() => import('./masterdata/WarehouseListPage').then((m) => ({ default: m.WarehouseListPage }))),
  'Wms/TClient': lazy(() => import('./masterdata/ClientListPage').then((m) => ({ default: m.ClientListPage }))),
  'sys/user': lazy(() => import('./system/UserListPage').then((m) => ({ default: m.UserListPage }))),
  'sys/role': lazy(() => import('./system/RoleListPage').then((m) => ({ default: m.RoleListPage }))),
  'sys/menu': lazy(() => import('./system/MenuTreePage').then((m) => ({ default: m.MenuTreePage }))),
  'sys/dept': lazy(() => import('./system/DeptTreePage').then((m) => ({ default: m.DeptTreePage }))),
  'sys/dict': lazy(() => import('./system/DictListPage').then((m) => ({ default: m.DictListPage }))),
  'sys/log': lazy(() => import('./system/LogListPage').then((m) => ({ default: m.LogListPage }))),
};
