/**
 * Serial numbers through the console's calls (README.md here): captured per base unit at receipt, refused twice or in
 * the wrong count, checked and moved at pick and carton pick, set OUT at ship; adjustments name them; the look-up
 * answers a serial's state and history within the user's permission and grants. A non-serial item needs none.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createPickFixture, insertWave, PK, releaseBody, tasksOf } from '../../../../tests/support/pickFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { SerialLookupRow } from '../../../shared/serials';
import { planCountSerials } from './serials.service';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const SN = 'TSN-ITEM';
const VENDOR = 'TSN-V';

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${PK.whId}, ${VENDOR}, '序列号供应商')`.execute(db());
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, serial_control)
    values (${PK.whId}, ${PK.client}, ${SN}, '充电宝 Power bank', 'EA', 'N', 'Y')`.execute(db());
  await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values (${PK.whId}, ${SN}, 'CS', 2)`.execute(
    db(),
  );
  admin = await t.login();
});
afterAll(() => t.close());

async function po(poNumber: string, itemNumber: string, qty: string, orderUom = 'EA'): Promise<void> {
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code, status)
    values (${PK.whId}, ${PK.client}, ${poNumber}, ${VENDOR}, 'O')`.execute(db());
  await sql`
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    values (${PK.whId}, ${poNumber}, 1, ${itemNumber}, ${qty}::numeric, ${orderUom})`.execute(db());
}

const receive = (body: Row) =>
  t.post<{ id: number; receiptId: string }>(
    '/api/globalOptions/addReceipt',
    { whId: PK.whId, lineNumber: 1, locationId: PK.p1, ...body },
    admin,
  );

async function serials(...numbers: string[]) {
  const { rows } = await sql<Row>`
    select serial_number, status, location_id, hu_id, client_code, order_number, carton_number, delivery_number
    from tbl_sn_master where wh_id = ${PK.whId} and item_number = ${SN} and serial_number = any(${numbers}::varchar[])
    order by serial_number`.execute(db());
  return rows;
}

async function events(serial: string): Promise<string[]> {
  const { rows } = await sql<{ event: string }>`
    select event from tbl_sn_history where wh_id = ${PK.whId} and serial_number = ${serial} order by id`.execute(db());
  return rows.map((r) => r.event);
}

async function received(poNumber: string): Promise<string> {
  const { rows } = await sql<{ qty: string }>`
    select trim_scale(qty_received)::text as qty from t_po_detail where po_number = ${poNumber}`.execute(db());
  return rows[0]?.qty ?? '';
}

const lookup = (serialNumber: string, token = admin, whId: string = PK.whId) =>
  t.post<SerialLookupRow[]>('/api/tblSnMaster/lookup', { whId, serialNumber }, token);

describe('receiving serials', () => {
  it('captures one serial per base unit, IN at the receiving place with the client, in the same transaction as the receipt', async () => {
    await po('SN-PO1', SN, '10');
    const res = await receive({ poNumber: 'SN-PO1', qty: '3', serialNumbers: ['R-1', 'R-2', 'R-3'] });
    expect(res.body).toMatchObject({ code: 200, data: { qtyReceived: '3', baseQty: '3' } });
    expect(await serials('R-1', 'R-2', 'R-3')).toEqual(
      ['R-1', 'R-2', 'R-3'].map((serialNumber) => ({
        serialNumber,
        status: 'IN',
        locationId: PK.p1,
        huId: null,
        clientCode: PK.client,
        orderNumber: null,
        cartonNumber: null,
        deliveryNumber: null,
      })),
    );
    expect(await events('R-2')).toEqual(['RECEIVE']);
    // Text with one serial a line is a list too; a case of 2 needs 2.
    await po('SN-PO2', SN, '5', 'CS');
    const cases = await receive({ poNumber: 'SN-PO2', qty: '1', serialNumbers: 'C-1\nC-2' });
    expect(cases.body).toMatchObject({ code: 200, data: { baseQty: '2' } });
    expect((await serials('C-1', 'C-2')).map((r) => r.status)).toEqual(['IN', 'IN']);
  });

  it('refuses a serial already in stock, or named twice, and changes nothing', async () => {
    await po('SN-PO3', SN, '10');
    const twice = await receive({ poNumber: 'SN-PO3', qty: '2', serialNumbers: ['R-1', 'N-1'] });
    expect(twice.body).toMatchObject({ code: -10000, errorCode: 'serialTwice' });
    expect(twice.body.msg).toContain('R-1');
    const repeated = await receive({ poNumber: 'SN-PO3', qty: '2', serialNumbers: ['N-2', 'N-2'] });
    expect(repeated.body).toMatchObject({ code: -10000, errorCode: 'serialTwice' });
    expect(await received('SN-PO3')).toBe('0');
    expect(await serials('N-1', 'N-2')).toEqual([]);
    expect((await serials('R-1'))[0]).toMatchObject({ status: 'IN', locationId: PK.p1 });
  });

  it('refuses a count of serials other than the base quantity (none, too few, a case counted as one)', async () => {
    await po('SN-PO4', SN, '10');
    await po('SN-PO5', SN, '5', 'CS');
    for (const [poNumber, serialNumbers] of [
      ['SN-PO4', null],
      ['SN-PO4', ['M-1']],
      ['SN-PO5', ['M-2']],
    ] as const) {
      const res = await receive({ poNumber, qty: poNumber === 'SN-PO4' ? '2' : '1', serialNumbers });
      expect(res.body).toMatchObject({ code: -10000, errorCode: 'serialCountMismatch' });
    }
    expect(await received('SN-PO4')).toBe('0');
    expect(await received('SN-PO5')).toBe('0');
    expect(await serials('M-1', 'M-2')).toEqual([]);
  });

  it('needs no serial for an item without serial control, and refuses serials named for one', async () => {
    await po('SN-PO6', PK.itemPlain, '10');
    const plain = await receive({ poNumber: 'SN-PO6', qty: '2' });
    expect(plain.body).toMatchObject({ code: 200, data: { qtyReceived: '2' } });
    const named = await receive({ poNumber: 'SN-PO6', qty: '1', serialNumbers: ['P-1'] });
    expect(named.body).toMatchObject({ code: -10000, errorCode: 'itemNotSerialControlled' });
  });

  it('a deleted receipt takes its serials with it; a receipt with serials cannot be adjusted', async () => {
    await po('SN-PO7', SN, '10');
    const res = await receive({ poNumber: 'SN-PO7', qty: '1', serialNumbers: ['D-1'] });
    const id = res.body.data.id;
    const adjust = await t.post('/api/tReceipt/receiptAdjustment', { id, qtyReceived: '2' }, admin);
    expect(adjust.body).toMatchObject({ code: -10000, errorCode: 'serialReceiptNotAdjustable' });
    const del = await t.post('/api/tReceipt/deleteReceipt', { id }, admin);
    expect(del.body.code).toBe(200);
    expect(await serials('D-1')).toEqual([]);
    expect(await events('D-1')).toEqual(['RECEIVE', 'RECEIVE_DELETE']);
    // Never received, so it may be received again.
    expect((await receive({ poNumber: 'SN-PO7', qty: '1', serialNumbers: ['D-1'] })).body.code).toBe(200);
  });
});

describe('pick, carton pick and ship', () => {
  let pickTask: { id: number; quantity: string };
  let pickDetailId: number;
  let cartonNumber: string;

  it('refuses at pick a serial not IN at the task’s location, or one named twice; the picked serials move with the stock', async () => {
    // R-1 … R-3 and C-1, C-2 are IN at TPK-P1 (6 units, 1 of D-1); one elsewhere (TINV-I1) must not be pickable here.
    await po('SN-PO8', SN, '10');
    expect((await receive({ poNumber: 'SN-PO8', qty: '1', locationId: PK.i1, serialNumbers: ['E-1'] })).body.code).toBe(200);
    await insertWave(db(), 'SN-WV1', [{ orderNumber: 'SN-SO1', carrierId: 'SF', lines: [{ itemNumber: SN, qty: '2' }] }]);
    const release = await t.post('/api/tWaveMaster/releaseWave', releaseBody(['SN-WV1']), admin);
    expect(release.body.code).toBe(200);
    const tasks = await tasksOf(db(), 'SN-WV1');
    expect(tasks.map((x) => [x.pickLocation, x.quantity])).toEqual([[PK.p1, '2']]);
    pickTask = tasks[0] as { id: number; quantity: string };
    const pick = (serialNumbers: unknown) =>
      t.post('/api/tWavePickTask/completeWavePick', { id: pickTask.id, qty: '2', locationId: PK.p1, serialNumbers }, admin);
    for (const [serialNumbers, errorCode] of [
      [['R-1', 'E-1'], 'serialNotHere'],
      [['R-1', 'NO-SUCH'], 'serialNotHere'],
      [['R-1', 'R-1'], 'serialTwice'],
      [['R-1'], 'serialCountMismatch'],
      [null, 'serialCountMismatch'],
    ] as const) {
      expect((await pick(serialNumbers)).body).toMatchObject({ code: -10000, errorCode });
    }
    expect((await tasksOf(db(), 'SN-WV1'))[0]?.pickedQty).toBe('0');
    const ok = await pick(['R-1', 'R-2']);
    expect(ok.body).toMatchObject({ code: 200, data: { status: 'K' } });
    // Decided: a picked serial stays IN, at the wave's staging location, recording the order it was picked for.
    expect(await serials('R-1', 'R-2', 'R-3')).toMatchObject([
      { serialNumber: 'R-1', status: 'IN', locationId: PK.staging, huId: null, orderNumber: 'SN-SO1' },
      { serialNumber: 'R-2', status: 'IN', locationId: PK.staging, orderNumber: 'SN-SO1' },
      { serialNumber: 'R-3', status: 'IN', locationId: PK.p1, orderNumber: null },
    ]);
    expect(await events('R-1')).toEqual(['RECEIVE', 'PICK']);
    const { rows } = await sql<{
      id: number;
    }>`select id from t_pick_detail where wh_id = ${PK.whId} and order_number = 'SN-SO1'`.execute(db());
    pickDetailId = Number(rows[0]?.id);
  });

  it('carton pick takes only serials picked for the order and records which went into which carton', async () => {
    const next = await t.post<{ cartonNumber: string }>(
      '/api/tblShippingLabelDetail/getNextCarton',
      { whId: PK.whId, waveId: 'SN-WV1', orderNumber: 'SN-SO1', cartonType: 'M' },
      admin,
    );
    expect(next.body.code).toBe(200);
    // The packing desk asks the serials of a line whose item is serial-controlled.
    expect(next.body.data).toMatchObject({ lines: [{ pickDetailId, remainingQty: '2', serialControl: true }] });
    cartonNumber = next.body.data.cartonNumber;
    const pack = (serialNumbers: unknown) =>
      t.post(
        '/api/tblShippingLabelDetail/completeCartonPick',
        { whId: PK.whId, cartonNumber, lines: [{ pickDetailId, qty: '2', serialNumbers }] },
        admin,
      );
    // R-3 is in stock but was never picked: not at the staging location for this order.
    expect((await pack(['R-1', 'R-3'])).body).toMatchObject({ code: -10000, errorCode: 'serialNotHere' });
    expect((await pack(['R-1', 'R-1'])).body).toMatchObject({ code: -10000, errorCode: 'serialTwice' });
    expect((await pack(['R-1', 'R-2'])).body).toMatchObject({ code: 200, data: { status: 'C' } });
    expect(await serials('R-1', 'R-2')).toMatchObject([
      { status: 'IN', locationId: PK.staging, huId: cartonNumber, cartonNumber, orderNumber: 'SN-SO1' },
      { status: 'IN', locationId: PK.staging, huId: cartonNumber, cartonNumber, orderNumber: 'SN-SO1' },
    ]);
    expect(await events('R-2')).toEqual(['RECEIVE', 'PICK', 'PACK']);
  });

  it('ship sets the delivery’s serials OUT with order, carton and delivery', async () => {
    const label = await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: [cartonNumber] }, admin);
    expect(label.body.code).toBe(200);
    const delivery = await t.post<{ deliveryNumber: string }>(
      '/api/tblShippingLabel/generateDelivery',
      { whId: PK.whId, cartonNumbers: [cartonNumber] },
      admin,
    );
    expect(delivery.body.code).toBe(200);
    const deliveryNumber = delivery.body.data.deliveryNumber;
    const ship = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: PK.whId, deliveryNumber }, admin);
    expect(ship.body.code).toBe(200);
    expect(await serials('R-1', 'R-2', 'R-3')).toMatchObject([
      { serialNumber: 'R-1', status: 'OUT', locationId: null, orderNumber: 'SN-SO1', cartonNumber, deliveryNumber },
      { serialNumber: 'R-2', status: 'OUT', orderNumber: 'SN-SO1', cartonNumber, deliveryNumber },
      { serialNumber: 'R-3', status: 'IN', locationId: PK.p1 },
    ]);
    const res = await lookup('R-1');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ itemNumber: SN, clientCode: PK.client, status: 'OUT', deliveryNumber });
    expect(res.body.data[0]?.history.map((h) => [h.event, h.documentType])).toEqual([
      ['RECEIVE', 'RECEIPT'],
      ['PICK', 'PICK'],
      ['PACK', 'CARTON'],
      ['SHIP', 'DELIVERY'],
    ]);
    expect(res.body.data[0]?.history[3]).toMatchObject({
      locationId: PK.staging,
      huId: cartonNumber,
      documentNumber: deliveryNumber,
    });
    // A shipped serial may come back (a return): received again it is IN.
    await po('SN-PO9', SN, '1');
    expect((await receive({ poNumber: 'SN-PO9', qty: '1', serialNumbers: ['R-1'] })).body.code).toBe(200);
    expect((await serials('R-1'))[0]).toMatchObject({ status: 'IN', deliveryNumber: null, cartonNumber: null });
  });
});

describe('adjustments and movements', () => {
  it('an adjustment down names the serials that leave, up the ones that arrive; a whole move carries its serials', async () => {
    await insertAdjustment(db(), 'SN-ADJ1', [{ itemNumber: SN, qty: '-1', at: PK.p1 }]);
    await sql`update tbl_inv_adjustment_detail set serial_numbers = 'NO-SUCH' where task_id = 'SN-ADJ1'`.execute(db());
    const confirm = (taskId: string) => t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: PK.whId, taskId }, admin);
    expect((await confirm('SN-ADJ1')).body).toMatchObject({ code: -10000, errorCode: 'serialNotHere' });
    await sql`update tbl_inv_adjustment_detail set serial_numbers = 'R-3' where task_id = 'SN-ADJ1'`.execute(db());
    expect((await confirm('SN-ADJ1')).body.code).toBe(200);
    expect((await serials('R-3'))[0]).toMatchObject({ status: 'OUT', locationId: null });
    expect(await events('R-3')).toEqual(['RECEIVE', 'ADJUST_OUT']);

    await insertAdjustment(db(), 'SN-ADJ2', [{ itemNumber: SN, qty: '2', at: PK.p2 }]);
    expect((await confirm('SN-ADJ2')).body).toMatchObject({ code: -10000, errorCode: 'serialCountMismatch' });
    await sql`update tbl_inv_adjustment_detail set serial_numbers = 'A-1, A-2' where task_id = 'SN-ADJ2'`.execute(db());
    expect((await confirm('SN-ADJ2')).body.code).toBe(200);
    expect(await serials('A-1', 'A-2')).toMatchObject([
      { status: 'IN', locationId: PK.p2 },
      { status: 'IN', locationId: PK.p2 },
    ]);

    // Moving all of TPK-P2 to TPK-P3: the serials follow.
    await insertMovement(db(), 'SN-MV1', [{ itemNumber: SN, qty: '2', from: PK.p2, to: PK.p3 }]);
    const move = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: PK.whId, taskId: 'SN-MV1' }, admin);
    expect(move.body.code).toBe(200);
    expect((await serials('A-1', 'A-2')).map((r) => r.locationId)).toEqual([PK.p3, PK.p3]);
    expect(await events('A-1')).toEqual(['ADJUST_IN', 'MOVE']);
  });
});

describe('serial look-up grants', () => {
  it('needs the look-up’s view permission, the warehouse and the client', async () => {
    const none = await createUser(t, 'sn-none', { permissions: ['sys:tblSnMaster:view'], warehouses: [PK.whId] });
    const noneToken = await t.login('sn-none', none);
    expect((await lookup('R-1', noneToken)).status).toBe(403);

    const viewer = await createUser(t, 'sn-viewer', { permissions: ['sys:tblSnHistory:view'], warehouses: ['WH02'] });
    const viewerToken = await t.login('sn-viewer', viewer);
    expect((await lookup('R-1', viewerToken)).body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });

    // Granted WH01 for another client only: the serial is not there for them.
    await sql`
      insert into sys_user_warehouse (user_id, wh_id, client_codes)
      select id, ${PK.whId}, array[${PK.otherClient}]::varchar[] from sys_user where name = 'sn-viewer'`.execute(db());
    const limited = await t.login('sn-viewer', viewer);
    expect((await lookup('R-1', limited)).body).toMatchObject({ code: 200, data: [] });
    await sql`
      update sys_user_warehouse set client_codes = array[${PK.client}]::varchar[]
      where wh_id = ${PK.whId} and user_id = (select id from sys_user where name = 'sn-viewer')`.execute(db());
    const granted = await t.login('sn-viewer', viewer);
    const res = await lookup('R-1', granted);
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((r) => [r.serialNumber, r.status])).toEqual([['R-1', 'IN']]);
  });
});

describe('counts of a serial-controlled item', () => {
  const ITEM = 'TSN-CNT';
  const count = (body: Row) => t.post<number>('/api/tblCycleCountTask/save', body, admin);
  const countTask = async () => {
    const page = await t.post<{ content: Row[] }>(
      '/api/tblCycleCountTask/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: PK.whId, itemNumber: ITEM } },
      admin,
    );
    return page.body.data.content[0] as Row;
  };
  const place = async (...numbers: string[]) => {
    const { rows } = await sql<{ serialNumber: string; status: string; locationId: string | null }>`
      select serial_number, status, location_id from tbl_sn_master
      where wh_id = ${PK.whId} and item_number = ${ITEM} and serial_number = any(${numbers}::varchar[])
      order by serial_number`.execute(db());
    return rows.map((r) => [r.serialNumber, r.status, r.locationId]);
  };

  it('names the serials found at the count; the adjustment puts the new one in and the missing one out', async () => {
    await sql`
      insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, serial_control)
      values (${PK.whId}, ${PK.client}, ${ITEM}, '扫码枪 Scanner', 'EA', 'N', 'Y')`.execute(db());
    await po('SNC-PO1', ITEM, '3');
    expect(
      (await receive({ poNumber: 'SNC-PO1', qty: '3', locationId: PK.p3, serialNumbers: ['C-1', 'C-2', 'C-3'] })).body.code,
    ).toBe(200);
    await po('SNC-PO2', ITEM, '1');
    expect((await receive({ poNumber: 'SNC-PO2', qty: '1', locationId: PK.p2, serialNumbers: ['C-9'] })).body.code).toBe(200);
    const made = await t.post(
      '/api/tblCycleCountTask/generateCountTaskByLocItem',
      { whId: PK.whId, zone: PK.zoneA, itemNumber: ITEM, fromLocation: PK.p3, toLocation: PK.p3 },
      admin,
    );
    expect(made.body.data).toMatchObject({ count: 1 });
    const task = await countTask();

    // One serial per unit counted, each once, none in stock elsewhere (C-9 is at another location): nothing changes.
    const refusals: [string, string][] = [
      ['C-1\nC-2', 'serialCountMismatch'],
      ['C-1 C-1 C-2', 'serialTwice'],
      ['C-1\nC-2\nC-9', 'serialTwice'],
    ];
    for (const [serialNumbers, errorCode] of refusals) {
      expect((await count({ ...task, cycleCountQty: '3', serialNumbers })).body, serialNumbers).toMatchObject({ errorCode });
    }
    expect(await countTask()).toMatchObject({ status: 'N', serialNumbers: null });

    // Counted: C-1 and C-2 there, C-4 never recorded; C-3 not found.
    expect((await count({ ...task, cycleCountQty: '3', serialNumbers: 'C-4\nC-2\nC-1' })).body.code).toBe(200);
    expect(await countTask()).toMatchObject({ status: 'C', logicQty: '3', serialNumbers: 'C-1\nC-2\nC-4' });
    const adjustment = await t.post<{ adjustmentTaskId: string; lines: number }>(
      '/api/tblCycleCountTask/generateAdjustmentTask',
      { whId: PK.whId, ids: [task.id] },
      admin,
    );
    expect(adjustment.body.data.lines).toBe(2);
    const taskId = adjustment.body.data.adjustmentTaskId;
    const { rows: lines } = await sql<{ qty: string; serialNumbers: string; locationId: string }>`
      select trim_scale(qty)::text as qty, serial_numbers, location_id from tbl_inv_adjustment_detail
      where wh_id = ${PK.whId} and task_id = ${taskId} order by line_number`.execute(db());
    expect(lines).toEqual([
      { qty: '1', serialNumbers: 'C-4', locationId: PK.p3 },
      { qty: '-1', serialNumbers: 'C-3', locationId: PK.p3 },
    ]);
    // Confirmed as generated: no serial typed on the lines.
    const confirmed = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: PK.whId, taskId }, admin);
    expect(confirmed.body.code).toBe(200);
    expect(await place('C-1', 'C-2', 'C-3', 'C-4', 'C-9')).toEqual([
      ['C-1', 'IN', PK.p3],
      ['C-2', 'IN', PK.p3],
      ['C-3', 'OUT', null],
      ['C-4', 'IN', PK.p3],
      ['C-9', 'IN', PK.p2],
    ]);
    expect(await events('C-3')).toEqual(['RECEIVE', 'ADJUST_OUT']);
    const { rows: stock } = await sql<{ qty: string }>`
      select trim_scale(sum(actual_qty))::text as qty from t_stored_item
      where wh_id = ${PK.whId} and item_number = ${ITEM} and location_id = ${PK.p3}`.execute(db());
    expect(stock[0]?.qty).toBe('3');
  });

  it('takes no serials for an item without serial control', async () => {
    await sql`
      insert into tbl_cycle_count_task (wh_id, work_q_id, status, sub_type, location_id, item_number, logic_qty)
      values (${PK.whId}, 'SNC-CC-PLAIN', 'N', 'LOCITEM', ${PK.p1}, ${PK.itemPlain}, 0)`.execute(db());
    const { rows } = await sql<Row>`select * from v_cycle_count_task where work_q_id = 'SNC-CC-PLAIN'`.execute(db());
    const res = await count({ ...rows[0], cycleCountQty: '1', serialNumbers: 'P-1' });
    expect(res.body).toMatchObject({ errorCode: 'itemNotSerialControlled' });
  });
});

describe('what a count of serials adjusts (planCountSerials)', () => {
  it('names the serials found up and the missing down, and only as many as the ledger moves when the master lags', () => {
    // Master and ledger agree: exactly the differences, both ways.
    expect(planCountSerials(['A', 'B', 'D'], ['A', 'B', 'C'], '3')).toEqual({ up: ['D'], down: ['C'] });
    expect(planCountSerials([], ['A', 'B'], '2')).toEqual({ up: [], down: ['A', 'B'] });
    // Five units booked before serials were captured, none recorded: six counted register one (the ledger's +1).
    expect(planCountSerials(['A', 'B', 'C', 'D', 'E', 'F'], [], '5')).toEqual({ up: ['A'], down: [] });
    // Three booked, two serials recorded, none found: no split names the −3 → lines without serials.
    expect(planCountSerials([], ['A', 'B'], '3')).toBeNull();
  });
});
