/**
 * Migration 0022 on a database as 0019–0021 left it: plain badge codes become SHA-256 hashes (the same as the server
 * computes), the plain column goes, and the badge codes the operation log kept are masked.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { up } from '../../db/migrations/0022_badge_hash';
import { USER_PERSON_VIEW } from '../../db/migrations/0032_api_keys';
import { badgeSignIn, boundStation, HANDOVER_PERMISSIONS, worker } from './kioskTestKit';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('migration 0022_badge_hash', () => {
  it('hashes the plain badges, drops their column and masks them in the operation log', async () => {
    const { db } = t.connection;
    const station = await boundStation(t, admin, { name: 'ST-MIG', flows: ['HANDOVER'] });
    const id = await worker(t, admin, 'migrated', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'] });
    const plain = await worker(t, admin, 'plain-none', { permissions: [], warehouses: ['WH01'] });
    // Back to the schema of 0019: a plain badge column with its unique index, badges stored as typed.
    // (The Users screen's view of sys_user, made later by 0032, holds its columns: out of the way meanwhile.)
    await sql`drop view sys_user_person`.execute(db);
    await sql`drop index sys_user_badge_hash`.execute(db);
    await sql`alter table sys_user drop column badge_hash`.execute(db);
    await sql`alter table sys_user add column badge_code varchar(40)`.execute(db);
    await sql`create unique index sys_user_badge_code on sys_user(badge_code) where badge_code is not null`.execute(db);
    await sql`update sys_user set badge_code = 'B-8001' where id = ${id}`.execute(db);
    await sql`update sys_user set badge_code = '' where id = ${plain}`.execute(db);
    const logged = [
      `{"body":{"id":${id},"name":"migrated","badgeCode":"B-8001","status":"1"}}`,
      `{"body":{"id":${id},"badgeCode":null}}`,
      `{"body":{"id":${id},"nickName":"x","badgeCode":"B-80...`,
    ];
    for (const params of logged)
      await db
        .insertInto('sysLog')
        .values({ userName: 'admin', operation: '/api/user/save', method: 'POST', params, time: new Date(), ip: '127.0.0.1' })
        .execute();

    await up(db as unknown as Kysely<unknown>);
    await sql.raw(USER_PERSON_VIEW).execute(db);

    const { rows: columns } = await sql<{ columnName: string }>`
      select column_name from information_schema.columns where table_name = 'sys_user' and column_name like 'badge%'`.execute(db);
    expect(columns.map((c) => c.columnName)).toEqual(['badge_hash']);
    const { rows } = await sql<{ id: number; badgeHash: string | null }>`
      select id, badge_hash from sys_user where id in (${id}, ${plain}) order by id`.execute(db);
    expect(rows).toEqual([
      { id, badgeHash: createHash('sha256').update('B-8001').digest('hex') },
      { id: plain, badgeHash: null },
    ]);
    const params = (await db.selectFrom('sysLog').select('params').orderBy('id', 'desc').limit(3).execute()).map((r) => r.params);
    expect(params.join('\n')).not.toContain('B-80');
    expect(params.reverse()).toEqual([
      `{"body":{"id":${id},"name":"migrated","badgeCode":"******","status":"1"}}`,
      `{"body":{"id":${id},"badgeCode":null}}`,
      `{"body":{"id":${id},"nickName":"x","badgeCode":"******`,
    ]);
    expect((await badgeSignIn(t, station.key, 'B-8001')).body.data.user.name).toBe('migrated');
    // A second badge of the same value is refused by the unique index on the hash.
    await expect(
      sql`update sys_user set badge_hash = (select badge_hash from sys_user where id = ${id}) where id = ${plain}`.execute(db),
    ).rejects.toThrow();
  });
});
