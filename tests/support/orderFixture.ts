import type { Row } from '../../src/server/crud/crud.types';
import type { Db } from '../../src/server/db/connect';
import { confirmOrder } from '../../src/server/modules/outbound/orders.service';
import {
  createConfirmedOrder as makeConfirmedOrder,
  createOrder as makeOrder,
  type OrderLineInput,
} from '../../src/server/modules/outbound/waveBuild';
import type { SessionUser } from '../../src/server/platform/context';
import { FIX } from './inventoryFixture';

/**
 * Outbound orders made through the order services themselves (`waveBuild.ts`: header by the generic engine and its
 * binding, lines by the order line service, confirm by `confirmOrder`), so every rule of a real order applies: numbers from the ORDER
 * series, items of the order's client, lot cleared for items without lot control, stored attribute ids computed.
 * Defaults name the inventory fixture (WH01, client TINVC, its items).
 */

/** The user the fixture acts as: every warehouse, every client, every order permission. */
export const ORDER_FIXTURE_USER: SessionUser = {
  id: 0,
  name: 'order-fixture',
  sessionId: 0,
  superAdmin: true,
  permissions: new Set(['view', 'add', 'edit', 'delete'].map((a) => `sys:tOrder:${a}`)),
  warehouses: 'all',
  clients: {},
  station: null,
  language: 'en',
};

export type { OrderLineInput } from '../../src/server/modules/outbound/waveBuild';

/** Creates a new order (N) with its lines; answers its number. Header fields override the defaults (WH01, TINVC, SO). */
export async function createOrder(db: Db, lines: OrderLineInput[], header: Row = {}): Promise<string> {
  return makeOrder(db, ORDER_FIXTURE_USER, { whId: FIX.whId, clientCode: FIX.client, ...header }, lines);
}

/** Confirms an order (N → C) through `confirmOrder`. */
export async function confirm(db: Db, orderNumber: string, whId: string = FIX.whId): Promise<void> {
  await confirmOrder(db, ORDER_FIXTURE_USER, whId, orderNumber);
}

/** Creates an order with its lines and confirms it (C), ready for a wave; answers its number. */
export async function createConfirmedOrder(db: Db, lines: OrderLineInput[], header: Row = {}): Promise<string> {
  return makeConfirmedOrder(db, ORDER_FIXTURE_USER, { whId: FIX.whId, clientCode: FIX.client, ...header }, lines);
}
