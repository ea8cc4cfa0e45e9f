/**
 * Putaway through the API: the suggestion rules (class and zone rules, capacity and its units, split, pallet vs item
 * locations, single-item locations, same item and lot first, emptiest, picking flow), creating the putaway task with
 * its refusals, and its approval moving the stock, logging PUTAWAY and marking the receipts put away.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPutawayFixture, QA, receive, rid, stockAt, stockRow } from '../../../../tests/support/putawayFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let limited: string;
let viewer: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPutawayFixture(db());
  admin = await t.login();
  await createUser(t, 'pa-viewer', { permissions: ['sys:tReceipt:view', 'sys:tblInvMovement:edit'], warehouses: [QA.whId] });
  viewer = await t.login('pa-viewer', 'Secret#123');
  await createUser(t, 'pa-other', { permissions: ['sys:tReceipt:view', 'sys:tReceipt:edit'], warehouses: [QA.whId] });
  await sql`update sys_user_warehouse set client_codes = array[${QA.otherClient}]::varchar[]
    where user_id = (select id from sys_user where name = 'pa-other')`.execute(db());
  limited = await t.login('pa-other', 'Secret#123');
});
afterAll(() => t.close());

const suggest = (body: Row, token = admin) => t.post<Row[]>('/api/tReceipt/suggestPutaway', { whId: QA.whId, ...body }, token);
const create = (lines: Row[], token = admin) =>
  t.post<{ taskId: string }>('/api/tReceipt/createPutawayTasks', { whId: QA.whId, lines }, token);
const approve = (taskId: string, token = admin) =>
  t.post('/api/tblInvMovement/approvePlannedMove', { whId: QA.whId, taskId }, token);
/** The suggestion as destination → quantity pairs, in order. */
const placements = (rows: Row[]) => rows.map((r) => [r.destLocationId, r.qty]);

async function receiptRow(id: number) {
  const { rows } = await sql<{ status: string; putLocationId: string | null }>`
    select status, put_location_id from t_receipt where id = ${id}`.execute(db());
  return rows[0];
}

describe('suggestPutaway', () => {
  it('follows the class rule, fills the emptiest location first in picking-flow order up to capacity, splits, and leaves the rest unplaced', async () => {
    // Z1-02 (flow 1) already holds 4 of another item; Z1-03 is a single-item location holding another item; the
    // staging, pallet and inactive locations of Z1 and every other zone are never offered.
    await stockAt(db(), 'TQA-Z1-02', QA.itemZ1b, 4);
    await stockAt(db(), 'TQA-Z1-03', QA.itemZ1b, 1);
    const id = await receive(db(), { receiptId: 'PA-R1', itemNumber: QA.itemZ1, qty: 30 });
    const answer = await suggest({ receiptId: rid('PA-R1') });
    expect(answer.body.code).toBe(200);
    expect(placements(answer.body.data)).toEqual([
      ['TQA-Z1-01', '10'],
      ['TQA-Z1-05', '10'],
      ['TQA-Z1-02', '6'],
      [null, '4'],
    ]);
    expect(answer.body.data[0]).toMatchObject({ receiptRowId: id, sourceLocationId: QA.receiving, uom: 'EA', zone: 'TQA-Z1' });
  });

  it('puts a single-item location first once it holds only this item, and counts what this call already placed', async () => {
    const a = await receive(db(), { receiptId: 'PA-R2', itemNumber: QA.itemZ1b, qty: 3 });
    const b = await receive(db(), { receiptId: 'PA-R2', itemNumber: QA.itemZ1, qty: 12 });
    const rows = (await suggest({ receiptId: rid('PA-R2') })).body.data;
    // Z1B already sits in Z1-03 (same item, no lot): it goes there; Z1 then finds Z1-03 holding another item.
    expect(rows.filter((r) => r.receiptRowId === a).map((r) => [r.destLocationId, r.qty])).toEqual([['TQA-Z1-03', '3']]);
    expect(rows.filter((r) => r.receiptRowId === b).map((r) => [r.destLocationId, r.qty])).toEqual([
      ['TQA-Z1-01', '10'],
      ['TQA-Z1-05', '2'],
    ]);
  });

  it('prefers a location holding the same item and lot, and converts capacity from its unit', async () => {
    await stockAt(db(), 'TQA-Z2-02', QA.itemLot, 5, 'L1');
    await receive(db(), { receiptId: 'PA-R3', itemNumber: QA.itemLot, qty: 30, lotNumber: 'L1' });
    expect(placements((await suggest({ receiptId: rid('PA-R3') })).body.data)).toEqual([['TQA-Z2-02', '30']]);
    // Another lot: the emptiest first — Z2-01 holds 2 cases of 12 = 24 units — then the rest beside lot L1.
    await receive(db(), { receiptId: 'PA-R4', itemNumber: QA.itemLot, qty: 30, lotNumber: 'L2' });
    expect(placements((await suggest({ receiptId: rid('PA-R4') })).body.data)).toEqual([
      ['TQA-Z2-01', '24'],
      ['TQA-Z2-02', '6'],
    ]);
  });

  it('sends a pallet whole to one pallet location with room for it, and loose units to item locations', async () => {
    await receive(db(), { receiptId: 'PA-R5', itemNumber: QA.itemPallet, qty: 48, huId: 'PA-HU1' });
    await receive(db(), { receiptId: 'PA-R5', itemNumber: QA.itemPallet, qty: 48, huId: 'PA-HU2' });
    await receive(db(), { receiptId: 'PA-R5', itemNumber: QA.itemPallet, qty: 60, huId: 'PA-HU3' });
    await receive(db(), { receiptId: 'PA-R5', itemNumber: QA.itemPallet, qty: 7 });
    const rows = (await suggest({ receiptId: rid('PA-R5') })).body.data;
    expect(rows.map((r) => [r.huId, r.destLocationId, r.qty])).toEqual([
      ['PA-HU1', 'TQA-Z3-P1', '48'],
      // P1 holds one pallet of 48: full with the first; P2 holds two.
      ['PA-HU2', 'TQA-Z3-P2', '48'],
      // 60 units do not fit in the one pallet place left (48): never split, so unplaced.
      ['PA-HU3', null, '60'],
      [null, 'TQA-Z3-I1', '7'],
    ]);
  });

  it('counts an item’s base units against a capacity in a unit the item does not have', async () => {
    // Z5-01 holds 8 EA; cups have no EA unit: 8 cups fit, the rest finds no room.
    await receive(db(), { receiptId: 'PA-R14', itemNumber: QA.itemCup, qty: 10, uom: 'CUP' });
    expect(placements((await suggest({ receiptId: rid('PA-R14') })).body.data)).toEqual([
      ['TQA-Z5-01', '8'],
      [null, '2'],
    ]);
  });

  it('uses the warehouse default rule for a class without rules of its own', async () => {
    await receive(db(), { receiptId: 'PA-R6', itemNumber: QA.itemDefault, qty: 5 });
    expect(placements((await suggest({ receiptId: rid('PA-R6') })).body.data)).toEqual([['TQA-Z4-01', '5']]);
  });

  it('never offers receipts awaiting inspection, nor another client’s, and lists the ready ones', async () => {
    await receive(db(), { receiptId: 'PA-R7', itemNumber: QA.itemInspect, qty: 5 });
    expect((await suggest({ receiptId: rid('PA-R7') })).body.data).toEqual([]);
    expect((await suggest({ receiptId: rid('PA-R1') }, limited)).body.data).toEqual([]);
    const ready = await t.post<Row[]>('/api/tReceipt/getReadyForPutaway', { whId: QA.whId, receiptId: rid('PA-R1') }, viewer);
    expect(ready.body.data).toEqual([expect.objectContaining({ receiptId: rid('PA-R1'), remainingQty: '30' })]);
  });
});

describe('createPutawayTasks and approval', () => {
  it('creates one PUTAWAY movement task numbered from the MOVE series, shown with its type in the movement list', async () => {
    const id = await receive(db(), { receiptId: 'PA-R8', itemNumber: QA.itemDefault, qty: 10 });
    const made = await create([
      { receiptRowId: id, destLocationId: 'TQA-Z4-01', qty: '6' },
      { receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: 1 },
    ]);
    expect(made.body.code).toBe(200);
    const taskId = made.body.data.taskId;
    const { rows } = await sql<Row>`
      select line_number, source_location_id, dest_location_id, trim_scale(qty)::text as qty, receipt_row_id, uom, status
      from tbl_inv_movement_detail where task_id = ${taskId} order by line_number`.execute(db());
    expect(rows).toEqual([
      {
        lineNumber: 1,
        sourceLocationId: QA.receiving,
        destLocationId: 'TQA-Z4-01',
        qty: '6',
        receiptRowId: id,
        uom: 'EA',
        status: 'N',
      },
      {
        lineNumber: 2,
        sourceLocationId: QA.receiving,
        destLocationId: 'TQA-Z1-01',
        qty: '1',
        receiptRowId: id,
        uom: 'EA',
        status: 'N',
      },
    ]);
    const list = await t.post<PageResult<Row>>(
      '/api/tblInvMovement/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: QA.whId, taskType: 'PUTAWAY' } },
      admin,
    );
    expect(list.body.data.content).toEqual([expect.objectContaining({ taskId, taskType: 'PUTAWAY', status: 'N' })]);
    // The rest of the receipt (3) may still be planned, not more: the open task counts.
    const over = await create([{ receiptRowId: id, destLocationId: 'TQA-Z4-01', qty: '4' }]);
    expect(over.body).toMatchObject({ errorCode: 'putawayExceedsReceipt' });
    expect(over.body.msg).toBe(`Receipt ${rid('PA-R8')}, line 7: only 3 remain to be put away, 4 asked`);
    // Approval: PUTAWAY log rows under INBOUND; the receipt stays R while 3 units are left.
    expect((await approve(taskId)).body.code).toBe(200);
    const { rows: log } = await sql<Row>`
      select tran_type, category, trim_scale(quantity)::text as quantity, from_location_id, to_location_id
      from tran_log where control_number = ${taskId} order by id`.execute(db());
    expect(log).toEqual([
      { tranType: 'PUTAWAY', category: 'INBOUND', quantity: '6', fromLocationId: QA.receiving, toLocationId: 'TQA-Z4-01' },
      { tranType: 'PUTAWAY', category: 'INBOUND', quantity: '1', fromLocationId: QA.receiving, toLocationId: 'TQA-Z1-01' },
    ]);
    expect(await receiptRow(id)).toEqual({ status: 'R', putLocationId: null });
    // The last 3: the receipt is put away, at the destination of its largest line.
    const last = await create([{ receiptRowId: id, destLocationId: 'TQA-Z4-01', qty: '3' }]);
    expect((await approve(last.body.data.taskId)).body.code).toBe(200);
    expect(await receiptRow(id)).toEqual({ status: 'P', putLocationId: 'TQA-Z4-01' });
    expect(await stockRow(db(), 'TQA-Z4-01', QA.itemDefault)).toMatchObject({ actualQty: '9', unavailableQty: '0' });
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z4-01', qty: '1' }])).body.errorCode).toBe(
      'receiptNotReadyForPutaway',
    );
  });

  it('puts away a pallet with its pallet id, the inspected good quantity only', async () => {
    const id = await receive(db(), { receiptId: 'PA-R9', itemNumber: QA.itemInspectPallet, qty: 10, damaged: 2, huId: 'PA-HU9' });
    const line = (
      await t.post<Row[]>('/api/tReceipt/generateInspectionDetail', { whId: QA.whId, receiptId: rid('PA-R9') }, admin)
    ).body.data[0];
    await t.post(
      '/api/tReceipt/recordInspection',
      { id: line?.id, qtyPassed: '7', qtyFailed: '1', failLocationId: QA.failPallet },
      admin,
    );
    const rows = (await suggest({ receiptId: rid('PA-R9') })).body.data;
    expect(rows.map((r) => [r.destLocationId, r.qty, r.huId])).toEqual([['TQA-Z3-P1', '7', 'PA-HU9']]);
    const made = await create([{ receiptRowId: id, destLocationId: 'TQA-Z3-P1', qty: '7' }]);
    expect((await approve(made.body.data.taskId)).body.code).toBe(200);
    expect(await stockRow(db(), 'TQA-Z3-P1', QA.itemInspectPallet, 'PA-HU9')).toMatchObject({ actualQty: '7' });
    // The 2 damaged units stay where they were received, unavailable.
    expect(await stockRow(db(), QA.receivingPallet, QA.itemInspectPallet, 'PA-HU9')).toMatchObject({
      actualQty: '2',
      unavailableQty: '2',
    });
    expect(await receiptRow(id)).toEqual({ status: 'P', putLocationId: 'TQA-Z3-P1' });
  });

  it('refuses a receipt awaiting inspection, a non-storage or inactive destination, a pallet place without pallet, beyond the receipt', async () => {
    const waiting = await receive(db(), { receiptId: 'PA-R10', itemNumber: QA.itemInspect, qty: 5 });
    expect((await create([{ receiptRowId: waiting, destLocationId: 'TQA-Z1-01', qty: '1' }])).body).toMatchObject({
      errorCode: 'receiptNotReadyForPutaway',
      msg: `Receipt ${rid('PA-R10')}, line 1 is Awaiting inspection: only received (inspected) receipts are put away`,
    });
    const id = await receive(db(), { receiptId: 'PA-R11', itemNumber: QA.itemZ1, qty: 5 });
    for (const dest of ['TQA-Z1-STG', QA.fail, QA.qcLocation, 'TQA-Z1-OFF', 'TQA-NOWHERE']) {
      expect((await create([{ receiptRowId: id, destLocationId: dest, qty: '1' }])).body.errorCode).toBe(
        'putawayLocationNotStorage',
      );
    }
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-PAL', qty: '1' }])).body.errorCode).toBe(
      'palletRequiredAtDestination',
    );
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: '6' }])).body.errorCode).toBe(
      'putawayExceedsReceipt',
    );
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: '0' }])).body.errorCode).toBe('fieldQtyPositive');
    expect((await create([{ receiptRowId: 99999999, destLocationId: 'TQA-Z1-01', qty: '1' }])).body.errorCode).toBe('notFound');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from tbl_inv_movement_detail where receipt_row_id = ${id}`.execute(db());
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses when the receiving location no longer holds the stock available', async () => {
    const id = await receive(db(), { receiptId: 'PA-R12', itemNumber: QA.itemZ1b, qty: 4, locationId: 'TQA-Z2-02' });
    // Another movement already plans those 4 units out of the receiving key.
    await sql`insert into tbl_inv_movement (wh_id, task_id) values (${QA.whId}, 'PA-MV1')`.execute(db());
    await sql`insert into tbl_inv_movement_detail (wh_id, task_id, line_number, item_number, source_location_id,
      dest_location_id, qty, uom) values (${QA.whId}, 'PA-MV1', 1, ${QA.itemZ1b}, 'TQA-Z2-02', 'TQA-Z1-01', 4, 'EA')`.execute(
      db(),
    );
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: '1' }])).body.errorCode).toBe(
      'availableStockZero',
    );
    expect((await suggest({ receiptId: rid('PA-R12') })).body.data).toEqual([]);
  });

  it('needs the receipt edit permission and the receipt’s client', async () => {
    const id = await receive(db(), { receiptId: 'PA-R13', itemNumber: QA.itemZ1, qty: 2 });
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: '1' }], viewer)).status).toBe(403);
    expect((await create([{ receiptRowId: id, destLocationId: 'TQA-Z1-01', qty: '1' }], limited)).body.errorCode).toBe(
      'clientNotGranted',
    );
    expect((await suggest({ receiptId: rid('PA-R13') }, viewer)).body.data).toHaveLength(1);
  });
});

describe('putaway rules (generic entity)', () => {
  it('refuses a rule naming a zone that is not qualified storage', async () => {
    const saved = await t.post('/api/tPutawayRule/save', { whId: QA.whId, classId: 'TQA-C1', zone: 'TQA-D', priority: 2 }, admin);
    expect(saved.body).toMatchObject({
      errorCode: 'putawayRuleZoneNotStorage',
      msg: 'Zone TQA-D is Unqualified: putaway rules name qualified (type A) storage zones only',
    });
    const ok = await t.post('/api/tPutawayRule/save', { whId: QA.whId, classId: 'TQA-C1', zone: 'TQA-Z2', priority: 2 }, admin);
    expect(ok.body.code).toBe(200);
  });
});
