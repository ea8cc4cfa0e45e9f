import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, refused } from '../../../../tests/support/rfAnswers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfHome, RfKey, RfListRow } from '../../../shared/rf';
import { DEMO_RF_WAVE } from '../../demo/demoRf';

/**
 * The seeded flows driven through `/rfDialog/*` on the demo data (README "Seeded flows"): RECEIVE (plain item to a
 * shelf, a GS1 scan of a lot item to a pallet lane, lot and expiry typed), PICK (wrong scans, pick, short pick, the
 * wave done), INQUIRY; wrong scans and business refusals keep the dialog; a stale step changes nothing; resume after
 * a new login; permission and warehouse refusals; schema errors stay 400; device binding.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
type Row = Record<string, unknown>;

async function call<T>(path: string, body: unknown, token = admin): Promise<T> {
  const res = await t.post<T>(`/api/rfDialog/${path}`, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, res.body.msg ?? '').toBe(200);
  return res.body.data;
}
const start = (mainProcessName: string, token = admin, more: Row = {}) =>
  call<RfAnswer>('getRfDialogForm', { mainProcessName, ...more }, token);
const press = (from: RfAnswer, key: RfKey, input = '', token = admin) =>
  call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input }, token);
const enter = (from: RfAnswer, input = '', token = admin) => press(from, 'ENTER', input, token);
const list = (from: RfAnswer, token = admin) => call<RfListRow[]>('getRfDialogList', { step: from.dialog?.step ?? 0 }, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('home', () => {
  it('answers the first granted warehouse and client with the seeded flows in the user’s language', async () => {
    const home = await call<RfHome>('getRfFunctionProcess', {});
    expect(home).toMatchObject({ whId: 'WH01', clientCode: 'ACME', active: null });
    expect(home.processes.map((p) => [p.mainProcessName, p.title])).toEqual([
      ['RECEIVE', 'Receive'],
      ['PUTAWAY', 'Put away'],
      ['MOVE', 'Move stock'],
      ['PICK', 'Wave pick'],
      ['CARTON', 'Carton pick'],
      ['COUNT', 'Cycle count'],
      ['INQUIRY', 'Stock inquiry'],
    ]);
    const blue = await call<RfHome>('getRfFunctionProcess', { whId: 'WH01', clientCode: 'BLUE' });
    expect(blue.clientCode).toBe('BLUE');
    const wh2 = await call<RfHome>('getRfFunctionProcess', { whId: 'WH02' });
    expect(wh2).toMatchObject({ whId: 'WH02', clientCode: 'ACME' });
    expect(wh2.processes).toHaveLength(7);
    await call<RfHome>('getRfFunctionProcess', { whId: 'WH01', clientCode: 'ACME' });
  });

  it('starts a flow in Chinese with localeId 2052', async () => {
    const zh = await start('INQUIRY', admin, { localeId: 2052 });
    expect(zh.dialog).toMatchObject({ title: '库存查询', prompt: '扫描库位、商品或托盘', inputField: 'inquiryCode' });
    expect(zh.dialog?.options.map((o) => [o.functionKey, o.text])).toEqual([['DONE', '完成']]);
    const out = await press(zh, 'DONE');
    expect(out.dialog).toBeNull();
  });
});

describe('RECEIVE', () => {
  it('receives a plain item onto a shelf, refusing a wrong PO and item on the same dialog', async () => {
    const po = at(await start('RECEIVE'), 'RCV_PO');
    expect(po.dialog).toMatchObject({ title: 'Receive', prompt: 'Scan the PO number', hasList: true, headers: [] });
    expect((await list(po)).map((r) => r.value)).toContain('PO00000001');
    refused(await enter(po, 'PO-NOPE'), po, /PO-NOPE does not exist/);
    refused(await enter(po, 'PO00000004'), po, /PO00000004 has status/);
    const item = at(await enter(po, 'PO00000001'), 'RCV_ITEM');
    expect(item.dialog?.headers).toEqual(['PO PO00000001 · open lines: 3']);
    expect((await list(item)).map((r) => r.value)).toEqual(['ACME-0049', 'ACME-0054', 'ACME-0059']);
    refused(await enter(item, 'ACME-0001'), item, 'Item ACME-0001 is not on purchase order PO00000001');
    refused(await enter(item, 'NO-SUCH'), item, 'Client ACME has no item NO-SUCH');
    const qty = at(await enter(item, 'ACME-0054'), 'RCV_QTY');
    expect(qty.dialog).toMatchObject({ inputDefault: '60', prompt: 'Quantity received (EA)' });
    refused(await enter(qty, '1.50'), qty, /Quantity must be greater than 0/);
    const loc = at(await enter(qty, '5'), 'RCV_LOC');
    expect(loc.dialog?.inputDefault).toBe('STG-IN-01');
    refused(await enter(loc, 'NOWHERE'), loc, 'Location NOWHERE does not exist or is not active');
    const next = at(await enter(loc, 'A01-01-1'), 'RCV_ITEM');
    expect(next.message).toMatchObject({ kind: 'success' });
    expect(next.message?.text).toMatch(/^Received 5 EA ACME-0054 at A01-01-1 \(receipt RC\d+\)$/);
    expect(next.dialog?.headers).toEqual(['PO PO00000001 · open lines: 3', 'Last: ACME-0054 × 5 → A01-01-1']);
    const { rows } = await sql<Row>`
      select qty_received::text as qty, location_id, receive_by from t_receipt where po_number = 'PO00000001' and wh_id = 'WH01'`.execute(
      db(),
    );
    expect(rows).toEqual([{ qty: '5.000', locationId: 'A01-01-1', receiveBy: 'admin' }]);
    const out = await press(next, 'DONE');
    expect(out).toEqual({ dialog: null, message: null });
  });

  it('fills lot, expiry and quantity from one GS1 scan and receives onto a pallet lane', async () => {
    await sql`update t_item_master set upc = '9501101530003' where wh_id = 'WH01' and item_number = 'ACME-0049'`.execute(db());
    const { rows } = await sql<{ lot: string }>`
      select lot_number as lot from t_po_detail where wh_id = 'WH01' and po_number = 'PO00000001' and line_number = 1`.execute(
      db(),
    );
    const lot = rows[0]?.lot ?? '';
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    refused(await enter(item, '(01)09501101530004(10)X'), item, 'Invalid GS1 code: wrong check digit (AI 01)');
    const qty = at(await enter(item, `]C1010950110153000317271231 10${lot}\u001d3712`.replace(' ', '')), 'RCV_QTY');
    expect(qty.dialog?.inputDefault).toBe('12');
    expect(qty.dialog?.headers).toContain(`Lot ${lot} · Expiry 2027-12-31`);
    const loc = at(await enter(qty), 'RCV_LOC');
    const hu = at(await enter(loc, 'STG-IN-01'), 'RCV_HU');
    expect(hu.dialog?.headers).toContain('Location STG-IN-01');
    const done = at(await enter(hu, '(00)106141412345678908'), 'RCV_ITEM');
    expect(done.message?.text).toMatch(/^Received 12 CUP ACME-0049 at STG-IN-01, awaiting inspection/);
    const { rows: stock } = await sql<Row>`
      select lot_number, hu_id, actual_qty::text as qty, to_char(expiration_date, 'YYYY-MM-DD') as expiry from t_stored_item
      where wh_id = 'WH01' and item_number = 'ACME-0049' and location_id = 'STG-IN-01'`.execute(db());
    expect(stock).toEqual([{ lotNumber: lot, huId: '106141412345678908', qty: '12.000', expiry: '2027-12-31' }]);
    await press(done, 'DONE');
  });

  it('asks lot and expiry of a lot item scanned plainly; a business refusal keeps the dialog; BACK goes back', async () => {
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    const lotStep = at(await enter(item, 'ACME-0049'), 'RCV_LOT');
    const lineLot = lotStep.dialog?.inputDefault ?? '';
    expect(lineLot).toMatch(/^L\d{6}$/);
    refused(await enter(lotStep, 'OTHER'), lotStep, /Lot|lot/);
    const exp = at(await enter(lotStep), 'RCV_EXP');
    refused(await enter(exp, '2027-02-30'), exp, 'Expiry date must be a date (yyyy-MM-dd)');
    const qty = at(await enter(exp, '20271130'), 'RCV_QTY');
    expect(qty.dialog?.headers).toContain(`Lot ${lineLot} · Expiry 2027-11-30`);
    const loc = at(await enter(qty, '100000'), 'RCV_LOC');
    // The receipt refuses the over-receipt: the worker stays on the location step, nothing booked.
    const over = await enter(loc, 'A01-01-2');
    refused(over, loc, /./);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from t_receipt where po_number = 'PO00000001' and wh_id = 'WH01'`.execute(db());
    expect(rows[0]?.n).toBe(2);
    const backToQty = at(await press(over, 'BACK'), 'RCV_QTY');
    expect(backToQty.dialog?.step).toBe((over.dialog?.step ?? 0) + 1);
    await press(backToQty, 'DONE');
  });

  it('answers a stale step with the current dialog and changes nothing (a double scan books once)', async () => {
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    const qty = at(await enter(item, 'ACME-0054'), 'RCV_QTY');
    const loc = at(await enter(qty, '1'), 'RCV_LOC');
    const [a, b] = await Promise.all([enter(loc, 'A01-01-1'), enter(loc, 'A01-01-1')]);
    expect([a.dialog?.subProcessName, b.dialog?.subProcessName]).toEqual(['RCV_ITEM', 'RCV_ITEM']);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from t_receipt where po_number = 'PO00000001' and wh_id = 'WH01' and qty_received = 1`.execute(
      db(),
    );
    expect(rows[0]?.n).toBe(1);
    const stale = await enter(qty, '3');
    expect(stale.message).toBeNull();
    expect(stale.dialog?.subProcessName).toBe('RCV_ITEM');
    expect(stale.dialog?.step).toBe(a.dialog?.step);
    await press(stale, 'DONE');
  });

  it('resumes after a new login', async () => {
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000002'), 'RCV_ITEM');
    const again = await t.login();
    const home = await call<RfHome>('getRfFunctionProcess', {}, again);
    expect(home.active).toMatchObject({ mainProcessName: 'RECEIVE', subProcessName: 'RCV_ITEM', step: item.dialog?.step });
    const resumed = at(await call<RfAnswer>('getRfDialogForm', {}, again), 'RCV_ITEM');
    expect(resumed.dialog?.headers[0]).toMatch(/^PO PO00000002/);
    const same = at(await call<RfAnswer>('getRfDialogForm', { mainProcessName: 'RECEIVE' }, again), 'RCV_ITEM');
    expect(same.dialog?.step).toBe(item.dialog?.step);
    admin = again;
    await press(same, 'DONE');
  });
});

describe('PICK', () => {
  it('picks the demo wave task by task: wrong location and item refused, pick, short pick, wave done', async () => {
    const wave = at(await start('PICK'), 'PCK_WAVE');
    expect((await list(wave)).map((r) => r.value)).toContain(DEMO_RF_WAVE);
    refused(await enter(wave, 'DEMO-WV-1'), wave, /DEMO-WV-1 is Building: it cannot be picked/);
    const first = at(await enter(wave, DEMO_RF_WAVE), 'PCK_LOC');
    const tasks = await sql<Row>`
      select id, pick_id, pick_location, item_number, trim_scale(quantity)::text as qty from t_wave_pick_task
      where wh_id = 'WH01' and wave_id = ${DEMO_RF_WAVE} order by picking_flow nulls last, pick_location, id`.execute(db());
    expect(tasks.rows).toHaveLength(2);
    const [t1, t2] = tasks.rows as [Row, Row];
    expect(first.dialog?.headers).toEqual([
      `Wave ${DEMO_RF_WAVE} · task ${t1.pickId}`,
      `Location ${t1.pickLocation}`,
      expect.stringMatching(new RegExp(`^${t1.itemNumber} `)),
      `Pick ${t1.qty} EA`,
    ]);
    expect(first.dialog?.options.map((o) => [o.functionKey, o.text])).toEqual([
      ['BACK', 'Back'],
      ['DONE', 'Done'],
      ['F1', 'Short'],
    ]);
    refused(
      await enter(first, 'A01-01-1'),
      first,
      `Pick task ${t1.pickId} is allocated at location ${t1.pickLocation}: pick it there`,
    );
    const item = at(await enter(first, String(t1.pickLocation).toLowerCase()), 'PCK_ITEM');
    refused(
      await enter(item, String(t2.itemNumber)),
      item,
      `You scanned item ${t2.itemNumber}; this task picks ${t1.itemNumber}`,
    );
    const qty = at(await enter(item, String(t1.itemNumber)), 'PCK_QTY');
    expect(qty.dialog?.inputDefault).toBe(t1.qty);
    refused(await enter(qty, '999'), qty, /./);
    const second = at(await enter(qty), 'PCK_LOC');
    expect(second.message?.text).toBe(`Picked ${t1.qty} ${t1.itemNumber} (task ${t1.pickId})`);
    expect(second.dialog?.headers[1]).toBe(`Location ${t2.pickLocation}`);
    const short = at(await press(second, 'F1'), 'PCK_SHORT');
    expect(short.dialog).toMatchObject({ inputDefault: '0', prompt: 'Quantity found at the location (EA)' });
    const done = at(await enter(short, '2'), 'PCK_WAVE');
    expect(done.message).toEqual({ kind: 'success', text: `Wave ${DEMO_RF_WAVE} has no open task left` });
    const { rows } = await sql<Row>`
      select id, pick_id, status, trim_scale(picked_qty)::text as picked, trim_scale(short_qty)::text as short from t_wave_pick_task
      where wh_id = 'WH01' and wave_id = ${DEMO_RF_WAVE} order by id`.execute(db());
    expect(rows.find((r) => r.id === t1.id)).toMatchObject({ status: 'K', picked: t1.qty, short: '0' });
    expect(rows.find((r) => r.id === t2.id)).toMatchObject({ picked: '2' });
    refused(await enter(done, DEMO_RF_WAVE), done, `Wave ${DEMO_RF_WAVE} is Picked: it cannot be picked`);
    await press(done, 'DONE');
  });
});

describe('CARTON', () => {
  it('packs the picked order into a carton: item scans, a too large quantity refused, F1 closes it', async () => {
    const order = at(await start('CARTON'), 'CTN_ORDER');
    expect((await list(order)).map((r) => r.value)).toContain('DEMO-SO-RF');
    const item = at(await enter(order, 'DEMO-SO-RF'), 'CTN_ITEM');
    const cartonNumber = item.dialog?.headers[0]?.match(/^Carton (\S+) /)?.[1] ?? '';
    expect(cartonNumber).not.toBe('');
    expect(item.dialog?.options.map((o) => [o.functionKey, o.text])).toEqual([
      ['DONE', 'Done'],
      ['F1', 'Close carton'],
      ['F2', 'Cancel carton'],
    ]);
    refused(await enter(item, 'ACME-0001'), item, 'Nothing of item ACME-0001 is left to pack in order DEMO-SO-RF');
    const qty = at(await enter(item, 'ACME-0071'), 'CTN_QTY');
    expect(qty.dialog?.inputDefault).toBe('10');
    refused(await enter(qty, '11'), qty, /Pack quantity 11 is more than what is left to pack/);
    const more = at(await enter(qty, '4'), 'CTN_ITEM');
    expect(more.message?.text).toBe(`Packed 4 ACME-0071 into carton ${cartonNumber}`);
    const rest = at(await enter(more, 'ACME-0071'), 'CTN_QTY');
    expect(rest.dialog?.inputDefault).toBe('6');
    const full = at(await enter(rest), 'CTN_ITEM');
    expect(full.dialog?.headers[1]).toBe('In carton 10');
    const closed = at(await press(full, 'F1'), 'CTN_ORDER');
    expect(closed.message?.text).toMatch(new RegExp(`^Carton ${cartonNumber} closed`));
    const { rows } = await sql<Row>`
      select status from tbl_shipping_label where wh_id = 'WH01' and carton_number = ${cartonNumber}`.execute(db());
    expect(rows).toEqual([{ status: 'C' }]);
    const second = at(await enter(closed, 'DEMO-SO-RF'), 'CTN_ITEM');
    const cancelled = at(await press(second, 'F2'), 'CTN_ORDER');
    expect(cancelled.message?.text).toMatch(/^Carton \S+ cancelled$/);
    await press(cancelled, 'DONE');
  });
});

describe('INQUIRY', () => {
  it('answers stock by location, item (GS1) and pallet, with the rows as a list', async () => {
    const scan = at(await start('INQUIRY'), 'INQ_SCAN');
    refused(await enter(scan, 'ZZZ-NOTHING'), scan, 'ZZZ-NOTHING is not a location, item or pallet');
    refused(await enter(scan), scan, 'Enter or scan a value');
    const byLoc = at(await enter(scan, 'A01-01-1'), 'INQ_RESULT');
    expect(byLoc.dialog?.headers[0]).toBe('Location A01-01-1');
    expect(byLoc.dialog?.headers[1]).toMatch(/^1 row · on hand 6 · available 6$/);
    expect(byLoc.dialog?.headers[2]).toMatch(/^ACME-0054 6/);
    expect(await list(byLoc)).toEqual([expect.objectContaining({ value: 'ACME-0054', label: 'A01-01-1 · ACME-0054' })]);
    const byItem = at(await enter(byLoc, '(01)09501101530003'), 'INQ_RESULT');
    expect(byItem.dialog?.headers[0]).toBe('Item ACME-0049');
    const byPallet = at(await enter(byItem, '106141412345678908'), 'INQ_RESULT');
    expect(byPallet.dialog?.headers[0]).toBe('Pallet 106141412345678908');
    expect(byPallet.dialog?.headers[1]).toMatch(/^1 row · on hand 12/);
    const back = at(await press(byPallet, 'BACK'), 'INQ_SCAN');
    await press(back, 'DONE');
  });
});

describe('COUNT', () => {
  it('counts a generated task blind: wrong location refused, the count saved through the count entry', async () => {
    const made = await t.post<Row>(
      '/api/tblCycleCountTask/generateCountTaskByLocItem',
      { whId: 'WH01', zone: 'AMB', itemNumber: 'ACME-0054' },
      admin,
    );
    expect(made.body.data).toMatchObject({ count: 1 });
    const workQId = String(made.body.data.firstWorkQId);
    const task = at(await start('COUNT'), 'CNT_TASK');
    expect((await list(task)).map((r) => r.value)).toContain(workQId);
    refused(await enter(task, 'A01-20-2'), task, 'A01-20-2 is not an open count task, nor a location with one');
    const loc = at(await enter(task, 'A01-01-1'), 'CNT_LOC');
    expect(loc.dialog?.headers).toEqual([`Count task ${workQId}`, 'Location A01-01-1', 'Item ACME-0054']);
    refused(await enter(loc, 'A01-01-2'), loc, 'You scanned location A01-01-2; the task is at A01-01-1');
    const qty = at(await enter(loc, 'A01-01-1'), 'CNT_QTY');
    refused(await enter(qty, '-1'), qty, /Quantity/);
    const next = at(await enter(qty, '7'), 'CNT_TASK');
    expect(next.message).toEqual({ kind: 'success', text: `Count task ${workQId} counted: 7` });
    const { rows } = await sql<Row>`
      select status, trim_scale(cycle_count_qty)::text as counted, trim_scale(logic_qty)::text as book, count_by
      from tbl_cycle_count_task where wh_id = 'WH01' and work_q_id = ${workQId}`.execute(db());
    expect(rows).toEqual([{ status: 'C', counted: '7', book: '6', countBy: 'admin' }]);
    await press(next, 'DONE');
  });
});

describe('PUTAWAY', () => {
  it('puts a received row away at the suggested destination through the putaway task and its approval', async () => {
    const scan = at(await start('PUTAWAY'), 'PUT_SCAN');
    refused(await enter(scan, 'ACME-0001'), scan, 'Nothing received is ready for putaway under ACME-0001');
    const ready = await list(scan);
    expect(ready.length).toBeGreaterThan(0);
    const qty = at(await enter(scan, 'ACME-0054'), 'PUT_QTY');
    expect(qty.dialog?.headers[1]).toMatch(/^ACME-0054 /);
    const dest = at(await enter(qty, '1'), 'PUT_DEST');
    const suggested = dest.dialog?.inputDefault ?? '';
    refused(await enter(dest, 'STG-OUT-01'), dest, /./);
    const done = at(await enter(dest, suggested), 'PUT_SCAN');
    expect(done.message?.text).toMatch(new RegExp(`^Put away 1 ACME-0054 at ${suggested} \\(task \\w+\\)$`));
    const { rows } = await sql<Row>`
      select trim_scale(actual_qty)::text as qty from t_stored_item
      where wh_id = 'WH01' and item_number = 'ACME-0054' and location_id = ${suggested}`.execute(db());
    expect(rows).toEqual([{ qty: '1' }]);
    await press(done, 'DONE');
  });
});

describe('MOVE', () => {
  it('moves stock from a location to another through a movement task and its approval', async () => {
    const from = at(await start('MOVE'), 'MOV_FROM');
    refused(await enter(from, 'A01-20-2'), from, 'The amount of available inventory is 0');
    const item = at(await enter(from, 'A02-11-1'), 'MOV_ITEM');
    refused(await enter(item, 'ACME-0083'), item, 'The amount of available inventory is 0');
    const qty = at(await enter(item, 'ACME-0071'), 'MOV_QTY');
    const available = qty.dialog?.inputDefault ?? '';
    expect(Number(available)).toBeGreaterThan(3);
    const to = at(await enter(qty, '3'), 'MOV_TO');
    refused(await enter(to, 'A02-11-1'), to, /./);
    const done = at(await enter(to, 'A02-13-1'), 'MOV_FROM');
    expect(done.message?.text).toMatch(/^Moved 3 ACME-0071 from A02-11-1 to A02-13-1 \(task \w+\)$/);
    const { rows } = await sql<Row>`
      select location_id, trim_scale(actual_qty)::text as qty from t_stored_item
      where wh_id = 'WH01' and item_number = 'ACME-0071' and location_id = 'A02-13-1'`.execute(db());
    expect(rows).toEqual([{ locationId: 'A02-13-1', qty: '3' }]);
    await press(done, 'DONE');
  });
});

describe('refusals', () => {
  it('refuses an action whose permission the user lacks, and a warehouse not granted', async () => {
    const clerk = await createUser(t, 'rf-clerk', {
      permissions: ['sys:tReceipt:add', 'sys:tReceipt:view'],
      warehouses: ['WH01'],
    });
    const token = await t.login('rf-clerk', 'Secret#123');
    const scan = at(await start('INQUIRY', token), 'INQ_SCAN');
    refused(await enter(scan, 'A01-01-1', token), scan, 'You lack the permission this step needs (sys:tStoredItem:view)');
    const po = at(await start('RECEIVE', token), 'RCV_PO');
    at(await enter(po, 'PO00000001', token), 'RCV_ITEM');
    const res = await t.post<RfHome>('/api/rfDialog/getRfFunctionProcess', { whId: 'WH02' }, token);
    expect(res.body).toMatchObject({ code: -10000, msg: 'You have no access to warehouse WH02' });
    const form = await call<RfAnswer>('getRfDialogForm', { mainProcessName: 'PICK', whId: 'WH02' }, token);
    expect(form).toEqual({ dialog: null, message: { kind: 'error', text: 'You have no access to warehouse WH02' } });
    expect(clerk).toBeTruthy();
  });

  it('keeps schema errors as 400 and answers an unknown main process with a message', async () => {
    expect((await t.post('/api/rfDialog/confirmRfDialog', { step: 1, key: 'F9' }, admin)).status).toBe(400);
    expect((await t.post('/api/rfDialog/confirmRfDialog', { step: 1, key: 'ENTER', input: 'x'.repeat(201) }, admin)).status).toBe(
      400,
    );
    const none = await start('NO_SUCH_FLOW');
    expect(none.message).toEqual({ kind: 'error', text: 'Main process NO_SUCH_FLOW does not exist' });
  });

  it('binds a device, refuses one bound to another user, frees the previous one', async () => {
    expect(await call('bindRfUserFork', { whId: 'WH01', forkId: 'FL-01' })).toEqual({ forkId: 'FL-01' });
    await createUser(t, 'rf-driver', { permissions: [], warehouses: ['WH01'] });
    const driver = await t.login('rf-driver', 'Secret#123');
    const taken = await t.post('/api/rfDialog/bindRfUserFork', { whId: 'WH01', forkId: 'FL-01' }, driver);
    expect(taken.body).toMatchObject({ code: -10000, msg: 'Device FL-01 is bound to admin' });
    const missing = await t.post('/api/rfDialog/bindRfUserFork', { whId: 'WH01', forkId: 'NOPE' }, driver);
    expect(missing.body).toMatchObject({ msg: 'Warehouse WH01 has no device NOPE' });
    await call('bindRfUserFork', { whId: 'WH01', forkId: 'FL-02' });
    expect((await call<RfHome>('getRfFunctionProcess', {})).forkId).toBe('FL-02');
    expect(await call('bindRfUserFork', { whId: 'WH01', forkId: 'FL-01' }, driver)).toEqual({ forkId: 'FL-01' });
  });
});
