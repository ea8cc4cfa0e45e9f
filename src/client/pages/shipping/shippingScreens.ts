import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The shipping screens' urls (spec 001 §2.11; contracts.md "Shipping"). */
export const SHIPPING_URLS = {
  cartonPick: '/Wms/CartonPick',
  cartons: '/Wms/TblShippingLabel',
  cartonLines: '/Wms/TblShippingLabelDetail',
  deliveries: '/Wms/TDelivery',
} as const;

/** Shipping screens: menu url → lazily loaded screen. */
export const SHIPPING_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/CartonPick': lazy(() => import('./CartonPickPage').then((m) => ({ default: m.CartonPickPage }))),
  'Wms/TblShippingLabel': lazy(() => import('./CartonListPage').then((m) => ({ default: m.CartonListPage }))),
  'Wms/TblShippingLabelDetail': lazy(() => import('./CartonLinesPage').then((m) => ({ default: m.CartonLinesPage }))),
  'Wms/TDelivery': lazy(() => import('./DeliveryListPage').then((m) => ({ default: m.DeliveryListPage }))),
};
