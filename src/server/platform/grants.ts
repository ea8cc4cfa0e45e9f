import type { Db } from '../db/connect';
import type { SessionUser } from './context';

/** What a user may see of one warehouse: nothing (null), or its rows for these clients (`clients` null = every client). */
export interface WarehouseGrant {
  whId: string;
  clients: readonly string[] | null;
}

/** Whether the warehouse is one of the user's. */
export function grantsWarehouse(user: SessionUser, whId: string): boolean {
  return user.warehouses === 'all' || user.warehouses.includes(whId);
}

/**
 * The user's grant on one warehouse, with the clients of `sys_user_warehouse.client_codes` (null there = every
 * client of that warehouse). A super administrator holds every client of every warehouse.
 */
export async function warehouseGrant(db: Db, user: SessionUser, whId: string): Promise<WarehouseGrant | null> {
  if (!grantsWarehouse(user, whId)) return null;
  if (user.warehouses === 'all') return { whId, clients: null };
  const row = await db
    .selectFrom('sysUserWarehouse')
    .select('clientCodes')
    .where('userId', '=', user.id)
    .where('whId', '=', whId)
    .executeTakeFirst();
  if (!row) return null;
  return { whId, clients: row.clientCodes };
}

/** Whether a grant covers a client (a row without client belongs to every client). */
export function grantsClient(grant: WarehouseGrant, clientCode: string | null): boolean {
  return grant.clients === null || clientCode === null || grant.clients.includes(clientCode);
}
