/**
 * Holds and locks (issue 26 item 5, README "Holds and locks"): a locked order (lock flag Y) is never loaded by a
 * wave-load profile, and addOrder and release refuse it naming it, changing nothing; a line's hold reason must be one of
 * the client's HOLD reasons; a held line is short (reason HELD) at release and, its hold cleared while the order waits in
 * a wave being built, the next release allocates it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedOrder, createOrder } from '../../../../tests/support/orderFixture';
import {
  createPickFixture,
  detailsOf,
  insertWave,
  PK,
  pickProfile,
  putStock,
  releaseBody,
  tasksOf,
} from '../../../../tests/support/pickFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { tOrderDetail } from '../../../shared/entities/tOrderDetail';
import type { PageResult } from '../../../shared/wire';

type Row = Record<string, unknown>;
type Out = { outCode: string; outMsg: string }[];
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const ITEM = 'THD-ITEM';

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await sql`
    insert into t_reason (wh_id, reason_type, reason_id, client_code, description) values
      (${PK.whId}, 'HOLD', 'THD-OWN', ${PK.client}, '客户冻结 Client hold'),
      (${PK.whId}, 'HOLD', 'THD-OTHER', ${PK.otherClient}, '别的客户 Other client hold'),
      (${PK.whId}, 'ADJ', 'THD-ADJ', null, '调整原因 Adjustment reason')`.execute(db());
  await sql`insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    values (${PK.whId}, ${PK.client}, ${ITEM}, '冻结测试 Hold test', 'EA', 'N')`.execute(db());
  admin = await t.login();
});
afterAll(() => t.close());

const order = async (orderNumber: string) =>
  (
    await sql<{ id: number; status: string; waveId: string | null; lockFlag: string }>`
      select id, status, wave_id, lock_flag from t_order where wh_id = ${PK.whId} and order_number = ${orderNumber}`.execute(db())
  ).rows[0]!;
const lineRow = async (orderNumber: string, lineNumber = 1) =>
  (
    await sql<Row>`select * from t_order_detail where wh_id = ${PK.whId} and order_number = ${orderNumber}
      and line_number = ${lineNumber}`.execute(db())
  ).rows[0]!;
const lock = async (orderNumber: string, flag: 'Y' | 'N') =>
  t.post<number>('/api/tOrder/save', { id: (await order(orderNumber)).id, lockFlag: flag }, admin);
/** Saves an existing line as the console's dialog does: every field of the line, the hold reason as given. */
const saveHold = async (orderNumber: string, holdReasonId: string | null, over: Row = {}) => {
  const line = await lineRow(orderNumber);
  return t.post<number>(
    '/api/tOrderDetail/save',
    {
      id: line.id,
      whId: PK.whId,
      orderNumber,
      lineNumber: 1,
      itemNumber: line.itemNumber,
      qty: String(Number(line.qty)),
      orderUom: line.orderUom,
      lotNumber: line.lotNumber,
      holdReasonId,
      ...over,
    },
    admin,
  );
};
const release = (waveId: string) => t.post<Row[]>('/api/tWaveMaster/releaseWave', releaseBody([waveId]), admin);
const newWave = async (waveId: string) => {
  const res = await t.post<number>(
    '/api/tWaveMaster/save',
    { whId: PK.whId, waveId, sequence: 1, priority: 50, workersRequired: 1, stagingLocation: PK.staging },
    admin,
  );
  expect(res.body.code, res.body.msg ?? '').toBe(200);
};
const load = async (waveId: string) =>
  t.post<Out>(
    '/api/tAfaProfile/execWaveLoadProfile',
    { whId: PK.whId, waveId, clientCode: PK.client, profileId: await pickProfile(db()), userName: 'admin' },
    admin,
  );
const working = async (waveId: string) =>
  (
    await t.post<PageResult<Row>>(
      '/api/tAfaViewWaveOrder/findPage',
      { pageNum: 1, pageSize: 200, columnFilters: { whId: PK.whId, waveId, userName: 'admin' } },
      admin,
    )
  ).body.data.content;
/** Confirms the order and puts it into a new wave through the wave-load screen's calls. */
const intoWave = async (waveId: string, orderNumber: string) => {
  expect((await t.post('/api/tOrder/confirmOrder', { whId: PK.whId, orderNumber }, admin)).body.code).toBe(200);
  await newWave(waveId);
  await load(waveId);
  const ids = (await working(waveId)).filter((r) => r.orderNumber === orderNumber).map((r) => r.id);
  await t.post('/api/tAfaViewWaveOrder/handleSelect', ids, admin);
  const added = await t.post<Out>('/api/tAfaViewWaveOrder/addOrder', { whId: PK.whId, waveId, userName: 'admin' }, admin);
  expect(added.body.data[0]!.outCode).toBe('SUCCESS');
};
const plain = (qty = '2') => [{ itemNumber: PK.itemPlain, qty }];

describe('the order lock flag', () => {
  it('keeps a locked order out of a wave-load run; unlocked, the next run lists it', async () => {
    await createConfirmedOrder(db(), plain(), { orderNumber: 'THD-L1', priority: 1 });
    expect((await lock('THD-L1', 'Y')).body).toMatchObject({ code: 200 });
    expect(await order('THD-L1')).toMatchObject({ status: 'C', lockFlag: 'Y' });
    await newWave('THD-WL1');
    expect((await load('THD-WL1')).body.data[0]!.outCode).toBe('SUCCESS');
    expect((await working('THD-WL1')).map((r) => r.orderNumber)).not.toContain('THD-L1');
    await lock('THD-L1', 'N');
    await load('THD-WL1');
    expect((await working('THD-WL1')).map((r) => r.orderNumber)).toContain('THD-L1');
  });

  it('addOrder refuses a locked order naming it, and adds none of the selected orders', async () => {
    await createConfirmedOrder(db(), plain(), { orderNumber: 'THD-L2A', priority: 1 });
    await createConfirmedOrder(db(), plain(), { orderNumber: 'THD-L2B', priority: 1 });
    await newWave('THD-WL2');
    await load('THD-WL2');
    const ids = (await working('THD-WL2')).filter((r) => ['THD-L2A', 'THD-L2B'].includes(String(r.orderNumber))).map((r) => r.id);
    expect(ids).toHaveLength(2);
    await t.post('/api/tAfaViewWaveOrder/handleSelect', ids, admin);
    await lock('THD-L2B', 'Y'); // locked after it was loaded
    const res = await t.post<Out>(
      '/api/tAfaViewWaveOrder/addOrder',
      { whId: PK.whId, waveId: 'THD-WL2', userName: 'admin' },
      admin,
    );
    expect(res.body.data).toEqual([
      {
        outCode: 'orderLocked',
        outMsg: 'Order THD-L2B is locked (lock flag Y): it cannot be loaded into a wave, added to one or released',
      },
    ]);
    expect(await order('THD-L2A')).toMatchObject({ status: 'C', waveId: null });
    expect(await order('THD-L2B')).toMatchObject({ status: 'C', waveId: null });
    const { rows } = await sql`select 1 from t_afo_wave_detail where wave_id = 'THD-WL2'`.execute(db());
    expect(rows).toEqual([]);
  });

  it('release refuses a wave holding a locked order, naming it; nothing is allocated; unlocked, it releases', async () => {
    await putStock(db(), [{ at: PK.p1, itemNumber: PK.itemPlain, qty: '2' }]);
    await insertWave(db(), 'THD-WL3', [{ orderNumber: 'THD-L3', lines: plain() }]);
    // In a wave being built (W) the lock flag still changes; nothing else of the header does.
    expect((await lock('THD-L3', 'Y')).body.code).toBe(200);
    const other = await t.post('/api/tOrder/save', { id: (await order('THD-L3')).id, remark: 'changed' }, admin);
    expect(other.body.msg).toBe('Order THD-L3 has status “In a wave”: a confirmed order cannot be changed');
    const res = await release('THD-WL3');
    expect(res.body.code).not.toBe(200);
    expect(res.body.msg).toBe('Order THD-L3 is locked (lock flag Y): it cannot be loaded into a wave, added to one or released');
    expect(await order('THD-L3')).toMatchObject({ status: 'W', lockFlag: 'Y' });
    const { rows } = await sql<{ status: string }>`select status from t_wave_master where wave_id = 'THD-WL3'`.execute(db());
    expect(rows[0]!.status).toBe('N');
    expect(await detailsOf(db(), 'THD-WL3')).toEqual([]);
    await lock('THD-L3', 'N');
    expect((await release('THD-WL3')).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 0 }] });
  });
});

describe('a line’s hold reason', () => {
  it('must be one of the client’s HOLD reasons (or one of every client); anything else is refused and nothing saved', async () => {
    const orderNumber = await createOrder(db(), plain(), { orderNumber: 'THD-H1' });
    for (const [reason, ok] of [
      ['THD-OTHER', false], // another client's HOLD reason
      ['THD-ADJ', false], // not a HOLD reason
      ['FREE-TEXT', false],
      ['THD-OWN', true],
      [PK.holdReason, true], // a HOLD reason without client serves every client
    ] as const) {
      const res = await saveHold(orderNumber, reason);
      if (ok) expect(res.body, reason).toMatchObject({ code: 200 });
      else {
        expect(res.body.code, reason).not.toBe(200);
        expect(res.body.msg).toBe(`Hold reason “${reason}” is not a hold reason (type HOLD) of client ${PK.client}`);
      }
    }
    expect((await lineRow(orderNumber)).holdReasonId).toBe(PK.holdReason);
    // A new line too.
    const added = await t.post(
      '/api/tOrderDetail/save',
      { whId: PK.whId, orderNumber, lineNumber: 2, itemNumber: PK.itemPlain, qty: '1', orderUom: 'EA', holdReasonId: 'THD-ADJ' },
      admin,
    );
    expect(added.body.code).not.toBe(200);
    const { rows } = await sql`select 1 from t_order_detail where order_number = ${orderNumber} and line_number = 2`.execute(
      db(),
    );
    expect(rows).toEqual([]);
    // The console's line dialog offers the same: the client's HOLD reasons only (getReason, type HOLD).
    const res = await t.post<{ optionValue: string }[]>(
      '/api/globalOptions/getReason',
      { whId: PK.whId, clientCode: PK.client, type: 'HOLD' },
      admin,
    );
    const values = res.body.data.map((o) => o.optionValue);
    expect(values).toEqual(expect.arrayContaining(['THD-OWN', PK.holdReason]));
    expect(values).not.toContain('THD-OTHER');
    expect(values).not.toContain('THD-ADJ');
    expect(tOrderDetail.fields.holdReasonId.lookup).toEqual({
      name: 'getReason',
      params: { whId: 'whId', clientCode: 'clientCode' },
      fixed: { type: 'HOLD' },
    });
  });

  it('a held line is short (HELD) at release; cleared while its order waits in a wave, the next release allocates it', async () => {
    await putStock(db(), [{ at: PK.p2, itemNumber: ITEM, qty: '20' }]);
    const lines = [
      { itemNumber: ITEM, qty: '3' },
      { itemNumber: ITEM, qty: '1' },
    ];
    // Order 1: its first line held before confirming.
    const first = await createOrder(db(), lines, { orderNumber: 'THD-S1' });
    expect((await saveHold(first, 'THD-OWN', { itemNumber: ITEM, qty: '3' })).body.code).toBe(200);
    await intoWave('THD-WS1B', first);
    expect((await release('THD-WS1B')).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 1 }] });
    const details = await sql<{ lineNumber: number; plannedQty: string; status: string; shortReason: string | null }>`
      select line_number, trim_scale(planned_qty)::text as planned_qty, status, short_reason from t_pick_detail
      where wave_id = 'THD-WS1B' order by line_number`.execute(db());
    expect(details.rows).toEqual([
      { lineNumber: 1, plannedQty: '0', status: 'S', shortReason: 'HELD' },
      { lineNumber: 2, plannedQty: '1', status: 'O', shortReason: null },
    ]);
    expect((await tasksOf(db(), 'THD-WS1B')).map((x) => [x.lineNumber, x.quantity])).toEqual([[2, '1']]);
    const log = await sql<{ errorCode: string; lineNumber: number }>`
      select error_code, line_number from exception_log where control_number = 'THD-WS1B' and tran_type = 'ALLOCATE'`.execute(
      db(),
    );
    expect(log.rows).toEqual([{ errorCode: 'allocationHeld', lineNumber: 1 }]);
    // The pick detail list (the wave and pick screens) shows the reason.
    const page = await t.post<PageResult<Row>>(
      '/api/tPickDetail/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { waveId: 'THD-WS1B' } },
      admin,
    );
    expect(page.body.data.content.map((r) => r.shortReason)).toEqual(['HELD', null]);

    // Order 2: held, confirmed and loaded into a wave; the hold is cleared there (the only change a line of a
    // confirmed order takes), and the release allocates it.
    const second = await createOrder(db(), [{ itemNumber: ITEM, qty: '2' }], { orderNumber: 'THD-S2' });
    await saveHold(second, 'THD-OWN');
    await intoWave('THD-WS2', second);
    expect(await order(second)).toMatchObject({ status: 'W' });
    // Its quantity does not change any more; a wrong reason is refused; clearing is accepted.
    const qty = await saveHold(second, null, { qty: '5' });
    expect(qty.body.msg).toBe('Order THD-S2 has status “In a wave”: a confirmed order cannot be changed');
    expect((await saveHold(second, 'THD-ADJ')).body.code).not.toBe(200);
    expect((await saveHold(second, null)).body).toMatchObject({ code: 200 });
    expect((await lineRow(second)).holdReasonId).toBeNull();
    expect((await release('THD-WS2')).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 0 }] });
    expect((await tasksOf(db(), 'THD-WS2')).map((x) => x.quantity)).toEqual(['2']);
  });
});
