/**
 * Shipping a delivery through the API: its cartons' stock leaves the ledger (one SHIP row per carton line, control
 * number = delivery), no allocation and no open pick detail remain, cartons S, orders S with today's ship date, the
 * wave S; a delivery ships once; every later change of those cartons and orders is "Order has been shipped"; an order
 * split over two deliveries ships with the second; the delivery, dispatch and packing data calls; permissions.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';
import { inTransaction } from '../../db/transaction';
import { takeStock } from '../inventory/ledger.service';

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

const post = <T = Row>(call: string, body: Row, token = admin) =>
  t.post<T>(`/api/tblShippingLabel/${call}`, { whId: PK.whId, ...body }, token);
const ship = (deliveryNumber: string, token = admin) =>
  post<{ deliveryNumber: string; cartons: number; orders: number; shippedQty: string }>(
    'shippingByDelivery',
    { deliveryNumber },
    token,
  );

/** Each test its own item, so stock never crosses between tests. */
async function newItem(itemNumber: string, lot = false): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, unit_weight)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '测试 Test', 'EA', ${lot ? 'Y' : 'N'}, 0.5)`.execute(db());
  return itemNumber;
}

/** Labels the cartons and puts them in one new delivery; answers its number. */
async function delivered(cartonNumbers: string[]): Promise<string> {
  expect((await post('applyShipLabel', { cartonNumbers })).body.code).toBe(200);
  const res = await post<{ deliveryNumber: string }>('generateDelivery', { cartonNumbers });
  expect(res.body.code).toBe(200);
  return res.body.data.deliveryNumber;
}

async function stockOf(itemNumber: string) {
  const { rows } = await sql<{ locationId: string; huId: string | null; actual: string; allocated: string }>`
    select location_id, hu_id, trim_scale(actual_qty)::text as actual, trim_scale(allocated_qty)::text as allocated
    from t_stored_item where wh_id = ${PK.whId} and item_number = ${itemNumber} order by location_id, hu_id`.execute(db());
  return rows;
}

const today = async () =>
  (await sql<{ d: string }>`select to_char(current_date, 'YYYY-MM-DD') as d`.execute(db())).rows[0]?.d ?? '';

describe('shippingByDelivery', () => {
  it('ships every carton of the delivery: stock out (SHIP), pick details D, cartons S, orders S today, wave S', async () => {
    const item = await newItem('TSH-S1', true);
    const packed = await closedCartons(db(), 'TSH-S1', [
      { orderNumber: 'TSH-S1A', lines: [{ itemNumber: item, qty: '5', lotNumber: 'LA' }], cartons: 2 },
      {
        orderNumber: 'TSH-S1B',
        lines: [
          { itemNumber: item, qty: '1.5', lotNumber: 'LA' },
          { itemNumber: PK.itemPlain, qty: '2' },
        ],
      },
    ]);
    const dl = await delivered(packed.cartons);
    const cartonStock = async () =>
      (await stockOf(item)).filter((r) => r.huId !== null && packed.cartons.includes(r.huId)).length;
    expect(await cartonStock()).toBe(2 + 1);
    const res = await ship(dl);
    expect(res.body).toMatchObject({ code: 200, data: { deliveryNumber: dl, cartons: 3, orders: 2, shippedQty: '8.5' } });
    // No stock left in any of the cartons, nothing allocated, nothing at the staging location for these orders.
    const { rows: left } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item where wh_id = ${PK.whId} and hu_id = any(${packed.cartons}::varchar[])`.execute(
      db(),
    );
    expect(left[0]?.n).toBe(0);
    expect((await stockOf(item)).filter((r) => r.allocated !== '0')).toEqual([]);
    expect((await stockOf(item)).filter((r) => r.locationId === PK.staging)).toEqual([]);
    const { rows: ships } = await sql<{ huId: string; quantity: string; controlNumber: string; tranType: string }>`
      select hu_id, trim_scale(quantity)::text as quantity, control_number, tran_type from tran_log
      where wh_id = ${PK.whId} and tran_type = 'SHIP' and control_number = ${dl} order by hu_id, item_number`.execute(db());
    expect(ships).toHaveLength(4);
    expect(ships.reduce((sum, r) => sum + Number(r.quantity), 0)).toBe(-8.5);
    const { rows: details } = await sql<{ status: string; picked: string; packed: string; shipped: string }>`
      select status, trim_scale(picked_qty)::text as picked, trim_scale(packed_qty)::text as packed,
        trim_scale(shipped_qty)::text as shipped
      from t_pick_detail where wh_id = ${PK.whId} and wave_id = 'TSH-S1' order by order_number, line_number`.execute(db());
    expect(details).toEqual([
      { status: 'D', picked: '5', packed: '5', shipped: '5' },
      { status: 'D', picked: '1.5', packed: '1.5', shipped: '1.5' },
      { status: 'D', picked: '2', packed: '2', shipped: '2' },
    ]);
    const { rows: orders } = await sql<{ status: string; shipped: string }>`
      select status, to_char(actual_ship_date, 'YYYY-MM-DD') as shipped from t_order
      where wh_id = ${PK.whId} and order_number in ('TSH-S1A', 'TSH-S1B') order by order_number`.execute(db());
    const day = await today();
    expect(orders).toEqual([
      { status: 'S', shipped: day },
      { status: 'S', shipped: day },
    ]);
    const { rows: state } = await sql<{ wave: string; cartons: string; delivery: string; shipBy: string; timed: boolean }>`
      select (select status from t_wave_master where wh_id = ${PK.whId} and wave_id = 'TSH-S1') as wave,
        (select string_agg(distinct status, '') from tbl_shipping_label where delivery_number = ${dl}) as cartons,
        d.status as delivery, d.ship_by, d.ship_time is not null as timed
      from t_delivery d where d.wh_id = ${PK.whId} and d.delivery_number = ${dl}`.execute(db());
    expect(state[0]).toEqual({ wave: 'S', cartons: 'S', delivery: 'S', shipBy: 'admin', timed: true });

    // Shipped once: again is deliveryShipped; every change to those cartons and orders is refused as shipped.
    const again = await ship(dl);
    expect(again.body).toMatchObject({ errorCode: 'deliveryShipped' });
    expect(again.body.msg).toContain(dl);
    const shippedMsg =
      /^Operation failed\. Order has been shipped\. Modification is not allowed\. \(order TSH-S1A, status “Shipped”\)$/;
    for (const [call, body] of [
      ['applyShipLabel', { cartonNumbers: [packed.cartons[0]] }],
      ['generateDelivery', { cartonNumbers: [packed.cartons[0]] }],
      ['removeFromDelivery', { cartonNumbers: [packed.cartons[0]] }],
    ] as const) {
      const refused = await post(call, body);
      expect(refused.body).toMatchObject({ errorCode: 'orderShipped' });
      expect(refused.body.msg).toMatch(shippedMsg);
    }
    const cancel = await t.post('/api/tOrder/cancelOrder', { whId: PK.whId, orderNumber: 'TSH-S1A' }, admin);
    expect(cancel.body).toMatchObject({ errorCode: 'orderShipped' });
    expect((await post('getDeliveryData', { deliveryNumber: dl })).body.data).toMatchObject({ status: 'S' });
  });

  it('an order split over two deliveries stays in delivery until the second ships; the wave waits for it', async () => {
    const item = await newItem('TSH-S2');
    const packed = await closedCartons(db(), 'TSH-S2', [
      { orderNumber: 'TSH-S2A', lines: [{ itemNumber: item, qty: '4' }], cartons: 2 },
    ]);
    const [a, b] = packed.cartons as [string, string];
    const first = await delivered([a]);
    const second = await delivered([b]);
    expect((await ship(first)).body.data).toMatchObject({ cartons: 1, orders: 1, shippedQty: '2' });
    const status = async () =>
      (
        await sql<{ order: string; wave: string; detail: string; shipped: string }>`
        select o.status as order, w.status as wave, d.status as detail, trim_scale(d.shipped_qty)::text as shipped
        from t_order o join t_wave_master w on w.wh_id = o.wh_id and w.wave_id = o.wave_id
        join t_pick_detail d on d.wh_id = o.wh_id and d.order_number = o.order_number
        where o.wh_id = ${PK.whId} and o.order_number = 'TSH-S2A'`.execute(db())
      ).rows[0];
    expect(await status()).toEqual({ order: 'D', wave: 'C', detail: 'P', shipped: '2' });
    // The shipped carton is refused, the other may still leave its delivery.
    expect((await post('removeFromDelivery', { cartonNumbers: [a] })).body).toMatchObject({ errorCode: 'orderShipped' });
    expect((await ship(second)).body.data).toMatchObject({ cartons: 1, shippedQty: '2' });
    expect(await status()).toEqual({ order: 'S', wave: 'S', detail: 'D', shipped: '4' });
    expect(await stockOf(item)).toEqual([]);
  });

  it('a wave waits only for the orders that picked something', async () => {
    const item = await newItem('TSH-S3');
    const none = await newItem('TSH-S3-NONE');
    // The second order finds no stock at release: all short, nothing picked, it stays A; the wave completes.
    const packed = await closedCartons(db(), 'TSH-S3', [
      { orderNumber: 'TSH-S3A', lines: [{ itemNumber: item, qty: '1' }] },
      { orderNumber: 'TSH-S3B', lines: [{ itemNumber: none, qty: '1' }], stock: false },
    ]);
    expect(packed.orders[1]?.cartons).toEqual([]);
    const waveStatus = async () =>
      (
        await sql<{ s: string }>`select status as s from t_wave_master where wh_id = ${PK.whId} and wave_id = 'TSH-S3'`.execute(
          db(),
        )
      ).rows[0]?.s;
    expect(await waveStatus()).toBe('C');
    const dl = await delivered(packed.cartons);
    expect((await ship(dl)).body.code).toBe(200);
    expect(await waveStatus()).toBe('S');
    const { rows } = await sql<{ orderNumber: string; status: string }>`
      select order_number, status from t_order where wh_id = ${PK.whId} and wave_id = 'TSH-S3' order by order_number`.execute(
      db(),
    );
    expect(rows).toEqual([
      { orderNumber: 'TSH-S3A', status: 'S' },
      { orderNumber: 'TSH-S3B', status: 'A' },
    ]);
  });

  it('unknown delivery is notFound; :view only is 403; another warehouse or client is refused and nothing ships', async () => {
    const packed = await closedCartons(db(), 'TSH-S4', [
      { orderNumber: 'TSH-S4A', lines: [{ itemNumber: PK.itemPlain, qty: '1' }] },
    ]);
    const dl = await delivered(packed.cartons);
    expect((await ship('DL-NOPE')).body).toMatchObject({ errorCode: 'notFound' });
    await createUser(t, 'tsh-sviewer', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    const viewer = await t.login('tsh-sviewer', 'Secret#123');
    expect((await ship(dl, viewer)).status).toBe(403);
    for (const call of ['applyShipLabel', 'generateDelivery', 'removeFromDelivery']) {
      expect((await post(call, { cartonNumbers: packed.cartons }, viewer)).status).toBe(403);
    }
    await createUser(t, 'tsh-swh2', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: ['WH02'] });
    expect((await ship(dl, await t.login('tsh-swh2', 'Secret#123'))).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    await createUser(t, 'tsh-sclient', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsh-sclient')`.execute(db());
    // A delivery of a client the user is not granted is not there for them: refused as an unknown number.
    expect((await ship(dl, await t.login('tsh-sclient', 'Secret#123'))).body).toMatchObject({ errorCode: 'notFound' });
    const { rows } = await sql<{ status: string }>`
      select status from t_delivery where wh_id = ${PK.whId} and delivery_number = ${dl}`.execute(db());
    expect(rows[0]?.status).toBe('O');
    expect((await ship(dl)).body.code).toBe(200);
  });
});

describe('shippingByDelivery when a carton no longer holds its stock', () => {
  it('refuses the whole delivery with the spec’s shortage message and ships nothing', async () => {
    const item = await newItem('TSH-M1');
    const packed = await closedCartons(db(), 'TSH-M1', [
      { orderNumber: 'TSH-M1A', lines: [{ itemNumber: item, qty: '2' }] },
      { orderNumber: 'TSH-M1B', lines: [{ itemNumber: item, qty: '3' }] },
    ]);
    const dl = await delivered(packed.cartons);
    // One unit of the second carton went missing (an adjustment at the staging location, through the ledger).
    const [, second] = packed.cartons;
    await inTransaction(db(), (trx) =>
      takeStock(
        trx,
        { whId: PK.whId, locationId: PK.staging, itemNumber: item, lotNumber: null, huId: second!, storedAttributeId: null },
        '1',
        null,
      ),
    );
    const res = await ship(dl);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'exceedsAvailableStock' });
    expect(res.body.msg).toContain('Excess of available stock');
    expect(await stockOf(item)).toEqual([
      { locationId: PK.staging, huId: packed.cartons[0], actual: '2', allocated: '0' },
      { locationId: PK.staging, huId: second, actual: '2', allocated: '0' },
    ]);
    const { rows } = await sql<{ status: string }>`
      select status from t_delivery where wh_id = ${PK.whId} and delivery_number = ${dl}`.execute(db());
    expect(rows[0]?.status).toBe('O');
  });
});

describe('data calls', () => {
  it('getDeliveryData, getDispatchData and getPackageData describe a delivery and an order', async () => {
    const item = await newItem('TSH-G1', true);
    const packed = await closedCartons(db(), 'TSH-G1', [
      { orderNumber: 'TSH-G1A', lines: [{ itemNumber: item, qty: '3', lotNumber: 'G' }], cartons: 2 },
      { orderNumber: 'TSH-G1B', lines: [{ itemNumber: item, qty: '1', lotNumber: 'G' }] },
    ]);
    const dl = await delivered(packed.cartons);
    const note = await post<Row>('getDeliveryData', { deliveryNumber: dl });
    expect(note.body.data).toMatchObject({
      deliveryNumber: dl,
      status: 'O',
      carrierCode: 'SF',
      carrierName: '顺丰速运 SF Express',
      from: { whId: 'WH01' },
      createBy: 'admin',
      shipTime: null,
      // Logical weights (0.5 kg a unit + the M carton's 0.35 tare): TSH-G1A 1 + 2 units (0.85, 1.35), TSH-G1B 1 (0.85).
      totals: { cartons: 3, orders: 2, weight: '3.05' },
    });
    expect((note.body.data.cartons as Row[]).map((c) => c.cartonNumber)).toEqual([...packed.cartons].sort());
    expect((note.body.data.cartons as Row[])[0]).toMatchObject({ orderNumber: 'TSH-G1A', cartonType: 'M', weight: '0.85' });
    const dispatch = await post<Row>('getDispatchData', { deliveryNumber: dl });
    expect(dispatch.body.data).toMatchObject({ deliveryNumber: dl, carrierCode: 'SF' });
    expect(dispatch.body.data.orders).toMatchObject([
      { orderNumber: 'TSH-G1A', cartonCount: 2, weight: '2.2', shipTo: { name: '测试收货人 Test consignee' } },
      { orderNumber: 'TSH-G1B', cartonCount: 1, weight: '0.85' },
    ]);
    expect((dispatch.body.data.orders as Row[])[0]?.expressNumbers).toEqual([
      expect.stringMatching(/^SF\d{12}$/),
      expect.stringMatching(/^SF\d{12}$/),
    ]);
    const byDelivery = await post<Row>('getPackageData', { deliveryNumber: dl });
    expect(byDelivery.body.data).toMatchObject({ deliveryNumber: dl, from: { whId: 'WH01' } });
    expect(byDelivery.body.data.orders).toHaveLength(2);
    const byOrder = await post<Row>('getPackageData', { orderNumber: 'TSH-G1A' });
    expect(byOrder.body.data).toMatchObject({ deliveryNumber: null });
    const [order] = byOrder.body.data.orders as Row[];
    expect(order).toMatchObject({ orderNumber: 'TSH-G1A', carrierName: '顺丰速运 SF Express' });
    expect(order?.lines).toEqual([
      { cartonNumber: packed.cartons[0], itemNumber: item, description: '测试 Test', lotNumber: 'G', qty: '1', uom: 'EA' },
      { cartonNumber: packed.cartons[1], itemNumber: item, description: '测试 Test', lotNumber: 'G', qty: '2', uom: 'EA' },
    ]);
    // Refusals.
    expect((await post('getPackageData', {})).body).toMatchObject({ errorCode: 'packageQueryOneOf' });
    expect((await post('getPackageData', { deliveryNumber: dl, orderNumber: 'TSH-G1A' })).body).toMatchObject({
      errorCode: 'packageQueryOneOf',
    });
    expect((await post('getPackageData', { orderNumber: 'NOPE' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await post('getDeliveryData', { deliveryNumber: 'NOPE' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await post('getDispatchData', { deliveryNumber: 'NOPE' })).body).toMatchObject({ errorCode: 'notFound' });
    await createUser(t, 'tsh-gclient', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsh-gclient')`.execute(db());
    const other = await t.login('tsh-gclient', 'Secret#123');
    // A delivery of a client the user is not granted answers as an unknown number (nothing revealed).
    for (const call of ['getDeliveryData', 'getDispatchData', 'getPackageData']) {
      expect((await post(call, { deliveryNumber: dl }, other)).body).toMatchObject({ errorCode: 'notFound' });
    }
    expect((await post('getPackageData', { orderNumber: 'TSH-G1A' }, other)).body).toMatchObject({
      errorCode: 'clientNotGranted',
    });
    await createUser(t, 'tsh-gnone', { permissions: [], warehouses: [PK.whId] });
    expect((await post('getDeliveryData', { deliveryNumber: dl }, await t.login('tsh-gnone', 'Secret#123'))).status).toBe(403);
  });
});
