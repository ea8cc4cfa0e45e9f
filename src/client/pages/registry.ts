/**
 * Page registry: menu url (as stored in the navigation tree) → lazily loaded screen. Every screen is its own
 * chunk, so AG Grid, pdf-lib and zxing never weigh on the login route.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TWhse': lazy(() => import('./masterdata/WarehouseListPage').then((m) => ({ default: m.WarehouseListPage }))),
  'Wms/TClient': lazy(() => import('./masterdata/ClientListPage').then((m) => ({ default: m.ClientListPage }))),
  'sys/backup': lazy(() => import('./backup/BackupPage').then((m) => ({ default: m.BackupPage }))),
  'generator/generator': lazy(() => import('./generator/GeneratorPage').then((m) => ({ default: m.GeneratorPage }))),
  'Wms/Report': lazy(() => import('./reports/ReportFramePage').then((m) => ({ default: m.ReportFramePage }))),
};
