import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Cycle count screens (spec 001 §2.13): menu url → lazily loaded screen. */
export const CYCLE_COUNT_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TblCycleCountTask': lazy(() => import('./CycleCountPage').then((m) => ({ default: m.CycleCountPage }))),
};
