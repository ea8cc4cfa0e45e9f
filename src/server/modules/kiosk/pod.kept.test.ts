/**
 * Issue 25: a driver's signature once captured is never only in a browser (README "A proof of delivery is never only in
 * a browser"). A hand-over refused at confirm keeps its signature at the server — attached to a delivery shipped from a
 * desk meanwhile, else unattached for the office to attach or discard (item 2); a kept hand-over is sent with the
 * station's own credentials, nobody signed in (item 4); a station session needs its station's key (item 13).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverAnswer, HandoverRequest, KioskDelivery, UnattachedPod } from '../../../shared/kiosk';
import {
  badgeSignIn,
  boundStation,
  HANDOVER_PERMISSIONS,
  handoverReady,
  handoverRequest,
  stationPost,
  worker,
} from './kioskTestKit';

let t: TestApp;
let admin: string;
let token: string;
let key: string;
let s: Pick<TestApp, 'post' | 'get'>;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  ({
    token,
    key,
    station: s,
  } = await handoverReady(t, admin, {
    station: 'DOCK-K1',
    user: 'keeper',
    badge: 'B-KEEP',
    warehouses: ['WH01'],
  }));
});
afterAll(() => t.close());

/** The open demo delivery of an order, as the station finds it. */
async function openDelivery(orderNumber: string): Promise<KioskDelivery> {
  const { rows } = await sql<{ deliveryNumber: string }>`
    select delivery_number from tbl_shipping_label where wh_id = 'WH01' and order_number = ${orderNumber} limit 1`.execute(db());
  const found = await s.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: rows[0]!.deliveryNumber }, token);
  expect(found.body.code, found.body.msg ?? '').toBe(200);
  return found.body.data;
}

const handover = (body: HandoverRequest, session = token) =>
  s.post<HandoverAnswer>('/api/kiosk/delivery/handover', body, session);

const shipFromDesk = async (deliveryNumber: string) => {
  const shipped = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: 'WH01', deliveryNumber }, admin);
  expect(shipped.body.code, shipped.body.msg ?? '').toBe(200);
};

async function podText(deliveryNumber: string, session = admin): Promise<string> {
  const pdf = await t.post('/api/tblShippingLabel/getPodDocument', { whId: 'WH01', deliveryNumber }, session);
  expect(pdf.raw.headers['content-type']).toBe('application/pdf');
  const file = path.join(os.tmpdir(), `kept-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf.raw.rawPayload);
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const unattached = async (status: 'U' | 'A' | 'D' = 'U', session = admin) =>
  (await t.post<UnattachedPod[]>('/api/tblShippingLabel/findUnattachedPods', { whId: 'WH01', status }, session)).body;

const counts = async () =>
  (
    await sql<{ pods: number; kept: number }>`
      select (select count(*)::int from t_delivery_pod) as pods, (select count(*)::int from t_pod_unattached) as kept`.execute(
      db(),
    )
  ).rows[0];

describe('a hand-over refused at confirm keeps the driver’s signature at the server (item 2)', () => {
  it('attaches the signature to a delivery shipped from a desk meanwhile: its proof of delivery', async () => {
    const open = await openDelivery('DEMO-SO-KA');
    await shipFromDesk(open.deliveryNumber);
    const body = handoverRequest(open, { driverName: 'Wang Fang', vehiclePlate: 'SU-E1234' });
    const answer = await handover(body);
    expect(answer.body.code, answer.body.msg ?? '').toBe(200);
    expect(answer.body.data).toMatchObject({ outcome: 'attached', unattachedId: 0, duplicate: false });
    expect(answer.body.data.podId).toBeGreaterThan(0);
    expect(answer.body.data.reason).toContain('already been shipped');
    const text = await podText(open.deliveryNumber);
    expect(text).toContain('Wang Fang');
    expect(text).toContain('SU-E1234');
    const { rows } = await sql<{ origin: string }>`
      select origin from t_delivery_pod where delivery_number = ${open.deliveryNumber}`.execute(db());
    expect(rows).toEqual([{ origin: 'A' }]);
    // The outbox sending it again: the same answer, nothing stored twice.
    const before = await counts();
    expect((await handover(body)).body.data).toEqual({ ...answer.body.data, duplicate: true });
    expect(await counts()).toEqual(before);
  });

  it('keeps it unattached when the delivery cannot take it; the office sees it, attaches it once the delivery ships', async () => {
    const open = await openDelivery('DEMO-SO-3A');
    const wrong = handoverRequest(open, { loadedCartons: [open.cartons[0]!.cartonNumber], driverName: 'Chen Jie' });
    const kept = await handover(wrong);
    expect(kept.body.data).toMatchObject({ outcome: 'unattached', podId: 0, duplicate: false });
    expect(kept.body.data.reason).toContain(open.cartons[1]!.cartonNumber);
    expect((await openDelivery('DEMO-SO-3A')).status).toBe('O');

    // The office's list: who signed, what, why not; the signature image as stored (a PNG).
    const list = await unattached();
    const row = list.data.find((r) => r.id === kept.body.data.unattachedId)!;
    expect(row).toMatchObject({
      deliveryNumber: open.deliveryNumber,
      driverName: 'Chen Jie',
      stationName: 'DOCK-K1',
      userName: 'keeper',
      status: 'U',
      cartons: [open.cartons[0]!.cartonNumber],
    });
    expect(row.reason).toContain('not those of delivery');
    expect(Buffer.from(row.signaturePng, 'base64').subarray(1, 4).toString()).toBe('PNG');

    // Only for users who may: no shipping view → 403; attach and discard need shipping edit.
    await createUser(t, 'pod-viewer', { permissions: ['sys:tblShippingLabel:view'], warehouses: ['WH01'] });
    const viewer = await t.login('pod-viewer', 'Secret#123');
    expect((await unattached('U', viewer)).data.map((r) => r.id)).toContain(row.id);
    expect(
      (await t.post('/api/tblShippingLabel/attachPod', { id: row.id, deliveryNumber: open.deliveryNumber }, viewer)).status,
    ).toBe(403);
    expect((await t.post('/api/tblShippingLabel/discardPod', { id: row.id, reason: 'x' }, viewer)).status).toBe(403);
    await createUser(t, 'pod-nobody', { permissions: ['sys:tStoredItem:view'], warehouses: ['WH01'] });
    expect((await unattached('U', await t.login('pod-nobody', 'Secret#123'))).code).toBe(403);
    await createUser(t, 'pod-wh02', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH02'] });
    expect((await unattached('U', await t.login('pod-wh02', 'Secret#123'))).errorCode).toBe('warehouseNotGranted');

    // Attach: an open delivery cannot take a proof (it ships by a hand-over or from the desk first).
    const attach = (deliveryNumber: string, id = row.id) =>
      t.post<number>('/api/tblShippingLabel/attachPod', { id, deliveryNumber }, admin);
    expect((await attach(open.deliveryNumber)).body.errorCode).toBe('podAttachNotShipped');
    expect((await attach('DL-NONE')).body.errorCode).toBe('podNotFoundScan');
    await shipFromDesk(open.deliveryNumber);
    const attached = await attach(open.deliveryNumber);
    expect(attached.body.code, attached.body.msg ?? '').toBe(200);
    expect(await podText(open.deliveryNumber)).toContain('Chen Jie');
    expect((await unattached('A')).data.find((r) => r.id === row.id)).toMatchObject({
      status: 'A',
      resolvedBy: 'admin',
      podId: attached.body.data,
    });
    expect((await attach(open.deliveryNumber)).body.errorCode).toBe('podUnattachedResolved');
    // The station sending it again still answers it was kept (the office has it).
    expect((await handover(wrong)).body.data).toMatchObject({ outcome: 'unattached', duplicate: true, unattachedId: row.id });
  });

  it('an office user discards one with a reason; a delivery with a proof already takes no other', async () => {
    const shipped = await openDelivery('DEMO-SO-3A');
    const kept = await handover(handoverRequest(shipped, { driverName: 'Liu Yang' }));
    // Shipped and holding a proof already: not attached, kept.
    expect(kept.body.data.outcome).toBe('unattached');
    const id = kept.body.data.unattachedId;
    expect(
      (await t.post('/api/tblShippingLabel/attachPod', { id, deliveryNumber: shipped.deliveryNumber }, admin)).body.errorCode,
    ).toBe('podAttachHasProof');
    const discard = (reason: string) => t.post<number>('/api/tblShippingLabel/discardPod', { id, reason }, admin);
    const empty = await discard('  ');
    expect(empty.body.errorCode).toBe('fieldRequired');
    expect(empty.body.msg).toBe('Discard reason is required');
    expect((await discard('x'.repeat(201))).body.errorCode).toBe('fieldTooLong');
    expect((await unattached('U')).data.map((r) => r.id)).toContain(id);
    expect((await discard('Signed twice by the same driver')).body.code).toBe(200);
    expect((await unattached('D')).data.find((r) => r.id === id)).toMatchObject({
      status: 'D',
      discardReason: 'Signed twice by the same driver',
      resolvedBy: 'admin',
    });
    expect((await unattached('U')).data.map((r) => r.id)).not.toContain(id);
    expect((await discard('again')).body.errorCode).toBe('podUnattachedResolved');
    expect((await t.post('/api/tblShippingLabel/discardPod', { id: 999_999, reason: 'x' }, admin)).body.errorCode).toBe(
      'podUnattachedNotFound',
    );
  });

  it('checks the image with the PNG gate before keeping anything', async () => {
    const open = await openDelivery('DEMO-SO-3A');
    const before = await counts();
    const bad = await handover(handoverRequest(open, { signaturePng: Buffer.from('not a png at all').toString('base64') }));
    expect(bad.body.errorCode).toBe('podSignatureInvalid');
    expect(await counts()).toEqual(before);
  });
});

describe('a station session needs its station’s key (item 13)', () => {
  it('answers 401 to the session token without the key, or with another station’s key', async () => {
    const other = await boundStation(t, admin, { name: 'DOCK-K2', flows: ['HANDOVER'] });
    for (const url of ['/api/kiosk/session', '/api/kiosk/delivery/find', '/api/kiosk/delivery/handover']) {
      expect((await stationPost(t, url, { scan: 'X' }, undefined, token)).status, url).toBe(401);
      expect((await stationPost(t, url, { scan: 'X' }, other.key, token)).status, url).toBe(401);
    }
    expect((await stationPost(t, '/api/kiosk/session', {}, key, token)).status).toBe(200);
    // A desk session needs no station key.
    expect((await t.post('/api/tDelivery/findPage', { pageNum: 1, pageSize: 1 }, admin)).status).toBe(200);
  });
});

describe('the outbox sends with the station’s own credentials (item 4)', () => {
  it('ships a kept hand-over after the worker signed out, in the name of the session it was confirmed in', async () => {
    await worker(t, admin, 'leaver', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-LEAVE' });
    const session = (await badgeSignIn(t, key, 'B-LEAVE')).body.data.token;
    const open = await openDelivery('DEMO-SO-KB');
    const body = handoverRequest(open, { driverName: 'Zhou Min' });
    // Signed out (idle) before the network came back: the session has ended.
    expect((await stationPost(t, '/api/logout', {}, key, session)).body.code).toBe(200);
    expect((await stationPost(t, '/api/kiosk/session', {}, key, session)).status).toBe(401);

    const send = (stationKey: string | undefined, sessionToken: string) =>
      stationPost<HandoverAnswer>(t, '/api/kiosk/station/handover', { ...body, sessionToken }, stationKey);
    expect((await send(undefined, session)).body.errorCode).toBe('kioskStationUnknown');
    const other = await boundStation(t, admin, { name: 'DOCK-K3', flows: ['HANDOVER'] });
    expect((await send(other.key, session)).body.errorCode).toBe('kioskHandoverSessionUnknown');
    expect((await send(key, 'not-a-session')).body.errorCode).toBe('kioskHandoverSessionUnknown');
    expect((await openDelivery('DEMO-SO-KB')).status).toBe('O');

    const sent = await send(key, session);
    expect(sent.body.code, sent.body.msg ?? '').toBe(200);
    expect(sent.body.data).toMatchObject({ outcome: 'shipped', duplicate: false });
    expect((await send(key, session)).body.data).toMatchObject({ outcome: 'shipped', duplicate: true });
    const { rows } = await sql<{ userName: string; stationName: string }>`
      select user_name, station_name from t_delivery_pod where delivery_number = ${open.deliveryNumber}`.execute(db());
    expect(rows).toEqual([{ userName: 'leaver', stationName: 'DOCK-K1' }]);
    // The session token never reaches the operation log.
    // Logged in the worker's name; the session token never reaches the operation log.
    const { rows: logged } = await sql<{ userName: string; params: string }>`
      select user_name, params from sys_log where operation = '/api/kiosk/station/handover'`.execute(db());
    expect(logged.map((r) => r.userName)).toEqual(['leaver', 'leaver']);
    expect(logged.some((r) => r.params.includes(session))).toBe(false);
  });

  it('does not send in the name of a session older than 7 days', async () => {
    await worker(t, admin, 'old-timer', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-OLD' });
    const session = (await badgeSignIn(t, key, 'B-OLD')).body.data.token;
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 8 * 86_400_000);
    try {
      const body = { ...handoverRequest(await openDeliveryAsAdmin()), sessionToken: session };
      expect((await stationPost(t, '/api/kiosk/station/handover', body, key)).body.errorCode).toBe('kioskHandoverSessionUnknown');
    } finally {
      t.clock.now = saved;
    }
  });
});

/** Any delivery of WH01 as the station would name it (the check refuses before reading it). */
async function openDeliveryAsAdmin(): Promise<KioskDelivery> {
  return { whId: 'WH01', deliveryNumber: 'DL-ANY', carrierCode: 'SF', carrierName: 'SF', status: 'O', cartons: [] };
}
