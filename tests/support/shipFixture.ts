import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { releaseWaves } from '../../src/server/modules/outbound/allocation.service';
import { completeWavePick } from '../../src/server/modules/outbound/picking.service';
import { buildWave, type OrderLineInput } from '../../src/server/modules/outbound/waveBuild';
import { completeCartonPick, getNextCarton } from '../../src/server/modules/shipping/cartons.service';
import { CARTON_FIXTURE_USER } from './cartonFixture';
import { createConfirmedOrder } from './orderFixture';
import { PICK_FIXTURE_USER, PK, pickProfile, putStock, releaseBody } from './pickFixture';

/** One order of `closedCartons`: its lines, its carrier (default SF; null = none) and how many cartons to pack. */
export interface ShipOrderInput {
  orderNumber: string;
  lines: OrderLineInput[];
  carrierId?: string | null;
  /** The order's client; default the fixture's (TINVC). */
  clientCode?: string;
  /** Default 1. More cartons than pack lines split each line's quantity evenly (whole units). */
  cartons?: number;
  /** Default true; false puts no stock for the order (its lines are short at release unless other stock serves). */
  stock?: boolean;
}

export interface ClosedCartons {
  waveId: string;
  orders: { orderNumber: string; cartons: string[] }[];
  /** Every carton, in packing order. */
  cartons: string[];
}

interface PackLine {
  pickDetailId: number;
  orderNumber: string;
  lineNumber: number;
  itemNumber: string;
  lotNumber: string | null;
  storedAttributeId: number | null;
  uom: string;
  qty: number;
}

/**
 * Closed cartons (status C) of a picked wave, made in the pick fixture's world (call `createPickFixture` first): the
 * orders are created and confirmed with their carrier and ship-to (order services), their stock put at TPK-P1 through
 * the ledger, the wave built, released and every task picked (wave and picking services), then each order packed into
 * `cartons` cartons of type M through carton picking (getNextCarton, completeCartonPick). `packedWave`
 * (cartonFixture.ts) packs one carton per order or per line; this one spreads lines or quantities over a given count.
 */
export async function closedCartons(db: Db, waveId: string, orders: ShipOrderInput[]): Promise<ClosedCartons> {
  const numbers: string[] = [];
  for (const order of orders) {
    if (order.stock !== false) {
      await putStock(
        db,
        order.lines.map((l) => ({ at: PK.p1, itemNumber: l.itemNumber, qty: l.qty, lotNumber: l.lotNumber ?? null })),
      );
    }
    numbers.push(
      await createConfirmedOrder(db, order.lines, {
        orderNumber: order.orderNumber,
        ...(order.clientCode ? { clientCode: order.clientCode } : {}),
        carrierId: order.carrierId === undefined ? 'SF' : order.carrierId,
        shipToName: '测试收货人 Test consignee',
        shipToCity: '宁波 Ningbo',
        shipToAddr1: '江北区人民路 1 号',
      }),
    );
  }
  await buildWave(db, PICK_FIXTURE_USER, {
    header: { whId: PK.whId, waveId, sequence: 1, priority: 50, workersRequired: 1, stagingLocation: PK.staging },
    profileId: await pickProfile(db),
    orderNumbers: numbers,
  });
  await releaseWaves(db, releaseBody([waveId]), PICK_FIXTURE_USER);
  const { rows: tasks } = await sql<{
    id: number;
    pickLocation: string;
    lotNumber: string | null;
    mHuId: string | null;
    open: string;
  }>`
    select id, pick_location, lot_number, m_hu_id, trim_scale(quantity - picked_qty - short_qty)::text as open
    from t_wave_pick_task where wh_id = ${PK.whId} and wave_id = ${waveId} and status = 'O' order by id`.execute(db);
  for (const task of tasks) {
    await completeWavePick(
      db,
      { id: task.id, qty: task.open, locationId: task.pickLocation, lotNumber: task.lotNumber, huId: task.mHuId },
      PICK_FIXTURE_USER,
    );
  }
  const answer: ClosedCartons = { waveId, orders: [], cartons: [] };
  for (const order of orders) {
    const { rows: lines } = await sql<PackLine>`
      select d.id as pick_detail_id, d.order_number, d.line_number, d.item_number, t.lot_number, t.stored_attribute_id,
        d.uom, sum(t.picked_qty)::float8 as qty
      from t_pick_detail d join t_wave_pick_task t on t.pick_detail_id = d.id
      where d.wh_id = ${PK.whId} and d.wave_id = ${waveId} and d.order_number = ${order.orderNumber} and t.picked_qty > 0
      group by d.id, d.order_number, d.line_number, d.item_number, t.lot_number, t.stored_attribute_id, d.uom
      order by d.line_number, t.lot_number`.execute(db);
    const count = order.cartons ?? 1;
    const contents: PackLine[][] = Array.from({ length: count }, () => []);
    if (lines.length >= count) {
      for (const [i, line] of lines.entries()) contents[i % count]?.push(line);
    } else {
      for (const line of lines) {
        const part = Math.floor(line.qty / count);
        for (let i = 0; i < count; i++) {
          const qty = i === count - 1 ? line.qty - part * (count - 1) : part;
          if (qty > 0) contents[i]?.push({ ...line, qty });
        }
      }
    }
    const own: string[] = [];
    for (const content of contents) {
      if (content.length > 0) own.push(await packCarton(db, waveId, order.orderNumber, content));
    }
    answer.orders.push({ orderNumber: order.orderNumber, cartons: own });
    answer.cartons.push(...own);
  }
  return answer;
}

/** Packs one carton (type M, closed) of an order through carton picking; answers its number. */
async function packCarton(db: Db, waveId: string, orderNumber: string, lines: PackLine[]): Promise<string> {
  const next = await getNextCarton(db, { whId: PK.whId, waveId, orderNumber, cartonType: 'M' }, CARTON_FIXTURE_USER);
  const content = lines.map((l) => ({
    pickDetailId: l.pickDetailId,
    lotNumber: l.lotNumber,
    storedAttributeId: l.storedAttributeId === null ? null : Number(l.storedAttributeId),
    qty: String(l.qty),
  }));
  await completeCartonPick(db, { whId: PK.whId, cartonNumber: next.cartonNumber, lines: content }, CARTON_FIXTURE_USER);
  return next.cartonNumber;
}
