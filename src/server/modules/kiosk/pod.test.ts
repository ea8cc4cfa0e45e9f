import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverAnswer, HandoverRequest, KioskDelivery } from '../../../shared/kiosk';
import { badgeSignIn, boundStation, HANDOVER_PERMISSIONS, png, worker } from './kioskTestKit';

let t: TestApp;
let admin: string;
let token: string;
let delivery: KioskDelivery;
const SIGNATURE = png();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const station = await boundStation(t, admin, { name: 'DOCK-T1', flows: ['HANDOVER'] });
  await worker(t, admin, 'loader', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01', 'WH02'], badge: 'B-LOAD' });
  token = (await badgeSignIn(t, station.key, 'B-LOAD')).body.data.token;
  // The demo delivery of wave DEMO-WV-3 (two labelled SF cartons, open).
  const { rows } = await sql<{ deliveryNumber: string }>`
    select delivery_number from tbl_shipping_label where wh_id = 'WH01' and order_number = 'DEMO-SO-3A' limit 1`.execute(
    t.connection.db,
  );
  const found = await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: rows[0]!.deliveryNumber }, token);
  expect(found.body.code, found.body.msg ?? '').toBe(200);
  delivery = found.body.data;
});
afterAll(() => t.close());

const request = (over: Partial<HandoverRequest> = {}): HandoverRequest => ({
  submissionId: `sub-${Math.random().toString(36).slice(2, 12)}`,
  whId: delivery.whId,
  deliveryNumber: delivery.deliveryNumber,
  loadedCartons: delivery.cartons.map((c) => c.cartonNumber),
  driverName: 'Zhang Wei',
  carrierCode: delivery.carrierCode,
  vehiclePlate: 'HU-A12345',
  signaturePng: SIGNATURE,
  signedAt: new Date().toISOString(),
  ...over,
});

describe('hand-over at a dock station', () => {
  it('finds a delivery by a carton number or express number, only in the station warehouse', async () => {
    expect(delivery).toMatchObject({ status: 'O', carrierCode: 'SF' });
    expect(delivery.cartons.length).toBe(2);
    const byCarton = await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: delivery.cartons[1]!.cartonNumber }, token);
    expect(byCarton.body.data.deliveryNumber).toBe(delivery.deliveryNumber);
    const express = delivery.cartons[0]!.shipLabelBarcode!;
    expect((await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: express }, token)).body.data.deliveryNumber).toBe(
      delivery.deliveryNumber,
    );
    // A desk session may not use the station's routes.
    const desk = await t.login('loader', 'Secret#123');
    expect((await t.post('/api/kiosk/delivery/find', { scan: express }, desk)).status).toBe(403);
  });

  it('refuses a hand-over with wrong cartons, carrier, signature, time or no driver, and ships nothing', async () => {
    const missing = await t.post(
      '/api/kiosk/delivery/handover',
      request({ loadedCartons: [delivery.cartons[0]!.cartonNumber, 'CTX'] }),
      token,
    );
    expect(missing.body.errorCode).toBe('podCartonsMismatch');
    expect(missing.body.msg).toContain(delivery.cartons[1]!.cartonNumber);
    expect(missing.body.msg).toContain('CTX');
    expect((await t.post('/api/kiosk/delivery/handover', request({ carrierCode: 'JD' }), token)).body.errorCode).toBe(
      'podCarrierMismatch',
    );
    expect((await t.post('/api/kiosk/delivery/handover', request({ signaturePng: 'aGVsbG8=' }), token)).body.errorCode).toBe(
      'podSignatureInvalid',
    );
    expect((await t.post('/api/kiosk/delivery/handover', request({ signedAt: 'yesterday' }), token)).body.errorCode).toBe(
      'podSignedAtInvalid',
    );
    expect((await t.post('/api/kiosk/delivery/handover', request({ driverName: ' ' }), token)).body.errorCode).toBe(
      'fieldRequired',
    );
    expect((await t.post('/api/kiosk/delivery/handover', request({ whId: 'WH02' }), token)).body.errorCode).toBe(
      'podNotFoundScan',
    );
    const again = await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: delivery.deliveryNumber }, token);
    expect(again.body.data.status).toBe('O');
  });

  it('ships once even when the same submission is sent twice, and stores the proof with its PDF', async () => {
    const body = request();
    const first = await t.post<HandoverAnswer>('/api/kiosk/delivery/handover', body, token);
    expect(first.body.code, first.body.msg ?? '').toBe(200);
    expect(first.body.data).toMatchObject({ deliveryNumber: delivery.deliveryNumber, cartons: 2, duplicate: false });
    const second = await t.post<HandoverAnswer>('/api/kiosk/delivery/handover', body, token);
    expect(second.body.data).toEqual({ ...first.body.data, duplicate: true });
    const shipped = await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: delivery.deliveryNumber }, token);
    expect(shipped.body.data.status).toBe('S');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from tran_log where tran_type = 'SHIP' and control_number = ${delivery.deliveryNumber}`.execute(
      t.connection.db,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    const other = await t.post('/api/kiosk/delivery/handover', request(), token);
    expect(other.body.errorCode).toBe('deliveryShipped');

    const list = await t.post<{ content: Record<string, unknown>[] }>(
      '/api/tDelivery/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { deliveryNumber: delivery.deliveryNumber } },
      admin,
    );
    expect(list.body.data.content[0]).toMatchObject({
      podDriverName: 'Zhang Wei',
      podVehiclePlate: 'HU-A12345',
      podStationName: 'DOCK-T1',
      podUserName: 'loader',
      podId: first.body.data.podId,
    });

    const pdf = await t.post(
      '/api/tblShippingLabel/getPodDocument',
      { whId: 'WH01', deliveryNumber: delivery.deliveryNumber },
      admin,
    );
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.raw.rawPayload);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThan(0);
    const file = path.join(os.tmpdir(), `pod-${process.pid}-${Date.now()}.pdf`);
    fs.writeFileSync(file, pdf.raw.rawPayload);
    try {
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Zhang Wei');
      expect(text).toContain('HU-A12345');
      expect(text).toContain('DOCK-T1');
      // The proof is the document of the hand-over that shipped the delivery: it says so.
      expect(text).toMatch(/Shipped|已发运/);
      expect(text).not.toMatch(/Not shipped|未发运/);
    } finally {
      fs.rmSync(file, { force: true });
    }
    const none = await t.post('/api/tblShippingLabel/getPodDocument', { whId: 'WH01', deliveryNumber: 'DL-NONE' }, admin);
    expect(none.body.errorCode).toBe('podNotFound');
    const wh = await t.post(
      '/api/tblShippingLabel/getPodDocument',
      { whId: 'WH09', deliveryNumber: delivery.deliveryNumber },
      admin,
    );
    expect(wh.body.code).not.toBe(200);
  });
});

describe('hand-over sent twice at once', () => {
  it('ships once when two identical submissions arrive together (PostgreSQL: truly concurrent)', async () => {
    // DEMO-SO-3B's closed carton: labelled and put into a JD delivery of its own.
    const { rows } = await sql<{ cartonNumber: string }>`
      select carton_number from tbl_shipping_label where wh_id = 'WH01' and order_number = 'DEMO-SO-3B'`.execute(t.connection.db);
    const cartonNumbers = rows.map((r) => r.cartonNumber);
    expect((await t.post('/api/tblShippingLabel/applyShipLabel', { whId: 'WH01', cartonNumbers }, admin)).body.code).toBe(200);
    const made = await t.post<{ deliveryNumber: string }>(
      '/api/tblShippingLabel/generateDelivery',
      { whId: 'WH01', cartonNumbers },
      admin,
    );
    expect(made.body.code, made.body.msg ?? '').toBe(200);
    const body = request({
      deliveryNumber: made.body.data.deliveryNumber,
      loadedCartons: cartonNumbers,
      carrierCode: 'JD',
    });
    const answers = await Promise.all([1, 2].map(() => t.post<HandoverAnswer>('/api/kiosk/delivery/handover', body, token)));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.duplicate).sort()).toEqual([false, true]);
    const { rows: pods } = await sql<{ n: number }>`
      select count(*)::int as n from t_delivery_pod where delivery_number = ${made.body.data.deliveryNumber}`.execute(
      t.connection.db,
    );
    expect(pods[0]!.n).toBe(1);
    const { rows: ships } = await sql<{ n: number }>`
      select count(*)::int as n from tran_log where tran_type = 'SHIP' and control_number = ${made.body.data.deliveryNumber}`.execute(
      t.connection.db,
    );
    expect(ships[0]!.n).toBe(1);
  });
});
