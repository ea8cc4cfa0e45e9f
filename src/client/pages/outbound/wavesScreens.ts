import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** The wave screens' urls (spec 001 §2.6–§2.9; the pick task screen is the picking part's). */
export const WAVE_URLS = {
  list: '/Wms/TWaveMaster',
  detail: '/Wms/TAfoWaveDetail',
  detailLines: '/Wms/TAfoWaveDetailLine',
  orders: '/Wms/TAfaViewWaveOrder',
  orderLines: '/Wms/TAfaViewWaveOrderLine',
  pickTasks: '/Wms/TWavePickTask',
} as const;

/** Outbound waves screens: menu url → lazily loaded screen. */
export const WAVE_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TWaveMaster': lazy(() => import('./WaveListPage').then((m) => ({ default: m.WaveListPage }))),
  'Wms/TAfoWaveDetail': lazy(() => import('./WaveDetailPage').then((m) => ({ default: m.WaveDetailPage }))),
  'Wms/TAfoWaveDetailLine': lazy(() => import('./WaveDetailLinesPage').then((m) => ({ default: m.WaveDetailLinesPage }))),
  'Wms/TAfaViewWaveOrder': lazy(() => import('./WaveOrderPage').then((m) => ({ default: m.WaveOrderPage }))),
  'Wms/TAfaViewWaveOrderLine': lazy(() => import('./WaveOrderLinesPage').then((m) => ({ default: m.WaveOrderLinesPage }))),
  // The profiles are a generic entity screen, in the chunk every generic master-data screen shares.
  'Wms/TAfaProfile': lazy(() =>
    import('../masterdata/MasterdataPage').then((m) => ({
      default: () => createElement(m.MasterdataPage, { entity: 'tAfaProfile' }),
    })),
  ),
};
