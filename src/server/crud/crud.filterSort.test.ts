/** What a person relies on in every list: typed filters find what they mean, a header click sorts on the server. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { ENTITIES } from '../../shared/entities';
import { isSortable } from '../../shared/entities/defineEntity';
import { addStock } from '../modules/inventory/ledger.service';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

type Page = { content: Record<string, unknown>[]; totalSize: number };
const page = async (entity: string, body: Record<string, unknown>, lang = 'en_us') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${entity}/findPage`,
    headers: { token: admin, lang },
    payload: { pageNum: 1, pageSize: 1000, ...body },
  });
  return res.json() as { code: number; msg: string | null; errorCode?: string; data: Page };
};
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(t.connection.db)).rows[0]?.n;

describe('text filters find what a person means', () => {
  it('a part of a code, typed without %, finds every row containing it, whatever its case', async () => {
    const expected = await count(sql<{ n: number }>`select count(*)::int as n from t_location where location_id ilike '%01-0%'`);
    expect(expected).toBeGreaterThan(0);
    const answer = await page('tLocation', { columnFilters: { locationId: '01-0' } });
    expect(answer.code).toBe(200);
    expect(answer.data.totalSize).toBe(expected);
    for (const row of answer.data.content) expect(String(row.locationId)).toContain('01-0');
    const lower = await page('tLocation', { columnFilters: { locationId: 'p01-0' } });
    expect(lower.data.totalSize).toBeGreaterThan(0);
    for (const row of lower.data.content) expect(String(row.locationId).startsWith('P01-0')).toBe(true);
  });

  it('the stock ledger matches a typed item number exactly (its indexes serve equality), % still a pattern', async () => {
    const { rows } = await sql<{ whId: string; locationId: string; itemNumber: string }>`
      select l.wh_id, l.location_id, i.item_number from t_location l
      join t_item_master i on i.wh_id = l.wh_id where l.wh_id = 'WH01' and l.item_hu_indicator = 'I' limit 1`.execute(
      t.connection.db,
    );
    const at = rows[0]!;
    // Stock arrives the one way it ever does: through the ledger.
    const key = { ...at, lotNumber: null, huId: null, storedAttributeId: null };
    await t.connection.db.transaction().execute((trx) => addStock(trx, key, '3', { expirationDate: null }, null));
    const exact = await page('tStoredItem', { columnFilters: { whId: 'WH01', itemNumber: at.itemNumber } });
    expect(exact.data.content.map((r) => r.itemNumber)).toEqual([at.itemNumber]);
    const part = await page('tStoredItem', { columnFilters: { whId: 'WH01', itemNumber: at.itemNumber.slice(0, -1) } });
    expect(part.data.totalSize).toBe(0);
    const pattern = await page('tStoredItem', { columnFilters: { whId: 'WH01', itemNumber: `${at.itemNumber.slice(0, -1)}%` } });
    expect(pattern.data.content.map((r) => r.itemNumber)).toContain(at.itemNumber);
  });

  it('a value with % is a pattern, % alone is any, and _ is no wildcard', async () => {
    const all = await page('tLocation', {});
    expect((await page('tLocation', { columnFilters: { locationId: '%' } })).data.totalSize).toBe(all.data.totalSize);
    const prefix = await page('tLocation', { columnFilters: { locationId: 'P01%' } });
    expect(prefix.data.totalSize).toBe(
      await count(sql<{ n: number }>`select count(*)::int as n from t_location where location_id like 'P01%'`),
    );
    for (const row of prefix.data.content) expect(String(row.locationId).startsWith('P01')).toBe(true);
    // `01-0` appears inside ids, `01_0` does not: the underscore matches only itself.
    expect((await page('tLocation', { columnFilters: { locationId: '01_0' } })).data.totalSize).toBe(0);
  });

  it('a warehouse chosen from the list, a code and a value marked exact match exactly', async () => {
    expect((await page('tLocation', { columnFilters: { whId: 'WH' } })).data.totalSize).toBe(0);
    const wh01 = await page('tLocation', { columnFilters: { whId: 'WH01' } });
    expect(wh01.data.totalSize).toBe(
      await count(sql<{ n: number }>`select count(*)::int as n from t_location where wh_id = 'WH01'`),
    );
    const one = await page('tLocation', { columnFilters: { whId: 'WH01', locationId: { value: 'P01-01-1', exact: true } } });
    expect(one.data.content.map((r) => r.locationId)).toEqual(['P01-01-1']);
    const stock = await t.post(
      '/api/tStoredItem/findPageByLocID',
      { pageNum: 1, pageSize: 100, whId: 'WH01', locationId: 'P01-01-1' },
      admin,
    );
    for (const row of (stock.body as { data: Page }).data.content) expect(row.locationId).toBe('P01-01-1');
  });

  it('a date chosen for a time column finds the rows of that day in the user’s time zone; anything else is refused', async () => {
    // Two movements a minute either side of midnight in Shanghai (UTC+8): 2026-03-01 23:59 and 2026-03-02 00:01 there.
    await sql`insert into tran_log (wh_id, category, tran_type, employee_id, item_number, quantity, control_number, tran_date)
      values ('WH01', 'INVENTORY', 'MOVE', 'admin', 'ACME-0001', 1, 'DAY-TEST', '2026-03-01T15:59:00Z'),
             ('WH01', 'INVENTORY', 'MOVE', 'admin', 'ACME-0001', 1, 'DAY-TEST', '2026-03-01T16:01:00Z')`.execute(t.connection.db);
    const onDay = async (tranDate: string) =>
      page('tranLog', { columnFilters: { controlNumber: 'DAY-TEST', tranDate } }).then((a) =>
        a.data.content.map((r) => String(r.tranDate)),
      );
    // 2 March in Shanghai: from its midnight (1 March 16:00 UTC) to the next.
    expect(await onDay('2026-03-01T16:00:00.000Z/2026-03-02T16:00:00.000Z')).toEqual(['2026-03-01T16:01:00.000Z']);
    // 1 March in London (UTC): both.
    expect(await onDay('2026-03-01T00:00:00.000Z/2026-03-02T00:00:00.000Z')).toHaveLength(2);
    const refused = await page('tranLog', { columnFilters: { tranDate: '2026-13-01' } }, 'zh_cn');
    expect(refused.errorCode).toBe('fieldNotDate');
    expect(refused.msg).toContain('日期');
    expect((await page('tranLog', { columnFilters: { tranDate: '2026-03-01T00:00:00Z/2026-04-01T00:00:00Z' } })).errorCode).toBe(
      'fieldNotDate',
    );
  });

  it('the operation log filters its text the same way', async () => {
    const expected = await count(sql<{ n: number }>`select count(*)::int as n from sys_log where operation ilike '%logi%'`);
    const res = await t.post('/api/log/findPage', { pageNum: 1, pageSize: 10, columnFilters: { operation: 'LOGI' } }, admin);
    expect(res.body).toMatchObject({ code: 200 });
    expect((res.body as { data: Page }).data.totalSize).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });
});

describe('a header click sorts on the server', () => {
  it('sorts by a declared field either way, the id breaking ties so that pages neither repeat nor skip rows', async () => {
    const desc = await page('tLocation', { sort: { field: 'zone', order: 'desc' } });
    const zones = desc.data.content.map((r) => String(r.zone));
    expect(zones).toEqual([...zones].sort().reverse());
    const asc = await page('tLocation', { sort: { field: 'locationId', order: 'asc' } });
    const ids = asc.data.content.map((r) => String(r.locationId));
    expect(ids).toEqual([...ids].sort());
    // Paging through a column with many equal values meets every row exactly once.
    const seen: unknown[] = [];
    for (let pageNum = 1; pageNum <= 4; pageNum++) {
      const res = await page('tLocation', { pageNum, pageSize: 25, sort: { field: 'zone', order: 'asc' } });
      seen.push(...res.data.content.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(100);
    const first100 = await page('tLocation', { pageSize: 100, sort: { field: 'zone', order: 'asc' } });
    expect(first100.data.content.map((r) => r.id)).toEqual(seen);
  });

  it('refuses a field that is not declared sortable, in the user’s language', async () => {
    const en = await page('tLocation', { sort: { field: 'capacityQty', order: 'asc' } });
    expect(en).toMatchObject({ code: -10000, errorCode: 'unknownSort' });
    expect(en.msg).toContain('capacityQty');
    const zh = await page('tLocation', { sort: { field: 'capacityQty', order: 'asc' } }, 'zh_cn');
    expect(zh.msg).toContain('排序');
    expect(await page('tLocation', { sort: { field: 'constructor', order: 'asc' } })).toMatchObject({ errorCode: 'unknownSort' });
  });

  it('every entity declares its sortable columns among its shown ones', () => {
    for (const entity of Object.values(ENTITIES)) {
      for (const [field, def] of Object.entries(entity.fields)) {
        if (isSortable(entity, field)) expect(def.column, `${entity.name}.${field}`).toBe(true);
      }
    }
  });
});

describe('items are shown with their description', () => {
  it('the transaction log answers each row’s item description in the same page query', async () => {
    await sql`insert into tran_log (wh_id, category, tran_type, employee_id, client_code, item_number, quantity, control_number)
      values ('WH01', 'INVENTORY', 'ADJUST', 'admin', 'ACME', 'ACME-0001', 1, 'DESC-TEST'),
             ('WH01', 'INVENTORY', 'ADJUST', 'admin', 'ACME', 'NO-SUCH-ITEM', 1, 'DESC-TEST')`.execute(t.connection.db);
    const answer = await page('tranLog', { columnFilters: { controlNumber: 'DESC-TEST' } });
    expect(answer.code).toBe(200);
    expect(answer.data.content).toHaveLength(2);
    const { rows: items } = await sql<{ description: string }>`
      select description from t_item_master where wh_id = 'WH01' and item_number = 'ACME-0001'`.execute(t.connection.db);
    const byItem = Object.fromEntries(answer.data.content.map((r) => [r.itemNumber, r.itemDescription]));
    expect(byItem['ACME-0001']).toBe(items[0]?.description);
    expect(byItem['NO-SUCH-ITEM']).toBeNull();
  });
});
