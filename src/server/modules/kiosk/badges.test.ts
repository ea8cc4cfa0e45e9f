/**
 * Badges are secrets (issue 24 item 2) and badge guesses count per station and per badge prefix (item 4a): stored as a
 * SHA-256, set write-only through `/user/setBadge`, never answered, masked in the operation log.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import type { Row } from '../../crud/crud.types';
import { ADDRESS_LIMIT } from '../auth/throttle';
import { badgeSignIn, boundStation, HANDOVER_PERMISSIONS, withStationKeys, worker } from './kioskTestKit';

let t: TestApp;
/** Calls as the app's pages make them: a station session's with its station's key. */
let s: Pick<TestApp, 'post' | 'get'>;
let admin: string;
let station: { id: number; key: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const minutes = (n: number): void => {
  t.clock.now = new Date(t.clock.now.getTime() + n * 60_000);
};
const userRow = async (name: string, token = admin) => {
  const res = await s.post<PageResult<Row>>('/api/user/findPage', { pageNum: 1, pageSize: 10, columnFilters: { name } }, token);
  expect(res.status).toBe(200);
  return { row: res.body.data.content.find((r) => r.name === name) as Row, raw: res.raw.body };
};
const setBadge = (id: number, badge: string, token = admin) => s.post<number>('/api/user/setBadge', { id, badge }, token);

beforeAll(async () => {
  t = await createTestApp();
  s = withStationKeys(t);
  admin = await t.login();
  station = await boundStation(t, admin, { name: 'ST-BADGE', flows: ['HANDOVER', 'SIGN'] });
});
afterAll(() => t.close());

describe('badges are secrets', () => {
  let holder: number;
  beforeAll(async () => {
    holder = await worker(t, admin, 'badge-holder', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-7001' });
  });

  it('shows a user viewer whether a badge is set, never the badge', async () => {
    await createUser(t, 'user-viewer', { permissions: ['sys:user:view'], warehouses: ['WH01'] });
    const viewer = await t.login('user-viewer', 'Secret#123');
    for (const token of [viewer, admin]) {
      const { row, raw } = await userRow('badge-holder', token);
      expect(raw).not.toContain('B-7001');
      expect(Object.keys(row).filter((k) => /badge/i.test(k))).toEqual(['badgeSet']);
      expect(row.badgeSet).toBe(true);
    }
    expect((await userRow('user-viewer', viewer)).row.badgeSet).toBe(false);
  });

  it('stores the SHA-256 of the badge only: the plain column is gone, and the badge still signs in', async () => {
    const { rows: columns } = await sql<{ columnName: string }>`
      select column_name from information_schema.columns where table_name = 'sys_user' and column_name like 'badge%'`.execute(
      t.connection.db,
    );
    expect(columns.map((c) => c.columnName)).toEqual(['badge_hash']);
    const { rows } = await sql<{ badgeHash: string }>`select badge_hash from sys_user where id = ${holder}`.execute(
      t.connection.db,
    );
    expect(rows[0]?.badgeHash).toBe(sha256('B-7001'));
    const res = await badgeSignIn(t, station.key, '  B-7001 ');
    expect(res.body.code, res.body.msg ?? '').toBe(200);
    expect(res.body.data.user.name).toBe('badge-holder');
  });

  it('sets a badge write-only: answered as set, masked in the log, refused when another user holds it', async () => {
    const other = await worker(t, admin, 'badge-other', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'] });
    const res = await setBadge(other, 'B-7002');
    expect(res.body).toMatchObject({ code: 200, data: other });
    expect(res.raw.body).not.toContain('B-7002');
    const log = await t.connection.db
      .selectFrom('sysLog')
      .select('params')
      .where('operation', '=', '/api/user/setBadge')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.params).not.toContain('B-7002');
    expect(JSON.parse(log.params ?? '{}')).toEqual({ body: { id: other, badge: '******' } });
    expect((await userRow('badge-other')).row.badgeSet).toBe(true);
    expect((await badgeSignIn(t, station.key, 'B-7002')).body.data.user.name).toBe('badge-other');

    const taken = await setBadge(other, 'B-7001');
    expect(taken.body).toMatchObject({ errorCode: 'badgeTaken', msg: 'This badge already belongs to another user' });
    expect((await setBadge(other, 'B 7002!')).body.errorCode).toBe('badgeFormat');
    expect((await setBadge(other, 'B'.repeat(41))).body.errorCode).toBe('badgeFormat');
    // The same badge again on its own holder is no clash.
    expect((await setBadge(other, ' B-7002 ')).body.code).toBe(200);
  });

  it('ends the station sessions of the user when the badge changes or is cleared', async () => {
    const other = await worker(t, admin, 'badge-mover', {
      permissions: HANDOVER_PERMISSIONS,
      warehouses: ['WH01'],
      badge: 'B-7003',
    });
    const first = (await badgeSignIn(t, station.key, 'B-7003')).body.data.token;
    expect((await s.post('/api/kiosk/session', {}, first)).status).toBe(200);
    expect((await setBadge(other, 'B-7004')).body.code).toBe(200);
    expect((await s.post('/api/kiosk/session', {}, first)).status).toBe(401);
    expect((await badgeSignIn(t, station.key, 'B-7003')).body.errorCode).toBe('kioskBadgeInvalid');
    const second = (await badgeSignIn(t, station.key, 'B-7004')).body.data.token;
    expect((await setBadge(other, '')).body.code).toBe(200);
    expect((await s.post('/api/kiosk/session', {}, second)).status).toBe(401);
    expect((await userRow('badge-mover')).row.badgeSet).toBe(false);
    expect((await badgeSignIn(t, station.key, 'B-7004')).body.errorCode).toBe('kioskBadgeInvalid');
  });

  it('lets a user administrator set badges only of users holding nothing beyond them', async () => {
    await createUser(t, 'badge-admin', { permissions: ['sys:user:view', 'sys:user:edit'], warehouses: ['WH01'] });
    const limited = await t.login('badge-admin', 'Secret#123');
    expect((await setBadge(holder, 'B-7005', limited)).body.errorCode).toBe('permissionNotHeld');
    const peer = await worker(t, admin, 'badge-peer', { permissions: [], warehouses: ['WH01'] });
    expect((await setBadge(peer, 'B-7005', limited)).body.code).toBe(200);
    const viewer = await t.login('user-viewer', 'Secret#123');
    expect((await setBadge(peer, 'B-7006', viewer)).status).toBe(403);
  });
});

describe('badge guesses', () => {
  it('a right badge does not reset the count of wrong ones at the station', async () => {
    minutes(16);
    const guesses = await boundStation(t, admin, { name: 'ST-GUESS', flows: ['HANDOVER', 'SIGN'] });
    // Each guess from its own address and with its own prefix: only the station's count applies.
    const guess = (i: number) => badgeSignIn(t, guesses.key, `${String.fromCharCode(65 + (i % 26))}${i}-GUESS`, `10.7.${i}.1`);
    for (let i = 0; i < ADDRESS_LIMIT - 1; i++) expect((await guess(i)).body.errorCode).toBe('kioskBadgeInvalid');
    expect((await badgeSignIn(t, guesses.key, 'B-7001', '10.8.0.1')).body.code).toBe(200);
    let checked = ADDRESS_LIMIT - 1;
    for (let i = ADDRESS_LIMIT; i < 2 * ADDRESS_LIMIT + 5; i++) {
      const answer = (await guess(i)).body.errorCode;
      if (answer === 'loginThrottled') break;
      expect(answer).toBe('kioskBadgeInvalid');
      checked++;
    }
    expect(checked).toBeLessThanOrEqual(ADDRESS_LIMIT);
  });

  it('counts the guesses of one badge prefix across stations and addresses', async () => {
    minutes(16);
    const a = await boundStation(t, admin, { name: 'ST-PFX-A', flows: ['SIGN'] });
    const b = await boundStation(t, admin, { name: 'ST-PFX-B', flows: ['SIGN'] });
    // Half the guesses at each station, none of which reaches its own limit.
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const at = i % 2 === 0 ? a : b;
      expect((await badgeSignIn(t, at.key, `Z-90${i}`, `10.9.${i}.1`)).body.errorCode).toBe('kioskBadgeInvalid');
    }
    expect((await badgeSignIn(t, a.key, 'Z-9099', '10.9.99.1')).body.errorCode).toBe('loginThrottled');
    // Another series goes on at the same stations.
    expect((await badgeSignIn(t, a.key, 'B-7001', '10.9.98.1')).body.code).toBe(200);
  });
});
