import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import type { PageResult } from '../../shared/wire';
import type { Row } from './crud.types';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const page = (pageNum: number, pageSize: number, columnFilters: Record<string, string> = {}) =>
  t.post<PageResult<Row>>('/api/tLocation/findPage', { pageNum, pageSize, columnFilters }, admin);

describe('findPage answers the page and the total in one round trip', () => {
  it('gives the same total as a count, and pages that join up in order without gaps or repeats', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t_location`.execute(t.connection.db);
    const total = rows[0]!.n;
    expect(total).toBeGreaterThan(6);
    const first = (await page(1, 3)).body.data;
    const second = (await page(2, 3)).body.data;
    const six = (await page(1, 6)).body.data;
    expect(first.totalSize).toBe(total);
    expect(second.totalSize).toBe(total);
    expect(six.content).toHaveLength(6);
    expect([...first.content, ...second.content]).toEqual(six.content);
    const last = Math.ceil(total / 20);
    expect((await page(last, 20)).body.data.content).toHaveLength(total - (last - 1) * 20);
  });

  it('keeps the row as the entity defines it (no helper columns)', async () => {
    const row = (await page(1, 1)).body.data.content[0]!;
    expect(Object.keys(row)).not.toContain('wharfTotal');
    expect(Object.keys(row)).not.toContain('wharfRow');
    expect(row).toHaveProperty('locationId');
  });

  it('answers an empty page past the end with the total still known', async () => {
    const past = (await page(1000, 20)).body.data;
    expect(past.content).toEqual([]);
    expect(past.totalSize).toBe((await page(1, 1)).body.data.totalSize);
  });

  it('answers no rows and a total of 0 when nothing matches', async () => {
    const none = (await page(1, 20, { locationId: 'NO-SUCH-LOCATION' })).body.data;
    expect(none).toMatchObject({ content: [], totalSize: 0 });
  });
});
