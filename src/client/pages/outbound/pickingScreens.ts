import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Outbound picking screens: menu url → lazily loaded screen. */
export const PICK_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TWavePickTask': lazy(() => import('./PickTaskPage').then((m) => ({ default: m.PickTaskPage }))),
  'Wms/TAllocation': lazy(() => import('./AllocationPage').then((m) => ({ default: m.AllocationPage }))),
  'Wms/TPickDetail': lazy(() => import('./PickDetailPage').then((m) => ({ default: m.PickDetailPage }))),
};
