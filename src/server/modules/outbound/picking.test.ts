/**
 * Release = allocation, picking and short picks through the API: FEFO then FIFO then picking flow, storage stock only,
 * lots, units and whole pallets honoured, shortages unplanned with an exception-log row while the wave goes on; a pick
 * moves its own allocation to the wave's staging location; a short pick holds the row and re-allocates elsewhere; every
 * refusal is clear, logged and changes nothing; holds, movements and adjustments never take allocated units.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import {
  createPickFixture,
  detailsOf,
  insertWave,
  PK,
  putStock,
  releaseBody,
  statusOf,
  stockRows,
  tasksOf,
} from '../../../../tests/support/pickFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';
import type { PageResult } from '../../../shared/wire';
import { inTransaction } from '../../db/transaction';
import { setHold } from '../inventory/ledger.service';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
});
afterAll(() => t.close());

const release = (waveIds: string[], token = admin, extra: Row = {}) =>
  t.post<Row[]>('/api/tWaveMaster/releaseWave', { ...releaseBody(waveIds), ...extra }, token);
const pick = (body: Row, token = admin) => t.post<Row>('/api/tWavePickTask/completeWavePick', body, token);
const short = (body: Row, token = admin) => t.post<Row>('/api/tWavePickTask/pickLocShortage', body, token);

/** Each test uses its own item so that stock never crosses between tests. */
async function newItem(itemNumber: string, lot = false): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '测试 Test', 'EA', ${lot ? 'Y' : 'N'})`.execute(db());
  return itemNumber;
}

async function exceptions(controlNumber: string) {
  const { rows } = await sql<{ errorCode: string; tranType: string; lineNumber: number | null; quantity: string | null }>`
    select error_code, tran_type, line_number, trim_scale(quantity)::text as quantity from exception_log
    where control_number = ${controlNumber} order by id`.execute(db());
  return rows;
}

describe('releaseWave (allocation)', () => {
  it('allocates FEFO, then FIFO, then picking flow, groups tasks by pick area, and moves orders W → A and the wave N → R', async () => {
    const item = await newItem('TPK-A1', true);
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '5', lotNumber: 'L2', expirationDate: '2027-03-01' },
      { at: PK.p3, itemNumber: item, qty: '4', lotNumber: 'L1', expirationDate: '2027-01-01' },
      { at: PK.p2, itemNumber: item, qty: '10', lotNumber: 'L3', expirationDate: null },
      { at: PK.qc, itemNumber: item, qty: '100', lotNumber: 'L0', expirationDate: '2026-12-31' },
    ]);
    await insertWave(db(), 'TPK-W1', [
      { orderNumber: 'TPK-O1b', priority: 20, lines: [{ itemNumber: item, qty: '3' }] },
      { orderNumber: 'TPK-O1a', priority: 10, lines: [{ itemNumber: item, qty: '7' }] },
    ]);
    const res = await release(['TPK-W1']);
    expect(res.body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W1', planned: 2, short: 0 }] });
    // Priority 10 first: L1 (earliest expiry) 4, then L2 3; then the other order: L2's last 2, then L3 (no expiry) 1.
    const tasks = await tasksOf(db(), 'TPK-W1');
    expect(tasks.map((x) => [x.orderNumber, x.pickLocation, x.lotNumber, x.quantity, x.pickRule, x.status])).toEqual(
      expect.arrayContaining([
        ['TPK-O1a', PK.p3, 'L1', '4', 'FEFO', 'O'],
        ['TPK-O1a', PK.p1, 'L2', '3', 'FEFO', 'O'],
        ['TPK-O1b', PK.p1, 'L2', '2', 'FEFO', 'O'],
        ['TPK-O1b', PK.p2, 'L3', '1', 'FIFO', 'O'],
      ]),
    );
    expect(tasks).toHaveLength(4);
    // One pick id per pick area, all with the wave's work type.
    const byArea = new Map(tasks.map((x) => [x.pickArea, x.pickId]));
    expect(new Set(tasks.map((x) => x.pickId)).size).toBe(2);
    expect(byArea.get(PK.areaA)).toMatch(/^PK\d+$/);
    expect(tasks.every((x) => x.workType === PK.workType)).toBe(true);
    expect(await stockRows(db(), item)).toEqual([
      { locationId: PK.p1, lotNumber: 'L2', huId: null, status: 'A', actual: '5', unavailable: '0', allocated: '5' },
      { locationId: PK.p2, lotNumber: 'L3', huId: null, status: 'A', actual: '10', unavailable: '0', allocated: '1' },
      { locationId: PK.p3, lotNumber: 'L1', huId: null, status: 'A', actual: '4', unavailable: '0', allocated: '4' },
      { locationId: PK.qc, lotNumber: 'L0', huId: null, status: 'A', actual: '100', unavailable: '0', allocated: '0' },
    ]);
    expect(await detailsOf(db(), 'TPK-W1')).toEqual([
      {
        orderNumber: 'TPK-O1a',
        lineNumber: 1,
        qtyOrdered: '7',
        plannedQty: '7',
        unplannedQty: '0',
        pickedQty: '0',
        stagedQty: '0',
        status: 'O',
      },
      {
        orderNumber: 'TPK-O1b',
        lineNumber: 1,
        qtyOrdered: '3',
        plannedQty: '3',
        unplannedQty: '0',
        pickedQty: '0',
        stagedQty: '0',
        status: 'O',
      },
    ]);
    expect(await statusOf(db(), 't_order', 'TPK-O1a')).toBe('A');
    const { rows: wave } = await sql<Row>`
      select status, override_work_type, priority, workers_required, to_char(earliest_ship_date, 'YYYY-MM-DD') as e,
        release_by, released_date is not null as released
      from t_wave_master where wave_id = 'TPK-W1'`.execute(db());
    expect(wave[0]).toEqual({
      status: 'R',
      overrideWorkType: PK.workType,
      priority: 10,
      workersRequired: 2,
      e: '2026-12-01',
      releaseBy: 'admin',
      released: true,
    });
    const { rows: planned } = await sql<Row>`
      select order_number, trim_scale(planned_qty)::text as planned from t_afo_wave_detail_line
      where order_number like 'TPK-O1%' order by order_number`.execute(db());
    expect(planned).toEqual([
      { orderNumber: 'TPK-O1a', planned: '7' },
      { orderNumber: 'TPK-O1b', planned: '3' },
    ]);
    const { rows: log } = await sql<Row>`
      select tran_type, category, trim_scale(sum(quantity))::text as qty, count(*)::int as n from tran_log
      where control_number = 'TPK-W1' group by tran_type, category`.execute(db());
    expect(log).toEqual([{ tranType: 'ALLOCATE', category: 'OUTBOUND', qty: '10', n: 4 }]);
  });

  it('keeps what cannot be reserved unplanned, logs why, and allocates the rest of the wave', async () => {
    const item = await newItem('TPK-B1');
    const other = await newItem('TPK-B2');
    const none = await newItem('TPK-B3');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '4' },
      { at: PK.p2, itemNumber: other, qty: '10' },
    ]);
    // A held row never counts.
    await putStock(db(), [{ at: PK.p3, itemNumber: item, qty: '50' }]);
    // Held through the ledger's own hold, as the stock query's hold action does.
    await inTransaction(db(), async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from t_stored_item where item_number = ${item} and location_id = ${PK.p3}`.execute(trx);
      const context = {
        category: 'INVENTORY' as const,
        tranType: 'HOLD',
        description: 'test',
        employeeId: 'test',
        controlNumber: null,
        lineNumber: null,
        fromLocationId: PK.p3,
        toLocationId: null,
      };
      await setHold(trx, rows[0]!.id, true, 'X', context);
    });
    await insertWave(db(), 'TPK-W2', [
      {
        orderNumber: 'TPK-O2',
        lines: [
          { itemNumber: item, qty: '6' },
          { itemNumber: none, qty: '1' },
          { itemNumber: other, qty: '2' },
        ],
      },
    ]);
    const res = await release(['TPK-W2']);
    expect(res.body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W2', planned: 1, short: 2 }] });
    expect(await detailsOf(db(), 'TPK-W2')).toMatchObject([
      { lineNumber: 1, qtyOrdered: '6', plannedQty: '4', unplannedQty: '2', status: 'O' },
      { lineNumber: 2, qtyOrdered: '1', plannedQty: '0', unplannedQty: '1', status: 'S' },
      { lineNumber: 3, qtyOrdered: '2', plannedQty: '2', unplannedQty: '0', status: 'O' },
    ]);
    expect(await exceptions('TPK-W2')).toEqual([
      { errorCode: 'allocationShort', tranType: 'ALLOCATE', lineNumber: 1, quantity: '2' },
      { errorCode: 'allocationNoStock', tranType: 'ALLOCATE', lineNumber: 2, quantity: '1' },
    ]);
    expect(await statusOf(db(), 't_wave_master', 'TPK-W2')).toBe('R');
  });

  it('converts the order unit to base units, honours the line’s lot, and gives whole pallets when the line needs them', async () => {
    const item = await newItem('TPK-C1', true);
    await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values (${PK.whId}, ${item}, 'CS', 12)`.execute(
      db(),
    );
    await putStock(db(), [
      { at: PK.pallet, itemNumber: item, qty: '20', lotNumber: 'A', huId: 'TPK-PAL1', expirationDate: '2027-01-01' },
      { at: PK.p1, itemNumber: item, qty: '30', lotNumber: 'A', expirationDate: '2027-06-01' },
      { at: PK.p2, itemNumber: item, qty: '30', lotNumber: 'B', expirationDate: '2026-12-20' },
    ]);
    await insertWave(db(), 'TPK-W3', [
      { orderNumber: 'TPK-O3', lines: [{ itemNumber: item, qty: '2', orderUom: 'CS', lotNumber: 'A' }] },
    ]);
    expect((await release(['TPK-W3'])).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 0 }] });
    const tasks = await tasksOf(db(), 'TPK-W3');
    // 24 of lot A: the whole pallet (20, earliest expiry) then 4 from the item location; lot B never. Tasks are
    // written in picking-flow order (P1 20 before the pallet location 40).
    expect(tasks.map((x) => [x.pickLocation, x.mHuId, x.quantity, x.pickRule])).toEqual([
      [PK.p1, null, '4', 'FEFO'],
      [PK.pallet, 'TPK-PAL1', '20', 'PALLET'],
    ]);
    expect((await detailsOf(db(), 'TPK-W3'))[0]).toMatchObject({ qtyOrdered: '24', plannedQty: '24' });
  });

  it('releases a wave held while building, resumes a wave held after release without allocating again', async () => {
    const item = await newItem('TPK-D1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10' }]);
    await insertWave(db(), 'TPK-W4', [{ orderNumber: 'TPK-O4', lines: [{ itemNumber: item, qty: '3' }] }], {
      status: 'H',
      heldStatus: 'N',
    });
    expect((await release(['TPK-W4'])).body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W4', planned: 1 }] });
    const hold = await t.post<number>('/api/tWaveMaster/holdWave', { whId: PK.whId, waveIds: ['TPK-W4'] }, admin);
    expect(hold.body).toMatchObject({ code: 200, data: 1 });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W4')).toBe('H');
    expect((await release(['TPK-W4'])).body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W4', planned: 0, short: 0 }] });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W4')).toBe('R');
    expect(await tasksOf(db(), 'TPK-W4')).toHaveLength(1);
    expect((await stockRows(db(), item))[0]?.allocated).toBe('3');
  });

  it('refuses a released wave, an unknown wave, an unknown work type and a reversed date range, changing nothing', async () => {
    const item = await newItem('TPK-E1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10' }]);
    await insertWave(db(), 'TPK-W5', [{ orderNumber: 'TPK-O5', lines: [{ itemNumber: item, qty: '3' }] }]);
    // TPK-W5R is released for real (over another item, so that the refused release below changes no stock of `item`).
    const other = await newItem('TPK-E2');
    await putStock(db(), [{ at: PK.p2, itemNumber: other, qty: '5' }]);
    await insertWave(db(), 'TPK-W5R', [{ orderNumber: 'TPK-O5R', lines: [{ itemNumber: other, qty: '1' }] }]);
    expect((await release(['TPK-W5R'])).body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W5R', planned: 1 }] });
    // A wave without a staging location: its picks would have nowhere to go.
    await insertWave(db(), 'TPK-W5S', [{ orderNumber: 'TPK-O5S', lines: [{ itemNumber: item, qty: '1' }] }], { staging: null });
    const cases: [Row, string, string][] = [
      [
        { waveIds: ['TPK-W5', 'TPK-W5R'] },
        'waveNotReleasable',
        'Operation failed. Wave TPK-W5R is Released and cannot be released',
      ],
      [{ waveIds: ['TPK-W5', 'TPK-NOPE'] }, 'waveNotFound', 'Wave TPK-NOPE does not exist'],
      [{ waveIds: ['TPK-W5'], overrideWorkType: 'NOPE' }, 'referenceNotFound', '"NOPE" does not exist'],
      [{ waveIds: ['TPK-W5'], earliestShipDate: '2026-12-09' }, 'dateRangeInvalid', 'cannot be later than'],
      [{ waveIds: ['TPK-W5', 'TPK-W5S'] }, 'waveNoStagingLocation', 'Wave TPK-W5S has no staging location'],
    ];
    for (const [body, errorCode, msg] of cases) {
      const res = await release(body.waveIds as string[], admin, body);
      expect(res.body, errorCode).toMatchObject({ code: -10000, errorCode });
      expect(res.body.msg).toContain(msg);
    }
    expect(await statusOf(db(), 't_wave_master', 'TPK-W5')).toBe('N');
    expect(await statusOf(db(), 't_wave_master', 'TPK-W5S')).toBe('N');
    expect(await tasksOf(db(), 'TPK-W5')).toEqual([]);
    expect((await stockRows(db(), item))[0]?.allocated).toBe('0');
    expect((await exceptions('TPK-W5')).map((e) => e.errorCode)).toEqual([
      'waveNotReleasable',
      'waveNotFound',
      'referenceNotFound',
      'dateRangeInvalid',
      'waveNoStagingLocation',
    ]);
  });

  it('validates the body: all five dialog fields, 1 to 50 waves, bounded values', async () => {
    for (const body of [
      { whId: PK.whId, waveIds: ['X'] },
      { ...releaseBody([]) },
      { ...releaseBody(['X']), priority: 100 },
      { ...releaseBody(['X']), workersRequired: 0 },
      { ...releaseBody(Array.from({ length: 51 }, (_, i) => `W${i}`)) },
      { ...releaseBody(['X']), earliestShipDate: 'tomorrow' },
    ]) {
      const res = await t.post('/api/tWaveMaster/releaseWave', body, admin);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('needs tWaveMaster:edit and the warehouse', async () => {
    const item = await newItem('TPK-F1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10' }]);
    await insertWave(db(), 'TPK-W6', [{ orderNumber: 'TPK-O6', lines: [{ itemNumber: item, qty: '3' }] }]);
    await createUser(t, 'tpk-viewer', { permissions: [permission('tWaveMaster', 'view')], warehouses: [PK.whId] });
    await createUser(t, 'tpk-elsewhere', { permissions: [permission('tWaveMaster', 'edit')], warehouses: ['WH02'] });
    const viewer = await t.login('tpk-viewer', 'Secret#123');
    expect((await release(['TPK-W6'], viewer)).status).toBe(403);
    const elsewhere = await t.login('tpk-elsewhere', 'Secret#123');
    expect((await release(['TPK-W6'], elsewhere)).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W6')).toBe('N');
  });
});

describe('completeWavePick', () => {
  it('moves the picked stock to the staging location with its own allocation, K when done, wave R → P → C, order A → K', async () => {
    const item = await newItem('TPK-G1', true);
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10', lotNumber: 'G', expirationDate: '2027-02-02' }]);
    await insertWave(db(), 'TPK-W7', [{ orderNumber: 'TPK-O7', lines: [{ itemNumber: item, qty: '6' }] }]);
    await release(['TPK-W7']);
    const [task] = await tasksOf(db(), 'TPK-W7');
    const id = task?.id;
    const first = await pick({ id, qty: '2', locationId: PK.p1, lotNumber: 'G' });
    expect(first.body).toMatchObject({
      code: 200,
      data: { id, status: 'O', pickedQty: '2', openQty: '4', stagingLocation: PK.staging },
    });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W7')).toBe('P');
    expect(await statusOf(db(), 't_order', 'TPK-O7')).toBe('K');
    expect(await stockRows(db(), item)).toEqual([
      { locationId: PK.p1, lotNumber: 'G', huId: null, status: 'A', actual: '8', unavailable: '0', allocated: '4' },
      { locationId: PK.staging, lotNumber: 'G', huId: null, status: 'A', actual: '2', unavailable: '0', allocated: '0' },
    ]);
    const second = await pick({ id, qty: 4, locationId: PK.p1, lotNumber: 'G' });
    expect(second.body).toMatchObject({ code: 200, data: { status: 'K', pickedQty: '6', openQty: '0' } });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W7')).toBe('C');
    expect(await detailsOf(db(), 'TPK-W7')).toMatchObject([{ pickedQty: '6', stagedQty: '6', status: 'K' }]);
    const { rows: staged } = await sql<Row>`
      select to_char(expiration_date, 'YYYY-MM-DD') as e from t_stored_item where item_number = ${item} and location_id = ${PK.staging}`.execute(
      db(),
    );
    expect(staged).toEqual([{ e: '2027-02-02' }]);
    const { rows: log } = await sql<Row>`
      select tran_type, trim_scale(quantity)::text as qty, from_location_id, to_location_id from tran_log
      where item_number = ${item} and tran_type = 'PICK' order by id`.execute(db());
    expect(log).toEqual([
      { tranType: 'PICK', qty: '2', fromLocationId: PK.p1, toLocationId: PK.staging },
      { tranType: 'PICK', qty: '4', fromLocationId: PK.p1, toLocationId: PK.staging },
    ]);
    // Picked: the task is no longer open.
    const again = await pick({ id, qty: '1', locationId: PK.p1, lotNumber: 'G' });
    expect(again.body).toMatchObject({ errorCode: 'taskUnavailable' });
    expect(again.body.msg).toContain('Operation failed. task is unavailable');
  });

  it('refuses another location, lot or pallet, a quantity above the open one or not positive, and changes nothing', async () => {
    const item = await newItem('TPK-H1x', true);
    await putStock(db(), [
      { at: PK.pallet, itemNumber: item, qty: '5', lotNumber: 'H', huId: 'TPK-PAL2', expirationDate: '2027-01-01' },
    ]);
    await insertWave(db(), 'TPK-W8', [{ orderNumber: 'TPK-O8', lines: [{ itemNumber: item, qty: '5' }] }]);
    await release(['TPK-W8']);
    const id = (await tasksOf(db(), 'TPK-W8'))[0]?.id;
    const good = { id, qty: '1', locationId: PK.pallet, lotNumber: 'H', huId: 'TPK-PAL2' };
    const cases: [Row, string][] = [
      [{ ...good, locationId: PK.p1 }, 'pickLocationMismatch'],
      [{ ...good, lotNumber: 'Z' }, 'pickLotMismatch'],
      [{ ...good, huId: null }, 'pickPalletMismatch'],
      [{ ...good, qty: '6' }, 'pickQtyAboveOpen'],
      [{ ...good, qty: '0' }, 'fieldQtyPositive'],
      [{ ...good, qty: '1.2345' }, 'fieldQtyPositive'],
      [{ ...good, id: 99999999 }, 'notFound'],
    ];
    for (const [body, errorCode] of cases) expect((await pick(body)).body, errorCode).toMatchObject({ code: -10000, errorCode });
    expect(await stockRows(db(), item)).toEqual([
      { locationId: PK.pallet, lotNumber: 'H', huId: 'TPK-PAL2', status: 'A', actual: '5', unavailable: '0', allocated: '5' },
    ]);
    expect((await exceptions((await tasksOf(db(), 'TPK-W8'))[0]?.pickId ?? '')).map((e) => e.errorCode)).toEqual(
      cases.slice(0, 6).map((c) => c[1]),
    );
    expect((await pick({ ...good, qty: '5' })).body).toMatchObject({ code: 200, data: { status: 'K' } });
  });

  it('needs tWavePickTask:edit; a viewer sees the tasks, allocations and pick details but cannot pick', async () => {
    const item = await newItem('TPK-I1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '5' }]);
    await insertWave(db(), 'TPK-W9', [{ orderNumber: 'TPK-O9', lines: [{ itemNumber: item, qty: '2' }] }]);
    await release(['TPK-W9']);
    const [task] = await tasksOf(db(), 'TPK-W9');
    await createUser(t, 'tpk-picker-view', {
      permissions: [permission('tWavePickTask', 'view'), permission('tPickDetail', 'view')],
      warehouses: [PK.whId],
    });
    const viewer = await t.login('tpk-picker-view', 'Secret#123');
    expect((await pick({ id: task?.id, qty: '1', locationId: PK.p1 }, viewer)).status).toBe(403);
    expect((await short({ id: task?.id, qtyFound: '0' }, viewer)).status).toBe(403);
    const tasks = await t.post<PageResult<Row>>(
      '/api/tWavePickTask/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { waveId: 'TPK-W9' } },
      viewer,
    );
    expect(tasks.body.data.content).toMatchObject([{ waveId: 'TPK-W9', itemNumber: item, status: 'O', quantity: '2' }]);
    const { rows } = await sql<{ id: number }>`select id from t_pick_detail where wave_id = 'TPK-W9'`.execute(db());
    const allocations = await t.post<PageResult<Row>>(
      '/api/tAllocation/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { pickDetailId: String(rows[0]?.id) } },
      viewer,
    );
    expect(allocations.body.data).toMatchObject({ totalSize: 1, content: [{ pickLocation: PK.p1, pickRule: 'FIFO' }] });
    const details = await t.post<PageResult<Row>>(
      '/api/tPickDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { waveId: 'TPK-W9' } },
      viewer,
    );
    expect(details.body.data.content).toMatchObject([{ qtyOrdered: '2', plannedQty: '2' }]);
    // The allocation list is read-only: save and delete keep the spec's permissions and say why not.
    expect((await t.post('/api/tAllocation/save', { id: task?.id }, viewer)).status).toBe(403);
    expect((await t.post('/api/tAllocation/delete', [{ id: task?.id }], admin)).body).toMatchObject({
      errorCode: 'viewOnlyEntity',
    });
    await createUser(t, 'tpk-nobody', { permissions: [permission('tWaveMaster', 'view')], warehouses: [PK.whId] });
    const nobody = await t.login('tpk-nobody', 'Secret#123');
    expect((await t.post('/api/tAllocation/findPage', { pageNum: 1, pageSize: 8 }, nobody)).status).toBe(403);
  });
});

describe('demo waves', () => {
  it('DEMO-WV-1 and 2 are built by the order and wave services: orders W (each naming its carrier) loaded by ACME’s priority profile, ready to release', async () => {
    const { rows } = await sql<Row>`
      select w.wave_id, w.status as wave_status, w.staging_location, d.order_number, d.load_seq, p.profile_name,
        d.create_by, o.status, o.confirm_by, o.carrier_id, (select count(*)::int from t_afo_wave_detail_line l where l.wave_detail_id = d.id) as lines
      from t_wave_master w
      join t_afo_wave_detail d on d.wh_id = w.wh_id and d.wave_id = w.wave_id
      join t_afa_profile p on p.id = d.profile_id
      join t_order o on o.wh_id = d.wh_id and o.order_number = d.order_number
      where w.wh_id = 'WH01' and w.wave_id in ('DEMO-WV-1', 'DEMO-WV-2') order by w.wave_id, d.load_seq`.execute(db());
    const common = { waveStatus: 'N', stagingLocation: 'STG-OUT-01', profileName: 'ACME-PRIORITY', createBy: 'admin' };
    expect(rows).toMatchObject([
      {
        ...common,
        waveId: 'DEMO-WV-1',
        orderNumber: 'DEMO-SO-1A',
        loadSeq: 1,
        status: 'W',
        confirmBy: 'admin',
        carrierId: 'SF',
        lines: 2,
      },
      {
        ...common,
        waveId: 'DEMO-WV-1',
        orderNumber: 'DEMO-SO-1B',
        loadSeq: 2,
        status: 'W',
        confirmBy: 'admin',
        carrierId: 'JD',
        lines: 1,
      },
      {
        ...common,
        waveId: 'DEMO-WV-2',
        orderNumber: 'DEMO-SO-2A',
        loadSeq: 1,
        status: 'W',
        confirmBy: 'admin',
        carrierId: 'SF',
        lines: 2,
      },
      {
        ...common,
        waveId: 'DEMO-WV-2',
        orderNumber: 'DEMO-SO-2B',
        loadSeq: 2,
        status: 'W',
        confirmBy: 'admin',
        carrierId: 'JD',
        lines: 1,
      },
    ]);
    const body = { ...releaseBody(['DEMO-WV-1']), whId: 'WH01', overrideWorkType: 'EACHPICK' };
    expect((await t.post('/api/tWaveMaster/releaseWave', body, admin)).body).toMatchObject({
      code: 200,
      data: [{ waveId: 'DEMO-WV-1', planned: 3, short: 0 }],
    });
  });
});

describe('the allocation list', () => {
  it('shows the allocations of one pick detail with the item’s attribute type labels, 8 per page', async () => {
    // The order service asks for the values of the item's attribute types (colour, size); the stock carries the same.
    await putStock(db(), [{ at: PK.p2, itemNumber: PK.itemAttr, qty: '3', attributes: ['Red', null, 'M'] }]);
    await insertWave(db(), 'TPK-W16', [
      {
        orderNumber: 'TPK-O16',
        lines: [{ itemNumber: PK.itemAttr, qty: '2', attributes: { genericAttrValue1: 'Red', genericAttrValue3: 'M' } }],
      },
    ]);
    await release(['TPK-W16']);
    const { rows } = await sql<{ id: number }>`select id from t_pick_detail where wave_id = 'TPK-W16'`.execute(db());
    const page = await t.post<PageResult<Row>>(
      '/api/tAllocation/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { pickDetailId: String(rows[0]?.id) } },
      admin,
    );
    expect(page.body.data).toMatchObject({
      totalSize: 1,
      pageSize: 8,
      content: [
        {
          itemNumber: PK.itemAttr,
          pickLocation: PK.p2,
          quantity: '2',
          genericAttrShow1: '颜色 Colour',
          genericAttrShow3: '尺码 Size',
        },
      ],
    });
  });
});

describe('client grants', () => {
  it('refuses to release a wave or pick a task holding orders of a client the user does not hold', async () => {
    const item = await newItem('TPK-N1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '5' }]);
    await insertWave(db(), 'TPK-W14', [{ orderNumber: 'TPK-O14', lines: [{ itemNumber: item, qty: '2' }] }]);
    await insertWave(db(), 'TPK-W15', [{ orderNumber: 'TPK-O15', lines: [{ itemNumber: item, qty: '2' }] }]);
    await release(['TPK-W15']);
    await createUser(t, 'tpk-other-client', {
      permissions: [permission('tWaveMaster', 'edit'), permission('tWavePickTask', 'edit')],
      warehouses: [PK.whId],
    });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tpk-other-client')`.execute(db());
    const other = await t.login('tpk-other-client', 'Secret#123');
    expect((await release(['TPK-W14'], other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W14')).toBe('N');
    const [task] = await tasksOf(db(), 'TPK-W15');
    expect((await pick({ id: task?.id, qty: '1', locationId: PK.p1 }, other)).body).toMatchObject({
      errorCode: 'clientNotGranted',
    });
    expect((await short({ id: task?.id, qtyFound: '0' }, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await stockRows(db(), item))[0]).toMatchObject({ actual: '5', allocated: '2', status: 'A' });
  });
});

describe('pickLocShortage', () => {
  it('picks what was found, gives back the missing allocation, holds the row, re-allocates elsewhere, logs SHORT', async () => {
    const item = await newItem('TPK-J1');
    await putStock(db(), [
      { at: PK.p2, itemNumber: item, qty: '10', fifoDate: '2026-01-01' },
      { at: PK.p3, itemNumber: item, qty: '3', fifoDate: '2026-02-01' },
    ]);
    await insertWave(db(), 'TPK-W10', [{ orderNumber: 'TPK-O10', lines: [{ itemNumber: item, qty: '8' }] }]);
    await release(['TPK-W10']);
    const [task] = await tasksOf(db(), 'TPK-W10');
    expect(task).toMatchObject({ pickLocation: PK.p2, quantity: '8' });
    const res = await short({ id: task?.id, qtyFound: '2' });
    expect(res.body).toMatchObject({
      code: 200,
      data: { pickedQty: '2', shortQty: '6', reallocatedQty: '3', unplannedQty: '3' },
    });
    const tasks = await tasksOf(db(), 'TPK-W10');
    expect(tasks.map((x) => [x.pickLocation, x.quantity, x.pickedQty, x.shortQty, x.status])).toEqual([
      [PK.p2, '8', '2', '6', 'S'],
      [PK.p3, '3', '0', '0', 'O'],
    ]);
    expect(await stockRows(db(), item)).toEqual([
      { locationId: PK.p2, lotNumber: null, huId: null, status: 'H', actual: '8', unavailable: '0', allocated: '0' },
      { locationId: PK.p3, lotNumber: null, huId: null, status: 'A', actual: '3', unavailable: '0', allocated: '3' },
      { locationId: PK.staging, lotNumber: null, huId: null, status: 'A', actual: '2', unavailable: '0', allocated: '0' },
    ]);
    const { rows: held } = await sql<Row>`
      select reason_id from t_stored_item where item_number = ${item} and location_id = ${PK.p2}`.execute(db());
    expect(held).toEqual([{ reasonId: 'SHORT' }]);
    expect(await detailsOf(db(), 'TPK-W10')).toMatchObject([
      { qtyOrdered: '8', plannedQty: '5', unplannedQty: '3', pickedQty: '2', stagedQty: '2', status: 'O' },
    ]);
    const { rows: log } = await sql<Row>`
      select tran_type, trim_scale(quantity)::text as qty from tran_log where item_number = ${item} and tran_type <> 'RECEIVE'
      order by id`.execute(db());
    expect(log).toEqual([
      { tranType: 'ALLOCATE', qty: '8' },
      { tranType: 'PICK', qty: '2' },
      { tranType: 'SHORT', qty: '-6' },
      { tranType: 'HOLD', qty: '8' },
      { tranType: 'ALLOCATE', qty: '3' },
    ]);
    expect((await exceptions(task?.pickId ?? '')).map((e) => [e.errorCode, e.tranType, e.quantity])).toEqual([
      ['pickShort', 'SHORT', '6'],
      ['allocationShort', 'SHORT', '3'],
    ]);
    expect(await statusOf(db(), 't_order', 'TPK-O10')).toBe('K');
    expect(await statusOf(db(), 't_wave_master', 'TPK-W10')).toBe('P');
    // The re-allocated task is picked: nothing is open any more, the wave is picked.
    const next = tasks[1];
    expect((await pick({ id: next?.id, qty: '3', locationId: PK.p3 })).body).toMatchObject({ code: 200 });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W10')).toBe('C');
    expect(await detailsOf(db(), 'TPK-W10')).toMatchObject([{ pickedQty: '5', status: 'K' }]);
  });

  it('with nothing found and nowhere else: the task and the line are short, and the row is held', async () => {
    const item = await newItem('TPK-K1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '4' }]);
    await insertWave(db(), 'TPK-W11', [{ orderNumber: 'TPK-O11', lines: [{ itemNumber: item, qty: '4' }] }]);
    await release(['TPK-W11']);
    const [task] = await tasksOf(db(), 'TPK-W11');
    expect((await short({ id: task?.id, qtyFound: 0 })).body).toMatchObject({
      code: 200,
      data: { pickedQty: '0', shortQty: '4', reallocatedQty: '0', unplannedQty: '4' },
    });
    expect(await detailsOf(db(), 'TPK-W11')).toMatchObject([{ plannedQty: '0', unplannedQty: '4', status: 'S' }]);
    expect(await stockRows(db(), item)).toMatchObject([{ status: 'H', actual: '4', allocated: '0' }]);
    expect(await statusOf(db(), 't_order', 'TPK-O11')).toBe('A');
    expect(await statusOf(db(), 't_wave_master', 'TPK-W11')).toBe('C');
  });

  it('a wave with every line short at release is done picking (C) at once; its orders stay A (allocated, nothing picked)', async () => {
    const item = await newItem('TPK-Z1');
    const none = await newItem('TPK-Z2');
    // Stock of `item` only in the zone awaiting inspection (not a picking zone); none at all of `none`.
    await putStock(db(), [{ at: PK.qc, itemNumber: item, qty: '5' }]);
    await insertWave(db(), 'TPK-W17', [
      {
        orderNumber: 'TPK-O17',
        lines: [
          { itemNumber: none, qty: '2' },
          { itemNumber: item, qty: '3' },
        ],
      },
    ]);
    expect((await release(['TPK-W17'])).body).toMatchObject({ code: 200, data: [{ waveId: 'TPK-W17', planned: 0, short: 2 }] });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W17')).toBe('C');
    expect(await statusOf(db(), 't_order', 'TPK-O17')).toBe('A');
    expect(await tasksOf(db(), 'TPK-W17')).toEqual([]);
    expect(await detailsOf(db(), 'TPK-W17')).toMatchObject([
      { lineNumber: 1, plannedQty: '0', unplannedQty: '2', status: 'S' },
      { lineNumber: 2, plannedQty: '0', unplannedQty: '3', status: 'S' },
    ]);
    expect((await exceptions('TPK-W17')).map((e) => [e.errorCode, e.lineNumber])).toEqual([
      ['allocationNoStock', 1],
      ['allocationNoStock', 2],
    ]);
    expect((await stockRows(db(), item))[0]?.allocated).toBe('0');
  });

  it('an order shorted in full stays A while the wave’s other order is picked (K) and the wave completes (C)', async () => {
    const item = await newItem('TPK-Z3');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '5' }]);
    await insertWave(db(), 'TPK-W18', [
      { orderNumber: 'TPK-O18A', priority: 1, lines: [{ itemNumber: item, qty: '3' }] },
      { orderNumber: 'TPK-O18B', priority: 2, lines: [{ itemNumber: item, qty: '4' }] },
    ]);
    expect((await release(['TPK-W18'])).body).toMatchObject({ data: [{ planned: 1, short: 1 }] });
    const tasks = await tasksOf(db(), 'TPK-W18');
    expect(tasks.map((x) => [x.orderNumber, x.quantity])).toEqual([
      ['TPK-O18A', '3'],
      ['TPK-O18B', '2'],
    ]);
    expect((await short({ id: tasks[1]?.id, qtyFound: 0 })).body).toMatchObject({ code: 200, data: { shortQty: '2' } });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W18')).toBe('P');
    expect(await statusOf(db(), 't_order', 'TPK-O18B')).toBe('A');
    const done = await pick({ id: tasks[0]?.id, qty: '3', locationId: PK.p1 });
    expect(done.body).toMatchObject({ code: 200, data: { status: 'K' } });
    expect(await statusOf(db(), 't_wave_master', 'TPK-W18')).toBe('C');
    expect(await statusOf(db(), 't_order', 'TPK-O18A')).toBe('K');
    expect(await statusOf(db(), 't_order', 'TPK-O18B')).toBe('A');
  });

  it('refuses a found quantity not below the open one, a bad quantity, and a task no longer open', async () => {
    const item = await newItem('TPK-L1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '4' }]);
    await insertWave(db(), 'TPK-W12', [{ orderNumber: 'TPK-O12', lines: [{ itemNumber: item, qty: '4' }] }]);
    await release(['TPK-W12']);
    const [task] = await tasksOf(db(), 'TPK-W12');
    expect((await short({ id: task?.id, qtyFound: '4' })).body).toMatchObject({ errorCode: 'shortFoundNotBelowOpen' });
    expect((await short({ id: task?.id, qtyFound: '-1' })).body).toMatchObject({ errorCode: 'fieldQtyNonNegative' });
    expect(await stockRows(db(), item)).toMatchObject([{ status: 'A', actual: '4', allocated: '4' }]);
    await short({ id: task?.id, qtyFound: '1' });
    expect((await short({ id: task?.id, qtyFound: '0' })).body).toMatchObject({ errorCode: 'taskUnavailable' });
  });
});

describe('allocated stock is out of reach of holds, movements and adjustments', () => {
  it('refuses to hold a row with allocated units, and movements and adjustments take only what is not allocated', async () => {
    const item = await newItem('TPK-M1');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10' }]);
    await insertWave(db(), 'TPK-W13', [{ orderNumber: 'TPK-O13', lines: [{ itemNumber: item, qty: '7' }] }]);
    await release(['TPK-W13']);
    const { rows } = await sql<{ id: number }>`select id from t_stored_item where item_number = ${item}`.execute(db());
    const hold = await t.post(
      '/api/tStoredItem/holdReleaseInventory',
      { ids: [rows[0]?.id], hold: true, reasonId: PK.holdReason },
      admin,
    );
    expect(hold.body).toMatchObject({ code: -10000, errorCode: 'holdAllocatedStock' });
    expect(hold.body.msg).toContain('has 7 allocated to pick tasks and cannot be held');
    await insertMovement(db(), 'TPK-MV1', [{ from: PK.p1, to: PK.p2, itemNumber: item, qty: '4' }]);
    const move = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: PK.whId, taskId: 'TPK-MV1' }, admin);
    expect(move.body).toMatchObject({ errorCode: 'exceedsAvailableStock' });
    await insertAdjustment(db(), 'TPK-AD1', [{ at: PK.p1, itemNumber: item, qty: '-4' }]);
    const adjust = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: PK.whId, taskId: 'TPK-AD1' }, admin);
    expect(adjust.body).toMatchObject({ errorCode: 'greaterThanAvailableStock' });
    await insertMovement(db(), 'TPK-MV2', [{ from: PK.p1, to: PK.p2, itemNumber: item, qty: '3' }]);
    expect(
      (await t.post('/api/tblInvMovement/approvePlannedMove', { whId: PK.whId, taskId: 'TPK-MV2' }, admin)).body,
    ).toMatchObject({
      code: 200,
    });
    expect(await stockRows(db(), item)).toMatchObject([
      { locationId: PK.p1, actual: '7', allocated: '7' },
      { locationId: PK.p2, actual: '3', allocated: '0' },
    ]);
    // The stock query shows allocated beside actual and unavailable.
    const page = await t.post<PageResult<Row>>(
      '/api/tStoredItem/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { itemNumber: item, locationId: PK.p1 } },
      admin,
    );
    expect(page.body.data.content).toMatchObject([{ actualQty: '7', unavailableQty: '0', allocatedQty: '7', availableQty: '0' }]);
  });
});
