import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { createInventoryFixture, FIX } from './inventoryFixture';
import { confirm, createOrder } from './orderFixture';

/**
 * The inventory fixture (clients TINVC and TINVD of WH01 with items) plus orders made through the order services
 * (`insertOrder`, confirmed unless asked otherwise). Orders are prefixed TWV.
 */
export const WV = { ...FIX, carrier: 'SF', otherCarrier: 'JD' } as const;

export interface OrderInput {
  clientCode?: string;
  status?: string;
  priority?: number;
  carrierId?: string | null;
  earliestShipDate?: string | null;
  /** Lines: item and quantity (numbered from 1); default one line of the plain item. */
  lines?: { itemNumber: string; qty: string; lotNumber?: string | null }[];
  whId?: string;
}

export async function createWaveFixture(db: Db): Promise<void> {
  await createInventoryFixture(db);
}

/** Makes an order through the order services (status C unless N is asked) with its lines. */
export async function insertOrder(db: Db, orderNumber: string, input: OrderInput = {}): Promise<void> {
  const whId = input.whId ?? WV.whId;
  const lines = input.lines ?? [{ itemNumber: input.clientCode === WV.otherClient ? WV.itemOther : WV.itemPlain, qty: '2' }];
  await createOrder(db, lines, {
    whId,
    clientCode: input.clientCode ?? WV.client,
    orderNumber,
    priority: input.priority ?? 50,
    carrierId: input.carrierId === undefined ? WV.carrier : input.carrierId,
    earliestShipDate: input.earliestShipDate ?? null,
    shipToName: '测试收货人 Test consignee',
    shipToCity: '宁波 Ningbo',
  });
  if ((input.status ?? 'C') === 'C') await confirm(db, orderNumber, whId);
}

/** Writes a wave-load profile and answers its id. */
export async function insertProfile(
  db: Db,
  name: string,
  functionName: string,
  params: { label: string; value?: string | null; required?: boolean }[],
  options: { clientCode?: string | null; status?: string; whId?: string } = {},
): Promise<number> {
  const slots = Array.from({ length: 10 }, (_, i) => params[i]);
  const { rows } = await sql<{ id: number }>`
    insert into t_afa_profile (wh_id, client_code, profile_name, profile_descrip, function_name, status,
      parameter_label1, parameter1, parameter_required1, parameter_label2, parameter2, parameter_required2,
      parameter_label3, parameter3, parameter_required3)
    values (${options.whId ?? WV.whId}, ${options.clientCode === undefined ? WV.client : options.clientCode}, ${name},
      ${`测试策略 ${name}`}, ${functionName}, ${options.status ?? 'A'},
      ${sql.join(slots.slice(0, 3).flatMap((p) => [sql`${p?.label ?? null}`, sql`${p?.value ?? null}`, sql`${p?.required ? 'Y' : 'N'}`]))})
    returning id`.execute(db);
  return rows[0]!.id;
}

/** An order's status and wave. */
export async function orderState(db: Db, orderNumber: string): Promise<{ status: string; waveId: string | null }> {
  const { rows } = await sql<{ status: string; waveId: string | null }>`
    select status, wave_id from t_order where wh_id = ${WV.whId} and order_number = ${orderNumber}`.execute(db);
  return rows[0]!;
}
