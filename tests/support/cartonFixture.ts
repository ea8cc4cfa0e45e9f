import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect';
import { releaseWaves } from '../../src/server/modules/outbound/allocation.service';
import { completeWavePick } from '../../src/server/modules/outbound/picking.service';
import { completeCartonPick, getNextCarton } from '../../src/server/modules/shipping/cartons.service';
import type { SessionUser } from '../../src/server/platform/context';
import { AppError } from '../../src/server/platform/errors';
import {
  insertWave,
  type OrderInput,
  PICK_FIXTURE_USER,
  PK,
  putStock,
  releaseBody,
  type StockInput,
  tasksOf,
} from './pickFixture';

/**
 * Waves picked and packed through the services themselves (order, wave, release, picking, carton picking), on top of
 * the pick fixture (`createPickFixture(db)` must have run on the database): WH01, client TINVC, staging TPK-STG.
 */

/** The user the fixture acts as: every warehouse and client. */
export const CARTON_FIXTURE_USER: SessionUser = {
  ...PICK_FIXTURE_USER,
  name: 'carton-fixture',
  permissions: new Set(
    ['tOrder', 'tWaveMaster', 'tWavePickTask', 'tblShippingLabel'].flatMap((r) =>
      ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`),
    ),
  ),
};

/**
 * Stock for the orders' lines when none is given: each line's quantity (taken as base units) at TPK-P1, a lot item
 * with the line's lot or `FIXLOT`.
 */
async function stockFor(db: Db, orders: readonly OrderInput[]): Promise<StockInput[]> {
  const stock: StockInput[] = [];
  for (const order of orders) {
    for (const line of order.lines) {
      const { rows } = await sql<{ lotControl: string }>`
        select lot_control from t_item_master where wh_id = ${PK.whId} and item_number = ${line.itemNumber}`.execute(db);
      const lot = rows[0]?.lotControl === 'Y' ? (line.lotNumber ?? 'FIXLOT') : null;
      stock.push({ at: PK.p1, itemNumber: line.itemNumber, qty: line.qty, lotNumber: lot });
    }
  }
  return stock;
}

/**
 * A wave whose orders are confirmed, loaded, released and every task picked in full (wave C, orders K), its stock at
 * the staging location: `stock` put in first (default: exactly the lines' quantities, see `stockFor`). Answers the
 * order numbers.
 */
export async function pickedWave(
  db: Db,
  waveId: string,
  orders: OrderInput[],
  stock?: StockInput[],
): Promise<{ waveId: string; orderNumbers: string[] }> {
  await putStock(db, stock ?? (await stockFor(db, orders)));
  await insertWave(db, waveId, orders);
  await releaseWaves(db, releaseBody([waveId]), CARTON_FIXTURE_USER);
  for (const task of await tasksOf(db, waveId)) {
    await completeWavePick(
      db,
      { id: task.id, qty: task.quantity, locationId: task.pickLocation, lotNumber: task.lotNumber, huId: task.mHuId },
      CARTON_FIXTURE_USER,
    );
  }
  return { waveId, orderNumbers: orders.map((o) => o.orderNumber) };
}

export interface PackedWaveOptions {
  /** Stock put in before release (default: exactly what the lines ask, at TPK-P1). */
  stock?: StockInput[];
  /** 'order' (default): one carton per order holding all of it; 'line': one carton per order line. */
  packing?: 'order' | 'line';
  /** The actual weight given when each carton is closed (default none: weight status N). */
  actualWeight?: string;
}

export interface PackedCarton {
  orderNumber: string;
  cartonNumber: string;
}

export interface PackedWave {
  waveId: string;
  orderNumbers: string[];
  /** Every carton packed, in packing order (orders as given, then carton sequence). */
  cartonNumbers: string[];
  cartons: PackedCarton[];
}

/**
 * `packedWave(db, waveId, orders, options)`: confirmed orders (carrier SF unless the order names one) → wave →
 * release → every task picked → every order packed into closed cartons (C) through getNextCarton and
 * completeCartonPick; the orders end P, the wave C. Answers the wave, order numbers and carton numbers.
 * Needs `createPickFixture(db)` on the database; order numbers and wave id are the caller's (unique per database).
 */
export async function packedWave(
  db: Db,
  waveId: string,
  orders: OrderInput[],
  options: PackedWaveOptions = {},
): Promise<PackedWave> {
  const withCarrier = orders.map((o) => ({ ...o, carrierId: o.carrierId ?? 'SF' }));
  await pickedWave(db, waveId, withCarrier, options.stock);
  const cartons: PackedCarton[] = [];
  for (const order of withCarrier) {
    for (;;) {
      const next = await getNextCarton(db, { whId: PK.whId, waveId, orderNumber: order.orderNumber }, CARTON_FIXTURE_USER).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'cartonNothingToPack') return null;
          throw error;
        },
      );
      if (!next) break;
      const firstLine = next.lines[0]?.lineNumber;
      const lines = next.lines
        .filter((l) => options.packing !== 'line' || l.lineNumber === firstLine)
        .map((l) => ({
          pickDetailId: l.pickDetailId,
          lotNumber: l.lotNumber,
          storedAttributeId: l.storedAttributeId,
          qty: l.remainingQty,
        }));
      await completeCartonPick(
        db,
        { whId: PK.whId, cartonNumber: next.cartonNumber, lines, actualWeight: options.actualWeight ?? null },
        CARTON_FIXTURE_USER,
      );
      cartons.push({ orderNumber: order.orderNumber, cartonNumber: next.cartonNumber });
    }
  }
  return {
    waveId,
    orderNumbers: orders.map((o) => o.orderNumber),
    cartonNumbers: cartons.map((c) => c.cartonNumber),
    cartons,
  };
}
