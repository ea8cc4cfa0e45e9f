import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../../tests/support/inventoryFixture';
import { createConfirmedOrder, createOrder } from '../../../../tests/support/orderFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import { forgetSessions } from '../../platform/session';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let viewer: string;
let adder: string;
let otherClient: string;
let wh02: string;
const CARRIER = 'TORD-SF';
const ALL = ['view', 'add', 'edit', 'delete'].map((a) => `sys:tOrder:${a}`);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.connection;
  await createInventoryFixture(db);
  await sql`insert into t_carrier (wh_id, carrier_code, carrier_name, status) values
    (${FIX.whId}, ${CARRIER}, '顺丰 SF', 'A')`.execute(db);
  admin = await t.login();
  await createUser(t, 'so-viewer', { permissions: ['sys:tOrder:view'], warehouses: ['WH01'] });
  await createUser(t, 'so-adder', { permissions: ['sys:tOrder:view', 'sys:tOrder:add'], warehouses: ['WH01'] });
  await createUser(t, 'so-other', { permissions: ALL, warehouses: ['WH01'] });
  await createUser(t, 'so-wh02', { permissions: ALL, warehouses: ['WH02'] });
  // so-other holds only the second client of WH01.
  await sql`update sys_user_warehouse set client_codes = ${[FIX.otherClient]}
    where user_id = (select id from sys_user where name = 'so-other')`.execute(db);
  forgetSessions(db);
  viewer = await t.login('so-viewer', 'Secret#123');
  adder = await t.login('so-adder', 'Secret#123');
  otherClient = await t.login('so-other', 'Secret#123');
  wh02 = await t.login('so-wh02', 'Secret#123');
});
afterAll(() => t.close());

const header = (over: Row = {}): Row => ({ whId: FIX.whId, clientCode: FIX.client, typeId: 'SO', ...over });
const saveOrder = (row: Row, token = admin) => t.post<number>('/api/tOrder/save', row, token);
const byPara = (filters: Row, token = admin, extra: Row = {}) =>
  t.post<PageResult<Row>>(
    '/api/tOrder/findPageByPara',
    { pageNum: 1, pageSize: 50, columnFilters: { whId: FIX.whId, ...filters }, ...extra },
    token,
  );
const orderById = async (id: number): Promise<Row> =>
  (await sql<Row>`select * from t_order where id = ${id}`.execute(t.connection.db)).rows[0]!;
const orderByNumber = async (orderNumber: string): Promise<Row> =>
  (await sql<Row>`select * from t_order where wh_id = ${FIX.whId} and order_number = ${orderNumber}`.execute(t.connection.db))
    .rows[0]!;
/** A new order (number from the series) and its number. */
async function newOrder(over: Row = {}): Promise<{ id: number; orderNumber: string }> {
  const res = await saveOrder(header(over));
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  const order = await orderById(res.body.data);
  return { id: res.body.data, orderNumber: String(order.orderNumber) };
}
/** Stands for the waves and picking parts: moves an order's status (and wave) as they do. */
const setStatus = (orderNumber: string, status: string, waveId: string | null = null) =>
  sql`update t_order set status = ${status}, wave_id = ${waveId} where wh_id = ${FIX.whId} and order_number = ${orderNumber}`.execute(
    t.connection.db,
  );
const action = (call: 'confirmOrder' | 'cancelOrder', orderNumber: string, token = admin, whId: string = FIX.whId) =>
  t.post<number>(`/api/tOrder/${call}`, { whId, orderNumber }, token);

const line = (orderNumber: string, over: Row = {}): Row => ({
  whId: FIX.whId,
  orderNumber,
  lineNumber: 1,
  itemNumber: FIX.itemPlain,
  qty: '10',
  orderUom: 'EA',
  ...over,
});
const saveLine = (row: Row, token = admin) => t.post<number>('/api/tOrderDetail/save', row, token);
const lines = async (orderNumber: string, token = admin) =>
  (
    await t.post<PageResult<Row>>(
      '/api/tOrderDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { whId: FIX.whId, orderNumber } },
      token,
    )
  ).body.data;

describe('order header', () => {
  it('numbers an order left blank from the ORDER series, skips numbers typed by hand, keeps a typed number', async () => {
    const first = await newOrder();
    expect(first.orderNumber).toMatch(/^SO\d{8}$/);
    const row = await orderById(first.id);
    expect(row).toMatchObject({ status: 'N', createBy: 'admin', clientCode: FIX.client, priority: 50, lockFlag: 'N' });
    const today = (await sql<{ d: string }>`select current_date::text as d`.execute(t.connection.db)).rows[0]!.d;
    expect(row.orderDate).toBe(today);
    const next = `SO${String(Number(first.orderNumber.slice(2)) + 1).padStart(8, '0')}`;
    expect((await saveOrder(header({ orderNumber: next }))).body.code).toBe(200);
    const after = await newOrder();
    expect(after.orderNumber).toBe(`SO${String(Number(first.orderNumber.slice(2)) + 2).padStart(8, '0')}`);
    const typed = await saveOrder(header({ orderNumber: 'TSO-TYPED-1' }));
    expect((await orderById(typed.body.data)).orderNumber).toBe('TSO-TYPED-1');
  });

  it('refuses a duplicate or malformed number, a missing client or type, unknown references and bad values', async () => {
    await saveOrder(header({ orderNumber: 'TSO-DUP' }));
    const dup = await saveOrder(header({ orderNumber: 'TSO-DUP' }));
    expect(dup.body).toMatchObject({ code: -10000, errorCode: 'duplicateKey' });
    expect(dup.body.msg).toContain('Order number');
    expect((await saveOrder(header({ orderNumber: 'SO 1' }))).body).toMatchObject({ errorCode: 'fieldInvalid' });
    expect((await saveOrder(header({ clientCode: '' }))).body).toMatchObject({ errorCode: 'clientEmpty' });
    expect((await saveOrder(header({ typeId: '' }))).body).toMatchObject({ errorCode: 'fieldRequired' });
    expect((await saveOrder(header({ typeId: 'STD' }))).body).toMatchObject({ errorCode: 'fieldNotInList' });
    expect((await saveOrder(header({ clientCode: 'NO-SUCH' }))).body).toMatchObject({ errorCode: 'referenceNotFound' });
    const carrier = await saveOrder(header({ carrierId: 'NO-SUCH' }));
    expect(carrier.body).toMatchObject({ errorCode: 'referenceNotFound' });
    expect(carrier.body.msg).toContain('Carrier');
    await sql`insert into t_carrier (wh_id, carrier_code, carrier_name, status) values (${FIX.whId}, 'TORD-OFF', 'Off', 'I')`.execute(
      t.connection.db,
    );
    expect((await saveOrder(header({ carrierId: 'TORD-OFF' }))).body).toMatchObject({
      errorCode: 'carrierInactive',
      msg: 'Carrier TORD-OFF is inactive: choose an active carrier',
    });
    for (const priority of [0, 100, '1.5']) {
      const res = await saveOrder(header({ priority }));
      expect(res.body.errorCode, String(priority)).toMatch(/^(orderPriorityRange|fieldNotNumber|fieldInvalid)$/);
    }
    expect((await saveOrder(header({ priority: 100 }))).body.msg).toBe('Priority must be a whole number from 1 to 99, not 100');
    expect((await saveOrder(header({ customerEmail: 'not-an-email' }))).body).toMatchObject({ errorCode: 'fieldInvalid' });
    expect((await saveOrder(header({ orderDate: '2031-02-30' }))).body).toMatchObject({ errorCode: 'fieldNotDate' });
    const window = await saveOrder(header({ earliestShipDate: '2031-05-02', latestShipDate: '2031-05-01' }));
    expect(window.body).toMatchObject({ errorCode: 'orderShipWindow' });
    expect(window.body.msg).toBe('The latest ship date 2031-05-01 is before the earliest ship date 2031-05-02');
    expect((await saveOrder(header({ lockFlag: 'X' }))).body).toMatchObject({ errorCode: 'fieldNotInList' });
  });

  it('stores every header field, keeps warehouse, client and number fixed, never takes server fields', async () => {
    const full = header({
      orderNumber: 'TSO-FULL',
      displayOrderNumber: 'WEB-1',
      storeOrderNumber: 'TM-1',
      typeId: 'TRF',
      priority: 10,
      orderDate: '2031-04-01',
      earliestShipDate: '2031-04-02',
      latestShipDate: '2031-04-05',
      carrierId: CARRIER,
      customerCode: 'CU-1',
      customerName: '客户 Customer',
      customerPhone: '138',
      customerEmail: 'c@example.com',
      shipToName: '收货人 Receiver',
      shipToPhone: '139',
      shipToAddr1: '一号路 1 Road',
      shipToAddr2: 'Gate 2',
      shipToCity: 'Hohhot',
      shipToState: 'NM',
      shipToZip: '011500',
      shipToCountryCode: 'CN',
      loadId: 'LD-1',
      lockFlag: 'Y',
      remark: '备注 remark',
    });
    const id = (await saveOrder({ ...full, status: 'S', waveId: 'WV1', actualShipDate: '2031-01-01', createBy: 'x' })).body.data;
    expect(await orderById(id)).toMatchObject({ status: 'N', waveId: null, actualShipDate: null, createBy: 'admin' });
    const res = await saveOrder({ ...full, id, clientCode: FIX.otherClient, orderNumber: 'TSO-OTHER', remark: 'changed' });
    expect(res.body.data).toBe(id);
    const page = await byPara({ orderNumber: 'TSO-FULL' });
    const { whId: _w, remark: _r, ...rest } = full;
    expect(page.body.data.content[0]).toMatchObject({ ...rest, remark: 'changed', status: 'N' });
  });

  it('edits and deletes only a new order; a confirmed one is refused naming it and its status', async () => {
    const order = await newOrder();
    expect((await saveOrder(header({ id: order.id, remark: 'still new' }))).body.data).toBe(order.id);
    for (const status of ['C', 'W', 'A', 'K', 'P', 'D', 'X']) {
      await setStatus(order.orderNumber, status);
      const edit = await saveOrder(header({ id: order.id, remark: 'late change' }));
      expect(edit.body, status).toMatchObject({ code: -10000, errorCode: 'orderNotChangeable' });
      const del = await t.post('/api/tOrder/delete', [{ id: order.id }], admin);
      expect(del.body, status).toMatchObject({ errorCode: 'orderNotChangeable' });
    }
    await setStatus(order.orderNumber, 'C');
    const confirmed = await saveOrder(header({ id: order.id, remark: 'late change' }));
    expect(confirmed.body.msg).toBe(`Order ${order.orderNumber} has status “Confirmed”: a confirmed order cannot be changed`);
    expect((await orderById(order.id)).remark).toBe('still new');
  });

  it('refuses every change of a shipped order with the spec’s words, naming the order', async () => {
    const order = await newOrder();
    await setStatus(order.orderNumber, 'S');
    const shipped = `Operation failed. Order has been shipped. Modification is not allowed. (order ${order.orderNumber}, status “Shipped”)`;
    const edit = await saveOrder(header({ id: order.id, remark: 'x' }));
    expect(edit.body).toMatchObject({ code: -10000, errorCode: 'orderShipped', msg: shipped });
    expect((await t.post('/api/tOrder/delete', [{ id: order.id }], admin)).body.msg).toBe(shipped);
    expect((await action('confirmOrder', order.orderNumber)).body.msg).toBe(shipped);
    expect((await action('cancelOrder', order.orderNumber)).body.msg).toBe(shipped);
    expect((await saveLine(line(order.orderNumber))).body.msg).toBe(shipped);
    const chinese = await t.app.inject({
      method: 'POST',
      url: '/api/tOrder/cancelOrder',
      headers: { token: admin, lang: 'zh_cn' },
      payload: { whId: FIX.whId, orderNumber: order.orderNumber },
    });
    expect(chinese.json().msg).toBe(`操作失败。订单已发货，不允许修改。（订单 ${order.orderNumber}，状态“已发运”）`);
  });

  it('deletes a new order with its lines', async () => {
    const order = await newOrder();
    expect((await saveLine(line(order.orderNumber))).body.data).toBeGreaterThan(0);
    expect((await t.post('/api/tOrder/delete', [{ id: order.id }], admin)).body).toMatchObject({ code: 200, data: 1 });
    expect((await lines(order.orderNumber)).totalSize).toBe(0);
    const { rows } = await sql`select 1 from t_order_detail where order_number = ${order.orderNumber}`.execute(t.connection.db);
    expect(rows).toHaveLength(0);
  });
});

describe('confirmOrder and cancelOrder', () => {
  it('confirms a new order with lines (N → C) once, recording who; a second confirm is unavailable', async () => {
    const order = await newOrder();
    await saveLine(line(order.orderNumber));
    expect((await action('confirmOrder', order.orderNumber)).body).toMatchObject({ code: 200, data: 1 });
    const row = await orderById(order.id);
    expect(row).toMatchObject({ status: 'C', confirmBy: 'admin' });
    expect(row.confirmTime).not.toBeNull();
    const again = await action('confirmOrder', order.orderNumber);
    expect(again.body).toMatchObject({ code: -10000, errorCode: 'orderUnavailable' });
    expect(again.body.msg).toBe(`Operation failed. Order is unavailable (order ${order.orderNumber}, status “Confirmed”)`);
  });

  it('refuses to confirm an order without lines, a cancelled one, and a missing one', async () => {
    const empty = await newOrder();
    const res = await action('confirmOrder', empty.orderNumber);
    expect(res.body).toMatchObject({ errorCode: 'orderWithoutLines' });
    expect(res.body.msg).toBe(`Order ${empty.orderNumber} has no lines: it cannot be confirmed`);
    expect((await orderById(empty.id)).status).toBe('N');
    await action('cancelOrder', empty.orderNumber);
    expect((await action('confirmOrder', empty.orderNumber)).body.msg).toContain('Cancelled');
    expect((await action('confirmOrder', 'NO-SUCH-ORDER')).body).toMatchObject({ errorCode: 'notFound' });
  });

  it('cancels a new or confirmed order (→ X) recording who; a second cancel is unavailable', async () => {
    const fresh = await newOrder();
    expect((await action('cancelOrder', fresh.orderNumber)).body).toMatchObject({ code: 200, data: 1 });
    expect(await orderById(fresh.id)).toMatchObject({ status: 'X', cancelBy: 'admin' });
    expect((await action('cancelOrder', fresh.orderNumber)).body).toMatchObject({ errorCode: 'orderUnavailable' });
    const confirmed = await createConfirmedOrder(t.connection.db, [{ itemNumber: FIX.itemPlain, qty: '2' }]);
    expect((await orderByNumber(confirmed)).status).toBe('C');
    expect((await action('cancelOrder', confirmed)).body.data).toBe(1);
    expect((await orderByNumber(confirmed)).status).toBe('X');
  });

  it('refuses to cancel an order in a wave or further on, naming it and its status', async () => {
    const order = await createConfirmedOrder(t.connection.db, [{ itemNumber: FIX.itemPlain, qty: '2' }]);
    for (const status of ['W', 'A', 'K', 'P', 'D']) {
      await setStatus(order, status, 'WV-T1');
      const res = await action('cancelOrder', order);
      expect(res.body, status).toMatchObject({ errorCode: 'orderUnavailable' });
      expect(res.body.msg).toContain(order);
    }
    await setStatus(order, 'W', 'WV-T1');
    expect((await action('cancelOrder', order)).body.msg).toBe(
      `Operation failed. Order is unavailable (order ${order}, status “In a wave”)`,
    );
    // A confirmed order still named by a wave is not cancelled either.
    await setStatus(order, 'C', 'WV-T1');
    expect((await action('cancelOrder', order)).body).toMatchObject({ errorCode: 'orderUnavailable' });
    expect((await orderByNumber(order)).status).toBe('C');
  });

  it('refuses a body without warehouse or number, or too long', async () => {
    expect((await t.post('/api/tOrder/confirmOrder', { whId: FIX.whId }, admin)).status).toBe(400);
    expect((await t.post('/api/tOrder/cancelOrder', { whId: FIX.whId, orderNumber: 'X'.repeat(31) }, admin)).status).toBe(400);
  });
});

describe('permissions and grants', () => {
  it('a user with view only reads, and cannot add, edit, delete, confirm or cancel orders or lines', async () => {
    const order = await newOrder();
    const saved = (await saveLine(line(order.orderNumber))).body.data;
    expect((await byPara({ orderNumber: order.orderNumber }, viewer)).body.data.totalSize).toBe(1);
    expect((await lines(order.orderNumber, viewer)).totalSize).toBe(1);
    expect((await saveOrder(header(), viewer)).status).toBe(403);
    expect((await saveOrder(header({ id: order.id, remark: 'x' }), viewer)).status).toBe(403);
    expect((await t.post('/api/tOrder/delete', [{ id: order.id }], viewer)).status).toBe(403);
    expect((await action('confirmOrder', order.orderNumber, viewer)).status).toBe(403);
    expect((await action('cancelOrder', order.orderNumber, viewer)).status).toBe(403);
    expect((await saveLine(line(order.orderNumber, { lineNumber: 2 }), viewer)).status).toBe(403);
    expect((await saveLine({ ...line(order.orderNumber), id: saved, qty: '3' }, viewer)).status).toBe(403);
    expect((await t.post('/api/tOrderDetail/batchDelete', [{ id: saved }], viewer)).status).toBe(403);
    expect((await orderById(order.id)).status).toBe('N');
    expect((await lines(order.orderNumber)).content[0]).toMatchObject({ qty: '10' });
  });

  it('a user who may add creates orders and lines but cannot edit, confirm, cancel or delete', async () => {
    const res = await saveOrder(header(), adder);
    expect(res.body.data).toBeGreaterThan(0);
    const order = await orderById(res.body.data);
    expect(order.createBy).toBe('so-adder');
    const orderNumber = String(order.orderNumber);
    expect((await saveOrder(header({ id: order.id, remark: 'x' }), adder)).status).toBe(403);
    const saved = await saveLine(line(orderNumber), adder);
    expect(saved.body.data).toBeGreaterThan(0);
    expect((await saveLine({ ...line(orderNumber), id: saved.body.data, qty: '3' }, adder)).status).toBe(403);
    expect((await action('confirmOrder', orderNumber, adder)).status).toBe(403);
    expect((await action('cancelOrder', orderNumber, adder)).status).toBe(403);
    expect((await t.post('/api/tOrder/delete', [{ id: order.id }], adder)).status).toBe(403);
  });

  it('hides another client’s orders and lines, answers data 0 to writes and refuses actions', async () => {
    const order = await newOrder({ remark: 'first client' });
    const lineId = (await saveLine(line(order.orderNumber))).body.data;
    expect((await byPara({}, otherClient)).body.data.content.some((r) => r.clientCode === FIX.client)).toBe(false);
    const generic = await t.post<PageResult<Row>>(
      '/api/tOrder/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: { whId: FIX.whId } },
      otherClient,
    );
    expect(generic.body.data.content.some((r) => r.clientCode === FIX.client)).toBe(false);
    expect((await lines(order.orderNumber, otherClient)).totalSize).toBe(0);
    expect((await saveOrder(header({ id: order.id, remark: 'theirs' }), otherClient)).body).toMatchObject({ data: 0 });
    expect((await saveOrder(header(), otherClient)).body).toMatchObject({ code: 200, data: 0 });
    expect((await t.post('/api/tOrder/delete', [{ id: order.id }], otherClient)).body).toMatchObject({ data: 0 });
    for (const call of ['confirmOrder', 'cancelOrder'] as const) {
      expect((await action(call, order.orderNumber, otherClient)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    }
    expect((await saveLine(line(order.orderNumber, { lineNumber: 2 }), otherClient)).body).toMatchObject({ data: 0 });
    expect((await saveLine({ ...line(order.orderNumber), id: lineId, qty: '1' }, otherClient)).body).toMatchObject({ data: 0 });
    expect((await t.post('/api/tOrderDetail/batchDelete', [{ id: lineId }], otherClient)).body).toMatchObject({ data: 0 });
    expect(await orderById(order.id)).toMatchObject({ status: 'N', remark: 'first client' });
    expect((await lines(order.orderNumber)).content[0]).toMatchObject({ qty: '10' });
    // Their own client's order is theirs to keep.
    const own = await saveOrder(header({ clientCode: FIX.otherClient }), otherClient);
    const ownNumber = String((await orderById(own.body.data)).orderNumber);
    expect((await saveLine(line(ownNumber, { itemNumber: FIX.itemOther }), otherClient)).body.data).toBeGreaterThan(0);
    expect((await action('confirmOrder', ownNumber, otherClient)).body.data).toBe(1);
  });

  it('another warehouse’s orders are not found, its lines not written, its actions refused', async () => {
    const order = await newOrder();
    expect((await byPara({}, wh02)).body.data.totalSize).toBe(0);
    expect((await lines(order.orderNumber, wh02)).totalSize).toBe(0);
    expect((await saveLine(line(order.orderNumber), wh02)).body).toMatchObject({ code: 200, data: 0 });
    expect((await saveOrder(header(), wh02)).body).toMatchObject({ data: 0 });
    for (const call of ['confirmOrder', 'cancelOrder'] as const) {
      expect((await action(call, order.orderNumber, wh02)).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    }
    const next = await t.post<number>(
      '/api/tOrderDetail/findNextLineNumber',
      { whId: FIX.whId, orderNumber: order.orderNumber },
      wh02,
    );
    expect(next.body.data).toBe(1);
    const dup = await t.post(
      '/api/tOrderDetail/findDuplicateLine',
      { whId: FIX.whId, orderNumber: order.orderNumber, lineNumber: 1 },
      wh02,
    );
    expect(dup.body.data).toBe(false);
  });
});

describe('findPageByPara', () => {
  let a = '';
  let b = '';
  let c = '';
  beforeAll(async () => {
    const { db } = t.connection;
    a = await createOrder(
      db,
      [
        { itemNumber: FIX.itemPlain, qty: '10.5' },
        { itemNumber: FIX.itemLot, qty: '4', lotNumber: 'L1' },
      ],
      {
        orderNumber: 'TSO-SEARCH-A',
        carrierId: CARRIER,
        customerCode: 'CU-A',
        orderDate: '2031-05-01',
        earliestShipDate: '2031-05-10',
        latestShipDate: '2031-05-12',
      },
    );
    b = await createConfirmedOrder(db, [{ itemNumber: FIX.itemPlain, qty: '3' }], {
      orderNumber: 'TSO-SEARCH-B',
      typeId: 'SMP',
      orderDate: '2031-06-01',
      latestShipDate: '2031-06-20',
    });
    c = await createConfirmedOrder(db, [{ itemNumber: FIX.itemPlain, qty: '1' }], {
      orderNumber: 'TSO-SEARCH-C',
      orderDate: '2031-07-01',
    });
    await setStatus(c, 'W', 'WV-SEARCH');
  });
  const numbers = async (filters: Row) =>
    (await byPara({ orderNumber: 'TSO-SEARCH-%', ...filters })).body.data.content.map((r) => r.orderNumber).sort();

  it('answers the page shape with each order’s line count and total quantity', async () => {
    const res = await byPara({ orderNumber: 'TSO-SEARCH-A' });
    expect(res.body.data).toMatchObject({ totalSize: 1, pageNum: 1, pageSize: 50 });
    expect(res.body.data.content[0]).toMatchObject({
      orderNumber: a,
      lineCount: 2,
      totalQty: '14.5',
      status: 'N',
      orderDate: '2031-05-01',
    });
  });

  it('filters by number with %, status (one or several), type, carrier, customer, item, wave and date ranges', async () => {
    expect(await numbers({})).toEqual([a, b, c]);
    expect(await numbers({ orderNumber: '%SEARCH-B' })).toEqual([b]);
    expect(await numbers({ status: 'C' })).toEqual([b]);
    expect(await numbers({ status: ['N', 'W'] })).toEqual([a, c]);
    expect(await numbers({ status: '%' })).toEqual([a, b, c]);
    expect(await numbers({ status: ['S', 'X'] })).toEqual([]);
    expect(await numbers({ typeId: 'SMP' })).toEqual([b]);
    expect(await numbers({ carrierId: CARRIER })).toEqual([a]);
    expect(await numbers({ customerCode: 'CU-%' })).toEqual([a]);
    expect(await numbers({ itemNumber: FIX.itemLot })).toEqual([a]);
    expect(await numbers({ waveId: 'WV-SEARCH' })).toEqual([c]);
    expect(await numbers({ orderDateFrom: '2031-06-01' })).toEqual([b, c]);
    expect(await numbers({ orderDateFrom: '2031-05-15', orderDateTo: '2031-06-15' })).toEqual([b]);
    expect(await numbers({ shipDateFrom: '2031-05-11', shipDateTo: '2031-05-11' })).toEqual([a]);
    expect(await numbers({ shipDateFrom: '2031-06-01' })).toEqual([b]);
    expect(await numbers({ shipDateTo: '2031-05-09' })).toEqual([]);
    expect(await numbers({ clientCode: FIX.otherClient })).toEqual([]);
  });

  it('sorts by a sortable column and refuses a bad date, sort or status', async () => {
    const sorted = await byPara({ orderNumber: 'TSO-SEARCH-%' }, admin, { sort: { field: 'orderNumber', order: 'desc' } });
    expect(sorted.body.data.content.map((r) => r.orderNumber)).toEqual([c, b, a]);
    const byDate = await byPara({ orderNumber: 'TSO-SEARCH-%' }, admin, { sort: { field: 'orderDate', order: 'asc' } });
    expect(byDate.body.data.content.map((r) => r.orderNumber)).toEqual([a, b, c]);
    const bad = await byPara({ shipDateFrom: '2031-02-30' });
    expect(bad.body).toMatchObject({ code: -10000, errorCode: 'fieldNotDate' });
    expect(bad.body.msg).toContain('Ship date from');
    expect((await byPara({}, admin, { sort: { field: 'customerPhone', order: 'asc' } })).body).toMatchObject({
      errorCode: 'unknownSort',
    });
    expect((await byPara({ status: 'Z' })).status).toBe(400);
    expect((await byPara({ orderNumber: 'X'.repeat(31) })).status).toBe(400);
  });
});
