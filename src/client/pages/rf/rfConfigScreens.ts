import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** RF configuration screens (spec 001 §2.1–§2.3): menu url → lazily loaded screen. */
export const RF_CONFIG_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/RfSubProcessDetail': lazy(() => import('./RfSubProcessDetailPage').then((m) => ({ default: m.RfSubProcessDetailPage }))),
  'Wms/RfSubProcessOption': lazy(() => import('./RfSubProcessOptionPage').then((m) => ({ default: m.RfSubProcessOptionPage }))),
  'Wms/RfProcessResourceDetail': lazy(() =>
    import('./RfProcessResourcePage').then((m) => ({ default: m.RfProcessResourcePage })),
  ),
};
