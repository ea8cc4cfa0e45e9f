/**
 * Stock stays exactly right: concurrent approvals that together ask for more than exists (run on PostgreSQL with a
 * pool of 10 connections, and on PGlite where they queue), and random sequences of adjustments, holds and
 * movements compared step by step with an in-memory model.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { AppError } from '../../platform/errors';
import { approveMovement, confirmAdjustment, everyGrant } from './execute.service';
import { setHold } from './ledger.service';

const ADMIN = everyGrant('admin');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
});
afterAll(() => t.close());

const db = () => t.connection.db;
let seq = 0;
const next = (prefix: string) => `${prefix}${++seq}`;

/** Quantity per location of one item, as numbers of thousandths (exact). */
async function stockByLocation(item: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ locationId: string; milli: number; held: boolean }>`
    select location_id, (sum(actual_qty) * 1000)::int as milli, bool_or(status = 'H') as held
    from t_stored_item where wh_id = ${FIX.whId} and item_number = ${item} group by location_id`.execute(db());
  return Object.fromEntries(rows.map((r) => [r.locationId, r.milli]));
}

async function adjustmentTotal(item: string): Promise<number> {
  const { rows } = await sql<{ milli: number }>`
    select coalesce(sum(quantity) * 1000, 0)::int as milli from tran_log
    where wh_id = ${FIX.whId} and item_number = ${item} and tran_type = 'ADJUST'`.execute(db());
  return rows[0]?.milli ?? 0;
}

async function settle(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('stock under concurrency', () => {
  it('20 concurrent approvals asking for 140 of 100 units: 14 succeed, 6 are refused, nothing goes negative', async () => {
    const item = FIX.itemPlain;
    const start = next('AJ');
    await insertAdjustment(db(), start, [{ at: FIX.i1, itemNumber: item, qty: '100' }]);
    await confirmAdjustment(db(), FIX.whId, start, ADMIN);
    const tasks: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = next('MV');
      tasks.push(id);
      await insertMovement(db(), id, [{ from: FIX.i1, to: FIX.i2, itemNumber: item, qty: '7' }]);
    }
    const results = await Promise.all(tasks.map((id) => settle(approveMovement(db(), FIX.whId, id, ADMIN))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(14);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'exceedsAvailableStock')).toBe(true);
    const stock = await stockByLocation(item);
    expect(stock).toEqual({ [FIX.i1]: 2000, [FIX.i2]: 98000 });
    expect((stock[FIX.i1] ?? 0) + (stock[FIX.i2] ?? 0)).toBe(await adjustmentTotal(item));
  });

  it('movements crossing in both directions at once are retried past deadlocks and conserve stock', async () => {
    const item = FIX.itemPlain;
    const before = await stockByLocation(item);
    const tasks: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = next('MV');
      tasks.push(id);
      // Each task takes from one location and gives to the other, in opposite orders: a deadlock recipe.
      const [a, b] = i % 2 === 0 ? [FIX.i1, FIX.i2] : [FIX.i2, FIX.i1];
      await insertMovement(db(), id, [
        { from: a, to: b, itemNumber: item, qty: '1' },
        { from: b, to: a, itemNumber: item, qty: '1' },
      ]);
    }
    const results = await Promise.all(tasks.map((id) => settle(approveMovement(db(), FIX.whId, id, ADMIN))));
    for (const r of results) expect(['ok', 'exceedsAvailableStock', 'availableStockZero']).toContain(r);
    const after = await stockByLocation(item);
    const total = (s: Record<string, number>) => Object.values(s).reduce((x, y) => x + y, 0);
    expect(total(after)).toBe(total(before));
    expect(Object.values(after).every((q) => q >= 0)).toBe(true);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from tbl_inv_movement where task_id = any(${tasks}::varchar[]) and status = 'C'`.execute(db());
    expect(rows[0]?.n).toBe(results.filter((r) => r === 'ok').length);
  });
});

/** One step of a random inventory history. */
type Op =
  | { kind: 'adjust'; at: number; milli: number }
  | { kind: 'move'; from: number; to: number; milli: number }
  | { kind: 'hold'; at: number; on: boolean };

const LOCATIONS = [FIX.i1, FIX.i2] as const;
const qty = (milli: number) => (milli / 1000).toFixed(3).replace(/\.?0+$/, '');

describe('the ledger against an in-memory model', () => {
  it('random adjustments, holds and movements leave the same stock as the model', async () => {
    const item = FIX.itemLot;
    const lot = 'MODEL';
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('adjust' as const),
        at: fc.nat(1),
        milli: fc.integer({ min: -5000, max: 9000 }).filter((m) => m !== 0),
      }),
      fc.record({ kind: fc.constant('move' as const), from: fc.nat(1), to: fc.nat(1), milli: fc.integer({ min: 1, max: 6000 }) }),
      fc.record({ kind: fc.constant('hold' as const), at: fc.nat(1), on: fc.boolean() }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        run++;
        // Each run starts from an empty ledger for its own lot.
        const runLot = `${lot}${run}`;
        const model = [0, 0];
        const held = [false, false];
        for (const o of ops) {
          if (o.kind === 'adjust') {
            const id = next('AJ');
            await insertAdjustment(db(), id, [
              {
                at: LOCATIONS[o.at] ?? FIX.i1,
                itemNumber: item,
                qty: qty(o.milli),
                lotNumber: runLot,
                expirationDate: '2027-01-01',
              },
            ]);
            const result = await settle(confirmAdjustment(db(), FIX.whId, id, ADMIN));
            const have = model[o.at] ?? 0;
            const available = held[o.at] ? 0 : have;
            const expected =
              o.milli > 0
                ? 'ok'
                : available === 0
                  ? 'notAvailableStock'
                  : available < -o.milli
                    ? 'greaterThanAvailableStock'
                    : 'ok';
            expect(result).toBe(expected);
            if (result === 'ok') model[o.at] = have + o.milli;
            if (model[o.at] === 0) held[o.at] = false;
          } else if (o.kind === 'move') {
            if (o.from === o.to) continue;
            const id = next('MV');
            await insertMovement(db(), id, [
              {
                from: LOCATIONS[o.from] ?? FIX.i1,
                to: LOCATIONS[o.to] ?? FIX.i2,
                itemNumber: item,
                qty: qty(o.milli),
                lotNumber: runLot,
              },
            ]);
            const result = await settle(approveMovement(db(), FIX.whId, id, ADMIN));
            const available = held[o.from] ? 0 : (model[o.from] ?? 0);
            const expected = available === 0 ? 'availableStockZero' : available < o.milli ? 'exceedsAvailableStock' : 'ok';
            expect(result).toBe(expected);
            if (result === 'ok') {
              model[o.from] = (model[o.from] ?? 0) - o.milli;
              model[o.to] = (model[o.to] ?? 0) + o.milli;
              if (model[o.from] === 0) held[o.from] = false;
            }
          } else {
            const { rows } = await sql<{ id: number }>`
              select id from t_stored_item where location_id = ${LOCATIONS[o.at] ?? FIX.i1} and item_number = ${item}
                and lot_number = ${runLot}`.execute(db());
            const id = rows[0]?.id;
            if (id === undefined) continue;
            const context = {
              category: 'INVENTORY' as const,
              tranType: o.on ? 'HOLD' : 'RELEASE',
              description: 'model',
              employeeId: 'admin',
              controlNumber: null,
              lineNumber: null,
              fromLocationId: null,
              toLocationId: null,
            };
            await db()
              .transaction()
              .execute((trx) => setHold(trx, id, o.on, o.on ? FIX.holdReason : null, context));
            held[o.at] = o.on;
          }
          const { rows } = await sql<{ locationId: string; milli: number }>`
            select location_id, (actual_qty * 1000)::int as milli from t_stored_item
            where item_number = ${item} and lot_number = ${runLot}`.execute(db());
          const actual = [0, 0];
          for (const r of rows) actual[LOCATIONS.indexOf(r.locationId as (typeof LOCATIONS)[number])] = r.milli;
          expect(actual).toEqual(model);
        }
      }),
      { numRuns: 25, seed: 20261123 },
    );
  });
});
