/**
 * Lot and serial trace (issue 26 item 6, README "Lot and serial trace"): a lot received on a PO, allocated, picked, packed, labelled,
 * put in a delivery and handed over at a dock station (proof of delivery) is traced forward to its customer, order,
 * carton, delivery and POD, and backward from the delivery and the order to its lot and PO; a serial is traced through
 * its master row and lot; grants hide other clients' rows and other warehouses; sys:trace:view is required.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPo } from '../../../../tests/support/inboundFixture';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverAnswer, KioskDelivery } from '../../../shared/kiosk';
import type { TraceAnswer } from '../../../shared/trace';
import { forgetSessions } from '../../platform/session';
import { badgeSignIn, boundStation, HANDOVER_PERMISSIONS, handoverRequest, withStationKeys, worker } from '../kiosk/kioskTestKit';

let t: TestApp;
let admin: string;
let deliveryNumber: string;
let cartonNumber: string;
const db = () => t.connection.db;
const LOT = 'TTR-LOT1';
const OTHER_ITEM = 'TTR-DLOT';

const traceLot = (body: Record<string, unknown>, token = admin) =>
  t.post<TraceAnswer>('/api/trace/lot', { whId: PK.whId, ...body }, token);
const traceDoc = (body: Record<string, unknown>, token = admin) =>
  t.post<TraceAnswer>('/api/trace/delivery', { whId: PK.whId, ...body }, token);

async function receive(poNumber: string, qty: string): Promise<void> {
  const res = await t.post(
    '/api/globalOptions/addReceipt',
    { whId: PK.whId, poNumber, lineNumber: 1, qty, lotNumber: LOT, expirationDate: '2099-12-31', locationId: PK.p1 },
    admin,
  );
  expect(res.body.code, res.body.msg ?? '').toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${PK.whId}, 'TRCV-V', '追溯供应商 Trace vendor')`.execute(
    db(),
  );
  await sql`insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
    values (${PK.whId}, ${PK.otherClient}, ${OTHER_ITEM}, '别的客户批次 Other lot item', 'EA', 'Y')`.execute(db());
  // The lot arrives on two POs: 4 of the client's milk, and the same lot number of another client's item.
  await insertPo(db(), 'TTR-PO1', [{ lineNumber: 1, itemNumber: PK.itemLot, qty: '4', lotNumber: LOT }]);
  await insertPo(db(), 'TTR-PO2', [{ lineNumber: 1, itemNumber: OTHER_ITEM, qty: '5', lotNumber: LOT }], {
    clientCode: PK.otherClient,
  });
  await receive('TTR-PO1', '4');
  await receive('TTR-PO2', '5');
  // 3 of it go to a customer: allocated, picked, packed, labelled, in a delivery, handed over with a signed POD.
  const packed = await closedCartons(db(), 'TTR-W1', [
    { orderNumber: 'TTR-O1', lines: [{ itemNumber: PK.itemLot, qty: '3', lotNumber: LOT }], stock: false },
  ]);
  cartonNumber = packed.cartons[0]!;
  await sql`update t_order set customer_code = 'CUST-88', customer_name = '华东超市 East China Mart'
    where wh_id = ${PK.whId} and order_number = 'TTR-O1'`.execute(db());
  expect(
    (await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: [cartonNumber] }, admin)).body.code,
  ).toBe(200);
  const generated = await t.post<{ deliveryNumber: string }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, cartonNumbers: [cartonNumber] },
    admin,
  );
  deliveryNumber = generated.body.data.deliveryNumber;
  const station = await boundStation(t, admin, { name: 'DOCK-TTR', flows: ['HANDOVER'] });
  await worker(t, admin, 'ttr-loader', { permissions: HANDOVER_PERMISSIONS, warehouses: [PK.whId], badge: 'B-TTR' });
  const token = (await badgeSignIn(t, station.key, 'B-TTR')).body.data.token;
  const at = withStationKeys(t);
  const found = await at.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: deliveryNumber }, token);
  const handed = await at.post<HandoverAnswer>('/api/kiosk/delivery/handover', handoverRequest(found.body.data), token);
  expect(handed.body.code, handed.body.msg ?? '').toBe(200);
  await sql`insert into tbl_sn_master (wh_id, item_number, serial_number, lot_number, status, order_number)
    values (${PK.whId}, ${PK.itemLot}, 'TTR-SN1', ${LOT}, 'OUT', 'TTR-O1')`.execute(db());
});
afterAll(() => t.close());

describe('trace a lot forward (recall)', () => {
  it('answers which customers got the lot, with the order, carton, delivery and proof of delivery', async () => {
    const res = await traceLot({ lotNumber: LOT, itemNumber: PK.itemLot });
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    const a = res.body.data;
    expect(a.customers).toEqual([
      {
        customerCode: 'CUST-88',
        customerName: '华东超市 East China Mart',
        shipToName: '测试收货人 Test consignee',
        shipToCity: '宁波 Ningbo',
        orders: 'TTR-O1',
        deliveries: deliveryNumber,
        qty: '3',
      },
    ]);
    expect(a.orders).toEqual([expect.objectContaining({ orderNumber: 'TTR-O1', status: 'S', pickedQty: '3', lotNumber: LOT })]);
    expect(a.cartons).toEqual([expect.objectContaining({ cartonNumber, qty: '3', status: 'S', deliveryNumber })]);
    expect(a.deliveries).toEqual([expect.objectContaining({ deliveryNumber, status: 'S', carrierId: 'SF' })]);
    expect(a.pods).toEqual([expect.objectContaining({ deliveryNumber, driverName: 'Zhang Wei', stationName: 'DOCK-TTR' })]);
  });

  it('and backward: its receipt (PO, vendor, date), every ledger row, and what is left on hand', async () => {
    const a = (await traceLot({ lotNumber: LOT, itemNumber: PK.itemLot })).body.data;
    expect(a.receipts).toEqual([
      expect.objectContaining({
        poNumber: 'TTR-PO1',
        vendorCode: 'TRCV-V',
        vendorName: '追溯供应商 Trace vendor',
        itemNumber: PK.itemLot,
        qty: '4',
        expirationDate: '2099-12-31',
      }),
    ]);
    expect(a.receipts[0]!.receiptDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(new Set(a.movements.map((m) => m.tranType))).toEqual(new Set(['RECEIVE', 'ALLOCATE', 'PICK', 'PACK', 'SHIP']));
    expect(a.movements.every((m) => m.lotNumber === LOT && m.itemNumber === PK.itemLot)).toBe(true);
    expect(a.onHand).toEqual([expect.objectContaining({ locationId: PK.p1, actualQty: '1', lotNumber: LOT })]);
    expect(a.lots).toEqual([{ itemNumber: PK.itemLot, lotNumber: LOT, clientCode: PK.client, qty: '1' }]);
  });

  it('a lot number alone finds every item of that lot the user may see', async () => {
    const a = (await traceLot({ lotNumber: LOT })).body.data;
    expect(a.receipts.map((r) => r.poNumber).sort()).toEqual(['TTR-PO1', 'TTR-PO2']);
  });

  it('a serial: its master row, then its lot', async () => {
    const a = (await traceLot({ serialNumber: 'TTR-SN1' })).body.data;
    expect(a.serials).toEqual([expect.objectContaining({ serialNumber: 'TTR-SN1', lotNumber: LOT, status: 'OUT' })]);
    expect(a.receipts.map((r) => r.poNumber)).toEqual(['TTR-PO1']);
    expect(a.customers.map((c) => c.customerCode)).toEqual(['CUST-88']);
  });
});

describe('trace a delivery or an order backward', () => {
  it('a delivery → the lot it took and its PO, its order, customer and POD', async () => {
    const a = (await traceDoc({ deliveryNumber })).body.data;
    expect(a.lots).toEqual([{ itemNumber: PK.itemLot, lotNumber: LOT, clientCode: PK.client, qty: '3' }]);
    expect(a.receipts.map((r) => [r.poNumber, r.vendorCode, r.lotNumber])).toEqual([['TTR-PO1', 'TRCV-V', LOT]]);
    expect(a.orders.map((o) => o.orderNumber)).toEqual(['TTR-O1']);
    expect(a.customers.map((c) => c.customerName)).toEqual(['华东超市 East China Mart']);
    expect(a.pods.map((p) => p.deliveryNumber)).toEqual([deliveryNumber]);
    expect(a.serials.map((s) => s.serialNumber)).toEqual(['TTR-SN1']);
  });

  it('an order → the same lot and PO', async () => {
    const a = (await traceDoc({ orderNumber: 'TTR-O1' })).body.data;
    expect(a.lots).toEqual([{ itemNumber: PK.itemLot, lotNumber: LOT, clientCode: PK.client, qty: '3' }]);
    expect(a.receipts.map((r) => r.poNumber)).toEqual(['TTR-PO1']);
    expect(a.cartons.map((c) => c.cartonNumber)).toEqual([cartonNumber]);
  });

  it('an empty query is refused with a message; an unknown number answers empty sections', async () => {
    const res = await traceDoc({ deliveryNumber: ' ' });
    expect(res.body.msg).toBe('Type a lot, serial, delivery or order number');
    expect((await traceLot({})).body.msg).toBe('Type a lot, serial, delivery or order number');
    const none = (await traceDoc({ deliveryNumber: 'DL-NONE' })).body.data;
    expect([none.lots, none.orders, none.cartons, none.pods]).toEqual([[], [], [], []]);
  });
});

describe('grants and permission', () => {
  it('hide other clients’ rows, refuse another warehouse, and need sys:trace:view', async () => {
    await createUser(t, 'ttr-other', { permissions: ['sys:trace:view'], warehouses: [PK.whId] });
    await createUser(t, 'ttr-wh02', { permissions: ['sys:trace:view'], warehouses: ['WH02'] });
    await createUser(t, 'ttr-none', { permissions: ['sys:tStoredItem:view'], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = ${[PK.otherClient]}
      where user_id = (select id from sys_user where name = 'ttr-other')`.execute(db());
    forgetSessions(db());
    const other = await t.login('ttr-other', 'Secret#123');
    const a = (await traceLot({ lotNumber: LOT }, other)).body.data;
    expect(a.receipts.map((r) => r.poNumber)).toEqual(['TTR-PO2']);
    expect(a.movements.every((m) => m.clientCode === PK.otherClient)).toBe(true);
    expect(a.movements.length).toBeGreaterThan(0);
    expect([a.customers, a.orders, a.cartons, a.deliveries, a.pods]).toEqual([[], [], [], [], []]);
    const d = (await traceDoc({ deliveryNumber }, other)).body.data;
    expect([d.lots, d.receipts, d.orders, d.cartons, d.pods, d.serials]).toEqual([[], [], [], [], [], []]);
    const away = await traceLot({ lotNumber: LOT }, await t.login('ttr-wh02', 'Secret#123'));
    expect(away.body.msg).toBe('You have no access to warehouse WH01');
    const none = await traceLot({ lotNumber: LOT }, await t.login('ttr-none', 'Secret#123'));
    expect(none.status).toBe(403);
  });
});
