import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { Envelope } from '../../../shared/wire';
import type { NewApiKey } from '../system/apiKeys.service';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let keyA: string;
let keyB: string;

const PERMS = [
  ...['view', 'add', 'edit', 'delete'].flatMap((a) => [`sys:tOrder:${a}`, `sys:tOrderDetail:${a}`]),
  ...['view', 'add', 'edit', 'delete'].flatMap((a) => [`sys:tPoMaster:${a}`, `sys:tPoDetail:${a}`]),
  'sys:tStoredItem:view',
];

async function call<T = unknown>(key: string, url: string, body: unknown, headers: Row = {}) {
  const raw = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}`, lang: 'en_us', ...(headers as Record<string, string>) },
    payload: body as object,
    remoteAddress: '10.9.1.1',
  });
  return { status: raw.statusCode, body: raw.json() as Envelope<T>, headers: raw.headers };
}

const count = async (table: string, where: string) =>
  Number(((await sql.raw(`select count(*)::int as n from ${table} where ${where}`).execute(t.connection.db)).rows[0] as Row).n);

const order = (orderNumber: string, over: Row = {}) => ({
  whId: FIX.whId,
  clientCode: FIX.client,
  orderNumber,
  typeId: 'SO',
  lines: [
    { lineNumber: 1, itemNumber: FIX.itemPlain, qty: 3, orderUom: 'EA' },
    { lineNumber: 2, itemNumber: FIX.itemLot, qty: '2', orderUom: 'EA' },
  ],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  await createUser(t, 'erp-int', { permissions: PERMS, warehouses: [] });
  const role = (
    await t.connection.db.selectFrom('sysRole').select('id').where('name', '=', 'role-erp-int').executeTakeFirstOrThrow()
  ).id;
  const key = async (name: string, client: string) => {
    const res = await t.post<NewApiKey>(
      '/api/apiKey/create',
      { name, roleId: role, warehouses: [{ whId: FIX.whId, clientCodes: [client] }] },
      admin,
    );
    expect(res.body, res.body.msg ?? '').toMatchObject({ code: 200 });
    return res.body.data.key;
  };
  keyA = await key('erp-a', FIX.client);
  keyB = await key('erp-b', FIX.otherClient);
});
afterAll(() => t.close());

describe('business API', () => {
  it('creates an order with its lines, updates it by number (lines replaced), confirms it in the same call', async () => {
    const made = await call<Row>(keyA, '/api/integration/order', order('INT-SO-1'));
    expect(made.body, made.body.msg ?? '').toMatchObject({ code: 200, data: { number: 'INT-SO-1', created: true, status: 'N' } });
    expect(await count('t_order_detail', "order_number = 'INT-SO-1'")).toBe(2);
    const updated = await call<Row>(
      keyA,
      '/api/integration/order',
      order('INT-SO-1', { lines: [{ lineNumber: 1, itemNumber: FIX.itemPlain, qty: 5, orderUom: 'EA' }], confirm: true }),
    );
    expect(updated.body, updated.body.msg ?? '').toMatchObject({
      code: 200,
      data: { created: false, status: 'C', deletedLines: [2] },
    });
    const { rows } = await sql<Row>`select qty::text as qty from t_order_detail where order_number = 'INT-SO-1'`.execute(
      t.connection.db,
    );
    expect(rows.map((r) => Number(r.qty))).toEqual([5]);
    // Confirmed: a further change is the console's refusal, and changes nothing.
    const again = await call(keyA, '/api/integration/order', order('INT-SO-1'));
    expect(again.body).toMatchObject({ code: -10000, errorCode: 'orderNotChangeable' });
    expect(await count('t_order_detail', "order_number = 'INT-SO-1'")).toBe(1);
  });

  it('refuses a bad line as a whole: a localized message, no order written', async () => {
    const bad = order('INT-SO-BAD', {
      lines: [
        { lineNumber: 1, itemNumber: FIX.itemPlain, qty: 1, orderUom: 'EA' },
        { lineNumber: 2, itemNumber: FIX.itemOther, qty: 1, orderUom: 'EA' },
      ],
    });
    const refused = await call(keyA, '/api/integration/order', bad);
    expect(refused.body).toMatchObject({ code: -10000, errorCode: 'integrationLineNotAllowed' });
    expect(refused.body.msg).toContain('Line 2 of INT-SO-BAD');
    expect(refused.body.msg).toContain(FIX.itemOther);
    const zh = await call(keyA, '/api/integration/order', bad, { lang: 'zh_cn' });
    expect(zh.body.msg).not.toBe(refused.body.msg);
    expect(await count('t_order', "order_number = 'INT-SO-BAD'")).toBe(0);
    const invalid = await call(keyA, '/api/integration/order', { ...order('INT-SO-BAD'), lines: [] });
    expect(invalid.status).toBe(400);
    expect(await count('t_order', "order_number = 'INT-SO-BAD'")).toBe(0);
  });

  it('a key of client A cannot write, cancel or read client B', async () => {
    const made = await call(keyB, '/api/integration/order', {
      ...order('INT-SO-B', { clientCode: FIX.otherClient }),
      lines: [{ lineNumber: 1, itemNumber: FIX.itemOther, qty: 1, orderUom: 'EA' }],
    });
    expect(made.body, made.body.msg ?? '').toMatchObject({ code: 200 });
    const asB = await call(keyA, '/api/integration/order', order('INT-SO-X', { clientCode: FIX.otherClient }));
    expect(asB.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    // B's order number under A's client: refused, B's order untouched.
    const over = await call(keyA, '/api/integration/order', order('INT-SO-B'));
    expect(over.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect(await count('t_order_detail', "order_number = 'INT-SO-B'")).toBe(1);
    const cancel = await call(keyA, '/api/integration/order/cancel', { whId: FIX.whId, orderNumber: 'INT-SO-B' });
    expect(cancel.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect(await count('t_order', "order_number = 'INT-SO-B' and status = 'N'")).toBe(1);
    const stock = await call<{ content: Row[] }>(keyA, '/api/integration/stock', { whId: FIX.whId, clientCode: FIX.otherClient });
    expect(stock.body, stock.body.msg ?? '').toMatchObject({ code: 200 });
    expect(stock.body.data.content).toEqual([]);
    const elsewhere = await call(keyA, '/api/integration/stock', { whId: 'WH02' });
    expect(elsewhere.body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
    // B cancels its own.
    const own = await call(keyB, '/api/integration/order/cancel', { whId: FIX.whId, orderNumber: 'INT-SO-B' });
    expect(own.body).toMatchObject({ code: 200, data: 1 });
    expect(await count('t_order', "order_number = 'INT-SO-B' and status = 'X'")).toBe(1);
  });

  it('a repeated order call with the same Idempotency-Key makes one order', async () => {
    const body = order('INT-SO-IDEM');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call<Row>(keyA, '/api/integration/order', body, { 'idempotency-key': 'ERP-IDEM-1' })),
    );
    for (const a of answers) expect(a.body, a.body.msg ?? '').toMatchObject({ code: 200, data: { created: true } });
    expect(await count('t_order', "order_number = 'INT-SO-IDEM'")).toBe(1);
    expect(await count('t_order_detail', "order_number = 'INT-SO-IDEM'")).toBe(2);
  });

  it('creates and updates a PO with its lines; reads stock by item, lot and location', async () => {
    const po = {
      whId: FIX.whId,
      clientCode: FIX.client,
      poNumber: 'INT-PO-1',
      typeId: 'STD',
      appointmentStatus: 'N',
      lines: [{ lineNumber: 1, itemNumber: FIX.itemPlain, qty: 10, orderUom: 'EA' }],
    };
    const made = await call<Row>(keyA, '/api/integration/po', po);
    expect(made.body, made.body.msg ?? '').toMatchObject({ code: 200, data: { number: 'INT-PO-1', created: true } });
    const more = await call<Row>(keyA, '/api/integration/po', {
      ...po,
      lines: [...po.lines, { lineNumber: 2, itemNumber: FIX.itemLot, qty: 4, orderUom: 'EA' }],
    });
    expect(more.body, more.body.msg ?? '').toMatchObject({ code: 200, data: { created: false } });
    expect(await count('t_po_detail', "po_number = 'INT-PO-1'")).toBe(2);
    const other = await call(keyA, '/api/integration/po', { ...po, poNumber: 'INT-PO-2', clientCode: FIX.otherClient });
    expect(other.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect(await count('t_po_master', "po_number = 'INT-PO-2'")).toBe(0);

    await sql`insert into t_stored_item (wh_id, location_id, item_number, lot_number, actual_qty, client_code, status)
      values (${FIX.whId}, ${FIX.i1}, ${FIX.itemPlain}, null, 7, ${FIX.client}, 'A'),
             (${FIX.whId}, ${FIX.i2}, ${FIX.itemPlain}, null, 2, ${FIX.client}, 'A'),
             (${FIX.whId}, ${FIX.i1}, ${FIX.itemOther}, null, 9, ${FIX.otherClient}, 'A')`.execute(t.connection.db);
    const byItem = await call<{ content: Row[]; totalSize: number }>(keyA, '/api/integration/stock', {
      whId: FIX.whId,
      itemNumber: FIX.itemPlain,
    });
    expect(byItem.body, byItem.body.msg ?? '').toMatchObject({ code: 200, data: { totalSize: 2 } });
    const byLocation = await call<{ content: Row[] }>(keyA, '/api/integration/stock', { whId: FIX.whId, locationId: FIX.i1 });
    expect(byLocation.body.data.content).toEqual([
      expect.objectContaining({ itemNumber: FIX.itemPlain, locationId: FIX.i1, clientCode: FIX.client }),
    ]);
  });
});
