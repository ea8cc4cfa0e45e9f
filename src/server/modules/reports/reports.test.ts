/**
 * The analytic reports through the API (README "Reports"): known activity — three receipts of client TQAC (two put
 * away), one of client TQAD, priced items, aged stock; three orders of TINVC and TINVD picked, packed and shipped in
 * three deliveries (one short), an open order; three counts — and each report's figures checked exactly; the filters'
 * refusals; and the grants: a user of client TQAD sees none of the other clients' figures, a user of another warehouse
 * none at all.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedOrder } from '../../../../tests/support/orderFixture';
import { createPickFixture, PK, putStock } from '../../../../tests/support/pickFixture';
import { createPutawayFixture, QA, receive } from '../../../../tests/support/putawayFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { REPORT_NAMES, REPORTS, type ReportAnswer, reportUrl } from '../../../shared/reports';
import { up } from '../../db/migrations/0036_reports';
import { up as up0040 } from '../../db/migrations/0040_more_reports';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let otherClient: string;
let otherWarehouse: string;
let today: string;
const db = () => t.connection.db;
const VENDOR = 'TQA-V1';
const RANGE = { dateFrom: '2026-03-02', dateTo: '2026-03-03' };
/** The outbound activity's days (shipped 3 and 4 November 2025) and the counts' day. */
const OUT = { dateFrom: '2025-11-03', dateTo: '2025-11-04' };
const COUNTED = { dateFrom: '2025-11-05', dateTo: '2025-11-05' };
/** Count accuracy of TQAD's one count: 8 on the book, 7 counted, its item valued at nothing. */
const TQAD_COUNT = {
  groupKey: '2025-11-05',
  locations: 1,
  exactLocations: 0,
  locationAccuracy: '0.0000',
  countLines: 1,
  diffLines: 1,
  accuracy: '0.0000',
  varianceQty: '1.000',
  varianceValue: '0.000',
};
/** Count accuracy of TQAC's two counts (one location each): 10 counted 9 (priced 2.50), 4 counted 4. */
const TQAC_COUNT = {
  locations: 2,
  exactLocations: 1,
  locationAccuracy: '0.5000',
  countLines: 2,
  diffLines: 1,
  accuracy: '0.5000',
  varianceQty: '1.000',
  varianceValue: '2.500',
};
let carriers: Record<string, string>;
const ALL_VIEWS = REPORT_NAMES.map((name) => `sys:${REPORTS[name].resource}:view`);

const report = (name: string, body: Row, token = admin) =>
  t.post<ReportAnswer>(`/api/report/${name}`, { whId: QA.whId, ...body }, token);
const rows = async (name: string, body: Row, token = admin) => {
  const answer = await report(name, body, token);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.truncated).toBe(false);
  return answer.body.data.rows;
};

/** Puts a receipt row away to one location through the API: a PUTAWAY task, approved. */
async function putAway(receiptRowId: number, destLocationId: string, qty: number): Promise<string> {
  const made = await t.post<{ taskId: string }>(
    '/api/tReceipt/createPutawayTasks',
    { whId: QA.whId, lines: [{ receiptRowId, destLocationId, qty }] },
    admin,
  );
  expect(made.body.code).toBe(200);
  const approved = await t.post(
    '/api/tblInvMovement/approvePlannedMove',
    { whId: QA.whId, taskId: made.body.data.taskId },
    admin,
  );
  expect(approved.body.code).toBe(200);
  return made.body.data.taskId;
}

/** Labels, delivers and ships cartons through the API; answers the delivery number. */
async function ship(cartonNumbers: string[]): Promise<string> {
  const labelled = await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers }, admin);
  expect(labelled.body.code, JSON.stringify(labelled.body)).toBe(200);
  const delivery = await t.post<{ deliveryNumber: string }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, cartonNumbers },
    admin,
  );
  expect(delivery.body.code, JSON.stringify(delivery.body)).toBe(200);
  const { deliveryNumber } = delivery.body.data;
  const shipped = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: PK.whId, deliveryNumber }, admin);
  expect(shipped.body.code, JSON.stringify(shipped.body)).toBe(200);
  return deliveryNumber;
}

/** Counts what one location-and-item task finds through the API (generated, then saved with the count). */
async function count(zone: string, itemNumber: string, qty: string): Promise<void> {
  const made = await t.post('/api/tblCycleCountTask/generateCountTaskByLocItem', { whId: QA.whId, zone, itemNumber }, admin);
  expect(made.body.code, JSON.stringify(made.body)).toBe(200);
  const found = await t.post<{ content: Row[] }>(
    '/api/tblCycleCountTask/findPage',
    { pageNum: 1, pageSize: 10, columnFilters: { whId: QA.whId, itemNumber, status: 'N' } },
    admin,
  );
  const task = found.body.data.content[0]!;
  const saved = await t.post('/api/tblCycleCountTask/save', { ...task, cycleCountQty: qty }, admin);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
}

/**
 * The outbound activity (client TINVC unless said): RPT-O1 (4 units, two cartons) shipped by SF on 3 November 3 hours
 * after its confirmation; RPT-O2 (3 ordered, 2 in stock: short one) shipped by SF on 4 November 29 hours after it;
 * RPT-O3 of TINVD (1 unit) shipped by JD on 3 November 24 hours after it; RPT-O4 confirmed on 3 November, open.
 * The three picks by two pickers: picker-a RPT-O1 at 08:00 and RPT-O2 at 10:30, picker-b RPT-O3 at 09:00.
 */
async function outboundActivity(): Promise<void> {
  await putStock(db(), [{ at: PK.p1, itemNumber: PK.itemPlain, qty: '2' }]);
  const packed = await closedCartons(db(), 'RPT-W1', [
    { orderNumber: 'RPT-O1', lines: [{ itemNumber: PK.itemPlain, qty: '4' }], cartons: 2 },
    { orderNumber: 'RPT-O2', lines: [{ itemNumber: PK.itemPlain, qty: '3' }], stock: false },
    { orderNumber: 'RPT-O3', lines: [{ itemNumber: PK.itemOther, qty: '1' }], clientCode: PK.otherClient, carrierId: 'JD' },
  ]);
  const cartonsOf = (i: number) => packed.orders[i]!.cartons;
  const shippedAt = async (deliveryNumber: string, time: string) => {
    await sql`update t_delivery set ship_time = ${time}::timestamptz where wh_id = ${PK.whId} and delivery_number = ${deliveryNumber}`.execute(
      db(),
    );
    await sql`update tbl_shipping_label set ship_time = ${time}::timestamptz
      where wh_id = ${PK.whId} and delivery_number = ${deliveryNumber}`.execute(db());
    // A shipped order's ship day is its last carton's.
    await sql`update t_order o set actual_ship_date = (select max(c.ship_time)::date from tbl_shipping_label c
        where c.wh_id = o.wh_id and c.order_number = o.order_number)
      where o.wh_id = ${PK.whId} and o.status = 'S' and o.order_number in (select order_number from tbl_shipping_label
        where wh_id = ${PK.whId} and delivery_number = ${deliveryNumber})`.execute(db());
  };
  await shippedAt(await ship(cartonsOf(0)), '2025-11-03 10:00');
  await shippedAt(await ship(cartonsOf(1)), '2025-11-04 14:00');
  await shippedAt(await ship(cartonsOf(2)), '2025-11-03 16:00');
  await createConfirmedOrder(db(), [{ itemNumber: PK.itemPlain, qty: '1' }], { orderNumber: 'RPT-O4' });
  // Confirmed (handed to the warehouse) at these times; entered a day earlier, which the order cycle does not count.
  const confirmed = (order: string, time: string) =>
    sql`update t_order set confirm_time = ${time}::timestamptz, create_time = ${time}::timestamptz - interval '1 day'
      where wh_id = ${PK.whId} and order_number = ${order}`.execute(db());
  await confirmed('RPT-O1', '2025-11-03 07:00');
  await confirmed('RPT-O2', '2025-11-03 09:00');
  await confirmed('RPT-O3', '2025-11-02 16:00');
  await confirmed('RPT-O4', '2025-11-03 12:00');
  const picked = (order: string, picker: string, time: string) =>
    sql`update tran_log set employee_id = ${picker}, tran_date = ${time}::timestamptz
      where wh_id = ${PK.whId} and tran_type = 'PICK' and description = ${`${order}/1`}`.execute(db());
  await picked('RPT-O1', 'picker-a', '2025-11-03 08:00');
  await picked('RPT-O2', 'picker-a', '2025-11-03 10:30');
  await picked('RPT-O3', 'picker-b', '2025-11-03 09:00');
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await createPutawayFixture(db());
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${QA.whId}, ${VENDOR}, '报表供应商 Report vendor')`.execute(
    db(),
  );
  await sql`update t_po_master set vendor_code = ${VENDOR} where wh_id = ${QA.whId} and po_number in (${QA.po}, ${QA.otherPo})`.execute(
    db(),
  );
  await sql`update t_item_master set price = 2.5 where wh_id = ${QA.whId} and item_number = ${QA.itemZ1}`.execute(db());
  admin = await t.login();
  await createUser(t, 'rpt-other-client', { permissions: ALL_VIEWS, warehouses: [QA.whId] });
  await sql`update sys_user_warehouse set client_codes = array[${QA.otherClient}]::varchar[]
    where user_id = (select id from sys_user where name = 'rpt-other-client')`.execute(db());
  otherClient = await t.login('rpt-other-client', 'Secret#123');
  await createUser(t, 'rpt-other-wh', { permissions: ALL_VIEWS, warehouses: ['WH02'] });
  otherWarehouse = await t.login('rpt-other-wh', 'Secret#123');

  // Three receipts of TQAC (10 and 4 put away, 6 waiting) and one of TQAD (8, awaiting inspection).
  const a = await receive(db(), { receiptId: 'RPT-A', itemNumber: QA.itemZ1, qty: 10 });
  const b = await receive(db(), { receiptId: 'RPT-B', itemNumber: QA.itemZ1b, qty: 4 });
  const c = await receive(db(), { receiptId: 'RPT-C', itemNumber: QA.itemZ1, qty: 6 });
  const d = await receive(db(), { receiptId: 'RPT-D', itemNumber: QA.itemOther, qty: 8 });
  const taskA = await putAway(a, 'TQA-Z1-01', 10);
  const taskB = await putAway(b, 'TQA-Z1-05', 4);
  // The clock of the activity: received on 2 and 3 March, put away 30 minutes and 6 hours after receipt.
  const at = (id: number, time: string) =>
    sql`update t_receipt set receipt_date = ${time}::timestamptz where id = ${id}`.execute(db());
  await at(a, '2026-03-02 08:00:00');
  await at(b, '2026-03-02 09:00:00');
  await at(c, '2026-03-03 10:00:00');
  await at(d, '2026-03-02 11:00:00');
  const approved = (taskId: string, time: string) =>
    sql`update tbl_inv_movement set approve_time = ${time}::timestamptz where wh_id = ${QA.whId} and task_id = ${taskId}`.execute(
      db(),
    );
  await approved(taskA, '2026-03-02 08:30:00');
  await approved(taskB, '2026-03-02 15:00:00');
  // The item put away to Z1-05 came in 45 days ago (FIFO date), the rest today.
  await sql`update t_stored_item set fifo_date = current_date - 45 where wh_id = ${QA.whId} and item_number = ${QA.itemZ1b}`.execute(
    db(),
  );
  const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db());
  today = rows[0]!.today;

  await outboundActivity();
  const { rows: named } = await sql<{ carrierCode: string; carrierName: string }>`
    select carrier_code, carrier_name from t_carrier where wh_id = ${PK.whId} and carrier_code in ('SF', 'JD')`.execute(db());
  carriers = Object.fromEntries(named.map((c) => [c.carrierCode, c.carrierName]));
  // Counts on 5 November: TQAC's two put-away rows (10 counted 9, 4 counted 4), TQAD's waiting row (8 counted 7).
  await count('TQA-Z1', QA.itemZ1, '9');
  await count('TQA-Z1', QA.itemZ1b, '4');
  await count('TQA-STG', QA.itemOther, '7');
  await sql`update tbl_cycle_count_task set count_time = '2025-11-05 10:00' where wh_id = ${QA.whId} and count_time is not null`.execute(
    db(),
  );
  await sql`update tran_log set tran_date = '2025-11-05 10:00' where wh_id = ${QA.whId} and tran_type = 'COUNT'`.execute(db());
  // The activity is built through the services and the API (four receipts, two putaway tasks, three sign-ins): more
  // than the default minute on a loaded two-core machine.
}, 180_000);
afterAll(() => t.close());

describe('inboundVolume', () => {
  it('counts receipts, lines and base quantity by day and vendor', async () => {
    expect(await rows('inboundVolume', { ...RANGE, clientCode: QA.client })).toEqual([
      { day: '2026-03-02', vendorCode: VENDOR, vendorName: '报表供应商 Report vendor', receipts: 2, lines: 2, qty: '14.000' },
      { day: '2026-03-03', vendorCode: VENDOR, vendorName: '报表供应商 Report vendor', receipts: 1, lines: 1, qty: '6.000' },
    ]);
    // Every client: TQAD's receipt joins 2 March; one day only; one item only.
    expect(
      (await rows('inboundVolume', RANGE)).filter((r) => r.vendorCode === VENDOR).map((r) => [r.day, r.receipts, r.qty]),
    ).toEqual([
      ['2026-03-02', 3, '22.000'],
      ['2026-03-03', 1, '6.000'],
    ]);
    expect(await rows('inboundVolume', { dateFrom: '2026-03-03', dateTo: '2026-03-03', clientCode: QA.client })).toHaveLength(1);
    expect((await rows('inboundVolume', { ...RANGE, clientCode: QA.client, itemNumber: QA.itemZ1b }))[0]).toMatchObject({
      day: '2026-03-02',
      lines: 1,
      qty: '4.000',
    });
  });
});

describe('dockToStock', () => {
  it('puts each receipt line in its bucket of hours from receipt to the putaway that completed it', async () => {
    const zero = { lines: 0, qty: '0.000', share: '0.0000', avgHours: null, maxHours: null };
    expect(await rows('dockToStock', { ...RANGE, clientCode: QA.client })).toEqual([
      { bucket: 'h0to1', lines: 1, qty: '10.000', share: '0.3333', avgHours: '0.50', maxHours: '0.50' },
      { bucket: 'h1to4', ...zero },
      { bucket: 'h4to8', lines: 1, qty: '4.000', share: '0.3333', avgHours: '6.00', maxHours: '6.00' },
      { bucket: 'h8to24', ...zero },
      { bucket: 'h24to48', ...zero },
      { bucket: 'h48plus', ...zero },
      { bucket: 'waiting', lines: 1, qty: '6.000', share: '0.3333', avgHours: null, maxHours: null },
    ]);
  });
});

describe('stockValue', () => {
  it('values stock at price × quantity by zone, client and item category, unpriced quantity apart', async () => {
    expect(await rows('stockValue', { groupBy: 'zone', clientCode: QA.client })).toEqual([
      { groupKey: 'TQA-Z1', items: 2, qty: '14.000', value: '25.000', unpricedQty: '4.000' },
      { groupKey: 'TQA-STG', items: 1, qty: '6.000', value: '15.000', unpricedQty: '0.000' },
    ]);
    // By zone when no group is chosen.
    expect(await rows('stockValue', { clientCode: QA.client })).toEqual(
      await rows('stockValue', { groupBy: 'zone', clientCode: QA.client }),
    );
    expect(await rows('stockValue', { groupBy: 'client', zone: 'TQA-STG' })).toEqual(
      expect.arrayContaining([
        { groupKey: QA.client, items: 1, qty: '6.000', value: '15.000', unpricedQty: '0.000' },
        { groupKey: QA.otherClient, items: 1, qty: '8.000', value: '0.000', unpricedQty: '8.000' },
      ]),
    );
    await sql`update t_item_master set item_category = 'TQA-CAT' where wh_id = ${QA.whId} and item_number = ${QA.itemZ1}`.execute(
      db(),
    );
    expect(await rows('stockValue', { groupBy: 'category', clientCode: QA.client })).toEqual([
      { groupKey: 'TQA-CAT', items: 1, qty: '16.000', value: '40.000', unpricedQty: '0.000' },
      { groupKey: '', items: 1, qty: '4.000', value: '0.000', unpricedQty: '4.000' },
    ]);
  });
});

describe('stockAgeing', () => {
  it('buckets stock by days since its FIFO date, with value and share of the quantity', async () => {
    const empty = { rowCount: 0, qty: '0.000', value: '0.000', share: '0.0000' };
    expect(await rows('stockAgeing', { clientCode: QA.client })).toEqual([
      { bucket: 'd0to30', rowCount: 2, qty: '16.000', value: '40.000', share: '0.8000' },
      { bucket: 'd31to60', rowCount: 1, qty: '4.000', value: '0.000', share: '0.2000' },
      { bucket: 'd61to90', ...empty },
      { bucket: 'd91to180', ...empty },
      { bucket: 'd181to365', ...empty },
      { bucket: 'd365plus', ...empty },
    ]);
    expect((await rows('stockAgeing', { clientCode: QA.client, zone: 'TQA-Z1' })).slice(0, 2)).toEqual([
      { bucket: 'd0to30', rowCount: 1, qty: '10.000', value: '25.000', share: '0.7143' },
      { bucket: 'd31to60', rowCount: 1, qty: '4.000', value: '0.000', share: '0.2857' },
    ]);
  });
});

describe('locationUse', () => {
  it('counts the active locations of each zone holding stock, empty ones and the share occupied', async () => {
    // Z1: six active locations (Z1-OFF is inactive), two holding TQAC's stock; STG: the two receiving lanes, one holding.
    expect(await rows('locationUse', { clientCode: QA.client, zone: 'TQA-Z1' })).toEqual([
      { zone: 'TQA-Z1', locations: 6, occupied: 2, empty: 4, share: '0.3333' },
    ]);
    expect(await rows('locationUse', { clientCode: QA.client, zone: 'TQA-STG' })).toEqual([
      { zone: 'TQA-STG', locations: 2, occupied: 1, empty: 1, share: '0.5000' },
    ]);
  });
});

describe('tranVolume', () => {
  it('counts ledger changes and the quantity they moved by day and type', async () => {
    expect(await rows('tranVolume', { dateFrom: today, dateTo: today, clientCode: QA.client })).toEqual([
      { day: today, tranType: 'PUTAWAY', transactions: 2, qty: '14.000' },
      { day: today, tranType: 'RECEIVE', transactions: 3, qty: '20.000' },
    ]);
  });
});

describe('outboundVolume', () => {
  it('counts deliveries, orders, lines, cartons and base quantity shipped by day and carrier', async () => {
    const sf = { carrierCode: 'SF', carrierName: carriers.SF, deliveries: 1, orders: 1, orderLines: 1 };
    expect(await rows('outboundVolume', { ...OUT, clientCode: PK.client })).toEqual([
      { day: '2025-11-03', ...sf, cartons: 2, qty: '4.000' },
      { day: '2025-11-04', ...sf, cartons: 1, qty: '2.000' },
    ]);
    expect(await rows('outboundVolume', OUT)).toEqual([
      {
        day: '2025-11-03',
        carrierCode: 'JD',
        carrierName: carriers.JD,
        deliveries: 1,
        orders: 1,
        orderLines: 1,
        cartons: 1,
        qty: '1.000',
      },
      { day: '2025-11-03', ...sf, cartons: 2, qty: '4.000' },
      { day: '2025-11-04', ...sf, cartons: 1, qty: '2.000' },
    ]);
    expect(await rows('outboundVolume', { ...OUT, itemNumber: PK.itemOther })).toHaveLength(1);
    expect(await rows('outboundVolume', { dateFrom: '2025-11-04', dateTo: '2025-11-04' })).toHaveLength(1);
  });
});

describe('orderCycle', () => {
  it('puts each order shipped on the days in its bucket of hours from confirmation to shipment, open ones apart', async () => {
    const zero = { orders: 0, share: '0.0000', avgHours: null, maxHours: null };
    expect(await rows('orderCycle', { ...OUT, clientCode: PK.client })).toEqual([
      { bucket: 'h0to4', orders: 1, share: '0.3333', avgHours: '3.00', maxHours: '3.00' },
      { bucket: 'h4to8', ...zero },
      { bucket: 'h8to24', ...zero },
      { bucket: 'h24to48', orders: 1, share: '0.3333', avgHours: '29.00', maxHours: '29.00' },
      { bucket: 'h48to72', ...zero },
      { bucket: 'h72plus', ...zero },
      { bucket: 'open', orders: 1, share: '0.3333', avgHours: null, maxHours: null },
    ]);
    const every = await rows('orderCycle', OUT);
    expect(every.filter((r) => r.orders !== 0)).toEqual([
      { bucket: 'h0to4', orders: 1, share: '0.2500', avgHours: '3.00', maxHours: '3.00' },
      { bucket: 'h24to48', orders: 2, share: '0.5000', avgHours: '26.50', maxHours: '29.00' },
      { bucket: 'open', orders: 1, share: '0.2500', avgHours: null, maxHours: null },
    ]);
    // 4 November alone: RPT-O2 shipped that day; nothing confirmed that day is open.
    expect((await rows('orderCycle', { dateFrom: '2025-11-04', dateTo: '2025-11-04' })).filter((r) => r.orders !== 0)).toEqual([
      { bucket: 'h24to48', orders: 1, share: '1.0000', avgHours: '29.00', maxHours: '29.00' },
    ]);
  });
});

describe('fillRate', () => {
  it('counts the lines of the orders shipped each day, complete and short, and the line and quantity fill rates', async () => {
    expect(await rows('fillRate', { ...OUT, clientCode: PK.client })).toEqual([
      {
        day: '2025-11-03',
        orderLines: 1,
        completeLines: 1,
        shortLines: 0,
        orderedQty: '4.000',
        shippedQty: '4.000',
        lineFillRate: '1.0000',
        qtyFillRate: '1.0000',
      },
      {
        day: '2025-11-04',
        orderLines: 1,
        completeLines: 0,
        shortLines: 1,
        orderedQty: '3.000',
        shippedQty: '2.000',
        lineFillRate: '0.0000',
        qtyFillRate: '0.6667',
      },
    ]);
    expect((await rows('fillRate', OUT))[0]).toMatchObject({
      day: '2025-11-03',
      orderLines: 2,
      completeLines: 2,
      orderedQty: '5.000',
    });
  });
});

describe('pickProductivity', () => {
  it('counts each picker’s confirmed picks, quantity, orders, waves, span and picks per active hour', async () => {
    const a = {
      picker: 'picker-a',
      pickLines: 2,
      qty: '6.000',
      orders: 2,
      waves: 1,
      firstPick: '2025-11-03 08:00',
      lastPick: '2025-11-03 10:30',
      activeHours: '2.50',
      linesPerHour: '0.80',
    };
    expect(await rows('pickProductivity', { ...OUT, clientCode: PK.client })).toEqual([a]);
    // picker-b's lone pick counts one hour.
    expect(await rows('pickProductivity', OUT)).toEqual([
      a,
      {
        picker: 'picker-b',
        pickLines: 1,
        qty: '1.000',
        orders: 1,
        waves: 1,
        firstPick: '2025-11-03 09:00',
        lastPick: '2025-11-03 09:00',
        activeHours: '1.00',
        linesPerHour: '1.00',
      },
    ]);
  });
});

describe('countAccuracy', () => {
  it('counts locations counted each day and those exact, lines with a difference, accuracy and the variance with its value', async () => {
    expect(await rows('countAccuracy', { ...COUNTED, clientCode: QA.client })).toEqual([
      { groupKey: '2025-11-05', ...TQAC_COUNT },
    ]);
    expect(await rows('countAccuracy', COUNTED)).toEqual([
      {
        groupKey: '2025-11-05',
        locations: 3,
        exactLocations: 1,
        locationAccuracy: '0.3333',
        countLines: 3,
        diffLines: 2,
        accuracy: '0.3333',
        varianceQty: '2.000',
        varianceValue: '2.500',
      },
    ]);
    // Zone TQA-STG holds TQAD's count alone.
    expect(await rows('countAccuracy', { ...COUNTED, zone: 'TQA-STG' })).toEqual([TQAD_COUNT]);
    expect(await rows('countAccuracy', { ...COUNTED, itemNumber: QA.itemZ1b })).toMatchObject([{ countLines: 1, diffLines: 0 }]);
    // Grouped by day when no group is sent, as when the day is asked for.
    expect(await rows('countAccuracy', { ...COUNTED, zone: 'TQA-STG', groupBy: 'day' })).toEqual([TQAD_COUNT]);
  });

  it('groups the variance by zone and by item, the largest variance value first', async () => {
    expect(await rows('countAccuracy', { ...COUNTED, groupBy: 'zone' })).toEqual([
      // TQA-Z1 holds TQAC's two counts.
      { groupKey: 'TQA-Z1', ...TQAC_COUNT },
      { ...TQAD_COUNT, groupKey: 'TQA-STG' },
    ]);
    const line = (item: string, exact: 0 | 1, value: string) => ({
      groupKey: item,
      locations: 1,
      exactLocations: exact,
      locationAccuracy: exact ? '1.0000' : '0.0000',
      countLines: 1,
      diffLines: 1 - exact,
      accuracy: exact ? '1.0000' : '0.0000',
      varianceQty: exact ? '0.000' : '1.000',
      varianceValue: value,
    });
    // Variance value, then quantity, then the item: TQAC's 2.50, TQAD's 1 unpriced, TQAC-B exact.
    expect(await rows('countAccuracy', { ...COUNTED, groupBy: 'item' })).toEqual([
      line(QA.itemZ1, 0, '2.500'),
      line(QA.itemOther, 0, '0.000'),
      line(QA.itemZ1b, 1, '0.000'),
    ]);
    // The grants and filters apply as by day: client B's user sees TQAD alone; the zone filter narrows the items.
    expect(await rows('countAccuracy', { ...COUNTED, groupBy: 'item' }, otherClient)).toEqual([line(QA.itemOther, 0, '0.000')]);
    expect(await rows('countAccuracy', { ...COUNTED, groupBy: 'item', zone: 'TQA-Z1' })).toEqual([
      line(QA.itemZ1, 0, '2.500'),
      line(QA.itemZ1b, 1, '0.000'),
    ]);
  });

  it('refuses a group the report does not have', async () => {
    const answer = await report('countAccuracy', { ...COUNTED, groupBy: 'category' });
    expect(answer.body.code).toBe(400);
    expect((await report('stockValue', { groupBy: 'day' })).body.code).toBe(400);
  });
});

describe('definitions', () => {
  it('open each report at the url the console maps to the report screen, under its own view permission', async () => {
    for (const name of REPORT_NAMES) expect(REPORTS[name].url, name).toBe(reportUrl(name));
    const { rows: menus } = await sql<{ url: string; perms: string }>`
      select s.url, b.perms from sys_menu s join sys_menu b on b.parent_id = s.id where s.url like 'Wms/Rpt%' order by s.url`.execute(
      db(),
    );
    expect(menus).toHaveLength(REPORT_NAMES.length);
    for (const name of REPORT_NAMES)
      expect(menus, name).toContainEqual({ url: REPORTS[name].url, perms: `sys:${REPORTS[name].resource}:view` });
  });
});

describe('filters', () => {
  it('refuses a missing or reversed or too long date range, naming the filter', async () => {
    const missing = await report('inboundVolume', { dateTo: '2026-03-03' });
    expect(missing.body).toMatchObject({ code: -10000, errorCode: 'fieldRequired', msg: 'From is required' });
    const reversed = await report('tranVolume', { dateFrom: '2026-03-04', dateTo: '2026-03-03' });
    expect(reversed.body).toMatchObject({ errorCode: 'dateRangeInvalid', msg: 'From cannot be later than To' });
    const long = await report('dockToStock', { dateFrom: '2025-01-01', dateTo: '2026-03-03' });
    expect(long.body).toMatchObject({ errorCode: 'reportRangeTooLong', msg: 'The date range is at most 366 days' });
    const notDate = await report('dockToStock', { dateFrom: '2026-02-30', dateTo: '2026-03-03' });
    expect(notDate.body).toMatchObject({ errorCode: 'fieldNotDate' });
  });
});

describe('grants', () => {
  it("shows a user of client TQAD none of TQAC's figures, in every report", async () => {
    const mine = await rows('inboundVolume', RANGE, otherClient);
    expect(mine.filter((r) => r.vendorCode === VENDOR)).toEqual([
      { day: '2026-03-02', vendorCode: VENDOR, vendorName: '报表供应商 Report vendor', receipts: 1, lines: 1, qty: '8.000' },
    ]);
    expect(await rows('inboundVolume', { ...RANGE, clientCode: QA.client }, otherClient)).toEqual([]);
    const d2s = await rows('dockToStock', { ...RANGE, clientCode: QA.client }, otherClient);
    expect(d2s.every((r) => r.lines === 0)).toBe(true);
    expect((await rows('dockToStock', RANGE, otherClient)).find((r) => r.bucket === 'waiting')).toMatchObject({
      lines: 1,
      qty: '8.000',
    });
    expect(await rows('stockValue', { groupBy: 'client' }, otherClient)).toEqual([
      { groupKey: QA.otherClient, items: 1, qty: '8.000', value: '0.000', unpricedQty: '8.000' },
    ]);
    expect((await rows('stockAgeing', { clientCode: QA.client }, otherClient)).every((r) => r.rowCount === 0)).toBe(true);
    // TQAD's stock is at the receiving lane only: Z1 is all empty for its user; the lane it shares with TQAC counts once.
    expect(await rows('locationUse', { zone: 'TQA-Z1' }, otherClient)).toEqual([
      { zone: 'TQA-Z1', locations: 6, occupied: 0, empty: 6, share: '0.0000' },
    ]);
    expect(await rows('locationUse', { zone: 'TQA-STG' }, otherClient)).toEqual([
      { zone: 'TQA-STG', locations: 2, occupied: 1, empty: 1, share: '0.5000' },
    ]);
    const volume = await rows('tranVolume', { dateFrom: today, dateTo: today }, otherClient);
    expect(volume.every((r) => r.tranType === 'RECEIVE' || r.tranType === 'HOLD')).toBe(true);
    expect(await rows('tranVolume', { dateFrom: today, dateTo: today, clientCode: QA.client }, otherClient)).toEqual([]);
    // Nothing outbound is TQAD's: no deliveries, orders, fill rate or picks of TINVC or TINVD.
    expect(await rows('outboundVolume', OUT, otherClient)).toEqual([]);
    expect((await rows('orderCycle', OUT, otherClient)).every((r) => r.orders === 0)).toBe(true);
    expect(await rows('fillRate', OUT, otherClient)).toEqual([]);
    expect(await rows('pickProductivity', OUT, otherClient)).toEqual([]);
    // Its own count only: TQAD's row counted 7 of 8.
    expect(await rows('countAccuracy', COUNTED, otherClient)).toEqual([TQAD_COUNT]);
    expect(await rows('countAccuracy', { ...COUNTED, clientCode: QA.client }, otherClient)).toEqual([]);
  });

  it('refuses a warehouse the user does not hold', async () => {
    for (const name of REPORT_NAMES) {
      const answer = await report(name, { ...RANGE, groupBy: 'zone' }, otherWarehouse);
      expect(answer.body, name).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    }
  });
});

describe('migrations 0036_reports and 0040_more_reports', () => {
  // Last: it takes the report screens away (and with them the test users' role rows) before putting them back.
  it('give a database seeded before the reports their screens and view buttons under Logs and reports', async () => {
    await sql`delete from sys_menu where parent_id in (select id from sys_menu where url like 'Wms/Rpt%')`.execute(db());
    await sql`delete from sys_menu where url like 'Wms/Rpt%'`.execute(db());
    await up(db() as unknown as Kysely<unknown>);
    const { rows: first } = await sql<{ url: string }>`select url from sys_menu where url like 'Wms/Rpt%'`.execute(db());
    expect(first).toHaveLength(6);
    await up0040(db() as unknown as Kysely<unknown>);
    // Run again, it adds nothing twice.
    await up0040(db() as unknown as Kysely<unknown>);
    const { rows: menus } = await sql<{ parent: string; url: string; perms: string }>`
      select p.name_en as parent, s.url, b.perms from sys_menu s join sys_menu p on p.id = s.parent_id
      join sys_menu b on b.parent_id = s.id where s.url like 'Wms/Rpt%'`.execute(db());
    expect(menus).toHaveLength(REPORT_NAMES.length);
    for (const name of REPORT_NAMES)
      expect(menus).toContainEqual({
        parent: 'Logs and reports',
        url: REPORTS[name].url,
        perms: `sys:${REPORTS[name].resource}:view`,
      });
  });
});
