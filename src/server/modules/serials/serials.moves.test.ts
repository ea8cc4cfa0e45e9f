/**
 * Serials that follow their units (README "Movements", "Holds"): a partial movement names its serials (refused
 * without them), an inspection failure and a carton split move the serials of the units they move, and every hold of
 * stock — the stock query's hold, the expiry job, inspection — sets the serials there HOLD until it is released.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIX, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createPickFixture, insertWave, PK, putStock, releaseBody, tasksOf } from '../../../../tests/support/pickFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { SerialLookupRow } from '../../../shared/serials';
import { holdExpiredStock } from '../inventory/expiry';
import { serialsAt } from './serials.service';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const SN = 'TSM-ITEM';
const SNQ = 'TSM-QC';
const SNS = 'TSM-SPLIT';
const VENDOR = 'TSM-V';
const FAIL = 'TSM-D1';

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${PK.whId}, ${VENDOR}, '序列号供应商')`.execute(db());
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, serial_control, sample_rate)
    values (${PK.whId}, ${PK.client}, ${SN}, '充电宝 Power bank', 'EA', 'N', 'Y', null),
      (${PK.whId}, ${PK.client}, ${SNQ}, '血糖仪 Glucose meter', 'EA', 'N', 'Y', 50),
      (${PK.whId}, ${PK.client}, ${SNS}, '耳机 Headset', 'EA', 'N', 'Y', null)`.execute(db());
  await sql`insert into t_zone (wh_id, zone, description, zone_type) values (${PK.whId}, 'TSM-ZD', '不合格区 Rejects', 'D')`.execute(
    db(),
  );
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone)
    values (${PK.whId}, ${FAIL}, 'I', 'I', 'A', 'TSM-ZD')`.execute(db());
  admin = await t.login();
});
afterAll(() => t.close());

async function receive(poNumber: string, itemNumber: string, serialNumbers: string[]): Promise<number> {
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code, status)
    values (${PK.whId}, ${PK.client}, ${poNumber}, ${VENDOR}, 'O')`.execute(db());
  await sql`
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    values (${PK.whId}, ${poNumber}, 1, ${itemNumber}, ${serialNumbers.length}::numeric, 'EA')`.execute(db());
  const res = await t.post<{ id: number }>(
    '/api/globalOptions/addReceipt',
    { whId: PK.whId, poNumber, lineNumber: 1, locationId: PK.p1, qty: String(serialNumbers.length), serialNumbers },
    admin,
  );
  expect(res.body.code).toBe(200);
  return res.body.data.id;
}

/** Each serial's status, place and why it is held. */
async function serials(itemNumber: string, ...numbers: string[]) {
  const { rows } = await sql<Row>`
    select serial_number, status, location_id, hu_id, carton_number, hold_reason
    from tbl_sn_master where wh_id = ${PK.whId} and item_number = ${itemNumber} and serial_number = any(${numbers}::varchar[])
    order by serial_number`.execute(db());
  return rows;
}

const lookup = async (serialNumber: string): Promise<SerialLookupRow | undefined> =>
  (await t.post<SerialLookupRow[]>('/api/tblSnMaster/lookup', { whId: PK.whId, serialNumber }, admin)).body.data[0];
const events = async (serialNumber: string) => (await lookup(serialNumber))?.history.map((h) => h.event);
const approve = (taskId: string) => t.post('/api/tblInvMovement/approvePlannedMove', { whId: PK.whId, taskId }, admin);
const onHand = async (itemNumber: string, locationId: string) => {
  const { rows } = await sql<{ qty: string }>`
    select coalesce(trim_scale(sum(actual_qty)), 0)::text as qty from t_stored_item
    where wh_id = ${PK.whId} and item_number = ${itemNumber} and location_id = ${locationId}`.execute(db());
  return rows[0]?.qty;
};

describe('movements', () => {
  it('a partial move names the serials it moves (refused without, or with one not at the source); they move with it', async () => {
    await receive('TSM-PO1', SN, ['M-1', 'M-2', 'M-3']);
    await insertMovement(db(), 'TSM-MV1', [{ itemNumber: SN, qty: '2', from: PK.p1, to: PK.p2 }]);
    const without = await approve('TSM-MV1');
    expect(without.body).toMatchObject({ code: -10000, errorCode: 'serialsRequiredForMove' });
    expect(without.body.msg).toContain(SN);
    await sql`update tbl_inv_movement_detail set serial_numbers = 'M-1\nM-9' where task_id = 'TSM-MV1'`.execute(db());
    expect((await approve('TSM-MV1')).body).toMatchObject({ code: -10000, errorCode: 'serialNotHere' });
    // Nothing moved: stock and serials where they were.
    expect(await onHand(SN, PK.p1)).toBe('3');
    expect((await serials(SN, 'M-1', 'M-2', 'M-3')).map((r) => r.locationId)).toEqual([PK.p1, PK.p1, PK.p1]);

    await sql`update tbl_inv_movement_detail set serial_numbers = 'M-1\nM-2' where task_id = 'TSM-MV1'`.execute(db());
    expect((await approve('TSM-MV1')).body.code).toBe(200);
    expect(await serials(SN, 'M-1', 'M-2', 'M-3')).toMatchObject([
      { serialNumber: 'M-1', status: 'IN', locationId: PK.p2 },
      { serialNumber: 'M-2', status: 'IN', locationId: PK.p2 },
      { serialNumber: 'M-3', status: 'IN', locationId: PK.p1 },
    ]);
    // The look-up shows the true place and the move.
    expect(await lookup('M-1')).toMatchObject({ status: 'IN', locationId: PK.p2 });
    expect(await events('M-1')).toEqual(['RECEIVE', 'MOVE']);
    expect(await events('M-3')).toEqual(['RECEIVE']);

    // The last unit at TPK-P1 moves whole: no serial needed, it follows.
    await insertMovement(db(), 'TSM-MV2', [{ itemNumber: SN, qty: '1', from: PK.p1, to: PK.p3 }]);
    expect((await approve('TSM-MV2')).body.code).toBe(200);
    expect((await serials(SN, 'M-3'))[0]).toMatchObject({ status: 'IN', locationId: PK.p3 });
  });

  it('the line save takes the serials of a serial item (one per unit, each at the source) and refuses them otherwise', async () => {
    await sql`insert into tbl_inv_movement (wh_id, task_id) values (${PK.whId}, 'TSM-MV3')`.execute(db());
    const save = (over: Row) =>
      t.post<number>(
        '/api/tblInvMovementDetail/save',
        {
          whId: PK.whId,
          taskId: 'TSM-MV3',
          lineNumber: 1,
          itemNumber: SN,
          sourceLocationId: PK.p2,
          destLocationId: PK.p1,
          qty: '1',
          uom: 'EA',
          ...over,
        },
        admin,
      );
    expect((await save({ serialNumbers: 'M-3' })).body).toMatchObject({ code: -10000, errorCode: 'serialNotHere' });
    expect((await save({ serialNumbers: 'M-1, M-2' })).body).toMatchObject({ code: -10000, errorCode: 'serialCountMismatch' });
    await putStock(db(), [{ at: PK.p2, itemNumber: FIX.itemPlain, qty: '5' }]);
    expect((await save({ itemNumber: FIX.itemPlain, serialNumbers: 'X' })).body).toMatchObject({
      code: -10000,
      errorCode: 'itemNotSerialControlled',
    });
    const saved = await save({ serialNumbers: ' M-2 ' });
    expect(saved.body.code).toBe(200);
    const { rows } = await sql<{ serialNumbers: string }>`
      select serial_numbers from tbl_inv_movement_detail where task_id = 'TSM-MV3'`.execute(db());
    expect(rows[0]?.serialNumbers).toBe('M-2');
    expect((await approve('TSM-MV3')).body.code).toBe(200);
    expect((await serials(SN, 'M-1', 'M-2')).map((r) => r.locationId)).toEqual([PK.p2, PK.p1]);
  });
});

describe('putaway', () => {
  it('a putaway line of one receipt takes that receipt’s serials, none named, from a place other receipts share', async () => {
    const first = await receive('TSM-PO5', SN, ['P-1', 'P-2']);
    await receive('TSM-PO6', SN, ['P-3']);
    const putaway = async (taskId: string, qty: string) => {
      await insertMovement(db(), taskId, [{ itemNumber: SN, qty, from: PK.p1, to: PK.p3 }]);
      await sql`update tbl_inv_movement set task_type = 'PUTAWAY' where task_id = ${taskId}`.execute(db());
      await sql`update tbl_inv_movement_detail set receipt_row_id = ${first} where task_id = ${taskId}`.execute(db());
      return approve(taskId);
    };
    // One of the receipt's two units: which one is the user's to say.
    expect((await putaway('TSM-PA1', '1')).body).toMatchObject({ code: -10000, errorCode: 'serialsRequiredForMove' });
    expect((await putaway('TSM-PA2', '2')).body.code).toBe(200);
    expect(await serials(SN, 'P-1', 'P-2', 'P-3')).toMatchObject([
      { serialNumber: 'P-1', status: 'IN', locationId: PK.p3 },
      { serialNumber: 'P-2', status: 'IN', locationId: PK.p3 },
      { serialNumber: 'P-3', status: 'IN', locationId: PK.p1 },
    ]);
    expect(await events('P-1')).toEqual(['RECEIVE', 'PUTAWAY']);
  });
});

describe('holds', () => {
  it('a held stock row holds its serials (HOLD, Held in the look-up) until it is released', async () => {
    const { rows } = await sql<{ id: number }>`
      select id from t_stored_item where wh_id = ${PK.whId} and item_number = ${SN} and location_id = ${PK.p2}`.execute(db());
    const ids = rows.map((r) => Number(r.id));
    const hold = (on: boolean) =>
      t.post('/api/tStoredItem/holdReleaseInventory', { ids, hold: on, reasonId: on ? FIX.holdReason : null }, admin);
    expect((await hold(true)).body.code).toBe(200);
    expect((await serials(SN, 'M-1'))[0]).toMatchObject({ status: 'HOLD', holdReason: FIX.holdReason, locationId: PK.p2 });
    expect(await lookup('M-1')).toMatchObject({ status: 'HOLD' });
    // Only the held row's serials: M-2 (at TPK-P1) stays IN.
    expect((await serials(SN, 'M-2'))[0]).toMatchObject({ status: 'IN', locationId: PK.p1 });
    expect((await hold(false)).body.code).toBe(200);
    expect((await serials(SN, 'M-1'))[0]).toMatchObject({ status: 'IN', holdReason: null });
    expect(await events('M-1')).toEqual(['RECEIVE', 'MOVE', 'HOLD', 'RELEASE']);
  });

  it('the expiry job holds the serials of the expired stock it holds', async () => {
    await sql`
      update t_stored_item set expiration_date = date '2020-01-01'
      where wh_id = ${PK.whId} and item_number = ${SN} and location_id = ${PK.p3}`.execute(db());
    expect(await holdExpiredStock(db())).toBeGreaterThan(0);
    expect((await serials(SN, 'M-3'))[0]).toMatchObject({ status: 'HOLD', holdReason: 'EXPIRED', locationId: PK.p3 });
  });

  it('a count finds held serials where their stock is: a held serial found at its place is not planned up', async () => {
    // A count plans a held serial found at its place as there: no line up for it (it would be refused as in stock).
    const there = await serialsAt(db(), PK.whId, [{ itemNumber: SN, locationId: PK.p2, huId: null, lotNumber: null }]);
    const { rows } = await sql<{ id: number }>`
      select id from t_stored_item where wh_id = ${PK.whId} and item_number = ${SN} and location_id = ${PK.p2}`.execute(db());
    const ids = rows.map((r) => Number(r.id));
    const hold = (on: boolean) =>
      t.post('/api/tStoredItem/holdReleaseInventory', { ids, hold: on, reasonId: on ? FIX.holdReason : null }, admin);
    expect((await hold(true)).body.code).toBe(200);
    const held = await serialsAt(db(), PK.whId, [{ itemNumber: SN, locationId: PK.p2, huId: null, lotNumber: null }]);
    expect(held({ itemNumber: SN, locationId: PK.p2, huId: null, lotNumber: null })).toEqual(
      there({ itemNumber: SN, locationId: PK.p2, huId: null, lotNumber: null }),
    );
    expect(held({ itemNumber: SN, locationId: PK.p2, huId: null, lotNumber: null })).toContain('M-1');
    expect((await hold(false)).body.code).toBe(200);
  });
});

describe('inspection', () => {
  const inspect = async (receiptRowId: number, body: Row) => {
    const { rows } = await sql<{ receiptId: string }>`select receipt_id from t_receipt where id = ${receiptRowId}`.execute(db());
    const generated = await t.post<{ id: number; receiptRowId: number }[]>(
      '/api/tReceipt/generateInspectionDetail',
      { whId: PK.whId, receiptId: rows[0]?.receiptId },
      admin,
    );
    const line = generated.body.data.find((l) => Number(l.receiptRowId) === receiptRowId);
    return t.post('/api/tReceipt/recordInspection', { id: line?.id, failLocationId: FAIL, ...body }, admin);
  };

  it('serials wait HOLD for inspection; the failed units’ serials go to the fail location held, the passed are IN', async () => {
    const row = await receive('TSM-PO2', SNQ, ['Q-1', 'Q-2', 'Q-3']);
    expect((await serials(SNQ, 'Q-1', 'Q-2', 'Q-3')).map((r) => [r.status, r.holdReason])).toEqual([
      ['HOLD', 'INSPECT'],
      ['HOLD', 'INSPECT'],
      ['HOLD', 'INSPECT'],
    ]);
    const unnamed = await inspect(row, { qtyPassed: '2', qtyFailed: '1' });
    expect(unnamed.body).toMatchObject({ code: -10000, errorCode: 'serialsRequiredForMove' });
    expect((await inspect(row, { qtyPassed: '2', qtyFailed: '1', serialNumbers: ['Q-9'] })).body).toMatchObject({
      errorCode: 'serialNotHere',
    });
    expect((await inspect(row, { qtyPassed: '2', qtyFailed: '1', serialNumbers: ['Q-2'] })).body.code).toBe(200);
    expect(await serials(SNQ, 'Q-1', 'Q-2', 'Q-3')).toMatchObject([
      { serialNumber: 'Q-1', status: 'IN', locationId: PK.p1, holdReason: null },
      { serialNumber: 'Q-2', status: 'HOLD', locationId: FAIL, holdReason: 'QC_FAIL' },
      { serialNumber: 'Q-3', status: 'IN', locationId: PK.p1 },
    ]);
    expect(await onHand(SNQ, FAIL)).toBe('1');
    expect(await events('Q-2')).toEqual(['RECEIVE', 'INSPECT_FAIL']);
    expect(await events('Q-1')).toEqual(['RECEIVE', 'INSPECT_PASS']);
  });

  it('a receipt row failed whole takes all its serials, none named', async () => {
    const row = await receive('TSM-PO3', SNQ, ['Q-4', 'Q-5']);
    expect((await inspect(row, { qtyPassed: '0', qtyFailed: '2' })).body.code).toBe(200);
    expect((await serials(SNQ, 'Q-4', 'Q-5')).map((r) => [r.status, r.locationId])).toEqual([
      ['HOLD', FAIL],
      ['HOLD', FAIL],
    ]);
  });
});

describe('carton split', () => {
  it('the units split into a new carton take the serials named for them', async () => {
    await receive('TSM-PO4', SNS, ['S-1', 'S-2']);
    await insertWave(db(), 'TSM-WV1', [{ orderNumber: 'TSM-SO1', carrierId: 'SF', lines: [{ itemNumber: SNS, qty: '2' }] }]);
    expect((await t.post('/api/tWaveMaster/releaseWave', releaseBody(['TSM-WV1']), admin)).body.code).toBe(200);
    const task = (await tasksOf(db(), 'TSM-WV1'))[0] as { id: number };
    const pick = await t.post(
      '/api/tWavePickTask/completeWavePick',
      { id: task.id, qty: '2', locationId: PK.p1, serialNumbers: ['S-1', 'S-2'] },
      admin,
    );
    expect(pick.body.code).toBe(200);
    const next = await t.post<{ cartonNumber: string; lines: { pickDetailId: number }[] }>(
      '/api/tblShippingLabelDetail/getNextCarton',
      { whId: PK.whId, waveId: 'TSM-WV1', orderNumber: 'TSM-SO1', cartonType: 'M' },
      admin,
    );
    const cartonNumber = next.body.data.cartonNumber;
    const pickDetailId = next.body.data.lines[0]?.pickDetailId;
    const pack = await t.post(
      '/api/tblShippingLabelDetail/completeCartonPick',
      { whId: PK.whId, cartonNumber, lines: [{ pickDetailId, qty: '2', serialNumbers: ['S-1', 'S-2'] }] },
      admin,
    );
    expect(pack.body.code).toBe(200);
    const { rows } = await sql<{ id: number }>`
      select id from tbl_shipping_label_detail where wh_id = ${PK.whId} and carton_number = ${cartonNumber}`.execute(db());
    const split = (serialNumbers?: unknown) =>
      t.post<{ outCode: string; outMsg: string }[]>(
        '/api/tblShippingLabelDetail/splitCarton',
        { id: Number(rows[0]?.id), qty: '1', cartonType: 'M', userName: 'admin', localId: 1033, serialNumbers },
        admin,
      );
    const without = await split();
    expect(without.body.data[0]).toMatchObject({ outCode: 'serialsRequiredForMove' });
    expect(without.body.data[0]?.outMsg).toContain('name the serials');
    expect((await split(['S-9'])).body.data[0]).toMatchObject({ outCode: 'serialNotHere' });
    const done = await split(['S-2']);
    expect(done.body.data[0]).toMatchObject({ outCode: 'SUCCESS' });
    const { rows: cartons } = await sql<{ cartonNumber: string }>`
      select carton_number from tbl_shipping_label where wh_id = ${PK.whId} and order_number = 'TSM-SO1'
        and carton_number <> ${cartonNumber}`.execute(db());
    const newCarton = cartons[0]?.cartonNumber;
    expect(await serials(SNS, 'S-1', 'S-2')).toMatchObject([
      { serialNumber: 'S-1', status: 'IN', huId: cartonNumber, cartonNumber },
      { serialNumber: 'S-2', status: 'IN', huId: newCarton, cartonNumber: newCarton },
    ]);
    expect(await events('S-2')).toEqual(['RECEIVE', 'PICK', 'PACK', 'SPLIT']);
  });
});
