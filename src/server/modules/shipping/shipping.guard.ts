/**
 * What the label, delivery and shipping calls share (README "Labels", "Deliveries", "Shipping"): reading cartons
 * (locked by number), the warehouse and client grants, and the refusals of a carton by its status and its order's.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { AppError } from '../../platform/errors';
import { type Access, grantScope, grantsClient, grantsWarehouse } from '../../platform/grants';
import type { Actor } from '../inventory/execute.service';

/** A carton as these calls read it, with its order's status. */
export interface CartonRow {
  id: number;
  whId: string;
  cartonNumber: string;
  orderNumber: string;
  waveId: string;
  clientCode: string;
  locationId: string;
  cartonType: string;
  cartonSeq: number;
  carrier: string | null;
  shipLabelBarcode: string | null;
  deliveryNumber: string | null;
  status: 'O' | 'C' | 'L' | 'D' | 'S';
  orderStatus: string;
}

/** Refuses a warehouse the user does not hold. */
export function requireWarehouse(actor: Actor, whId: string): void {
  if (!grantsWarehouse(actor, whId)) throw new AppError('warehouseNotGranted', { whId });
}

/** Refuses the first client (of the given ones) the user may not read or write in the warehouse. */
export function requireClients(actor: Actor, whId: string, clientCodes: Iterable<string>, access: Access): void {
  for (const clientCode of new Set(clientCodes)) {
    if (!grantsClient(actor, whId, clientCode, access)) throw new AppError('clientNotGranted', { clientCode });
  }
}

/**
 * A delivery's clients are those of its cartons (cartons of orders of one or more clients): a user limited to some
 * clients of the warehouse sees a delivery only when granted every one of them — the Deliveries list, its documents, its
 * proof of delivery and every call naming it by number. For anyone else it is not there (`notFound`, as an unknown
 * number: the answer reveals neither the delivery nor its clients). A delivery without cartons is the warehouse's.
 */
export async function grantsDelivery(
  db: Db | Trx,
  actor: Actor,
  whId: string,
  deliveryNumber: string,
  access: Access,
): Promise<boolean> {
  if (!grantsWarehouse(actor, whId)) return false;
  const { rows } = await sql<{ clientCode: string | null }>`
    select distinct client_code from tbl_shipping_label where wh_id = ${whId} and delivery_number = ${deliveryNumber}`.execute(
    db,
  );
  return grantsClients(
    actor,
    whId,
    rows.map((r) => r.clientCode),
    access,
  );
}

/** Whether the user holds every one of these clients of the warehouse (a delivery's, from its cartons). */
export function grantsClients(actor: Actor, whId: string, clientCodes: readonly (string | null)[], access: Access): boolean {
  return clientCodes.every((clientCode) => grantsClient(actor, whId, clientCode, access));
}

/** Refuses a delivery the user may not see (`grantsDelivery`) as if it did not exist: `notFound` naming the number. */
export async function requireDelivery(
  db: Db | Trx,
  actor: Actor,
  whId: string,
  deliveryNumber: string,
  access: Access,
): Promise<void> {
  if (!(await grantsDelivery(db, actor, whId, deliveryNumber, access))) throw new AppError('notFound', { deliveryNumber });
}

/** Whether the user is limited to some clients in any warehouse they hold (else every client scope is `true`). */
const limitedToSomeClients = (actor: Actor): boolean =>
  actor.warehouses !== 'all' && Object.keys(actor.clients).some((w) => grantsWarehouse(actor, w));

/**
 * The same rule as a SQL condition over a relation holding deliveries (`wh_id`, `delivery_number`): no carton of the
 * delivery is of a client the user is not granted. `true` when the user is limited to some clients nowhere.
 */
export function deliveryClientScope(actor: Actor, access: Access, relation: string): RawBuilder<unknown> {
  if (!limitedToSomeClients(actor)) return sql`true`;
  return sql`not exists (select 1 from tbl_shipping_label gc
    where gc.wh_id = ${sql.ref(`${relation}.wh_id`)} and gc.delivery_number = ${sql.ref(`${relation}.delivery_number`)}
      and not ${grantScope(actor, sql.ref('gc.wh_id'), sql.ref('gc.client_code'), access)})`;
}

/**
 * The print log's rule, the Deliveries list's: a print is seen only by users holding every client of what was printed
 * (`client_codes`, recorded with the print: `recordPrintJob`). A print of no client's rows is the warehouse's.
 */
export function printJobClientScope(actor: Actor, access: Access, relation: string): RawBuilder<unknown> {
  if (!limitedToSomeClients(actor)) return sql`true`;
  return sql`not exists (select 1 from unnest(${sql.ref(`${relation}.client_codes`)}) as pc(client_code)
    where not ${grantScope(actor, sql.ref(`${relation}.wh_id`), sql.ref('pc.client_code'), access)})`;
}

/** The numbers asked, each once, in the order first asked. */
export const distinct = (numbers: readonly string[]): string[] => [...new Set(numbers.map((n) => n.trim()))];

/** A carton row with its order's status (`c` the carton, `o` its order). */
const CARTON_SELECT = sql`
    select c.id, c.wh_id, c.carton_number, c.order_number, c.wave_id, c.client_code, c.location_id, c.carton_type,
      c.carton_seq, c.carrier, c.ship_label_barcode, c.delivery_number, c.status, o.status as order_status
    from tbl_shipping_label c
    join t_order o on o.wh_id = c.wh_id and o.order_number = c.order_number`;

/** A carton by number (locked, the carton row only, when asked); null when the warehouse has none. */
export async function readCarton(trx: Trx, whId: string, cartonNumber: string, lock: boolean): Promise<CartonRow | null> {
  const { rows } = await sql<CartonRow>`
    ${CARTON_SELECT} where c.wh_id = ${whId} and c.carton_number = ${cartonNumber} ${lock ? sql`for update of c` : sql``}`.execute(
    trx,
  );
  return rows[0] ?? null;
}

/**
 * The cartons of these numbers in the warehouse, sorted by number; locked (with their rows only, not the orders) when
 * `lock`. An unknown number is `notFound`.
 */
export async function readCartons(trx: Trx, whId: string, numbers: readonly string[], lock: boolean): Promise<CartonRow[]> {
  const { rows } = await sql<CartonRow>`
    ${CARTON_SELECT} where c.wh_id = ${whId} and c.carton_number = any(${[...numbers]}::varchar[])
    order by c.carton_number ${lock ? sql`for update of c` : sql``}`.execute(trx);
  if (rows.length !== new Set(numbers).size) {
    const found = new Set(rows.map((r) => r.cartonNumber));
    const missing = numbers.find((n) => !found.has(n)) ?? '';
    throw new AppError('notFound', { cartonNumber: missing });
  }
  return rows;
}

/** Locks the orders of these cartons (by number, after the cartons: the fixed order of every shipping call). */
export async function lockOrders(trx: Trx, whId: string, orderNumbers: Iterable<string>): Promise<Map<string, string>> {
  const numbers = [...new Set(orderNumbers)].sort();
  if (numbers.length === 0) return new Map();
  const { rows } = await sql<{ orderNumber: string; status: string }>`
    select order_number, status from t_order where wh_id = ${whId} and order_number = any(${numbers}::varchar[])
    order by order_number for update`.execute(trx);
  return new Map(rows.map((r) => [r.orderNumber, r.status]));
}

/**
 * The cartons of these numbers locked, then their orders (the fixed order of every shipping call), with each carton's
 * order status as locked; the user must hold the cartons' clients for writing. `check` refuses a carton (default: a
 * shipped one) before anything changes.
 */
export async function lockCartons(
  trx: Trx,
  actor: Actor,
  whId: string,
  numbers: readonly string[],
  check: (carton: CartonRow) => void = refuseShipped,
): Promise<CartonRow[]> {
  const read = await readCartons(trx, whId, numbers, true);
  requireClients(
    actor,
    whId,
    read.map((c) => c.clientCode),
    'write',
  );
  const orders = await lockOrders(
    trx,
    whId,
    read.map((c) => c.orderNumber),
  );
  const cartons = read.map((c) => ({ ...c, orderStatus: orders.get(c.orderNumber) ?? c.orderStatus }));
  for (const carton of cartons) check(carton);
  return cartons;
}

/** Refuses a shipped carton, or a carton of a shipped order, with the spec's words (orderShipped). */
export function refuseShipped(carton: Pick<CartonRow, 'orderNumber' | 'orderStatus'> & { status?: string }): void {
  if (carton.status === 'S') {
    throw new AppError('orderShipped', { orderNumber: carton.orderNumber, status: 'code.cartonStatus.S' });
  }
  if (carton.orderStatus === 'S') {
    throw new AppError('orderShipped', { orderNumber: carton.orderNumber, status: 'code.orderStatus.S' });
  }
}

/** The status label of a carton, for messages. */
export const cartonStatus = (carton: CartonRow): string => `code.cartonStatus.${carton.status}`;

/**
 * Orders of a warehouse that have nothing left to pack: every unit picked for them is in a carton and no pick task of
 * theirs is open. (The SQL condition over an alias `o` of t_order.)
 */
export const NOTHING_LEFT_TO_PACK = sql`not exists (select 1 from t_pick_detail d where d.wh_id = o.wh_id
    and d.order_number = o.order_number and d.picked_qty > d.packed_qty)
  and not exists (select 1 from t_wave_pick_task t where t.wh_id = o.wh_id and t.order_number = o.order_number
    and t.status = 'O')`;
