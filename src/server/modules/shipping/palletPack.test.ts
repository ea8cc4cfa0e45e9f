/**
 * Packing from a pallet lane (issue 27 item 1; README "Packing from a pallet lane"): goods received on pallets, put away
 * to pallet racks, picked to a pallet staging lane — where picking keeps the pallet id — are packed into cartons through
 * the packing desk's calls and through the RF CARTON flow (the same service). The pallet is emptied as cartons close,
 * the PACK rows say which pallet each part left, and an emptied pallet leaves the ledger (its id is free again); the
 * serials picked on a pallet go into the carton with their units.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, insertWave, PK, putStock, tasksOf } from '../../../../tests/support/pickFixture';
import { createPutawayFixture, QA, receive, rid } from '../../../../tests/support/putawayFixture';
import { at } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfKey } from '../../../shared/rf';
import { DEMO_RF_FLOWS, writeRfFlow } from '../../demo/demoRf';
import { takeFromShares } from './packSources';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const ITEM = QA.itemPallet;
const LANE = 'TQA-OUT-PAL';

async function ok<T>(url: string, body: Row): Promise<T> {
  const res = await t.post<T>(`/api/${url}`, body, admin);
  expect(res.body.code, res.body.msg ?? '').toBe(200);
  return res.body.data;
}

/** Receives a pallet at the pallet receiving lane, then puts it away where the suggestion sends it (a pallet rack). */
async function receivePallet(label: string, huId: string, qty: number): Promise<string> {
  const id = await receive(db(), { receiptId: label, itemNumber: ITEM, qty, huId });
  const [place] = await ok<Row[]>('tReceipt/suggestPutaway', { whId: QA.whId, receiptId: rid(label) });
  expect(place).toMatchObject({ huId, qty: String(qty) });
  const { taskId } = await ok<{ taskId: string }>('tReceipt/createPutawayTasks', {
    whId: QA.whId,
    lines: [{ receiptRowId: id, destLocationId: place?.destLocationId, qty: String(qty) }],
  });
  await ok('tblInvMovement/approvePlannedMove', { whId: QA.whId, taskId });
  return String(place?.destLocationId);
}

/** A wave of the orders staged at the pallet lane, released and every task picked through the pick task calls. */
async function pickToLane(waveId: string, orders: { orderNumber: string; qty: string }[]) {
  await insertWave(
    db(),
    waveId,
    orders.map((o) => ({
      orderNumber: o.orderNumber,
      clientCode: QA.client,
      carrierId: 'SF',
      lines: [{ itemNumber: ITEM, qty: o.qty }],
    })),
    { staging: LANE },
  );
  await ok('tWaveMaster/releaseWave', {
    whId: PK.whId,
    waveIds: [waveId],
    overrideWorkType: PK.workType,
    priority: 10,
    workersRequired: 1,
    earliestShipDate: '2026-12-01',
    latestShipDate: '2026-12-05',
  });
  const tasks = await tasksOf(db(), waveId);
  for (const task of tasks) {
    await ok('tWavePickTask/completeWavePick', {
      id: task.id,
      qty: task.quantity,
      locationId: task.pickLocation,
      huId: task.mHuId,
    });
  }
  return tasks;
}

/** The item's ledger rows: location, pallet, actual. */
async function ledger() {
  const { rows } = await sql<{ locationId: string; huId: string | null; actual: string }>`
    select location_id, hu_id, trim_scale(actual_qty)::text as actual from t_stored_item
    where wh_id = ${PK.whId} and item_number = ${ITEM} order by location_id, hu_id nulls first`.execute(db());
  return rows;
}

async function packRows(cartonNumber: string) {
  const { rows } = await sql<{ huId: string; quantity: string; description: string }>`
    select hu_id, trim_scale(quantity)::text as quantity, description from tran_log
    where wh_id = ${PK.whId} and tran_type = 'PACK' and control_number = ${cartonNumber} order by id`.execute(db());
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await createPutawayFixture(db());
  // The outbound pallet lane: a staging location (S) that keeps pallets (H), as the demo's STG-OUT lanes do.
  await sql`insert into t_location (wh_id, location_id, type, item_hu_indicator, status)
    values (${PK.whId}, ${LANE}, 'S', 'H', 'A')`.execute(db());
  // The handheld's CARTON flow for the fixture's client, as the demo seeds it for every client.
  const carton = DEMO_RF_FLOWS.find((f) => f.main === 'CARTON');
  if (carton) await writeRfFlow(db(), carton, QA.whId, QA.client);
  admin = await t.login();
});
afterAll(() => t.close());

describe('takeFromShares', () => {
  it('takes the order’s shares off any pallet first, then pallet by pallet, after what earlier cartons took', () => {
    const shares = [
      { huId: 'P2', milli: 5000n },
      { huId: null, milli: 4000n },
      { huId: 'P1', milli: 30000n },
    ];
    expect(takeFromShares(shares, 0n, 20000n)).toEqual([
      { huId: null, milli: 4000n },
      { huId: 'P1', milli: 16000n },
    ]);
    expect(takeFromShares(shares, 20000n, 19000n)).toEqual([
      { huId: 'P1', milli: 14000n },
      { huId: 'P2', milli: 5000n },
    ]);
    // Beyond the shares: the rest is asked of the last place, where the ledger refuses it.
    expect(takeFromShares(shares, 39000n, 2000n)).toEqual([{ huId: 'P2', milli: 2000n }]);
  });
});

describe('packing from a pallet lane', () => {
  it('packs pallet-picked stock at the packing desk: the pallet emptied as cartons close, its id released', async () => {
    const rackA = await receivePallet('PP-R1', 'TQA-PAL-A', 30);
    const rackB = await receivePallet('PP-R2', 'TQA-PAL-B', 20);
    expect([rackA, rackB]).toEqual(['TQA-Z3-P1', 'TQA-Z3-P2']);
    // Loose units of the same item at an item location, older (FIFO first): the order picks 4 of them off any pallet.
    await putStock(db(), [{ at: PK.p1, itemNumber: ITEM, qty: '4', fifoDate: '2026-01-01' }]);
    const tasks = await pickToLane('TQA-PP-WV1', [
      { orderNumber: 'TQA-PP-SO1', qty: '34' },
      { orderNumber: 'TQA-PP-SO2', qty: '12' },
    ]);
    expect(tasks.map((x) => [x.orderNumber, x.pickLocation, x.mHuId, x.quantity])).toEqual([
      ['TQA-PP-SO1', rackA, 'TQA-PAL-A', '30'],
      ['TQA-PP-SO1', PK.p1, null, '4'],
      ['TQA-PP-SO2', rackB, 'TQA-PAL-B', '12'],
    ]);
    // The lane keeps the pallets; the loose units wait off any pallet.
    expect(await ledger()).toEqual([
      { locationId: LANE, huId: null, actual: '4' },
      { locationId: LANE, huId: 'TQA-PAL-A', actual: '30' },
      { locationId: LANE, huId: 'TQA-PAL-B', actual: '12' },
      { locationId: rackB, huId: 'TQA-PAL-B', actual: '8' },
    ]);

    // First carton of SO1: 20 — the 4 loose units, then 16 off pallet A.
    const first = await ok<{ cartonNumber: string; lines: Row[] }>('tblShippingLabelDetail/getNextCarton', {
      whId: PK.whId,
      waveId: 'TQA-PP-WV1',
      orderNumber: 'TQA-PP-SO1',
    });
    // The packer is told where the units wait: 4 off any pallet, 30 on pallet A.
    expect(first.lines).toMatchObject([{ itemNumber: ITEM, remainingQty: '34', pallets: ['TQA-PAL-A'] }]);
    const line = first.lines[0] as { pickDetailId: number };
    const closed = await ok<Row>('tblShippingLabelDetail/completeCartonPick', {
      whId: PK.whId,
      cartonNumber: first.cartonNumber,
      lines: [{ pickDetailId: line.pickDetailId, qty: '20' }],
    });
    expect(closed).toMatchObject({ status: 'C', remainingQty: '14', orderStatus: 'K' });
    expect(await packRows(first.cartonNumber)).toEqual([
      { huId: first.cartonNumber, quantity: '4', description: 'TQA-PP-SO1/1' },
      { huId: first.cartonNumber, quantity: '16', description: `TQA-PP-SO1/1 TQA-PAL-A → ${first.cartonNumber}` },
    ]);

    // Second carton: the last 14 empty pallet A; the order is packed.
    const second = await ok<{ cartonNumber: string; lines: Row[] }>('tblShippingLabelDetail/getNextCarton', {
      whId: PK.whId,
      waveId: 'TQA-PP-WV1',
      orderNumber: 'TQA-PP-SO1',
    });
    expect(second.lines).toMatchObject([{ remainingQty: '14', pallets: ['TQA-PAL-A'] }]);
    const done = await ok<Row>('tblShippingLabelDetail/completeCartonPick', {
      whId: PK.whId,
      cartonNumber: second.cartonNumber,
      lines: [{ pickDetailId: line.pickDetailId, qty: '14' }],
    });
    expect(done).toMatchObject({ status: 'C', remainingQty: '0', orderStatus: 'P' });
    expect(await ledger()).toEqual([
      { locationId: LANE, huId: first.cartonNumber, actual: '20' },
      { locationId: LANE, huId: second.cartonNumber, actual: '14' },
      { locationId: LANE, huId: 'TQA-PAL-B', actual: '12' },
      { locationId: rackB, huId: 'TQA-PAL-B', actual: '8' },
    ]);
    // Pallet A is nowhere in the ledger any more: its id is free for the next pallet received.
    const { rows } = await sql`select 1 from t_stored_item where wh_id = ${PK.whId} and hu_id = 'TQA-PAL-A'`.execute(db());
    expect(rows).toEqual([]);
    const { rows: cartonLines } = await sql<{ cartonNumber: string; qty: string }>`
      select carton_number, trim_scale(qty)::text as qty from tbl_shipping_label_detail
      where wh_id = ${PK.whId} and order_number = 'TQA-PP-SO1' order by carton_number`.execute(db());
    expect(cartonLines).toEqual([
      { cartonNumber: first.cartonNumber, qty: '20' },
      { cartonNumber: second.cartonNumber, qty: '14' },
    ]);
    // The stock ledger balances: what the pallets and loose stock held is now in the cartons and on pallet B.
    const { rows: sums } = await sql<{ tranType: string; qty: string }>`
      select tran_type, trim_scale(sum(quantity))::text as qty from tran_log
      where wh_id = ${PK.whId} and item_number = ${ITEM} and tran_type in ('PICK', 'PACK') group by tran_type order by tran_type`.execute(
      db(),
    );
    expect(sums).toEqual([
      { tranType: 'PACK', qty: '34' },
      { tranType: 'PICK', qty: '46' },
    ]);
  });

  it('packs a pallet-picked order through the RF CARTON flow, emptying the pallet part it picked', async () => {
    const call = async <T>(path: string, body: Row): Promise<T> => ok<T>(`rfDialog/${path}`, body);
    const press = (from: RfAnswer, key: RfKey, input = '') =>
      call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input });
    await call('getRfFunctionProcess', { whId: PK.whId, clientCode: QA.client });
    const order = at(await call<RfAnswer>('getRfDialogForm', { mainProcessName: 'CARTON' }), 'CTN_ORDER');
    const item = at(await press(order, 'ENTER', 'TQA-PP-SO2'), 'CTN_ITEM');
    const cartonNumber = item.dialog?.headers[0]?.match(/^Carton (\S+) /)?.[1] ?? '';
    const qty = at(await press(item, 'ENTER', ITEM), 'CTN_QTY');
    expect(qty.dialog?.inputDefault).toBe('12');
    const packed = at(await press(qty, 'ENTER', '12'), 'CTN_ITEM');
    const closed = at(await press(packed, 'F1'), 'CTN_ORDER');
    expect(closed.message?.text).toMatch(new RegExp(`^Carton ${cartonNumber} closed`));
    expect(await packRows(cartonNumber)).toEqual([
      { huId: cartonNumber, quantity: '12', description: `TQA-PP-SO2/1 TQA-PAL-B → ${cartonNumber}` },
    ]);
    // The lane's part of pallet B is gone; the rest of the pallet stays on its rack.
    expect((await ledger()).filter((r) => r.huId === 'TQA-PAL-B')).toEqual([
      { locationId: 'TQA-Z3-P2', huId: 'TQA-PAL-B', actual: '8' },
    ]);
    const { rows } = await sql<{ status: string }>`
      select status from t_order where wh_id = ${PK.whId} and order_number = 'TQA-PP-SO2'`.execute(db());
    expect(rows).toEqual([{ status: 'P' }]);
    await press(closed, 'DONE');
  });

  it('moves the serials picked on a pallet into the carton with their units, refusing a serial not picked for the order', async () => {
    const item = 'TQA-SERPAL';
    await sql`insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, serial_control, class_id)
      values (${QA.whId}, ${QA.client}, ${item}, '序列号整托 Serial pallet item', 'EA', 'N', 'Y', 'TQA-C3')`.execute(db());
    await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values (${QA.whId}, ${item}, 'EA', 1),
      (${QA.whId}, ${item}, 'PL', 48)`.execute(db());
    await sql`insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
      values (${QA.whId}, ${QA.po}, 99, ${item}, 100, 'EA')`.execute(db());
    const serials = ['TQA-SN-1', 'TQA-SN-2', 'TQA-SN-3', 'TQA-SN-4'];
    const receipt = await ok<{ receiptId: string; id: number }>('globalOptions/addReceipt', {
      whId: QA.whId,
      poNumber: QA.po,
      lineNumber: 99,
      qty: '4',
      huId: 'TQA-SER-P',
      locationId: QA.receivingPallet,
      serialNumbers: serials,
    });
    const [place] = await ok<Row[]>('tReceipt/suggestPutaway', { whId: QA.whId, receiptId: receipt.receiptId });
    const { taskId } = await ok<{ taskId: string }>('tReceipt/createPutawayTasks', {
      whId: QA.whId,
      lines: [{ receiptRowId: receipt.id, destLocationId: place?.destLocationId, qty: '4' }],
    });
    await ok('tblInvMovement/approvePlannedMove', { whId: QA.whId, taskId });
    await insertWave(
      db(),
      'TQA-PP-WV3',
      [{ orderNumber: 'TQA-PP-SO3', clientCode: QA.client, carrierId: 'SF', lines: [{ itemNumber: item, qty: '3' }] }],
      {
        staging: LANE,
      },
    );
    await ok('tWaveMaster/releaseWave', {
      whId: PK.whId,
      waveIds: ['TQA-PP-WV3'],
      overrideWorkType: PK.workType,
      priority: 10,
      workersRequired: 1,
      earliestShipDate: '2026-12-01',
      latestShipDate: '2026-12-05',
    });
    const [task] = await tasksOf(db(), 'TQA-PP-WV3');
    expect(task).toMatchObject({ mHuId: 'TQA-SER-P', quantity: '3' });
    await ok('tWavePickTask/completeWavePick', {
      id: task?.id,
      qty: '3',
      locationId: task?.pickLocation,
      huId: 'TQA-SER-P',
      serialNumbers: serials.slice(0, 3),
    });
    const serialPlaces = async () => {
      const { rows } = await sql<{ serialNumber: string; locationId: string; huId: string; cartonNumber: string | null }>`
        select serial_number, location_id, hu_id, carton_number from tbl_sn_master
        where wh_id = ${PK.whId} and item_number = ${item} order by serial_number`.execute(db());
      return rows;
    };
    expect((await serialPlaces()).map((r) => [r.serialNumber, r.locationId, r.huId])).toEqual([
      ['TQA-SN-1', LANE, 'TQA-SER-P'],
      ['TQA-SN-2', LANE, 'TQA-SER-P'],
      ['TQA-SN-3', LANE, 'TQA-SER-P'],
      ['TQA-SN-4', place?.destLocationId, 'TQA-SER-P'],
    ]);
    const open = await ok<{ cartonNumber: string; lines: { pickDetailId: number }[] }>('tblShippingLabelDetail/getNextCarton', {
      whId: PK.whId,
      waveId: 'TQA-PP-WV3',
      orderNumber: 'TQA-PP-SO3',
    });
    const pickDetailId = open.lines[0]?.pickDetailId;
    // A serial still on the pallet at its rack was not picked for the order: refused, nothing packed.
    const wrong = await t.post(
      '/api/tblShippingLabelDetail/completeCartonPick',
      {
        whId: PK.whId,
        cartonNumber: open.cartonNumber,
        lines: [{ pickDetailId, qty: '3', serialNumbers: ['TQA-SN-1', 'TQA-SN-2', 'TQA-SN-4'] }],
      },
      admin,
    );
    expect(wrong.body).toMatchObject({ errorCode: 'serialNotHere' });
    expect(wrong.body.msg).toContain('TQA-SN-4');
    await ok('tblShippingLabelDetail/completeCartonPick', {
      whId: PK.whId,
      cartonNumber: open.cartonNumber,
      lines: [{ pickDetailId, qty: '3', serialNumbers: serials.slice(0, 3) }],
    });
    expect((await serialPlaces()).map((r) => [r.serialNumber, r.locationId, r.huId, r.cartonNumber])).toEqual([
      ['TQA-SN-1', LANE, open.cartonNumber, open.cartonNumber],
      ['TQA-SN-2', LANE, open.cartonNumber, open.cartonNumber],
      ['TQA-SN-3', LANE, open.cartonNumber, open.cartonNumber],
      ['TQA-SN-4', place?.destLocationId, 'TQA-SER-P', null],
    ]);
    const { rows } = await sql<{ locationId: string; huId: string; actual: string }>`
      select location_id, hu_id, trim_scale(actual_qty)::text as actual from t_stored_item
      where wh_id = ${PK.whId} and item_number = ${item} order by location_id`.execute(db());
    expect(rows).toEqual([
      { locationId: LANE, huId: open.cartonNumber, actual: '3' },
      { locationId: place?.destLocationId, huId: 'TQA-SER-P', actual: '1' },
    ]);
  });
});
