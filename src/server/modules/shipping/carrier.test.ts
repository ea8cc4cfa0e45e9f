/**
 * The carrier of a carton whose order names none (issue 27 item 3; README "Carrier of a carton"): its label is refused
 * until a user holding sys:tblShippingLabel:setCarrier chooses the carrier — then it is labelled from that carrier's
 * series and goes into a delivery of that carrier. Refused without the permission, for an order naming its own carrier,
 * for a labelled carton, an unknown or inactive carrier; all or nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { SET_CARRIER_PERMISSION } from '../../../shared/entities/shipping';
import { permission } from '../../../shared/permissions';

let t: TestApp;
let packer: string;
let labeller: string;
const db = () => t.connection.db;
const line = [{ itemNumber: PK.itemPlain, qty: '2' }];
const CARTON_PERMISSIONS = (['view', 'add', 'edit'] as const).map((a) => permission('tblShippingLabel', a));

const setCarrier = (cartonNumbers: string[], carrierId: string, token: string) =>
  t.post<{ cartons: number }>('/api/tblShippingLabel/setCarrier', { whId: PK.whId, cartonNumbers, carrierId }, token);
const apply = (cartonNumbers: string[], token: string) =>
  t.post<{ cartonNumber: string; shipLabelBarcode: string }[]>(
    '/api/tblShippingLabel/applyShipLabel',
    { whId: PK.whId, cartonNumbers },
    token,
  );

async function cartonCarrier(cartonNumber: string) {
  const { rows } = await sql<{ carrier: string | null; status: string }>`
    select carrier, status from tbl_shipping_label where wh_id = ${PK.whId} and carton_number = ${cartonNumber}`.execute(db());
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await createUser(t, 'tcr-packer', { permissions: [...CARTON_PERMISSIONS, SET_CARRIER_PERMISSION], warehouses: [PK.whId] });
  await createUser(t, 'tcr-labeller', { permissions: CARTON_PERMISSIONS, warehouses: [PK.whId] });
  packer = await t.login('tcr-packer', 'Secret#123');
  labeller = await t.login('tcr-labeller', 'Secret#123');
});
afterAll(() => t.close());

describe('setCarrier', () => {
  it('lets a permitted user choose the carrier of a carton whose order names none; its label and delivery follow it', async () => {
    const packed = await closedCartons(db(), 'TCR-W1', [{ orderNumber: 'TCR-SO1', lines: line, carrierId: null }]);
    const [carton] = packed.cartons as [string];
    expect((await apply([carton], labeller)).body).toMatchObject({ errorCode: 'cartonNoCarrier' });
    const res = await setCarrier([carton], 'SF', packer);
    expect(res.body).toMatchObject({ code: 200, data: { cartons: 1 } });
    expect(await cartonCarrier(carton)).toEqual({ carrier: 'SF', status: 'C' });
    // The order itself stays as confirmed: no carrier.
    const { rows } = await sql`select carrier_id from t_order where wh_id = ${PK.whId} and order_number = 'TCR-SO1'`.execute(
      db(),
    );
    expect(rows).toEqual([{ carrierId: null }]);
    const label = await apply([carton], labeller);
    expect(label.body.data[0]?.shipLabelBarcode).toMatch(/^SF\d{12}$/);
    const delivery = await t.post<{ deliveryNumber: string }>(
      '/api/tblShippingLabel/generateDelivery',
      { whId: PK.whId, cartonNumbers: [carton] },
      labeller,
    );
    const { rows: dl } = await sql`
      select carrier_id from t_delivery where wh_id = ${PK.whId} and delivery_number = ${delivery.body.data.deliveryNumber}`.execute(
      db(),
    );
    expect(dl).toEqual([{ carrierId: 'SF' }]);
    // Labelled, then in a delivery: its carrier no longer changes.
    expect((await setCarrier([carton], 'JD', packer)).body).toMatchObject({ errorCode: 'cartonInDelivery' });
  });

  it('is refused without the permission (403), changing nothing', async () => {
    const packed = await closedCartons(db(), 'TCR-W2', [{ orderNumber: 'TCR-SO2', lines: line, carrierId: null }]);
    const [carton] = packed.cartons as [string];
    expect((await setCarrier([carton], 'SF', labeller)).status).toBe(403);
    expect(await cartonCarrier(carton)).toEqual({ carrier: null, status: 'C' });
    // The permission is a button of the cartons screen (menu tree, migration 0031), so a role can be given it.
    const { rows } = await sql`
      select m.name_en from sys_menu m join sys_menu s on s.id = m.parent_id
      where m.perms = ${SET_CARRIER_PERMISSION} and s.url = 'Wms/TblShippingLabel'`.execute(db());
    expect(rows).toEqual([{ nameEn: 'Cartons: Set carrier' }]);
  });

  it('refuses an order naming its carrier, a labelled carton, an unknown or inactive carrier — all or nothing', async () => {
    const packed = await closedCartons(db(), 'TCR-W3', [
      { orderNumber: 'TCR-SO3', lines: line, carrierId: null },
      { orderNumber: 'TCR-SO4', lines: line, carrierId: 'JD' },
      { orderNumber: 'TCR-SO5', lines: line, carrierId: null },
    ]);
    const [none, jd, labelled] = packed.cartons as [string, string, string];
    const ofOrder = await setCarrier([none, jd], 'SF', packer);
    expect(ofOrder.body).toMatchObject({ errorCode: 'cartonCarrierOfOrder' });
    expect(ofOrder.body.msg).toBe(
      `Carton ${jd} takes carrier JD from order TCR-SO4: a carrier is chosen for a carton only when its order names none`,
    );
    expect(await cartonCarrier(none)).toEqual({ carrier: null, status: 'C' });
    expect((await setCarrier([none], 'NOPE', packer)).body).toMatchObject({ errorCode: 'referenceNotFound' });
    expect((await setCarrier([none], 'COSCO', packer)).body).toMatchObject({ errorCode: 'carrierInactive' });
    expect(await cartonCarrier(none)).toEqual({ carrier: null, status: 'C' });
    await setCarrier([labelled], 'ZTO', packer);
    await apply([labelled], labeller);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tblShippingLabel/setCarrier',
      headers: { token: packer, lang: 'zh_cn' },
      payload: { whId: PK.whId, cartonNumbers: [none, labelled], carrierId: 'SF' },
    });
    expect(res.json()).toMatchObject({
      errorCode: 'cartonCarrierLabelled',
      msg: `箱 ${labelled} 状态为“已贴面单”：承运商须在贴面单之前指定`,
    });
    expect(await cartonCarrier(none)).toEqual({ carrier: null, status: 'C' });
    expect(await cartonCarrier(labelled)).toEqual({ carrier: 'ZTO', status: 'L' });
  });
});
