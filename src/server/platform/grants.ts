import { type Expression, type RawBuilder, sql } from 'kysely';
import type { SessionUser } from './context';

/**
 * The one guard on warehouse and client grants. Every route that touches a row with a client — the generic engine,
 * the stock and log routes, task lines, task execution, holds, the lookups — asks here. The grants travel with the
 * session user (`warehouses`, `clients`), read afresh on every call, so no check needs the database.
 *
 * A row's client is its `client_code`, or for rows without one (task lines, item units, serial numbers, exception
 * log) the client of its item. A row whose client is null (a reason for every client, a log row without item)
 * belongs to every client: anyone holding the warehouse may read it, only a user of every client may write it.
 */
export type Grantee = Pick<SessionUser, 'warehouses' | 'clients'>;

/** Reading a row, or creating/changing/deleting/acting on it. */
export type Access = 'read' | 'write';

/** What a user may see of one warehouse: its rows for these clients (`clients` null = every client). */
export interface WarehouseGrant {
  whId: string;
  clients: readonly string[] | null;
}

/** Whether the warehouse is one of the user's. */
export function grantsWarehouse(user: Grantee, whId: string): boolean {
  return user.warehouses === 'all' || user.warehouses.includes(whId);
}

/**
 * The clients a user is limited to in a warehouse (null = every client). Own keys only: a warehouse id such as
 * "toString" must not find Object.prototype's members.
 */
export function clientsIn(user: Pick<Grantee, 'clients'>, whId: string): readonly string[] | null {
  return Object.hasOwn(user.clients, whId) ? (user.clients[whId] ?? null) : null;
}

/** The user's grant on one warehouse, or null when the warehouse is not theirs. */
export function warehouseGrant(user: Grantee, whId: string): WarehouseGrant | null {
  if (!grantsWarehouse(user, whId)) return null;
  return { whId, clients: clientsIn(user, whId) };
}

/** Whether the user may read or write a row of this warehouse owned by this client (null = every client). */
export function grantsClient(user: Grantee, whId: string, clientCode: string | null | undefined, access: Access): boolean {
  const grant = warehouseGrant(user, whId);
  if (!grant) return false;
  if (grant.clients === null) return true;
  if (clientCode === null || clientCode === undefined || clientCode === '') return access === 'read';
  return grant.clients.includes(clientCode);
}

/**
 * The same rule as a SQL condition over rows whose warehouse and client are the given expressions (the client may be
 * a subquery on the item): only granted warehouses, and within a warehouse limited to some clients, only theirs
 * (plus rows of every client when reading). Always a condition; `true` for a user with every warehouse.
 */
export function grantScope(
  user: Grantee,
  whId: Expression<unknown>,
  clientCode: Expression<unknown> | null,
  access: Access = 'read',
): RawBuilder<unknown> {
  if (user.warehouses === 'all') return sql`true`;
  const conditions: RawBuilder<unknown>[] = [sql`${whId} = any(${[...user.warehouses]}::varchar[])`];
  const limited = Object.entries(user.clients).filter(([w]) => grantsWarehouse(user, w));
  if (clientCode && limited.length > 0) {
    const everyClient = access === 'read' ? sql` or ${clientCode} is null` : sql``;
    const pairs = limited.map(([w, codes]) => sql`(${whId} = ${w} and ${clientCode} = any(${[...codes]}::varchar[]))`);
    conditions.push(sql`(${whId} <> all(${limited.map(([w]) => w)}::varchar[]) or ${sql.join(pairs, sql` or `)}${everyClient})`);
  }
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** The client of the item a row names, as a SQL expression over the row's `wh_id` and `item_number` columns. */
export function itemClient(alias: string): RawBuilder<unknown> {
  return sql`(select gi.client_code from t_item_master gi
    where gi.wh_id = ${sql.ref(`${alias}.wh_id`)} and gi.item_number = ${sql.ref(`${alias}.item_number`)})`;
}
