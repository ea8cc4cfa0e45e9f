import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInventoryFixture,
  FIX,
  insertAdjustment,
  insertMovement,
  ledger,
} from '../../../../tests/support/inventoryFixture';
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

/** The business refusal code of a rejected promise. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const db = () => t.connection.db;
let seq = 0;
const task = (prefix: string) => `${prefix}${++seq}`;

async function tranLogCount(controlNumber: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from tran_log where control_number = ${controlNumber}`.execute(db());
  return rows[0]?.n ?? 0;
}

describe('inventory tasks', () => {
  it('an adjustment creates stock, logs each line, and then refuses to run again', async () => {
    const id = task('AJ');
    await insertAdjustment(db(), id, [
      { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '10.5' },
      { at: FIX.h1, itemNumber: FIX.itemLot, qty: '20', lotNumber: 'L1', huId: 'PAL-1', expirationDate: '2027-03-01' },
    ]);
    await confirmAdjustment(db(), FIX.whId, id, ADMIN);
    expect(await ledger(db())).toEqual([
      expect.objectContaining({
        locationId: FIX.h1,
        itemNumber: FIX.itemLot,
        lotNumber: 'L1',
        huId: 'PAL-1',
        actualQty: '20.000',
      }),
      expect.objectContaining({
        locationId: FIX.i1,
        itemNumber: FIX.itemPlain,
        lotNumber: null,
        huId: null,
        actualQty: '10.500',
      }),
    ]);
    expect(await tranLogCount(id)).toBe(2);
    expect(await refusal(confirmAdjustment(db(), FIX.whId, id, ADMIN))).toBe('adjustmentTaskCompleted');
  });

  it('a negative adjustment never takes stock below zero, and a refused task changes nothing', async () => {
    const before = await ledger(db());
    const id = task('AJ');
    await insertAdjustment(db(), id, [
      { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '-1' },
      { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '-100' },
    ]);
    expect(await refusal(confirmAdjustment(db(), FIX.whId, id, ADMIN))).toBe('greaterThanAvailableStock');
    const none = task('AJ');
    await insertAdjustment(db(), none, [{ at: FIX.i2, itemNumber: FIX.itemPlain, qty: '-1' }]);
    expect(await refusal(confirmAdjustment(db(), FIX.whId, none, ADMIN))).toBe('notAvailableStock');
    expect(await ledger(db())).toEqual(before);
    expect(await tranLogCount(id)).toBe(0);
  });

  it('a pallet location needs the handling unit on an adjustment', async () => {
    const id = task('AJ');
    await insertAdjustment(db(), id, [{ at: FIX.h2, itemNumber: FIX.itemPlain, qty: '5' }]);
    expect(await refusal(confirmAdjustment(db(), FIX.whId, id, ADMIN))).toBe('palletNotAllowEmpty');
  });

  it('approving a movement moves lot, expiry and pallet, one log row per line, and locks the task', async () => {
    const id = task('MV');
    await insertMovement(db(), id, [
      { from: FIX.h1, to: FIX.h2, itemNumber: FIX.itemLot, qty: '5', lotNumber: 'L1', huId: 'PAL-1' },
      { from: FIX.h1, to: FIX.i2, itemNumber: FIX.itemLot, qty: '3', lotNumber: 'L1', huId: 'PAL-1' },
    ]);
    await approveMovement(db(), FIX.whId, id, ADMIN);
    const rows = await ledger(db());
    expect(rows.filter((r) => r.itemNumber === FIX.itemLot)).toEqual([
      expect.objectContaining({ locationId: FIX.h1, huId: 'PAL-1', actualQty: '12.000', expirationDate: '2027-03-01' }),
      expect.objectContaining({ locationId: FIX.h2, huId: 'PAL-1', actualQty: '5.000', expirationDate: '2027-03-01' }),
      // An item location takes the stock off its pallet.
      expect.objectContaining({
        locationId: FIX.i2,
        huId: null,
        lotNumber: 'L1',
        actualQty: '3.000',
        expirationDate: '2027-03-01',
      }),
    ]);
    expect(await tranLogCount(id)).toBe(2);
    const { rows: status } = await sql<{ status: string }>`select status from tbl_inv_movement where task_id = ${id}`.execute(
      db(),
    );
    expect(status[0]?.status).toBe('C');
    expect(await refusal(approveMovement(db(), FIX.whId, id, ADMIN))).toBe('movementTaskLocked');
  });

  it('a movement asking for more than is available is refused whole, with the spec’s two messages', async () => {
    const before = await ledger(db());
    const id = task('MV');
    await insertMovement(db(), id, [
      { from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemPlain, qty: '1' },
      { from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemPlain, qty: '10' },
    ]);
    expect(await refusal(approveMovement(db(), FIX.whId, id, ADMIN))).toBe('exceedsAvailableStock');
    const empty = task('MV');
    await insertMovement(db(), empty, [{ from: FIX.h2, to: FIX.i1, itemNumber: FIX.itemPlain, qty: '1' }]);
    expect(await refusal(approveMovement(db(), FIX.whId, empty, ADMIN))).toBe('availableStockZero');
    expect(await ledger(db())).toEqual(before);
  });

  it('a pallet destination needs a pallet id, and an inactive location takes nothing', async () => {
    const id = task('MV');
    await insertMovement(db(), id, [{ from: FIX.i1, to: FIX.h2, itemNumber: FIX.itemPlain, qty: '1' }]);
    expect(await refusal(approveMovement(db(), FIX.whId, id, ADMIN))).toBe('palletRequiredAtDestination');
    const off = task('MV');
    await insertMovement(db(), off, [{ from: FIX.i1, to: FIX.inactive, itemNumber: FIX.itemPlain, qty: '1' }]);
    expect(await refusal(approveMovement(db(), FIX.whId, off, ADMIN))).toBe('locationNotActive');
  });

  it('held stock is unavailable to movements until released', async () => {
    const { rows } = await sql<{ id: number }>`
      select id from t_stored_item where location_id = ${FIX.i1} and item_number = ${FIX.itemPlain}`.execute(db());
    const stoId = rows[0]?.id ?? 0;
    const context = {
      category: 'INVENTORY' as const,
      tranType: 'HOLD',
      description: 'test',
      employeeId: 'admin',
      controlNumber: null,
      lineNumber: null,
      fromLocationId: null,
      toLocationId: null,
    };
    expect(await t.connection.db.transaction().execute((trx) => setHold(trx, stoId, true, FIX.holdReason, context))).toBe(true);
    const id = task('MV');
    await insertMovement(db(), id, [{ from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemPlain, qty: '1' }]);
    expect(await refusal(approveMovement(db(), FIX.whId, id, ADMIN))).toBe('availableStockZero');
    await t.connection.db.transaction().execute((trx) => setHold(trx, stoId, false, null, { ...context, tranType: 'RELEASE' }));
    await approveMovement(db(), FIX.whId, id, ADMIN);
  });
});
