/**
 * What a station session may run besides signing in (README "Station sessions", "Hand-over"): the RF RECEIVE flow
 * through `/rfDialog/*` when the station offers RECEIVE, refused (403, nothing started) for a main process the
 * station does not offer; and a hand-over of a delivery of a client the user is not granted, refused without a trace.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverAnswer, HandoverRequest, KioskDelivery } from '../../../shared/kiosk';
import type { RfAnswer, RfKey, RfListRow } from '../../../shared/rf';
import { DEMO_KIOSK_DELIVERIES } from '../../demo/demoKiosk';
import { badgeSignIn, boundStation, HANDOVER_PERMISSIONS, png, withStationKeys, worker } from './kioskTestKit';

type Row = Record<string, unknown>;
let t: TestApp;
/** Calls as the app's pages make them: a station session's with its station's key. */
let s: Pick<TestApp, 'post' | 'get'>;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  s = withStationKeys(t);
  admin = await t.login();
});
afterAll(() => t.close());

/** An `/rfDialog/*` call of a session: the HTTP status and the answer. */
async function rf<T>(path: string, body: unknown, token: string): Promise<{ status: number; data: T }> {
  const res = await s.post<T>(`/api/rfDialog/${path}`, body, token);
  return { status: res.status, data: res.body.data };
}

/** The answer is the dialog named, with no error. */
function at(answer: { status: number; data: RfAnswer }, subProcessName: string): RfAnswer {
  expect(answer.status).toBe(200);
  expect(answer.data.message?.kind === 'error' ? answer.data.message.text : null).toBeNull();
  expect(answer.data.dialog?.subProcessName).toBe(subProcessName);
  return answer.data;
}

const press = (from: RfAnswer, token: string, input = '', key: RfKey = 'ENTER') =>
  rf<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input }, token);

async function flowState(userName: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select s.main_process_name, s.sub_process_name, s.step from rf_flow_state s join sys_user u on u.id = s.user_id
    where u.name = ${userName}`.execute(db());
  return rows;
}

async function receipts(poNumber: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select item_number, trim_scale(qty_received)::text as qty, location_id, receive_by from t_receipt
    where wh_id = 'WH01' and po_number = ${poNumber} order by id`.execute(db());
  return rows;
}

describe('the RF flows of a station session', () => {
  it('runs RECEIVE through /rfDialog/* at a station that offers it: a PO line received onto a shelf', async () => {
    const station = await boundStation(t, admin, { name: 'ST-RCV', flows: ['HANDOVER', 'RECEIVE'] });
    await worker(t, admin, 'receiver', {
      permissions: ['sys:tReceipt:add', 'sys:tStoredItem:view'],
      warehouses: ['WH01'],
      badge: 'B-RCV',
    });
    const signedIn = await badgeSignIn(t, station.key, 'B-RCV');
    expect(signedIn.body.data.flows).toEqual(['RECEIVE']);
    const token = signedIn.body.data.token;

    const po = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'RECEIVE' }, token), 'RCV_PO');
    const poList = await rf<RfListRow[]>('getRfDialogList', { step: po.dialog?.step ?? 0 }, token);
    expect(poList.status).toBe(200);
    expect(poList.data.map((r) => r.value)).toContain('PO00000001');
    const item = at(await press(po, token, 'PO00000001'), 'RCV_ITEM');
    const qty = at(await press(item, token, 'ACME-0054'), 'RCV_QTY');
    const loc = at(await press(qty, token, '3'), 'RCV_LOC');
    const next = at(await press(loc, token, 'A01-01-1'), 'RCV_ITEM');
    expect(next.message?.kind).toBe('success');
    expect(next.message?.text).toMatch(/^Received 3 EA ACME-0054 at A01-01-1/);
    expect(await receipts('PO00000001')).toEqual([
      { itemNumber: 'ACME-0054', qty: '3', locationId: 'A01-01-1', receiveBy: 'receiver' },
    ]);
    const done = await press(next, token, '', 'DONE');
    expect(done.status).toBe(200);
    expect(done.data.dialog).toBeNull();
  });

  it('refuses a main process the station does not offer (even when the user holds its permission), starting nothing', async () => {
    // The user may receive and look stock up; this station offers LOOKUP (INQUIRY) and HANDOVER, not RECEIVE.
    const station = await boundStation(t, admin, { name: 'ST-LOOK', flows: ['HANDOVER', 'LOOKUP'] });
    await worker(t, admin, 'looker', {
      permissions: ['sys:tReceipt:add', 'sys:tStoredItem:view'],
      warehouses: ['WH01'],
      badge: 'B-LOOK',
    });
    const signedIn = await badgeSignIn(t, station.key, 'B-LOOK');
    expect(signedIn.body.data.flows).toEqual(['LOOKUP']);
    const token = signedIn.body.data.token;
    const before = await receipts('PO00000001');

    for (const mainProcessName of ['RECEIVE', 'PICK', 'PUTAWAY', 'CARTON']) {
      expect((await rf('getRfDialogForm', { mainProcessName }, token)).status, mainProcessName).toBe(403);
    }
    expect(await flowState('looker')).toEqual([]);

    // A RECEIVE flow the same user started elsewhere (a desk session) cannot be driven or listed from this station.
    const desk = await t.login('looker', 'Secret#123');
    const po = at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'RECEIVE' }, desk), 'RCV_PO');
    expect((await press(po, token, 'PO00000001')).status).toBe(403);
    expect((await rf('getRfDialogList', { step: po.dialog?.step ?? 0 }, token)).status).toBe(403);
    expect(await flowState('looker')).toEqual([{ mainProcessName: 'RECEIVE', subProcessName: 'RCV_PO', step: po.dialog?.step }]);
    expect(await receipts('PO00000001')).toEqual(before);

    // What the station offers still runs: LOOKUP starts INQUIRY.
    at(await rf<RfAnswer>('getRfDialogForm', { mainProcessName: 'INQUIRY' }, token), 'INQ_SCAN');
  });
});

describe('a hand-over of a client the user is not granted', () => {
  it('is refused as not found, at the find and at the hand-over, and changes nothing', async () => {
    const station = await boundStation(t, admin, { name: 'ST-CLIENT', flows: ['HANDOVER'] });
    // WH01, client ACME only: the demo JD delivery of wave DEMO-WV-K holds a carton of BLUE.
    await worker(t, admin, 'acme-loader', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-ACME' });
    await sql`
      update sys_user_warehouse set client_codes = ${['ACME']}::varchar[]
      where user_id = (select id from sys_user where name = 'acme-loader')`.execute(db());
    const token = (await badgeSignIn(t, station.key, 'B-ACME')).body.data.token;
    const deliveryNumber = DEMO_KIOSK_DELIVERIES.JD;
    const { rows: cartons } = await sql<{ cartonNumber: string; shipLabelBarcode: string; clientCode: string }>`
      select carton_number, ship_label_barcode, client_code from tbl_shipping_label
      where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`.execute(db());
    expect(cartons.map((c) => c.clientCode)).toEqual(['BLUE']);
    const [carton] = cartons as [(typeof cartons)[number]];

    const snapshot = async () => ({
      delivery: (
        await sql<Row>`select status, ship_by, carton_count from t_delivery where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`.execute(
          db(),
        )
      ).rows,
      cartons: (
        await sql<Row>`select carton_number, status from tbl_shipping_label where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`.execute(
          db(),
        )
      ).rows,
      pods: (await sql<Row>`select id from t_delivery_pod where delivery_number = ${deliveryNumber}`.execute(db())).rows,
      ships: (
        await sql<Row>`select id from tran_log where tran_type = 'SHIP' and control_number = ${deliveryNumber}`.execute(db())
      ).rows,
      stock: (
        await sql<Row>`select hu_id, trim_scale(actual_qty)::text as qty from t_stored_item
          where wh_id = 'WH01' and hu_id = ${carton.cartonNumber}`.execute(db())
      ).rows,
    });
    const before = await snapshot();
    expect(before.delivery).toEqual([{ status: 'O', shipBy: null, cartonCount: 1 }]);

    // Not found by the delivery number, the carton number or the express number: nothing of BLUE is shown.
    for (const scan of [deliveryNumber, carton.cartonNumber, carton.shipLabelBarcode]) {
      const found = await s.post<KioskDelivery>('/api/kiosk/delivery/find', { scan }, token);
      expect(found.body.errorCode, scan).toBe('podNotFoundScan');
      expect(JSON.stringify(found.body)).not.toContain('DEMO-SO-KB');
    }
    const request: HandoverRequest = {
      submissionId: 'sub-client-refused',
      whId: 'WH01',
      deliveryNumber,
      loadedCartons: [carton.cartonNumber],
      driverName: 'Li Lei',
      carrierCode: 'JD',
      vehiclePlate: 'HU-B54321',
      signaturePng: png(),
      signedAt: new Date().toISOString(),
    };
    // Not shipped, answered as for an unknown delivery (the driver's signature is kept unattached, as for one).
    const refused = await s.post<HandoverAnswer>('/api/kiosk/delivery/handover', request, token);
    expect(refused.body.data).toMatchObject({ outcome: 'unattached', podId: 0 });
    expect(refused.body.data.reason).toBe(
      (
        await s.post<HandoverAnswer>(
          '/api/kiosk/delivery/handover',
          { ...request, submissionId: 'sub-client-unknown', deliveryNumber: 'DL-NONE' },
          token,
        )
      ).body.data.reason.replace('DL-NONE', deliveryNumber),
    );
    expect(JSON.stringify(refused.body)).not.toContain('BLUE');
    expect(await snapshot()).toEqual(before);

    // A user of every client of WH01 ships it with a hand-over of their own.
    await worker(t, admin, 'all-loader', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-ALL' });
    const all = (await badgeSignIn(t, station.key, 'B-ALL')).body.data.token;
    const shipped = await s.post<HandoverAnswer>(
      '/api/kiosk/delivery/handover',
      { ...request, submissionId: 'sub-all-loader' },
      all,
    );
    expect(shipped.body.code, shipped.body.msg ?? '').toBe(200);
    expect(shipped.body.data).toMatchObject({ deliveryNumber, cartons: 1, duplicate: false });
  });
});
