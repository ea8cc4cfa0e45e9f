/**
 * Orders and waves made through the calls a user's screens make (README "Waves"), for the demo data and the test
 * fixtures: an order by the generic engine and its binding, its lines by the order line service, confirmed by
 * `confirmOrder`; a wave header by the generic engine, its orders loaded by a wave-load profile into the user's
 * working set (`execWaveLoadProfile`), selected (`markSelected`) and added (`addSelectedOrders`). Every rule of the
 * real flow applies; nothing is written to the tables directly. Each call runs in the caller's transaction when there
 * is one (the first start's seed), else in its own.
 */
import { sql } from 'kysely';
import { saveRow } from '../../crud/crud.service';
import type { Row } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { ORDER_BINDINGS } from './orders.bindings';
import { saveOrderLine } from './orders.lines';
import { confirmOrder } from './orders.service';
import { addSelectedOrders, execWaveLoadProfile, markSelected } from './waveOrders.service';
import { WAVE_BINDINGS } from './waves.bindings';

export interface OrderLineInput {
  itemNumber: string;
  qty: string;
  /** Default: the line's position (1, 2, …). */
  lineNumber?: number;
  /** Default: EA. */
  orderUom?: string;
  lotNumber?: string | null;
  /** Attribute values by slot, e.g. `{ genericAttrValue1: 'Red' }`. */
  attributes?: Record<string, string>;
}

const bindingOf = (bindings: typeof WAVE_BINDINGS, table: string) => {
  const binding = bindings.find((b) => b.table === table);
  if (!binding) throw new Error(`no binding for ${table}`);
  return binding;
};

/** Creates a new order (N) of the header's warehouse and client with its lines; answers its number. */
export async function createOrder(db: Db, user: SessionUser, header: Row, lines: readonly OrderLineInput[]): Promise<string> {
  const id = await saveRow(db, bindingOf(ORDER_BINDINGS, 't_order'), user, { typeId: 'SO', ...header });
  if (!id) throw new Error('order not saved');
  const { rows } = await sql<{ whId: string; orderNumber: string }>`
    select wh_id, order_number from t_order where id = ${id}`.execute(db);
  const { whId, orderNumber } = rows[0] ?? { whId: '', orderNumber: '' };
  for (const [i, line] of lines.entries()) {
    const saved = await saveOrderLine(db, user, {
      whId,
      orderNumber,
      lineNumber: line.lineNumber ?? i + 1,
      itemNumber: line.itemNumber,
      qty: line.qty,
      orderUom: line.orderUom ?? 'EA',
      lotNumber: line.lotNumber ?? null,
      ...line.attributes,
    });
    if (!saved) throw new Error(`line ${i + 1} of order ${orderNumber} not saved`);
  }
  return orderNumber;
}

/** Creates an order with its lines and confirms it (N → C), ready for a wave; answers its number. */
export async function createConfirmedOrder(
  db: Db,
  user: SessionUser,
  header: Row,
  lines: readonly OrderLineInput[],
): Promise<string> {
  const orderNumber = await createOrder(db, user, header, lines);
  await confirmOrder(db, user, String(header.whId), orderNumber);
  return orderNumber;
}

export interface WaveInput {
  /** The wave header as the wave screen saves it (whId required; a blank waveId takes the next WAVE number). */
  header: Row;
  /** The wave-load profile that loads the orders (its function must find them: a client's confirmed orders). */
  profileId: number;
  /** Confirmed orders of the warehouse, in no wave; each client's are loaded by one run of the profile. */
  orderNumbers: readonly string[];
}

/**
 * Saves a wave header (N) and loads the orders into it the way the wave-load screen does, one run of the profile per
 * client: run, select the wanted orders of the working set, add them (C → W). An order the profile does not find is
 * an error. Answers the wave id.
 */
export async function buildWave(db: Db, user: SessionUser, input: WaveInput): Promise<string> {
  const whId = String(input.header.whId);
  const id = await saveRow(db, bindingOf(WAVE_BINDINGS, 't_wave_master'), user, input.header);
  if (!id) throw new Error('wave not saved');
  const { rows: waves } = await sql<{ waveId: string }>`select wave_id from t_wave_master where id = ${id}`.execute(db);
  const waveId = String(waves[0]?.waveId);
  if (input.orderNumbers.length === 0) return waveId;
  const { rows: orders } = await sql<{ orderNumber: string; clientCode: string }>`
    select order_number, client_code from t_order
    where wh_id = ${whId} and order_number = any(${[...input.orderNumbers]}::varchar[]) order by order_number`.execute(db);
  if (orders.length !== new Set(input.orderNumbers).size) throw new Error(`wave ${waveId}: an order does not exist`);
  const clients = [...new Set(orders.map((o) => o.clientCode))].sort();
  for (const clientCode of clients) {
    const wanted = orders.filter((o) => o.clientCode === clientCode).map((o) => o.orderNumber);
    await execWaveLoadProfile(db, user, { whId, waveId, clientCode, profileId: input.profileId, userName: user.name });
    const { rows: found } = await sql<{ id: number }>`
      select id from t_afa_view_wave_order
      where user_id = ${user.name} and wh_id = ${whId} and wave_id = ${waveId}
        and order_number = any(${wanted}::varchar[])`.execute(db);
    if (found.length !== wanted.length) throw new Error(`wave ${waveId}: the profile did not find ${wanted.join(', ')}`);
    await markSelected(
      db,
      user,
      found.map((r) => r.id),
      'Y',
    );
    await addSelectedOrders(db, user, { whId, waveId, userName: user.name });
  }
  return waveId;
}
