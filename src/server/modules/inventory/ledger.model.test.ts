/**
 * Stock stays exactly right: concurrent approvals that together ask for more than exists (run on PostgreSQL with a
 * pool of 10 connections, and on PGlite where they queue), and random sequences of adjustments, holds and
 * movements compared step by step with an in-memory model, and so are receipts, their adjustments and deletions with
 * movements taking received stock away; the unavailable bucket (damaged, awaiting inspection).
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundFixture, insertPo } from '../../../../tests/support/inboundFixture';
import { FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { Trx } from '../../crud/crud.types';
import { AppError } from '../../platform/errors';
import { adjustReceipt, deleteReceipt } from '../inbound/receipts.service';
import { addReceipt } from '../inbound/receiving.service';
import { approveMovement, confirmAdjustment, everyGrant } from './execute.service';
import {
  addStock,
  allocateStock,
  pickAllocated,
  releaseUnavailable,
  type StockKey,
  setHold,
  type TranContext,
  takeStock,
  takeUnavailable,
  unallocateStock,
} from './ledger.service';

const ADMIN = everyGrant('admin');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createInboundFixture(t.connection.db);
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

describe('the unavailable bucket (damaged, awaiting inspection)', () => {
  const key = (lot: string): StockKey => ({
    whId: FIX.whId,
    locationId: FIX.i2,
    itemNumber: FIX.itemLot,
    lotNumber: lot,
    huId: null,
    storedAttributeId: null,
  });
  const context = (tranType: string): TranContext => ({
    category: 'INBOUND',
    tranType,
    description: 'bucket test',
    employeeId: 'admin',
    controlNumber: 'BUCKET',
    lineNumber: 1,
    fromLocationId: null,
    toLocationId: FIX.i2,
  });
  const inTrx = <T>(fn: (trx: Trx) => Promise<T>) => db().transaction().execute(fn);
  async function row(lot: string) {
    const { rows } = await sql<{ actualQty: string; unavailableQty: string; reasonId: string | null; status: string }>`
      select actual_qty::text as actual_qty, unavailable_qty::text as unavailable_qty, reason_id, status from t_stored_item
      where wh_id = ${FIX.whId} and location_id = ${FIX.i2} and item_number = ${FIX.itemLot} and lot_number = ${lot}`.execute(
      db(),
    );
    return rows[0] ?? null;
  }
  async function logged(lot: string) {
    const { rows } = await sql<{ tranType: string; quantity: string }>`
      select tran_type, quantity::text as quantity from tran_log where lot_number = ${lot} order by id`.execute(db());
    return rows.map((r) => `${r.tranType} ${Number(r.quantity)}`);
  }

  it('receives a damaged part unavailable with its reason while the good part stays available', async () => {
    await inTrx((trx) =>
      addStock(
        trx,
        key('B1'),
        '10',
        { expirationDate: '2027-01-01', unavailableQty: '3', reasonId: 'DAMAGED' },
        context('RECEIVE'),
      ),
    );
    expect(await row('B1')).toEqual({ actualQty: '10.000', unavailableQty: '3.000', reasonId: 'DAMAGED', status: 'A' });
    // Only the good part can be taken by a movement.
    await expect(inTrx((trx) => takeStock(trx, key('B1'), '8', null))).rejects.toMatchObject({ code: 'exceedsAvailableStock' });
    await inTrx((trx) => addStock(trx, key('B1'), '5', { expirationDate: null, unavailableQty: '5', reasonId: 'INSPECT' }, null));
    expect(await row('B1')).toEqual({ actualQty: '15.000', unavailableQty: '8.000', reasonId: 'INSPECT', status: 'A' });
  });

  it('never lets the unavailable part exceed the actual quantity', async () => {
    await expect(
      inTrx((trx) => addStock(trx, key('B2'), '2', { expirationDate: null, unavailableQty: '3', reasonId: 'DAMAGED' }, null)),
    ).rejects.toThrow();
    expect(await row('B2')).toBeNull();
  });

  it('releases unavailable stock, clearing the reason once nothing stays unavailable, and refuses more than there is', async () => {
    await inTrx((trx) =>
      addStock(trx, key('B3'), '6', { expirationDate: null, unavailableQty: '4', reasonId: 'INSPECT' }, context('RECEIVE')),
    );
    await inTrx((trx) => releaseUnavailable(trx, key('B3'), '1.5', context('INSPECT_PASS')));
    expect(await row('B3')).toEqual({ actualQty: '6.000', unavailableQty: '2.500', reasonId: 'INSPECT', status: 'A' });
    await expect(inTrx((trx) => releaseUnavailable(trx, key('B3'), '3', context('INSPECT_PASS')))).rejects.toMatchObject({
      code: 'unavailableStockShort',
      params: { unavailable: '2.500', qty: '3' },
    });
    await inTrx((trx) => releaseUnavailable(trx, key('B3'), '2.5', context('INSPECT_PASS')));
    expect(await row('B3')).toEqual({ actualQty: '6.000', unavailableQty: '0.000', reasonId: null, status: 'A' });
    expect(await logged('B3')).toEqual(['RECEIVE 6', 'INSPECT_PASS 1.5', 'INSPECT_PASS 2.5']);
    await expect(inTrx((trx) => releaseUnavailable(trx, key('NONE'), '1', null))).rejects.toMatchObject({
      code: 'unavailableStockShort',
      params: { unavailable: '0' },
    });
  });

  it('takes unavailable units away with the actual quantity, removing the row once empty', async () => {
    await inTrx((trx) =>
      addStock(trx, key('B4'), '5', { expirationDate: null, unavailableQty: '2', reasonId: 'DAMAGED' }, context('RECEIVE')),
    );
    await inTrx((trx) => takeUnavailable(trx, key('B4'), '2', context('INSPECT_FAIL')));
    expect(await row('B4')).toEqual({ actualQty: '3.000', unavailableQty: '0.000', reasonId: null, status: 'A' });
    await expect(inTrx((trx) => takeUnavailable(trx, key('B4'), '1', null))).rejects.toMatchObject({
      code: 'unavailableStockShort',
    });
    await inTrx((trx) => addStock(trx, key('B5'), '2', { expirationDate: null, unavailableQty: '2', reasonId: 'DAMAGED' }, null));
    await inTrx((trx) => takeUnavailable(trx, key('B5'), '2', context('RECEIVE_DELETE')));
    expect(await row('B5')).toBeNull();
    expect(await logged('B4')).toEqual(['RECEIVE 5', 'INSPECT_FAIL -2']);
  });

  it('keeps a hold reason on a held row while its unavailable bucket changes', async () => {
    await inTrx((trx) => addStock(trx, key('B6'), '4', { expirationDate: null, unavailableQty: '1', reasonId: 'DAMAGED' }, null));
    const { rows } = await sql<{ id: number }>`select id from t_stored_item where lot_number = 'B6'`.execute(db());
    await inTrx((trx) => setHold(trx, rows[0]?.id ?? 0, true, FIX.holdReason, context('HOLD')));
    await inTrx((trx) => addStock(trx, key('B6'), '1', { expirationDate: null, unavailableQty: '1', reasonId: 'DAMAGED' }, null));
    await inTrx((trx) => takeUnavailable(trx, key('B6'), '2', null));
    expect(await row('B6')).toEqual({ actualQty: '3.000', unavailableQty: '0.000', reasonId: FIX.holdReason, status: 'H' });
  });
});

/** One step of a random receiving history on one PO line (ordered 20, no tolerance) at one location. */
type ReceiptOp =
  | { kind: 'receive'; milli: number; damaged: number }
  | { kind: 'adjust'; index: number; milli: number; damaged: number }
  | { kind: 'delete'; index: number }
  | { kind: 'move'; milli: number };

describe('receipts against an in-memory model', () => {
  it('random receipts, adjustments, deletions and movements keep ledger, line totals and receipts as the model says', async () => {
    const ORDERED = 20_000;
    const quantity = fc.integer({ min: 1, max: 8000 });
    const withDamage = quantity.chain((milli) =>
      fc.record({ milli: fc.constant(milli), damaged: fc.integer({ min: 0, max: milli }) }),
    );
    const op: fc.Arbitrary<ReceiptOp> = fc.oneof(
      withDamage.map((q) => ({ kind: 'receive' as const, ...q })),
      fc.tuple(fc.nat(5), withDamage).map(([index, q]) => ({ kind: 'adjust' as const, index, ...q })),
      fc.nat(5).map((index) => ({ kind: 'delete' as const, index })),
      quantity.map((milli) => ({ kind: 'move' as const, milli })),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        run++;
        const lot = `RCPT${run}`;
        const poNumber = `MODEL-PO${run}`;
        await insertPo(db(), poNumber, [{ lineNumber: 1, itemNumber: FIX.itemLot, qty: '20', lotNumber: lot }]);
        // The model: receipts (id, good + damaged), the stock at the receiving location, the stock moved away.
        const receipts: { id: number; milli: number; damaged: number }[] = [];
        let actual = 0;
        let unavailable = 0;
        let moved = 0;
        const received = () => receipts.reduce((sum, r) => sum + r.milli, 0);
        const typed = (milli: number, damaged: number) => ({
          qty: qty(milli),
          qtyDamaged: qty(damaged) || '0',
          lotNumber: lot,
          expirationDate: '2027-01-01',
        });
        for (const o of ops) {
          if (o.kind === 'receive') {
            const result = await settle(
              addReceipt(
                db(),
                { whId: FIX.whId, poNumber, lineNumber: 1, locationId: FIX.i2, ...typed(o.milli, o.damaged) },
                ADMIN,
              ),
            );
            const expected = received() + o.milli > ORDERED ? 'overReceipt' : 'ok';
            expect(result).toBe(expected);
            if (result === 'ok') {
              const { rows } = await sql<{
                id: number;
              }>`select max(id) as id from t_receipt where po_number = ${poNumber}`.execute(db());
              receipts.push({ id: rows[0]?.id ?? 0, milli: o.milli, damaged: o.damaged });
              actual += o.milli;
              unavailable += o.damaged;
            }
          } else if (o.kind === 'adjust' || o.kind === 'delete') {
            const target = receipts[o.index % Math.max(receipts.length, 1)];
            if (!target) continue;
            // Untouched: the location still holds the receipt's damaged part unavailable and its good part available.
            const untouched = unavailable >= target.damaged && actual - unavailable >= target.milli - target.damaged;
            if (o.kind === 'delete') {
              const result = await settle(deleteReceipt(db(), target.id, ADMIN));
              expect(result).toBe(untouched ? 'ok' : 'receiptStockMoved');
              if (result === 'ok') {
                receipts.splice(receipts.indexOf(target), 1);
                actual -= target.milli;
                unavailable -= target.damaged;
              }
            } else {
              const result = await settle(
                adjustReceipt(db(), { id: target.id, qtyReceived: qty(o.milli), ...typed(o.milli, o.damaged) }, ADMIN),
              );
              const over = o.milli > target.milli && received() - target.milli + o.milli > ORDERED;
              expect(result).toBe(over ? 'overReceipt' : untouched ? 'ok' : 'receiptStockMoved');
              if (result === 'ok') {
                actual += o.milli - target.milli;
                unavailable += o.damaged - target.damaged;
                target.milli = o.milli;
                target.damaged = o.damaged;
              }
            }
          } else {
            const id = next('MV');
            await insertMovement(db(), id, [
              { from: FIX.i2, to: FIX.i1, itemNumber: FIX.itemLot, qty: qty(o.milli), lotNumber: lot },
            ]);
            const result = await settle(approveMovement(db(), FIX.whId, id, ADMIN));
            const available = actual - unavailable;
            expect(result).toBe(available === 0 ? 'availableStockZero' : available < o.milli ? 'exceedsAvailableStock' : 'ok');
            if (result === 'ok') {
              actual -= o.milli;
              moved += o.milli;
            }
          }
          const { rows } = await sql<{ locationId: string; actual: number; unavailable: number }>`
            select location_id, (actual_qty * 1000)::int as actual, (unavailable_qty * 1000)::int as unavailable
            from t_stored_item where item_number = ${FIX.itemLot} and lot_number = ${lot} order by location_id`.execute(db());
          const at = (location: string) => rows.find((r) => r.locationId === location);
          expect([at(FIX.i2)?.actual ?? 0, at(FIX.i2)?.unavailable ?? 0, at(FIX.i1)?.actual ?? 0]).toEqual([
            actual,
            unavailable,
            moved,
          ]);
          const { rows: line } = await sql<{ received: number; damaged: number; receipts: number; status: string }>`
            select (d.qty_received * 1000)::int as received, (d.qty_damaged * 1000)::int as damaged,
              (select count(*)::int from t_receipt r where r.po_number = d.po_number) as receipts, m.status
            from t_po_detail d join t_po_master m on m.wh_id = d.wh_id and m.po_number = d.po_number
            where d.po_number = ${poNumber}`.execute(db());
          expect(line[0]).toEqual({
            received: received(),
            damaged: receipts.reduce((sum, r) => sum + r.damaged, 0),
            receipts: receipts.length,
            status: receipts.length > 0 ? 'R' : 'O',
          });
        }
      }),
      { numRuns: 20, seed: 20261124 },
    );
  });
});

/** One step of a random history of one ledger row with allocation: stock in, reserve, pick, short pick, take, hold. */
type AllocOp =
  | { kind: 'add'; milli: number; unavailable: number }
  | { kind: 'allocate'; milli: number }
  | { kind: 'pick'; milli: number }
  | { kind: 'short'; milli: number }
  | { kind: 'take'; milli: number }
  | { kind: 'hold'; on: boolean };

describe('allocation, picks and short picks against an in-memory model', () => {
  it('random histories keep actual ≥ unavailable + allocated ≥ 0 and match the model step by step', async () => {
    const item = FIX.itemLot;
    const op: fc.Arbitrary<AllocOp> = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        milli: fc.integer({ min: 1, max: 9000 }),
        unavailable: fc.integer({ min: 0, max: 2000 }),
      }),
      fc.record({ kind: fc.constant('allocate' as const), milli: fc.integer({ min: 1, max: 7000 }) }),
      fc.record({ kind: fc.constant('pick' as const), milli: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('short' as const), milli: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('take' as const), milli: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({ kind: fc.constant('hold' as const), on: fc.boolean() }),
    );
    const context = (tranType: string): TranContext => ({
      category: 'OUTBOUND',
      tranType,
      description: 'model',
      employeeId: 'admin',
      controlNumber: 'ALLOC-MODEL',
      lineNumber: 1,
      fromLocationId: FIX.i1,
      toLocationId: null,
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        run++;
        const lot = `ALM${run}`;
        const source: StockKey = {
          whId: FIX.whId,
          locationId: FIX.i1,
          itemNumber: item,
          lotNumber: lot,
          huId: null,
          storedAttributeId: null,
        };
        const staging: StockKey = { ...source, locationId: FIX.i2 };
        const m = { actual: 0, unavailable: 0, allocated: 0, held: false, staged: 0 };
        const inTrx = <T>(fn: (trx: Trx) => Promise<T>) => db().transaction().execute(fn);
        const rowId = async () => {
          const { rows } = await sql<{ id: number }>`
            select id from t_stored_item where location_id = ${FIX.i1} and item_number = ${item} and lot_number = ${lot}`.execute(
            db(),
          );
          return rows[0]?.id;
        };
        const available = () => (m.held ? 0 : m.actual - m.unavailable - m.allocated);
        const emptied = () => {
          if (m.actual === 0) m.held = false;
        };
        for (const o of ops) {
          if (o.kind === 'add') {
            const unavailable = Math.min(o.unavailable, o.milli);
            await inTrx((trx) =>
              addStock(trx, source, qty(o.milli), { expirationDate: '2027-01-01', unavailableQty: qty(unavailable) }, null),
            );
            m.actual += o.milli;
            m.unavailable += unavailable;
          } else if (o.kind === 'allocate') {
            const id = await rowId();
            if (id === undefined) continue;
            const failed = await inTrx((trx) =>
              allocateStock(
                trx,
                [{ id, qty: qty(o.milli), controlNumber: 'ALLOC-MODEL', lineNumber: 1, description: 'model' }],
                'admin',
              ),
            );
            const fits = !m.held && available() >= o.milli;
            expect(failed).toEqual(fits ? [] : [id]);
            if (fits) m.allocated += o.milli;
          } else if (o.kind === 'pick') {
            const result = await settle(
              inTrx(async (trx) => {
                const row = await pickAllocated(trx, source, qty(o.milli), context('PICK'));
                await addStock(trx, staging, qty(o.milli), { expirationDate: row.expirationDate, fifoDate: row.fifoDate }, null);
              }),
            );
            expect(result).toBe(m.allocated >= o.milli ? 'ok' : 'allocatedStockShort');
            if (result === 'ok') {
              m.actual -= o.milli;
              m.allocated -= o.milli;
              m.staged += o.milli;
              emptied();
            }
          } else if (o.kind === 'short') {
            const result = await settle(
              inTrx(async (trx) => {
                const row = await unallocateStock(trx, source, qty(o.milli), context('SHORT'));
                if (row.status === 'A') await setHold(trx, row.id, true, 'SHORT', context('HOLD'));
              }),
            );
            expect(result).toBe(m.allocated >= o.milli ? 'ok' : 'allocatedStockShort');
            if (result === 'ok') {
              m.allocated -= o.milli;
              m.held = true;
            }
          } else if (o.kind === 'take') {
            const result = await settle(inTrx((trx) => takeStock(trx, source, qty(o.milli), null)));
            const have = available();
            expect(result).toBe(have === 0 ? 'availableStockZero' : have < o.milli ? 'exceedsAvailableStock' : 'ok');
            if (result === 'ok') {
              m.actual -= o.milli;
              emptied();
            }
          } else {
            const id = await rowId();
            if (id === undefined) continue;
            await inTrx((trx) => setHold(trx, id, o.on, o.on ? 'SHORT' : null, context(o.on ? 'HOLD' : 'RELEASE')));
            m.held = o.on;
          }
          const { rows } = await sql<{
            locationId: string;
            actual: number;
            unavailable: number;
            allocated: number;
            status: string;
          }>`
            select location_id, (actual_qty * 1000)::int as actual, (unavailable_qty * 1000)::int as unavailable,
              (allocated_qty * 1000)::int as allocated, status
            from t_stored_item where item_number = ${item} and lot_number = ${lot} order by location_id`.execute(db());
          const at = rows.find((r) => r.locationId === FIX.i1);
          // A row whose actual reaches 0 with nothing unavailable is removed.
          if (m.actual === 0 && m.unavailable === 0) expect(at).toBeUndefined();
          else
            expect(at).toEqual({
              locationId: FIX.i1,
              actual: m.actual,
              unavailable: m.unavailable,
              allocated: m.allocated,
              status: m.held ? 'H' : 'A',
            });
          expect(rows.find((r) => r.locationId === FIX.i2)?.actual ?? 0).toBe(m.staged);
          for (const r of rows) {
            expect(r.allocated).toBeGreaterThanOrEqual(0);
            expect(r.actual).toBeGreaterThanOrEqual(r.unavailable + r.allocated);
          }
        }
      }),
      { numRuns: 25, seed: 20261124 },
    );
  });
});
