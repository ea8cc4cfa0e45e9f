import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import type { ColumnFilterValue, PageResult } from '../../shared/wire';
import type { Row } from './crud.types';
import { matchesPattern } from './filter';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const page = (pageNum: number, pageSize: number, columnFilters: Record<string, ColumnFilterValue> = {}) =>
  t.post<PageResult<Row>>('/api/tLocation/findPage', { pageNum, pageSize, columnFilters }, admin);

describe('findPage answers the page and its total', () => {
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
    const lastPage = (await page(last, 20)).body.data;
    expect(lastPage.content).toHaveLength(total - (last - 1) * 20);
    expect(lastPage.totalSize).toBe(total);
  });

  it('gives the total of a page that is not full from its rows, as a count would', async () => {
    const { rows } = await sql<{ locationId: string; n: number }>`
      select location_id, count(*) over (partition by substr(location_id, 1, 3))::int as n from t_location
      where wh_id = 'WH01' order by id limit 1`.execute(t.connection.db);
    const { locationId, n } = rows[0]!;
    const one = (await page(1, 20, { whId: 'WH01', locationId: { value: locationId, exact: true } })).body.data;
    expect(one).toMatchObject({ totalSize: 1, content: [{ locationId }] });
    // A prefix matching fewer rows than a page, and the same rows a page at a time.
    const prefix = `${locationId.slice(0, 3)}%`;
    expect(n).toBeLessThan(995);
    const few = (await page(1, n + 5, { whId: 'WH01', locationId: prefix })).body.data;
    expect(few.content).toHaveLength(n);
    expect(few.totalSize).toBe(n);
    expect((await page(1, Math.max(1, n - 1), { whId: 'WH01', locationId: prefix })).body.data.totalSize).toBe(n);
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

describe('a location prefix filter on the stock ledger', () => {
  const stock = (locationId: string) =>
    t.post<PageResult<Row>>('/api/tStoredItem/findPage', { pageNum: 1, pageSize: 20, columnFilters: { locationId } }, admin);

  beforeAll(async () => {
    await sql`insert into t_stored_item (wh_id, location_id, client_code, item_number, lot_number, actual_qty)
      select l.wh_id, l.location_id, i.client_code, i.item_number, 'LOT1', 5
      from (select wh_id, location_id from t_location where item_hu_indicator = 'I' order by id limit 40) l
      join (select wh_id, client_code, item_number from t_item_master order by id limit 5) i on i.wh_id = l.wh_id`.execute(
      t.connection.db,
    );
    await sql`analyze t_stored_item`.execute(t.connection.db);
  });

  it('finds the same rows whatever the case of the prefix, with `%` as the wildcard', async () => {
    const { rows } = await sql<{ locationId: string }>`select location_id from t_stored_item order by id limit 1`.execute(
      t.connection.db,
    );
    const prefix = rows[0]!.locationId.slice(0, 3);
    const upper = (await stock(`${prefix.toUpperCase()}%`)).body.data;
    const lower = (await stock(`${prefix.toLowerCase()}%`)).body.data;
    expect(upper.totalSize).toBeGreaterThan(0);
    expect(lower).toEqual(upper);
    const { rows: count } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item where location_id ilike ${`${prefix}%`}`.execute(t.connection.db);
    expect(upper.totalSize).toBe(count[0]!.n);
    expect(upper.content.every((r) => String(r.locationId).toUpperCase().startsWith(prefix.toUpperCase()))).toBe(true);
  });

  it('is served by the prefix index (migration 0010), not by reading the whole ledger', async () => {
    const plan = await t.connection.db.transaction().execute(async (trx) => {
      // The test ledger is small enough that the planner would rightly read it all: ask for the index-backed plan.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain select count(*) from v_stored_item
        where wh_id = 'WH01' and ${matchesPattern(sql.ref('location_id'), 'ZZ9-%')}`.execute(trx);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('t_stored_item_location_prefix');
    expect(plan).toMatch(/~>=~ 'zz9-'/);
  });
});
