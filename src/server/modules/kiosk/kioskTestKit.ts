/**
 * Test helpers of the kiosk suites: a station enrolled and bound through the routes, a worker with a badge and a PIN,
 * and calls carrying the station key.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { encodePng } from '../../../../tests/support/png';
import { createUser, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverRequest, KioskDelivery, KioskFlow, KioskLoginAnswer } from '../../../shared/kiosk';
import type { Envelope } from '../../../shared/wire';

export const newStationKey = (): string => randomBytes(32).toString('base64url');

/** The station key of each station session signed in through `stationPost` (the station sends both). */
const stationKeys = new Map<string, string>();

type Answer<T> = { status: number; body: Envelope<T>; raw: LightMyRequestResponse };

async function call<T>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  headers: { stationKey?: string | undefined; token?: string | undefined; ip?: string },
): Promise<Answer<T>> {
  const { stationKey, token, ip = '127.0.0.1' } = headers;
  const raw = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { lang: 'en_us', ...(stationKey ? { 'x-station-key': stationKey } : {}), ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const isJson = String(raw.headers['content-type'] ?? '').includes('json');
  return { status: raw.statusCode, body: (isJson ? raw.json() : null) as Envelope<T>, raw };
}

/** A POST with the station key header (and a session token when given); a sign-in's token is remembered with the key. */
export async function stationPost<T = unknown>(
  t: TestApp,
  url: string,
  body: unknown,
  stationKey: string | undefined,
  token?: string,
  ip = '127.0.0.1',
): Promise<Answer<T>> {
  const answer = await call<T>(t, 'POST', url, body, { stationKey, token, ip });
  const signedIn = (answer.body?.data as { token?: unknown } | null)?.token;
  if (stationKey && url.includes('/kiosk/login/') && typeof signedIn === 'string') stationKeys.set(signedIn, stationKey);
  return answer;
}

/**
 * The app as a station's pages call it: a station session's calls carry the key of the station it was opened at beside
 * the token (without it they answer 401: issue 25 item 13); any other token goes as it is.
 */
export function withStationKeys(t: TestApp): Pick<TestApp, 'post' | 'get'> {
  const headers = (token?: string) => ({ stationKey: token ? stationKeys.get(token) : undefined, token });
  return {
    post: (url, body, token) => call(t, 'POST', url, body, headers(token)),
    get: (url, token) => call(t, 'GET', url, undefined, headers(token)),
  };
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

/**
 * A small valid PNG (grey, w × h, 8-bit greyscale) made by hand, base64: black diagonals every fourth pixel (at the
 * default size 120 ink pixels, enough for the server's MIN_SIGNATURE_INK_PIXELS).
 */
export function png(w = 40, h = 12): string {
  const raw = Buffer.concat(
    Array.from({ length: h }, (_, y) => Buffer.from([0, ...Array.from({ length: w }, (_, x) => ((x + y) % 4 === 0 ? 0 : 255))])),
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
): Promise<{ token: string; key: string; station: Pick<TestApp, 'post' | 'get'>; delivery: KioskDelivery }> {
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
  const at = withStationKeys(t);
  const found = await at.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: rows[0]!.deliveryNumber }, token);
  if (found.body.code !== 200) throw new Error(`delivery/find failed: ${found.body.msg}`);
  return { token, key: station.key, station: at, delivery: found.body.data };
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
