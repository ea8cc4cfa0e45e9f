/**
 * Deliveries through the API: labelled cartons of one carrier gathered in a new delivery (DELIVERY series) or added to
 * an open one; orders in a delivery when all their cartons are; mixed carriers, unlabelled and already delivered
 * cartons refused; cartons taken out again, an emptied delivery deleted, orders back to packed; permissions.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';

let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
});
afterAll(() => t.close());

const apply = (cartonNumbers: string[]) =>
  t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers }, admin);
const generate = (body: { cartonNumbers: string[]; deliveryNumber?: string; remark?: string }, token = admin) =>
  t.post<{ deliveryNumber: string; cartonCount: number }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, ...body },
    token,
  );
const remove = (cartonNumbers: string[], token = admin) =>
  t.post<number>('/api/tblShippingLabel/removeFromDelivery', { whId: PK.whId, cartonNumbers }, token);
const line = (qty = '2') => [{ itemNumber: PK.itemPlain, qty }];

async function cartons(numbers: string[]) {
  const { rows } = await sql<{ cartonNumber: string; status: string; deliveryNumber: string | null }>`
    select carton_number, status, delivery_number from tbl_shipping_label
    where wh_id = ${PK.whId} and carton_number = any(${numbers}::varchar[]) order by carton_number`.execute(db());
  return rows.map((r) => [r.status, r.deliveryNumber]);
}

async function delivery(deliveryNumber: string) {
  const { rows } = await sql<{ status: string; carrierId: string; cartonCount: number; remark: string | null; createBy: string }>`
    select status, carrier_id, carton_count, remark, create_by from t_delivery
    where wh_id = ${PK.whId} and delivery_number = ${deliveryNumber}`.execute(db());
  return rows[0] ?? null;
}

async function orderStatus(orderNumber: string): Promise<string> {
  const { rows } = await sql<{ status: string }>`
    select status from t_order where wh_id = ${PK.whId} and order_number = ${orderNumber}`.execute(db());
  return rows[0]?.status ?? '';
}

describe('generateDelivery', () => {
  it('makes a new delivery of labelled cartons (L → D), counts them, and moves a fully delivered order P → D', async () => {
    const packed = await closedCartons(db(), 'TSH-D1', [
      { orderNumber: 'TSH-D1A', lines: line('2'), cartons: 2 },
      { orderNumber: 'TSH-D1B', lines: line('1') },
    ]);
    const [a1, a2, b1] = packed.cartons as [string, string, string];
    await apply(packed.cartons);
    expect(await orderStatus('TSH-D1A')).toBe('P');
    const res = await generate({ cartonNumbers: [a1, b1], remark: '下午车 Afternoon truck' });
    expect(res.body.code).toBe(200);
    const dl = res.body.data.deliveryNumber;
    expect(dl).toMatch(/^DL\d{8}$/);
    expect(res.body.data.cartonCount).toBe(2);
    expect(await delivery(dl)).toEqual({
      status: 'O',
      carrierId: 'SF',
      cartonCount: 2,
      remark: '下午车 Afternoon truck',
      createBy: 'admin',
    });
    expect(await cartons([a1, a2, b1])).toEqual([
      ['D', dl],
      ['L', null],
      ['D', dl],
    ]);
    // TSH-D1A still has a labelled carton outside any delivery: it stays P; TSH-D1B is wholly in the delivery.
    expect(await orderStatus('TSH-D1A')).toBe('P');
    expect(await orderStatus('TSH-D1B')).toBe('D');
    // Added to the open delivery of the same carrier.
    const more = await generate({ cartonNumbers: [a2], deliveryNumber: dl });
    expect(more.body.data).toEqual({ deliveryNumber: dl, cartonCount: 3 });
    expect((await delivery(dl))?.cartonCount).toBe(3);
    expect(await orderStatus('TSH-D1A')).toBe('D');
  });

  it('refuses mixed carriers (also against the named delivery), unlabelled cartons, cartons already in a delivery', async () => {
    const packed = await closedCartons(db(), 'TSH-D2', [
      { orderNumber: 'TSH-D2A', lines: line() },
      { orderNumber: 'TSH-D2B', lines: line(), carrierId: 'JD' },
      { orderNumber: 'TSH-D2C', lines: line() },
    ]);
    const [sf, jd, closed] = packed.cartons as [string, string, string];
    await apply([sf, jd]);
    const mixed = await generate({ cartonNumbers: [sf, jd] });
    expect(mixed.body).toMatchObject({ errorCode: 'deliveryMixedCarriers' });
    expect(mixed.body.msg).toContain('JD, SF');
    expect(await cartons([sf, jd])).toEqual([
      ['L', null],
      ['L', null],
    ]);
    const notLabelled = await generate({ cartonNumbers: [closed] });
    expect(notLabelled.body).toMatchObject({ errorCode: 'cartonNotLabelled' });
    expect(notLabelled.body.msg).toContain('“Closed”');
    const dl = (await generate({ cartonNumbers: [sf] })).body.data.deliveryNumber;
    expect((await generate({ cartonNumbers: [jd], deliveryNumber: dl })).body).toMatchObject({
      errorCode: 'deliveryMixedCarriers',
    });
    const twice = await generate({ cartonNumbers: [sf] });
    expect(twice.body).toMatchObject({ errorCode: 'cartonInDelivery' });
    expect(twice.body.msg).toContain(dl);
    expect((await generate({ cartonNumbers: [jd], deliveryNumber: 'DL-NONE' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await delivery(dl))?.cartonCount).toBe(1);
  });

  it('refuses to add to a shipped delivery (deliveryNotOpen)', async () => {
    const packed = await closedCartons(db(), 'TSH-D3', [{ orderNumber: 'TSH-D3A', lines: line('2'), cartons: 2 }]);
    const [a, b] = packed.cartons as [string, string];
    await apply([a, b]);
    const dl = (await generate({ cartonNumbers: [a] })).body.data.deliveryNumber;
    const shipped = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: PK.whId, deliveryNumber: dl }, admin);
    expect(shipped.body.code).toBe(200);
    const res = await generate({ cartonNumbers: [b], deliveryNumber: dl });
    expect(res.body).toMatchObject({ errorCode: 'deliveryNotOpen' });
    expect(res.body.msg).toContain('“Shipped”');
    expect(await cartons([b])).toEqual([['L', null]]);
  });
});

describe('removeFromDelivery', () => {
  it('takes cartons out (D → L), keeps the count, deletes an emptied delivery, moves orders D → P', async () => {
    const packed = await closedCartons(db(), 'TSH-R1', [
      { orderNumber: 'TSH-R1A', lines: line('2'), cartons: 2 },
      { orderNumber: 'TSH-R1B', lines: line('1') },
    ]);
    const [a1, a2, b1] = packed.cartons as [string, string, string];
    await apply(packed.cartons);
    const first = (await generate({ cartonNumbers: [a1, a2] })).body.data.deliveryNumber;
    const second = (await generate({ cartonNumbers: [b1] })).body.data.deliveryNumber;
    expect(await orderStatus('TSH-R1A')).toBe('D');
    const res = await remove([a2, b1]);
    expect(res.body).toMatchObject({ code: 200, data: 2 });
    expect(await cartons([a1, a2, b1])).toEqual([
      ['D', first],
      ['L', null],
      ['L', null],
    ]);
    expect((await delivery(first))?.cartonCount).toBe(1);
    expect(await delivery(second)).toBeNull();
    expect(await orderStatus('TSH-R1A')).toBe('P');
    expect(await orderStatus('TSH-R1B')).toBe('P');
    // Cartons not in a delivery are left alone: nothing removed.
    expect((await remove([a2])).body).toMatchObject({ code: 200, data: 0 });
    // The removed cartons can be delivered again.
    expect((await generate({ cartonNumbers: [a2], deliveryNumber: first })).body.data.cartonCount).toBe(2);
    expect(await orderStatus('TSH-R1A')).toBe('D');
    expect((await remove(['NO-SUCH'])).body).toMatchObject({ errorCode: 'notFound' });
  });
});

describe('permissions', () => {
  it('a user with only :view cannot generate or remove (403); another warehouse or client is refused', async () => {
    const packed = await closedCartons(db(), 'TSH-R2', [{ orderNumber: 'TSH-R2A', lines: line() }]);
    await apply(packed.cartons);
    await createUser(t, 'tsh-dviewer', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    const viewer = await t.login('tsh-dviewer', 'Secret#123');
    expect((await generate({ cartonNumbers: packed.cartons }, viewer)).status).toBe(403);
    expect((await remove(packed.cartons, viewer)).status).toBe(403);
    await createUser(t, 'tsh-dwh2', {
      permissions: [permission('tblShippingLabel', 'add'), permission('tblShippingLabel', 'delete')],
      warehouses: ['WH02'],
    });
    const wh2 = await t.login('tsh-dwh2', 'Secret#123');
    expect((await generate({ cartonNumbers: packed.cartons }, wh2)).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    await createUser(t, 'tsh-dclient', {
      permissions: [permission('tblShippingLabel', 'add'), permission('tblShippingLabel', 'delete')],
      warehouses: [PK.whId],
    });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsh-dclient')`.execute(db());
    const other = await t.login('tsh-dclient', 'Secret#123');
    expect((await generate({ cartonNumbers: packed.cartons }, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    await generate({ cartonNumbers: packed.cartons });
    expect((await remove(packed.cartons, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await remove(packed.cartons, wh2)).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    expect((await cartons(packed.cartons))[0]?.[0]).toBe('D');
  });

  it('schema: more than 500 cartons or an empty list is 400', async () => {
    expect((await generate({ cartonNumbers: [] })).status).toBe(400);
    expect((await remove(Array.from({ length: 501 }, (_, i) => `X${i}`))).status).toBe(400);
  });
});
