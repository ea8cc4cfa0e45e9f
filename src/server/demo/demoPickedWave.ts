/**
 * The path the shipping and dock station demos share: BLUE's orders in WH01 confirmed, loaded into a wave by BLUE's
 * priority profile, released (each pick), every task picked as allocated; then cartons packed from the picked lines.
 * All through the services, in the caller's transaction.
 */
import { sql } from 'kysely';
import type { Row, Trx } from '../crud/crud.types';
import { releaseWaves } from '../modules/outbound/allocation.service';
import { completeWavePick } from '../modules/outbound/picking.service';
import { buildWave, createConfirmedOrder, type OrderLineInput } from '../modules/outbound/waveBuild';
import { completeCartonPick, getNextCarton } from '../modules/shipping/cartons.service';
import type { SessionUser } from '../platform/context';

/** A demo wave of BLUE in WH01 and its orders. */
export interface DemoPickedWave {
  waveId: string;
  workersRequired: number;
  stagingLocation: string;
  doorLocation: string;
  /** The wave's remark. */
  remark: string;
  /** The remark of each of its orders. */
  orderRemark: string;
  /** BLUE's priority profile, which loads the orders. */
  profileId: number;
  /** Each order's header (order number, carrier, customer, ship-to) and lines. */
  orders: readonly { header: Row; lines: readonly OrderLineInput[] }[];
}

/** Makes the wave's orders, loads, releases (each pick, shipping today … in two days) and picks it in full. */
export async function seedPickedWave(trx: Trx, user: SessionUser, wave: DemoPickedWave): Promise<void> {
  const { waveId, workersRequired } = wave;
  const { rows: dates } = await sql<{ today: string; later: string }>`
    select to_char(current_date, 'YYYY-MM-DD') as today, to_char(current_date + 2, 'YYYY-MM-DD') as later`.execute(trx);
  const { today, later } = dates[0] ?? { today: '', later: '' };
  const numbers: string[] = [];
  for (const order of wave.orders) {
    const header = { whId: 'WH01', clientCode: 'BLUE', priority: 50, remark: wave.orderRemark, ...order.header };
    numbers.push(await createConfirmedOrder(trx, user, header, order.lines));
  }
  await buildWave(trx, user, {
    header: {
      whId: 'WH01',
      waveId,
      sequence: 1,
      priority: 50,
      workersRequired,
      stagingLocation: wave.stagingLocation,
      doorLocation: wave.doorLocation,
      remark: wave.remark,
    },
    profileId: wave.profileId,
    orderNumbers: numbers,
  });
  await releaseWaves(
    trx,
    {
      whId: 'WH01',
      waveIds: [waveId],
      overrideWorkType: 'EACHPICK',
      priority: 50,
      workersRequired,
      earliestShipDate: today,
      latestShipDate: later,
    },
    user,
  );
  const { rows: tasks } = await sql<{
    id: number;
    quantity: string;
    pickLocation: string;
    lotNumber: string | null;
    mHuId: string | null;
  }>`
    select id, trim_scale(quantity)::text as quantity, pick_location, lot_number, m_hu_id from t_wave_pick_task
    where wh_id = 'WH01' and wave_id = ${waveId} and status = 'O' order by id`.execute(trx);
  for (const task of tasks) {
    await completeWavePick(
      trx,
      { id: task.id, qty: task.quantity, locationId: task.pickLocation, lotNumber: task.lotNumber, huId: task.mHuId },
      user,
    );
  }
}

/** Packs the order's next carton of the wave with what is left of these order lines, in full; answers its number. */
export async function packDemoCarton(
  trx: Trx,
  user: SessionUser,
  target: { waveId: string; orderNumber: string },
  lineNumbers: readonly number[],
  actualWeight: string | null,
): Promise<string> {
  const next = await getNextCarton(trx, { whId: 'WH01', ...target }, user);
  const lines = next.lines
    .filter((l) => lineNumbers.includes(l.lineNumber))
    .map((l) => ({
      pickDetailId: l.pickDetailId,
      lotNumber: l.lotNumber,
      storedAttributeId: l.storedAttributeId,
      qty: l.remainingQty,
    }));
  await completeCartonPick(trx, { whId: 'WH01', cartonNumber: next.cartonNumber, lines, actualWeight }, user);
  return next.cartonNumber;
}
