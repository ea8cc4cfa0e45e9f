import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { EntityRow } from '../../kit/EntityListPage';
import { screenUrl } from '../../kit/screenUrl';

export const ORDER_LIST_URL = '/Wms/TOrder';
export const ORDER_LINES_URL = '/Wms/TOrderDetail';

/** A screen of one order (`?orderNumber=…&whId=…&t=…`): the timestamp makes a repeated visit reload (spec 001 §2). */
export function orderUrl(screen: string, row: EntityRow): string {
  return screenUrl(screen, { orderNumber: row.orderNumber, whId: row.whId });
}

/** Only a new order changes (the server refuses others naming the order and its status). */
export const isChangeableOrder = (row: EntityRow | null | undefined): boolean => row?.status === 'N';

/** Outbound orders screens: menu url → lazily loaded screen. */
export const ORDER_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'Wms/TOrder': lazy(() => import('./OrderListPage').then((m) => ({ default: m.OrderListPage }))),
  'Wms/TOrderDetail': lazy(() => import('./OrderLinesPage').then((m) => ({ default: m.OrderLinesPage }))),
};
