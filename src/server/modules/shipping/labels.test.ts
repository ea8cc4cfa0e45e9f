/**
 * Ship labels through the API: a closed carton takes its carrier's next express number (C → L), idempotent for a
 * labelled one, all or nothing; the carrier's series missing or used up is "Ship Label Is Unavailable"; an administrator
 * adds a block of numbers through the number-series screen; open, in-delivery, carrier-less cartons are refused;
 * permissions and grants; the label data of labelled cartons in the order asked.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';

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

const apply = (cartonNumbers: string[], token = admin) =>
  t.post<{ cartonNumber: string; shipLabelBarcode: string }[]>(
    '/api/tblShippingLabel/applyShipLabel',
    { whId: PK.whId, cartonNumbers },
    token,
  );
const printData = (cartonNumbers: string[], token = admin) =>
  t.post<Row[]>('/api/tblShippingLabel/getPrintData', { whId: PK.whId, cartonNumbers }, token);
const line = (qty = '2') => [{ itemNumber: PK.itemPlain, qty }];

async function carton(cartonNumber: string) {
  const { rows } = await sql<{
    status: string;
    shipLabelBarcode: string | null;
    mainExpressFlag: string;
    labelled: boolean;
  }>`
    select status, ship_label_barcode, main_express_flag, label_time is not null as labelled from tbl_shipping_label
    where wh_id = ${PK.whId} and carton_number = ${cartonNumber}`.execute(db());
  return rows[0];
}

async function nextValue(carrier: string): Promise<string | null> {
  const { rows } = await sql<{ nextValue: string }>`
    select next_value::text as next_value from t_control where wh_id = ${PK.whId} and control_type = ${`EXPRESS_${carrier}`}`.execute(
    db(),
  );
  return rows[0]?.nextValue ?? null;
}

describe('applyShipLabel', () => {
  it('labels closed cartons from the carrier series (C → L), the first of the order main, and answers in the order asked', async () => {
    const packed = await closedCartons(db(), 'TSH-L1', [{ orderNumber: 'TSH-L1A', lines: line('3'), cartons: 3 }]);
    const [a, b, c] = packed.cartons as [string, string, string];
    const before = Number(await nextValue('SF'));
    const res = await apply([c, a, b]);
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((r) => r.cartonNumber)).toEqual([c, a, b]);
    // Numbers taken in carton-number order: SF + 12 digits, consecutive.
    const expected = (n: number) => `SF${String(n).padStart(12, '0')}`;
    expect(res.body.data).toEqual([
      { cartonNumber: c, shipLabelBarcode: expected(before + 2) },
      { cartonNumber: a, shipLabelBarcode: expected(before) },
      { cartonNumber: b, shipLabelBarcode: expected(before + 1) },
    ]);
    expect(await carton(a)).toEqual({ status: 'L', shipLabelBarcode: expected(before), mainExpressFlag: 'Y', labelled: true });
    expect((await carton(b))?.mainExpressFlag).toBe('N');
    expect((await carton(c))?.mainExpressFlag).toBe('N');
    expect(Number(await nextValue('SF'))).toBe(before + 3);
    // Again: the labelled cartons keep and answer their numbers; nothing is taken.
    const again = await apply([a, b, c]);
    expect(again.body.data.map((r) => r.shipLabelBarcode)).toEqual([
      expected(before),
      expected(before + 1),
      expected(before + 2),
    ]);
    expect(Number(await nextValue('SF'))).toBe(before + 3);
  });

  it('uses each carrier its own series (JD, ZTO with prefix 7)', async () => {
    const packed = await closedCartons(db(), 'TSH-L2', [
      { orderNumber: 'TSH-L2A', lines: line(), carrierId: 'JD' },
      { orderNumber: 'TSH-L2B', lines: line(), carrierId: 'ZTO' },
    ]);
    const res = await apply(packed.cartons);
    expect(res.body.data[0]?.shipLabelBarcode).toMatch(/^JD\d{12}$/);
    expect(res.body.data[1]?.shipLabelBarcode).toMatch(/^7\d{12}$/);
  });

  it('answers "Ship Label Is Unavailable" for a carrier without a series, all or nothing', async () => {
    const packed = await closedCartons(db(), 'TSH-L3', [
      { orderNumber: 'TSH-L3A', lines: line() },
      { orderNumber: 'TSH-L3B', lines: line(), carrierId: 'DEPPON' },
    ]);
    const before = await nextValue('SF');
    const res = await apply(packed.cartons);
    expect(res.body).toMatchObject({
      code: -10000,
      errorCode: 'shipLabelUnavailable',
      msg: 'Ship Label Is Unavailable (carrier DEPPON)',
    });
    expect((await carton(packed.cartons[0] as string))?.status).toBe('C');
    expect(await nextValue('SF')).toBe(before);
    expect(await nextValue('DEPPON')).toBeNull();
    // In Chinese too.
    await createUser(t, 'tsh-zh', {
      permissions: [permission('tblShippingLabel', 'edit')],
      warehouses: [PK.whId],
      language: 'zh_cn',
    });
    const zh = await t.login('tsh-zh', 'Secret#123');
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/tblShippingLabel/applyShipLabel',
      headers: { token: zh, lang: 'zh_cn' },
      payload: { whId: PK.whId, cartonNumbers: [packed.cartons[1]] },
    });
    expect(raw.json()).toMatchObject({ errorCode: 'shipLabelUnavailable', msg: '面单号不可用（承运商 DEPPON）' });
  });

  it('issues the last number of a block once, then refuses; an administrator adds a block through the series screen', async () => {
    const save = await t.post(
      '/api/tControl/save',
      {
        whId: PK.whId,
        controlType: 'EXPRESS_DEPPON',
        description: '德邦面单号 Deppon numbers',
        prefix: 'DPK',
        numberLength: 10,
        nextValue: 41,
        maxValue: 42,
        allowEdit: 'Y',
      },
      admin,
    );
    expect(save.body.code).toBe(200);
    const packed = await closedCartons(db(), 'TSH-L4', [
      { orderNumber: 'TSH-L4A', lines: line('3'), carrierId: 'DEPPON', cartons: 3 },
    ]);
    const [a, b, c] = packed.cartons as [string, string, string];
    expect((await apply([a, b])).body.data).toEqual([
      { cartonNumber: a, shipLabelBarcode: 'DPK0000000041' },
      { cartonNumber: b, shipLabelBarcode: 'DPK0000000042' },
    ]);
    expect((await apply([c])).body).toMatchObject({
      errorCode: 'shipLabelUnavailable',
      msg: 'Ship Label Is Unavailable (carrier DEPPON)',
    });
    expect((await carton(c))?.status).toBe('C');
    expect(await nextValue('DEPPON')).toBe('43');
  });

  it('refuses a carton without carrier, an open carton, an unknown carton; nothing changes', async () => {
    const packed = await closedCartons(db(), 'TSH-L5', [
      { orderNumber: 'TSH-L5A', lines: line(), carrierId: null },
      { orderNumber: 'TSH-L5B', lines: line() },
    ]);
    const [none, good] = packed.cartons as [string, string];
    expect((await apply([good, none])).body).toMatchObject({ errorCode: 'cartonNoCarrier' });
    expect((await carton(good))?.status).toBe('C');
    // An open carton (being filled: empty, as carton picking makes it).
    await sql`
      insert into tbl_shipping_label (wh_id, carton_number, order_number, wave_id, client_code, location_id, carton_type,
        carton_seq, carrier, status)
      values (${PK.whId}, 'TSH-OPEN-1', 'TSH-L5B', 'TSH-L5', ${PK.client}, ${PK.staging}, 'M', 9, 'SF', 'O')`.execute(db());
    const open = await apply(['TSH-OPEN-1']);
    expect(open.body).toMatchObject({ errorCode: 'cartonNotClosed' });
    expect(open.body.msg).toContain('“Open”');
    expect((await apply([good, 'NO-SUCH-CARTON'])).body).toMatchObject({ errorCode: 'notFound' });
    expect((await carton(good))?.status).toBe('C');
  });

  it('refuses a carton in a delivery (cartonInDelivery)', async () => {
    const packed = await closedCartons(db(), 'TSH-L6', [{ orderNumber: 'TSH-L6A', lines: line() }]);
    await apply(packed.cartons);
    const gen = await t.post<{ deliveryNumber: string }>(
      '/api/tblShippingLabel/generateDelivery',
      { whId: PK.whId, cartonNumbers: packed.cartons },
      admin,
    );
    const res = await apply(packed.cartons);
    expect(res.body).toMatchObject({ errorCode: 'cartonInDelivery' });
    expect(res.body.msg).toContain(gen.body.data.deliveryNumber);
  });

  it('schema: an empty list, more than 200 cartons, a missing warehouse are 400', async () => {
    expect((await apply([])).status).toBe(400);
    expect((await apply(Array.from({ length: 201 }, (_, i) => `X${i}`))).status).toBe(400);
    expect((await t.post('/api/tblShippingLabel/applyShipLabel', { cartonNumbers: ['X'] }, admin)).status).toBe(400);
  });

  it('permissions and grants: view only is 403; another warehouse and another client are refused', async () => {
    const packed = await closedCartons(db(), 'TSH-L7', [{ orderNumber: 'TSH-L7A', lines: line() }]);
    await createUser(t, 'tsh-viewer', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    const viewer = await t.login('tsh-viewer', 'Secret#123');
    expect((await apply(packed.cartons, viewer)).status).toBe(403);
    await createUser(t, 'tsh-wh2', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: ['WH02'] });
    const wh2 = await t.login('tsh-wh2', 'Secret#123');
    expect((await apply(packed.cartons, wh2)).body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    await createUser(t, 'tsh-client', {
      permissions: [permission('tblShippingLabel', 'edit'), permission('tblShippingLabel', 'view')],
      warehouses: [PK.whId],
    });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsh-client')`.execute(db());
    const other = await t.login('tsh-client', 'Secret#123');
    expect((await apply(packed.cartons, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await carton(packed.cartons[0] as string))?.status).toBe('C');
    await apply(packed.cartons);
    expect((await printData(packed.cartons, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await printData(packed.cartons, viewer)).body.code).toBe(200);
  });
});

describe('getAccessToken (spec 001 §7 lookup)', () => {
  const token = (body: Row, user = admin) =>
    t.post<{ accessToken: string | null; clientCode: string | null }>('/api/globalOptions/getAccessToken', body, user);
  const control = (clientCode: string | null, value: string) =>
    t.post<number>(
      '/api/tWhseControl/save',
      { whId: PK.whId, controlName: 'LABEL_SERVICE_TOKEN', clientCode, controlValue: value },
      admin,
    );

  it('answers the label service token of the warehouse, a client’s own over it, and null when none is set up', async () => {
    expect((await token({ whId: PK.whId })).body).toEqual({
      code: 200,
      msg: null,
      data: { accessToken: null, clientCode: null },
    });
    expect((await control(null, ' wh-secret-1 ')).body.data).toBeGreaterThan(0);
    expect((await control(PK.client, 'client-secret-2')).body.data).toBeGreaterThan(0);
    expect((await token({ whId: PK.whId })).body.data).toEqual({ accessToken: 'wh-secret-1', clientCode: null });
    expect((await token({ whId: PK.whId, clientCode: PK.client })).body.data).toEqual({
      accessToken: 'client-secret-2',
      clientCode: PK.client,
    });
    expect((await token({ whId: PK.whId, clientCode: PK.otherClient })).body.data).toEqual({
      accessToken: 'wh-secret-1',
      clientCode: null,
    });
  });

  it('is for those who label cartons, in their warehouses and clients only', async () => {
    await createUser(t, 'tsh-token-view', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    expect((await token({ whId: PK.whId }, await t.login('tsh-token-view', 'Secret#123'))).status).toBe(403);
    await createUser(t, 'tsh-token-wh2', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: ['WH02'] });
    const wh2 = await t.login('tsh-token-wh2', 'Secret#123');
    expect((await token({ whId: PK.whId }, wh2)).body).toMatchObject({ errorCode: 'warehouseNotGranted', data: null });
    await createUser(t, 'tsh-token-client', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsh-token-client')`.execute(db());
    const other = await t.login('tsh-token-client', 'Secret#123');
    expect((await token({ whId: PK.whId, clientCode: PK.client }, other)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await token({}, admin)).status).toBe(400);
  });
});

describe('getPrintData', () => {
  it('answers the labels of labelled cartons in the order asked; an unlabelled carton is refused', async () => {
    const packed = await closedCartons(db(), 'TSH-P1', [{ orderNumber: 'TSH-P1A', lines: line('4'), cartons: 2 }]);
    const [a, b] = packed.cartons as [string, string];
    expect((await printData([a])).body).toMatchObject({ errorCode: 'cartonNotLabelled' });
    expect((await printData([a])).body.msg).toContain('“Closed”');
    const labels = (await apply([a, b])).body.data;
    const res = await printData([b, a]);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      cartonNumber: b,
      shipLabelBarcode: labels[1]?.shipLabelBarcode,
      orderNumber: 'TSH-P1A',
      waveId: 'TSH-P1',
      carrierCode: 'SF',
      carrierName: '顺丰速运 SF Express',
      clientCode: PK.client,
      shipTo: { name: '测试收货人 Test consignee', city: '宁波 Ningbo' },
      from: { whId: 'WH01', name: '上海浦东仓 Shanghai Pudong DC', phone: '021-5888-0001' },
      cartonType: 'M',
      cartonSeq: 2,
      cartonCount: 2,
      totalQty: '2',
      qrText: `${b}|${labels[1]?.shipLabelBarcode}|TSH-P1A`,
    });
    expect((res.body.data[0] as Row).printedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await printData([a, 'NOPE'])).body).toMatchObject({ errorCode: 'notFound' });
  });
});
