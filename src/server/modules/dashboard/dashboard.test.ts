/**
 * The home dashboard (README): known activity built through the API and the services — 3 receipts of 4 lines and a
 * putaway task of 2 lines (client TQAC); two orders picked, packed into 3 cartons, one shipped in a delivery; a wave
 * half picked; a confirmed order; a held stock row; a row expiring in 5 days (client TINVC); a dock station calling in —
 * and each figure checked exactly. Grants: a user of client TINVD sees none of it, another warehouse is refused, a
 * client not granted is refused; the remembered choice follows the user and falls back when it no longer holds.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedOrder } from '../../../../tests/support/orderFixture';
import {
  createPickFixture,
  insertWave,
  PICK_FIXTURE_USER,
  PK,
  putStock,
  releaseBody,
} from '../../../../tests/support/pickFixture';
import { createPutawayFixture, QA, receive } from '../../../../tests/support/putawayFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { DashboardAnswer, DashboardChoice } from '../../../shared/dashboard';
import { boundStation, stationPost } from '../kiosk/kioskTestKit';
import { releaseWaves } from '../outbound/allocation.service';
import { completeWavePick } from '../outbound/picking.service';

let t: TestApp;
let admin: string;
let limited: string;
let elsewhere: string;
const db = () => t.connection.db;
const VIEW = 'sys:dashboard:view';

const tiles = (body: Record<string, unknown>, token = admin) =>
  t.post<DashboardAnswer>('/api/dashboard/tiles', { whId: PK.whId, ...body }, token);

/** The figures of one client, without the time stamps. */
async function figures(clientCode: string, token = admin) {
  const res = await tiles({ clientCode }, token);
  expect(res.body.code, res.body.msg ?? '').toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await createPutawayFixture(db());
  admin = await t.login();

  // Inbound, client TQAC: receipts D-R1 (two lines), D-R2, D-R3; D-R2's 4 units put away on two lines.
  await receive(db(), { receiptId: 'D-R1', itemNumber: QA.itemZ1, qty: 5 });
  await receive(db(), { receiptId: 'D-R1', itemNumber: QA.itemZ1b, qty: 2 });
  const r2 = await receive(db(), { receiptId: 'D-R2', itemNumber: QA.itemDefault, qty: 4 });
  await receive(db(), { receiptId: 'D-R3', itemNumber: QA.itemZ1, qty: 3 });
  const task = await t.post<{ taskId: string }>(
    '/api/tReceipt/createPutawayTasks',
    {
      whId: QA.whId,
      lines: [
        { receiptRowId: r2, destLocationId: 'TQA-Z4-01', qty: '3' },
        { receiptRowId: r2, destLocationId: 'TQA-Z1-01', qty: '1' },
      ],
    },
    admin,
  );
  expect(task.body.code, task.body.msg ?? '').toBe(200);
  const approved = await t.post(
    '/api/tblInvMovement/approvePlannedMove',
    { whId: QA.whId, taskId: task.body.data.taskId },
    admin,
  );
  expect(approved.body.code, approved.body.msg ?? '').toBe(200);

  // Outbound, client TINVC: DSH-O1 (4 units, 2 cartons) and DSH-O2 (2 units, 1 carton) picked and packed; DSH-O2 shipped.
  const packed = await closedCartons(db(), 'DSH-W1', [
    { orderNumber: 'DSH-O1', lines: [{ itemNumber: PK.itemPlain, qty: '4' }], cartons: 2 },
    { orderNumber: 'DSH-O2', lines: [{ itemNumber: PK.itemPlain, qty: '2' }] },
  ]);
  const shipCarton = packed.orders[1]!.cartons;
  expect(
    (await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: shipCarton }, admin)).body.code,
  ).toBe(200);
  const delivery = await t.post<{ deliveryNumber: string }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, cartonNumbers: shipCarton },
    admin,
  );
  expect(delivery.body.code, delivery.body.msg ?? '').toBe(200);
  const shipped = await t.post(
    '/api/tblShippingLabel/shippingByDelivery',
    { whId: PK.whId, deliveryNumber: delivery.body.data.deliveryNumber },
    admin,
  );
  expect(shipped.body.code, shipped.body.msg ?? '').toBe(200);

  // A wave half picked: two lines of 3, one picked.
  await putStock(db(), [{ at: PK.p2, itemNumber: PK.itemPlain, qty: '6' }]);
  await insertWave(db(), 'DSH-W2', [
    { orderNumber: 'DSH-O3', lines: [{ itemNumber: PK.itemPlain, qty: '3' }] },
    { orderNumber: 'DSH-O4', lines: [{ itemNumber: PK.itemPlain, qty: '3' }] },
  ]);
  await releaseWaves(db(), releaseBody(['DSH-W2']), PICK_FIXTURE_USER);
  const { rows: open } = await sql<{ id: number; pickLocation: string; quantity: string }>`
    select id, pick_location, trim_scale(quantity)::text as quantity from t_wave_pick_task
    where wh_id = ${PK.whId} and wave_id = 'DSH-W2' order by order_number, id`.execute(db());
  expect(open.map((o) => o.quantity)).toEqual(['3', '3']);
  const first = open[0]!;
  await completeWavePick(
    db(),
    { id: first.id, qty: first.quantity, locationId: first.pickLocation, lotNumber: null, huId: null },
    PICK_FIXTURE_USER,
  );

  // A confirmed order (C), a held row, a row expiring in 5 days.
  await insertWaveless();
  await putStock(db(), [
    { at: PK.p3, itemNumber: PK.itemLot, qty: '7', lotNumber: 'DSH-LOT', expirationDate: inDays(5) },
    { at: PK.i1, itemNumber: PK.itemPlain, qty: '2' },
  ]);
  const { rows: held } = await sql<{ id: number }>`
    select id from t_stored_item where wh_id = ${PK.whId} and location_id = ${PK.i1} and item_number = ${PK.itemPlain}`.execute(
    db(),
  );
  const hold = await t.post(
    '/api/tStoredItem/holdReleaseInventory',
    { ids: [held[0]!.id], hold: true, reasonId: PK.holdReason },
    admin,
  );
  expect(hold.body.code, hold.body.msg ?? '').toBe(200);

  await createUser(t, 'dsh-limited', { permissions: [VIEW], warehouses: [PK.whId] });
  await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
    where user_id = (select id from sys_user where name = 'dsh-limited')`.execute(db());
  limited = await t.login('dsh-limited', 'Secret#123');
  await createUser(t, 'dsh-wh02', { permissions: [VIEW], warehouses: ['WH02'] });
  elsewhere = await t.login('dsh-wh02', 'Secret#123');
});
afterAll(() => t.close());

/** A confirmed order of the fixture's client, in no wave. */
async function insertWaveless(): Promise<void> {
  await createConfirmedOrder(db(), [{ itemNumber: PK.itemPlain, qty: '1' }], { orderNumber: 'DSH-O5' });
}

function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('the figures of known activity', () => {
  it('counts receipts (documents and lines) and putaway lines of the day and the week', async () => {
    const a = await figures(QA.client);
    expect(a.receipts).toEqual({ today: 3, week: 3 });
    expect(a.receiptLines).toEqual({ today: 4, week: 4 });
    expect(a.putaways).toEqual({ today: 2, week: 2 });
    // Nothing outbound for this client.
    expect(a.picks).toEqual({ today: 0, week: 0 });
    expect(a.cartonsPacked).toEqual({ today: 0, week: 0 });
    expect(a.ordersByStatus).toEqual({});
  });

  it('counts picks (by hour), open orders by status, waves in progress with their picked share, cartons and deliveries', async () => {
    const a = await figures(PK.client);
    // DSH-W1: two tasks; DSH-W2: one of two.
    expect(a.picks).toEqual({ today: 3, week: 3 });
    // Today's picks by hour of the database's clock: all 3 within the last hour or two (a run may cross an hour).
    expect(a.picksByHour.reduce((sum, h) => sum + h.picks, 0)).toBe(3);
    const hourNow = Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: a.timeZone }).format(new Date(a.asOf)),
    );
    expect(a.picksByHour.at(-1)!.hour).toBe(hourNow);
    // DSH-O1 packed, DSH-O3 picking (its task picked), DSH-O4 allocated, DSH-O5 confirmed; DSH-O2 shipped is no more open.
    expect(a.ordersByStatus).toEqual({ A: 1, C: 1, K: 1, P: 1 });
    expect(a.wavesInProgress).toBe(1);
    expect(a.waves).toEqual([
      { waveId: 'DSH-W2', status: 'P', releasedDate: expect.any(String), qty: '6', pickedQty: '3', shortQty: '0' },
    ]);
    expect(a.cartonsPacked).toEqual({ today: 3, week: 3 });
    expect(a.deliveriesShipped).toEqual({ today: 1, week: 1 });
    expect(a.receipts).toEqual({ today: 0, week: 0 });
  });

  it('counts open exceptions and expiring stock', async () => {
    const a = await figures(PK.client);
    expect(a.exceptions).toEqual({
      heldStock: 1,
      shortPicks: 0,
      failedInspectionsToday: 0,
      failedWebhooks: 0,
      refusalsToday: 0,
    });
    expect(a.expiringStock).toBe(1);
    // The expiring-stock report's own count agrees (one count, `expiringStockCount`).
    const report = await t.post<{ totalSize: number }>(
      '/api/vExpiringStock/findPageByPara',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: PK.whId, clientCode: PK.client } },
      admin,
    );
    expect(report.body.data.totalSize).toBe(1);
  });

  it('counts dock stations in use and those that called in within two minutes', async () => {
    const before = (await figures('')).stations;
    const station = await boundStation(t, admin, { name: 'DOCK-DSH', flows: ['HANDOVER'] });
    const bound = (await figures('')).stations;
    expect(bound.active).toBe(before.active + 1);
    await stationPost(t, '/api/kiosk/station', {}, station.key);
    expect((await figures('')).stations).toEqual({ active: before.active + 1, online: before.online + 1 });
    await sql`update t_kiosk_station set last_seen = now() - interval '3 minutes' where id = ${station.id}`.execute(db());
    expect((await figures('')).stations).toEqual({ active: before.active + 1, online: before.online });
  });

  it('answers the day and week bounds in the database time zone', async () => {
    const a = await figures('');
    expect(new Date(a.dayStart).getTime()).toBeLessThanOrEqual(new Date(a.asOf).getTime());
    expect(new Date(a.weekStart).getTime()).toBeLessThanOrEqual(new Date(a.dayStart).getTime());
    expect(a.timeZone).toMatch(/\S/);
  });
});

describe('grants', () => {
  it('shows a user of client TINVD none of the other clients’ figures', async () => {
    const a = (await tiles({}, limited)).body.data;
    expect(a.receipts).toEqual({ today: 0, week: 0 });
    expect(a.receiptLines).toEqual({ today: 0, week: 0 });
    expect(a.putaways).toEqual({ today: 0, week: 0 });
    expect(a.picks).toEqual({ today: 0, week: 0 });
    expect(a.picksByHour).toEqual([]);
    expect(a.ordersByStatus).toEqual({});
    expect(a.wavesInProgress).toBe(0);
    expect(a.waves).toEqual([]);
    expect(a.cartonsPacked).toEqual({ today: 0, week: 0 });
    expect(a.deliveriesShipped).toEqual({ today: 0, week: 0 });
    expect(a.exceptions).toEqual({ heldStock: 0, shortPicks: 0, failedInspectionsToday: 0, failedWebhooks: 0, refusalsToday: 0 });
    expect(a.expiringStock).toBe(0);
  });

  it('refuses a client not granted and a warehouse not held, as the other routes do', async () => {
    expect((await tiles({ clientCode: PK.client }, limited)).body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect((await tiles({}, elsewhere)).body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    expect((await t.post('/api/dashboard/saveChoice', { whId: PK.whId }, elsewhere)).body).toMatchObject({
      errorCode: 'warehouseNotGranted',
    });
  });

  it('answers 403 without the permission', async () => {
    await createUser(t, 'dsh-none', { permissions: ['sys:tOrder:view'], warehouses: [PK.whId] });
    const token = await t.login('dsh-none', 'Secret#123');
    expect((await tiles({}, token)).status).toBe(403);
  });
});

describe('the remembered choice', () => {
  it('starts at the first warehouse held, then remembers the choice on the server for every session', async () => {
    expect((await t.post<DashboardChoice>('/api/dashboard/choice', {}, elsewhere)).body.data).toEqual({
      whId: 'WH02',
      clientCode: '',
    });
    const saved = await t.post<DashboardChoice>('/api/dashboard/saveChoice', { whId: 'WH02', clientCode: 'ACME' }, elsewhere);
    expect(saved.body.data).toEqual({ whId: 'WH02', clientCode: 'ACME' });
    // Another machine: a new session of the same user.
    const again = await t.login('dsh-wh02', 'Secret#123');
    expect((await t.post<DashboardChoice>('/api/dashboard/choice', {}, again)).body.data).toEqual({
      whId: 'WH02',
      clientCode: 'ACME',
    });
  });

  it('falls back when the remembered warehouse or client is no longer granted', async () => {
    await t.post('/api/dashboard/saveChoice', { whId: PK.whId, clientCode: PK.otherClient }, limited);
    await sql`update sys_user_warehouse set client_codes = array['ACME']::varchar[]
      where user_id = (select id from sys_user where name = 'dsh-limited')`.execute(db());
    const token = await t.login('dsh-limited', 'Secret#123');
    expect((await t.post<DashboardChoice>('/api/dashboard/choice', {}, token)).body.data).toEqual({
      whId: PK.whId,
      clientCode: '',
    });
  });
});
