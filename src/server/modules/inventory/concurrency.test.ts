/**
 * Approvals through the API under contention (run on PostgreSQL with a pool of 10 connections, and on PGlite where
 * they queue): movements crossing between the same locations in both directions, single-line and multi-line, some
 * creating destination rows that do not exist yet. Every one must be answered 200 — a deadlock is the server's
 * problem, never the user's — and the stock must add up.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  await insertAdjustment(t.connection.db, 'CC-STOCK', [
    { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '1000' },
    { at: FIX.i2, itemNumber: FIX.itemPlain, qty: '1000' },
    { at: FIX.i1, itemNumber: FIX.itemLot, qty: '500', lotNumber: 'CC', expirationDate: '2028-01-01' },
  ]);
  const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: 'CC-STOCK' }, admin);
  expect(res.body.code).toBe(200);
});
afterAll(() => t.close());

/** Total quantity of the fixture's items per item, in thousandths. */
async function totals(): Promise<Record<string, number>> {
  const { rows } = await sql<{ itemNumber: string; milli: number }>`
    select item_number, (sum(actual_qty) * 1000)::int as milli from t_stored_item
    where wh_id = ${FIX.whId} and client_code = ${FIX.client} group by item_number`.execute(t.connection.db);
  return Object.fromEntries(rows.map((r) => [r.itemNumber, r.milli]));
}

describe('approvals under contention', () => {
  it('answers every crossing single-line and multi-line approval with 200, and conserves stock', async () => {
    const before = await totals();
    const tasks: string[] = [];
    // 20 single-line movements, A→B and B→A alternately.
    for (let i = 0; i < 20; i++) {
      const id = `CC-S${i}`;
      tasks.push(id);
      const [from, to] = i % 2 === 0 ? [FIX.i1, FIX.i2] : [FIX.i2, FIX.i1];
      await insertMovement(t.connection.db, id, [{ from, to, itemNumber: FIX.itemPlain, qty: '1' }]);
    }
    // 10 multi-line movements crossing each other, half of them creating the lot item's row at I2 on first arrival.
    for (let i = 0; i < 10; i++) {
      const id = `CC-M${i}`;
      tasks.push(id);
      const [a, b] = i % 2 === 0 ? [FIX.i1, FIX.i2] : [FIX.i2, FIX.i1];
      await insertMovement(t.connection.db, id, [
        { from: a, to: b, itemNumber: FIX.itemPlain, qty: '2' },
        { from: b, to: a, itemNumber: FIX.itemPlain, qty: '1.5' },
        ...(i % 2 === 0
          ? [{ from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemLot, qty: '3', lotNumber: 'CC' }]
          : [{ from: FIX.i2, to: FIX.i1, itemNumber: FIX.itemPlain, qty: '0.5' }]),
      ]);
    }
    const answers = await Promise.all(
      tasks.map((taskId) => t.post('/api/tblInvMovement/approvePlannedMove', { whId: FIX.whId, taskId }, admin)),
    );
    expect(answers.map((a) => a.status)).toEqual(tasks.map(() => 200));
    expect(answers.map((a) => a.body.code)).toEqual(tasks.map(() => 200));
    expect(await totals()).toEqual(before);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from tbl_inv_movement where task_id = any(${tasks}::varchar[]) and status = 'C'`.execute(
      t.connection.db,
    );
    expect(rows[0]?.n).toBe(tasks.length);
  });
});
