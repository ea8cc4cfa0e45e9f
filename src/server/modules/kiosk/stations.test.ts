import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { StationState } from '../../../shared/kiosk';
import { ACCOUNT_LIMIT } from '../auth/throttle';
import {
  badgeSignIn,
  boundStation,
  HANDOVER_PERMISSIONS,
  newStationKey,
  stationPost,
  withStationKeys,
  worker,
} from './kioskTestKit';

let t: TestApp;
/** Calls as the app's pages make them: a station session's with its station's key. */
let s: Pick<TestApp, 'post' | 'get'>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  s = withStationKeys(t);
  admin = await t.login();
});
afterAll(() => t.close());

const minutes = (n: number): void => {
  t.clock.now = new Date(t.clock.now.getTime() + n * 60_000);
};

async function newStation(name: string): Promise<number> {
  const res = await s.post<number>(
    '/api/tKioskStation/save',
    { whId: 'WH01', stationName: name, flows: 'HANDOVER,SIGN', language: 'zh_cn', idleSeconds: 90 },
    admin,
  );
  expect(res.body.code, res.body.msg ?? '').toBe(200);
  return res.body.data;
}

describe('stations and enrolment', () => {
  it('enrols a key with a one-time code the station shows while pending, never answering the key hash', async () => {
    const key = newStationKey();
    const res = await stationPost<{ code: string; expiresAt: string }>(t, '/api/kiosk/enrol', { stationKey: key }, undefined);
    expect(res.body.code).toBe(200);
    expect(res.body.data.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const state = await stationPost<StationState>(t, '/api/kiosk/station', {}, key);
    expect(state.body.data).toEqual({ state: 'pending', code: res.body.data.code, expiresAt: res.body.data.expiresAt });
    expect((await stationPost<StationState>(t, '/api/kiosk/station', {}, newStationKey())).body.data).toEqual({
      state: 'unknown',
    });
    const short = await stationPost(t, '/api/kiosk/enrol', { stationKey: 'short' }, undefined);
    expect(short.body.errorCode).toBe('kioskStationKeyInvalid');
  });

  it('starts a new station as N and refuses an idle time out of range', async () => {
    const id = await newStation('ST-NEW');
    const page = await s.post<{ content: Record<string, unknown>[] }>(
      '/api/tKioskStation/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { stationName: 'ST-NEW' } },
      admin,
    );
    const row = page.body.data.content[0]!;
    expect(row).toMatchObject({ id, status: 'N', flows: 'HANDOVER,SIGN', boundTime: null });
    expect(Object.keys(row)).not.toContain('keyHash');
    const bad = await s.post('/api/tKioskStation/save', { id, idleSeconds: 5 }, admin);
    expect(bad.body.errorCode).toBe('kioskIdleSecondsRange');
    const flows = await s.post('/api/tKioskStation/save', { id, flows: 'HANDOVER,FLY' }, admin);
    expect(flows.body.errorCode).toBe('fieldNotInList');
  });

  it('binds the code once; a wrong or expired code is refused with a clear message', async () => {
    const id = await newStation('ST-BIND');
    const key = newStationKey();
    const { code } = (await stationPost<{ code: string }>(t, '/api/kiosk/enrol', { stationKey: key }, undefined)).body.data;
    const wrong = await s.post('/api/tKioskStation/bind', { id, code: 'AAAA-AAAA' }, admin);
    expect(wrong.body).toMatchObject({ errorCode: 'kioskBindCodeInvalid' });
    expect(wrong.body.msg).toContain('AAAA-AAAA');
    const bound = await s.post<{ stationName: string; flows: string[] }>(
      '/api/tKioskStation/bind',
      { id, code: code.toLowerCase() },
      admin,
    );
    expect(bound.body.data).toMatchObject({ stationName: 'ST-BIND', flows: ['HANDOVER', 'SIGN'] });
    const state = await stationPost<StationState>(t, '/api/kiosk/station', {}, key);
    expect(state.body.data).toMatchObject({ state: 'active', station: { id, whId: 'WH01', idleSeconds: 90, language: 'zh_cn' } });
    const other = await newStation('ST-BIND2');
    expect((await s.post('/api/tKioskStation/bind', { id: other, code }, admin)).body.errorCode).toBe('kioskBindCodeInvalid');

    const late = newStationKey();
    const lateCode = (await stationPost<{ code: string }>(t, '/api/kiosk/enrol', { stationKey: late }, undefined)).body.data.code;
    minutes(16);
    expect((await s.post('/api/tKioskStation/bind', { id: other, code: lateCode }, admin)).body.errorCode).toBe(
      'kioskBindCodeInvalid',
    );
    expect((await stationPost<StationState>(t, '/api/kiosk/station', {}, late)).body.data).toEqual({ state: 'unknown' });
  });

  it("refuses binding a station of a warehouse the administrator's user does not hold", async () => {
    const id = await newStation('ST-WH');
    await worker(t, admin, 'wh02-admin', {
      permissions: ['sys:tKioskStation:edit', 'sys:tKioskStation:view'],
      warehouses: ['WH02'],
    });
    const token = await t.login('wh02-admin', 'Secret#123');
    const res = await s.post('/api/tKioskStation/bind', { id, code: 'ABCD-EFGH' }, token);
    expect(res.body.errorCode).toBe('warehouseNotGranted');
  });
});

describe('sign-in at a station', () => {
  let station: { id: number; key: string };
  beforeAll(async () => {
    minutes(30);
    station = await boundStation(t, admin, { name: 'ST-SIGN', flows: ['HANDOVER', 'LOOKUP', 'SIGN'] });
    await worker(t, admin, 'docker', {
      permissions: [...HANDOVER_PERMISSIONS, 'sys:tStoredItem:view'],
      warehouses: ['WH01'],
      badge: 'B-1001',
      pin: '4821',
    });
    await worker(t, admin, 'wh02-docker', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH02'], badge: 'B-2002' });
  });

  it('signs in by badge: the flows are the station flows the user may use', async () => {
    const res = await badgeSignIn(t, station.key, 'B-1001');
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    expect(res.body.data.flows).toEqual(['HANDOVER', 'LOOKUP', 'SIGN']);
    expect(res.body.data.user).toEqual({ name: 'docker', language: 'en_us' });
    const info = await stationPost<{ station: { id: number }; flows: string[] }>(
      t,
      '/api/kiosk/session',
      {},
      station.key,
      res.body.data.token,
    );
    expect(info.body.data).toMatchObject({ station: { id: station.id }, flows: ['HANDOVER', 'LOOKUP', 'SIGN'] });
    const row = await t.connection.db
      .selectFrom('sysSession')
      .select('stationId')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.stationId).toBe(station.id);
  });

  it('signs in by account and PIN; the PIN is never answered by the user list', async () => {
    const res = await stationPost<{ token: string }>(t, '/api/kiosk/login/pin', { account: 'docker', pin: '4821' }, station.key);
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    const users = await s.post<{ content: Record<string, unknown>[] }>(
      '/api/user/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { name: 'docker' } },
      admin,
    );
    const row = users.body.data.content[0]!;
    expect(row).toMatchObject({ badgeSet: true, pinSet: true });
    expect(users.raw.body).not.toContain('B-1001');
    expect(JSON.stringify(row)).not.toContain('pin_hash');
    expect(Object.keys(row)).not.toContain('pinHash');
    expect((await s.post('/api/user/setPin', { id: row.id, pin: '12ab' }, admin)).body.errorCode).toBe('pinFormat');
  });

  it('refuses without an active station key, a wrong PIN, an unknown badge, and a user without the warehouse', async () => {
    expect((await badgeSignIn(t, newStationKey(), 'B-1001')).body.errorCode).toBe('kioskStationUnknown');
    expect((await stationPost(t, '/api/kiosk/login/pin', { account: 'docker', pin: '0000' }, station.key)).body.errorCode).toBe(
      'kioskPinInvalid',
    );
    expect((await badgeSignIn(t, station.key, 'B-9999')).body.errorCode).toBe('kioskBadgeInvalid');
    expect((await badgeSignIn(t, station.key, 'B-2002')).body).toMatchObject({ errorCode: 'kioskNoWarehouse' });
    await worker(t, admin, 'clerk-nothing', { permissions: [], warehouses: ['WH01'], badge: 'B-3003' });
    // SIGN needs no permission: a user of the warehouse may sign documents.
    expect((await badgeSignIn(t, station.key, 'B-3003')).body.data.flows).toEqual(['SIGN']);
  });

  it('throttles PIN guesses per account', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT + 1; i++)
      await stationPost(t, '/api/kiosk/login/pin', { account: 'docker', pin: `99${i}0` }, station.key, undefined, '10.0.0.9');
    const locked = await stationPost(
      t,
      '/api/kiosk/login/pin',
      { account: 'docker', pin: '4821' },
      station.key,
      undefined,
      '10.0.0.9',
    );
    expect(locked.body.errorCode).toBe('loginThrottled');
    minutes(16);
    expect((await stationPost(t, '/api/kiosk/login/pin', { account: 'docker', pin: '4821' }, station.key)).body.code).toBe(200);
  });

  it('throttles badge guesses per station', async () => {
    for (let i = 0; i < 21; i++) await badgeSignIn(t, station.key, `GUESS-${i}`, `10.1.0.${i}`);
    expect((await badgeSignIn(t, station.key, 'B-1001', '10.2.0.1')).body.errorCode).toBe('loginThrottled');
    minutes(16);
    expect((await badgeSignIn(t, station.key, 'B-1001')).body.code).toBe(200);
  });

  it('keeps the desk session when the user signs in at a station, and the station session when they log in at a desk', async () => {
    minutes(16);
    const desk = await t.login('docker', 'Secret#123');
    const kiosk = (await badgeSignIn(t, station.key, 'B-1001')).body.data.token;
    expect((await s.get('/api/user/findPermissions', desk)).status).toBe(200);
    const desk2 = await t.login('docker', 'Secret#123');
    expect((await s.get('/api/user/findPermissions', desk)).status).toBe(405);
    expect((await s.get('/api/user/findPermissions', desk2)).status).toBe(200);
    expect((await s.get('/api/user/findPermissions', kiosk)).status).toBe(200);
    // A new station sign-in ends the older station session.
    const kiosk2 = (await badgeSignIn(t, station.key, 'B-1001')).body.data.token;
    expect((await s.get('/api/user/findPermissions', kiosk)).status).toBe(405);
    expect((await s.get('/api/user/findPermissions', kiosk2)).status).toBe(200);
  });

  it('limits a station session: console routes 403, other warehouses unseen, RF only for the flows of the station', async () => {
    const token = (await badgeSignIn(t, station.key, 'B-1001')).body.data.token;
    expect((await s.post('/api/tWhse/findPage', { pageNum: 1, pageSize: 10 }, token)).status).toBe(403);
    expect((await s.post('/api/tblShippingLabel/shippingByDelivery', { whId: 'WH01', deliveryNumber: 'X' }, token)).status).toBe(
      403,
    );
    expect((await s.post('/api/kiosk/delivery/find', { scan: 'NOPE' }, token)).status).toBe(200);
    // LOOKUP runs the INQUIRY process; RECEIVE is not a flow of this station.
    expect((await s.post('/api/rfDialog/getRfDialogForm', { mainProcessName: 'INQUIRY' }, token)).status).toBe(200);
    expect((await s.post('/api/rfDialog/getRfDialogForm', { mainProcessName: 'RECEIVE' }, token)).status).toBe(403);
    expect(
      (await s.post('/api/rfDialog/getRfDialogForm', { mainProcessName: 'INQUIRY', whId: 'WH02' }, token)).body.data,
    ).toMatchObject({
      message: { kind: 'error' },
    });
  });

  it('ends every session of a revoked station at once: its next call answers 401', async () => {
    const token = (await badgeSignIn(t, station.key, 'B-1001')).body.data.token;
    expect((await s.get('/api/user/findPermissions', token)).status).toBe(200);
    admin = await t.login();
    expect((await s.post('/api/tKioskStation/revoke', { id: station.id }, admin)).body.code).toBe(200);
    expect((await s.get('/api/user/findPermissions', token)).status).toBe(401);
    expect((await stationPost<StationState>(t, '/api/kiosk/station', {}, station.key)).body.data).toEqual({ state: 'unknown' });
    expect((await badgeSignIn(t, station.key, 'B-1001')).body.errorCode).toBe('kioskStationUnknown');
  });
});
