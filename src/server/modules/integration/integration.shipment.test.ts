/** `/integration/shipment` through API keys: a delivery by its number or by an order, tracking numbers, grants. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { Envelope } from '../../../shared/wire';
import type { NewApiKey } from '../system/apiKeys.service';
import type { Shipment } from './integration.service';

let t: TestApp;
let admin: string;
let keyA: string;
let keyB: string;
let dl: string;
let cartons: string[];

async function call<T = unknown>(key: string, body: unknown) {
  const raw = await t.app.inject({
    method: 'POST',
    url: '/api/integration/shipment',
    headers: { authorization: `Bearer ${key}`, lang: 'en_us' },
    payload: body as object,
    remoteAddress: '10.9.2.1',
  });
  return { status: raw.statusCode, body: raw.json() as Envelope<T> };
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(t.connection.db);
  admin = await t.login();
  await createUser(t, 'erp-ship', { permissions: ['sys:tblShippingLabel:view'], warehouses: [] });
  const role = (
    await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', 'role-erp-ship').executeTakeFirstOrThrow()
  ).id;
  const key = async (name: string, client: string) => {
    const res = await t.post<NewApiKey>(
      '/api/apiKey/create',
      { name, roleId: role, warehouses: [{ whId: PK.whId, clientCodes: [client] }] },
      admin,
    );
    expect(res.body, res.body.msg ?? '').toMatchObject({ code: 200 });
    return res.body.data.key;
  };
  keyA = await key('erp-ship-a', PK.client);
  keyB = await key('erp-ship-b', PK.otherClient);
  const packed = await closedCartons(t.connection.db, 'TINT-W1', [
    { orderNumber: 'TINT-S1', lines: [{ itemNumber: PK.itemPlain, qty: '2' }], cartons: 2 },
  ]);
  cartons = packed.cartons;
  expect((await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: cartons }, admin)).body.code).toBe(
    200,
  );
  const made = await t.post<{ deliveryNumber: string }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, cartonNumbers: cartons },
    admin,
  );
  dl = made.body.data.deliveryNumber;
});
afterAll(() => t.close());

describe('integration/shipment', () => {
  it('reads a delivery by its number and by its order: cartons, tracking numbers, status; shipped after shipping', async () => {
    const { rows } = await sql<{ cartonNumber: string; barcode: string }>`
      select carton_number, ship_label_barcode as barcode from tbl_shipping_label
      where carton_number = any(${cartons}::varchar[]) order by carton_number`.execute(t.connection.db);
    const open = await call<Shipment[]>(keyA, { whId: PK.whId, deliveryNumber: dl });
    expect(open.body, open.body.msg ?? '').toMatchObject({
      code: 200,
      data: [{ deliveryNumber: dl, carrier: 'SF', status: 'O', orders: ['TINT-S1'], pod: null }],
    });
    expect(open.body.data[0]?.cartons.map((c) => [c.cartonNumber, c.trackingNumber])).toEqual(
      rows.map((r) => [r.cartonNumber, r.barcode]),
    );
    expect(rows.every((r) => r.barcode)).toBe(true);
    const shipped = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: PK.whId, deliveryNumber: dl }, admin);
    expect(shipped.body.code).toBe(200);
    const byOrder = await call<Shipment[]>(keyA, { whId: PK.whId, orderNumber: 'TINT-S1' });
    expect(byOrder.body).toMatchObject({ code: 200, data: [{ deliveryNumber: dl, status: 'S' }] });
    expect(byOrder.body.data[0]?.shipTime).toBeTruthy();
  });

  it("refuses another client's key (not found, nothing told), a missing number, and a caller without the permission", async () => {
    const other = await call(keyB, { whId: PK.whId, deliveryNumber: dl });
    expect(other.body).toMatchObject({ code: -10000, errorCode: 'notFound', data: null });
    const none = await call(keyA, { whId: PK.whId });
    expect(none.body).toMatchObject({ code: -10000, errorCode: 'fieldRequired' });
    expect(none.body.msg).toMatch(/Delivery number is required/);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/integration/order',
      headers: { authorization: `Bearer ${keyA}` },
      payload: { whId: PK.whId, clientCode: PK.client, orderNumber: 'X', lines: [] },
      remoteAddress: '10.9.2.1',
    });
    expect(order.statusCode).toBe(403);
  });
});
