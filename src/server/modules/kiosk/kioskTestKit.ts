/**
 * Test helpers of the kiosk suites: a station enrolled and bound through the routes, a worker with a badge and a PIN,
 * and calls carrying the station key.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { encodePng } from '../../../../tests/support/png';
import { createUser, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverRequest, KioskDelivery, KioskFlow, KioskLoginAnswer } from '../../../shared/kiosk';
import type { Envelope } from '../../../shared/wire';

export const newStationKey = (): string => randomBytes(32).toString('base64url');

/** A POST with the station key header (and a session token when given). */
export async function stationPost<T = unknown>(
  t: TestApp,
  url: string,
  body: unknown,
  stationKey: string | undefined,
  token?: string,
  ip = '127.0.0.1',
): Promise<{ status: number; body: Envelope<T> }> {
  const raw = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { lang: 'en_us', ...(stationKey ? { 'x-station-key': stationKey } : {}), ...(token ? { token } : {}) },
    payload: body as object,
  });
  return { status: raw.statusCode, body: raw.json() as Envelope<T> };
}

/** Creates a station row through the console and binds a freshly enrolled key to it; answers its id and key. */
export async function boundStation(
  t: TestApp,
  admin: string,
  options: { name: string; whId?: string; flows?: KioskFlow[]; dockDoor?: string | null },
): Promise<{ id: number; key: string }> {
  const saved = await t.post<number>(
    '/api/tKioskStation/save',
    {
      whId: options.whId ?? 'WH01',
      stationName: options.name,
      flows: (options.flows ?? ['HANDOVER', 'RECEIVE', 'LOOKUP', 'SIGN']).join(','),
      language: 'en_us',
      idleSeconds: 120,
      dockDoor: options.dockDoor ?? null,
    },
    admin,
  );
  if (saved.body.code !== 200 || !saved.body.data) throw new Error(`station save failed: ${saved.body.msg}`);
  const key = newStationKey();
  const enrolled = await stationPost<{ code: string }>(t, '/api/kiosk/enrol', { stationKey: key }, undefined);
  const bound = await t.post('/api/tKioskStation/bind', { id: saved.body.data, code: enrolled.body.data.code }, admin);
  if (bound.body.code !== 200) throw new Error(`bind failed: ${bound.body.msg}`);
  return { id: saved.body.data, key };
}

/** A worker with these permissions in these warehouses, a badge and a PIN (each set through the console's route). */
export async function worker(
  t: TestApp,
  admin: string,
  name: string,
  options: { permissions: string[]; warehouses: string[]; badge?: string; pin?: string },
): Promise<number> {
  await createUser(t, name, { permissions: options.permissions, warehouses: options.warehouses });
  const { id } = await t.connection.db.selectFrom('sysUser').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  for (const [url, body] of [
    ['/api/user/setBadge', options.badge ? { id, badge: options.badge } : null],
    ['/api/user/setPin', options.pin ? { id, pin: options.pin } : null],
  ] as const) {
    if (!body) continue;
    const res = await t.post(url, body, admin);
    if (res.body.code !== 200) throw new Error(`${url} failed: ${res.body.msg}`);
  }
  return id;
}

/** Signs in by badge at the station; answers the envelope. */
export function badgeSignIn(t: TestApp, key: string, badge: string, ip?: string) {
  return stationPost<KioskLoginAnswer>(t, '/api/kiosk/login/badge', { badge }, key, undefined, ip);
}

export const HANDOVER_PERMISSIONS = ['sys:tblShippingLabel:view', 'sys:tblShippingLabel:edit'];

/** A small valid PNG (grey, w × h, 8-bit greyscale) made by hand, base64. */
export function png(w = 40, h = 12): string {
  const raw = Buffer.concat(
    Array.from({ length: h }, (_, y) => Buffer.from([0, ...Array.from({ length: w }, (_, x) => ((x + y) % 7 === 0 ? 0 : 255))])),
  );
  return encodePng(w, h, 0, raw).toString('base64');
}

/**
 * A hand-over ready to send: a HANDOVER station, a worker signed in there by badge, and the demo delivery of wave
 * DEMO-WV-3 (two labelled SF cartons of DEMO-SO-3A, open) as the station finds it.
 */
export async function handoverReady(
  t: TestApp,
  admin: string,
  options: { station: string; user: string; badge: string; warehouses: string[] },
): Promise<{ token: string; delivery: KioskDelivery }> {
  const station = await boundStation(t, admin, { name: options.station, flows: ['HANDOVER'] });
  await worker(t, admin, options.user, {
    permissions: HANDOVER_PERMISSIONS,
    warehouses: options.warehouses,
    badge: options.badge,
  });
  const token = (await badgeSignIn(t, station.key, options.badge)).body.data.token;
  const { rows } = await sql<{ deliveryNumber: string }>`
    select delivery_number from tbl_shipping_label where wh_id = 'WH01' and order_number = 'DEMO-SO-3A' limit 1`.execute(
    t.connection.db,
  );
  const found = await t.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: rows[0]!.deliveryNumber }, token);
  if (found.body.code !== 200) throw new Error(`delivery/find failed: ${found.body.msg}`);
  return { token, delivery: found.body.data };
}

/** The hand-over of every carton of the delivery, signed now with a small PNG; `over` replaces any field. */
export const handoverRequest = (delivery: KioskDelivery, over: Partial<HandoverRequest> = {}): HandoverRequest => ({
  submissionId: `sub-${Math.random().toString(36).slice(2, 12)}`,
  whId: delivery.whId,
  deliveryNumber: delivery.deliveryNumber,
  loadedCartons: delivery.cartons.map((c) => c.cartonNumber),
  driverName: 'Zhang Wei',
  carrierCode: delivery.carrierCode,
  vehiclePlate: 'HU-A12345',
  signaturePng: png(),
  signedAt: new Date().toISOString(),
  ...over,
});
