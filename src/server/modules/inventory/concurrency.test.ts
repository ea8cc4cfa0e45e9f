/**
 * Approvals through the API under contention (run on PostgreSQL with a pool of 10 connections, and on PGlite where
 * they queue): movements crossing between the same locations in both directions, single-line and multi-line, some
 * creating destination rows that do not exist yet. Every one must be answered 200 — a deadlock is the server's
 * problem, never the user's — and the stock must add up. Wave releases racing each other and movements over the same
 * stock never reserve or take the same units twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import {
  createPickFixture,
  detailsOf,
  insertWave,
  PK,
  putStock,
  releaseBody,
  stockRows,
} from '../../../../tests/support/pickFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(t.connection.db);
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

async function newItem(itemNumber: string): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '并发 Race', 'EA', 'N')`.execute(t.connection.db);
  return itemNumber;
}

describe('wave release under contention', () => {
  it('two waves released at the same moment over stock for one: never over-allocated, each line planned or short', async () => {
    const db = t.connection.db;
    const item = await newItem('TPK-RACE1');
    await putStock(db, [
      { at: PK.p1, itemNumber: item, qty: '6' },
      { at: PK.p2, itemNumber: item, qty: '4' },
    ]);
    for (const w of ['A', 'B']) {
      await insertWave(db, `TPK-RW${w}`, [
        { orderNumber: `TPK-RO${w}1`, lines: [{ itemNumber: item, qty: '5' }] },
        { orderNumber: `TPK-RO${w}2`, lines: [{ itemNumber: item, qty: '5' }] },
      ]);
    }
    const answers = await Promise.all(
      ['TPK-RWA', 'TPK-RWB'].map((w) =>
        t.post<{ planned: number; short: number }[]>('/api/tWaveMaster/releaseWave', releaseBody([w]), admin),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
    const planned = answers.map((a) => a.body.data[0]?.planned ?? -1).sort();
    // Whichever went first planned both its lines; the other found nothing left.
    expect(planned).toEqual([0, 2]);
    const rows = await stockRows(db, item);
    expect(rows.map((r) => [r.actual, r.allocated])).toEqual([
      ['6', '6'],
      ['4', '4'],
    ]);
    const details = [...(await detailsOf(db, 'TPK-RWA')), ...(await detailsOf(db, 'TPK-RWB'))];
    expect(details).toHaveLength(4);
    for (const d of details) {
      expect(Number(d.plannedQty) + Number(d.unplannedQty)).toBe(5);
      expect(['5', '0']).toContain(d.plannedQty);
    }
    const { rows: sums } = await sql<{ total: string }>`
      select trim_scale(sum(quantity))::text as total from t_wave_pick_task where item_number = ${item}`.execute(db);
    expect(sums[0]?.total).toBe('10');
  });

  it('a movement approved while a wave is released over the same stock never takes allocated units', async () => {
    const db = t.connection.db;
    const item = await newItem('TPK-RACE2');
    await putStock(db, [{ at: PK.p1, itemNumber: item, qty: '10' }]);
    await insertWave(db, 'TPK-RWM', [{ orderNumber: 'TPK-ROM', lines: [{ itemNumber: item, qty: '7' }] }]);
    const moves: string[] = [];
    for (let i = 0; i < 6; i++) {
      moves.push(`TPK-RMV${i}`);
      await insertMovement(db, `TPK-RMV${i}`, [{ from: PK.p1, to: PK.p3, itemNumber: item, qty: '2' }]);
    }
    const [released, ...approved] = await Promise.all([
      t.post<{ planned: number; short: number }[]>('/api/tWaveMaster/releaseWave', releaseBody(['TPK-RWM']), admin),
      ...moves.map((taskId) => t.post('/api/tblInvMovement/approvePlannedMove', { whId: PK.whId, taskId }, admin)),
    ]);
    expect(released?.body.code).toBe(200);
    const movedOk = approved.filter((a) => a.body.code === 200).length;
    for (const a of approved) expect([200, -10000]).toContain(a.body.code);
    const plannedQty = Number((await detailsOf(db, 'TPK-RWM'))[0]?.plannedQty);
    const rows = await stockRows(db, item);
    const moved = Number(rows.find((r) => r.locationId === PK.p3)?.actual ?? 0);
    expect(moved).toBe(movedOk * 2);
    // Moved stock may be allocated where it arrived (P3 is a storage location too); what was reserved is all still
    // there, no row holds less than it has reserved, and nothing was taken twice.
    expect(rows.reduce((sum, r) => sum + Number(r.allocated), 0)).toBe(plannedQty);
    for (const r of rows) expect(Number(r.actual)).toBeGreaterThanOrEqual(Number(r.allocated));
    expect(rows.reduce((sum, r) => sum + Number(r.actual), 0)).toBe(10);
    expect(plannedQty).toBe(7);
  });

  it('ten pickers confirming the same task at once never pick more than it holds', async () => {
    const db = t.connection.db;
    const item = await newItem('TPK-RACE3');
    await putStock(db, [{ at: PK.p1, itemNumber: item, qty: '9' }]);
    await insertWave(db, 'TPK-RWP', [{ orderNumber: 'TPK-ROP', lines: [{ itemNumber: item, qty: '5' }] }]);
    expect((await t.post('/api/tWaveMaster/releaseWave', releaseBody(['TPK-RWP']), admin)).body.code).toBe(200);
    const { rows: task } = await sql<{ id: number }>`select id from t_wave_pick_task where wave_id = 'TPK-RWP'`.execute(db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post<{ status: string }>(
          '/api/tWavePickTask/completeWavePick',
          { id: task[0]?.id, qty: '1', locationId: PK.p1 },
          admin,
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(['taskUnavailable', 'pickQtyAboveOpen']).toContain(a.body.errorCode);
    }
    expect((await stockRows(db, item)).map((r) => [r.locationId, r.actual, r.allocated])).toEqual([
      [PK.p1, '4', '0'],
      [PK.staging, '5', '0'],
    ]);
    expect((await detailsOf(db, 'TPK-RWP'))[0]).toMatchObject({ pickedQty: '5', stagedQty: '5', status: 'K' });
  });
});
