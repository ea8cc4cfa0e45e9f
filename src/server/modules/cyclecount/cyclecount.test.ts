import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import { inTransaction } from '../../db/transaction';
import { addStock, lockStockKeys } from '../inventory/ledger.service';

/**
 * Cycle counts end to end (README "Cycle counts"): a zone TCC of six active locations and one inactive, stocked through
 * the ledger; the three generation modes, blind count entry, found items, recount, the adjustment from the
 * differences and its confirmation; permissions one action at a time; warehouse and client grants.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
type Row = Record<string, unknown>;
const WH = FIX.whId;
const api = (call: string) => `/api/tblCycleCountTask/${call}`;

async function stock(
  locationId: string,
  itemNumber: string,
  qty: string,
  o: { lot?: string; hu?: string; expiry?: string } = {},
) {
  await inTransaction(db(), async (trx) => {
    const key = { whId: WH, locationId, itemNumber, lotNumber: o.lot ?? null, huId: o.hu ?? null, storedAttributeId: null };
    await lockStockKeys(trx, [key]);
    await addStock(
      trx,
      key,
      qty,
      { expirationDate: o.expiry ?? null },
      {
        category: 'INBOUND',
        tranType: 'RECEIVE',
        description: 'cycle count test stock',
        employeeId: 'test',
        controlNumber: null,
        lineNumber: null,
        fromLocationId: null,
        toLocationId: locationId,
      },
    );
  });
}

async function tasks(filters: Row = {}, token = admin): Promise<Row[]> {
  const res = await t.post<PageResult<Row>>(
    api('findPage'),
    { pageNum: 1, pageSize: 200, columnFilters: { whId: WH, ...filters } },
    token,
  );
  expect(res.status).toBe(200);
  return res.body.data.content;
}

/** The `description` of the first row a findPage answers, asked in one language (the `lang` header the console sends). */
async function describedIn(url: string, columnFilters: Row, lang: 'zh_cn' | 'en_us'): Promise<unknown> {
  const raw = await t.app.inject({
    method: 'POST',
    url,
    headers: { token: admin, lang },
    payload: { pageNum: 1, pageSize: 10, columnFilters: { whId: WH, ...columnFilters } },
  });
  return (raw.json() as { data: PageResult<Row> }).data.content[0]?.description;
}
const logDescription = (controlNumber: string, lang: 'zh_cn' | 'en_us') =>
  describedIn('/api/tranLog/findPage', { tranType: 'COUNT', controlNumber }, lang);
const adjustmentDescription = (taskId: string, lang: 'zh_cn' | 'en_us') =>
  describedIn('/api/tblInvAdjustment/findPage', { taskId }, lang);

const taskAt = async (locationId: string, status = 'N') => {
  const found = await tasks({ locationId, status });
  expect(found.length, `${status} task at ${locationId}`).toBeGreaterThan(0);
  return found[0]!;
};

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(db());
  admin = await t.login();
  await sql`insert into t_zone (wh_id, zone, description, zone_type) values (${WH}, 'TCC', '盘点测试 Count test', 'A')`.execute(
    db(),
  );
  await sql`
    insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone, cycle_count_class, last_count_date) values
      (${WH}, 'TCC-01', 'M', 'I', 'A', 'TCC', 'A', null), (${WH}, 'TCC-02', 'M', 'I', 'A', 'TCC', 'A', '2020-01-01'),
      (${WH}, 'TCC-03', 'M', 'I', 'A', 'TCC', 'B', null), (${WH}, 'TCC-04', 'M', 'I', 'A', 'TCC', 'C', '2019-01-01'),
      (${WH}, 'TCC-05', 'M', 'I', 'A', 'TCC', null, null), (${WH}, 'TCC-H1', 'F', 'H', 'A', 'TCC', 'B', '2021-01-01'),
      (${WH}, 'TCC-OFF', 'M', 'I', 'I', 'TCC', 'A', null)`.execute(db());
  await stock('TCC-01', FIX.itemPlain, '10');
  await stock('TCC-02', FIX.itemLot, '5', { lot: 'L1', expiry: '2030-01-01' });
  await stock('TCC-04', FIX.itemPlain, '7');
  await stock('TCC-04', FIX.itemOther, '3');
  await stock('TCC-H1', FIX.itemPlain, '4', { hu: 'P1' });
});
afterAll(() => t.close());

describe('generate by location and item', () => {
  it('refuses without zone or item, and an item with nothing to count, with the spec’s messages', async () => {
    const zone = await t.post(api('generateCountTaskByLocItem'), { whId: WH, itemNumber: FIX.itemPlain }, admin);
    expect(zone.body).toMatchObject({
      code: -10000,
      errorCode: 'countZoneRequired',
      msg: 'Zone and SKU required: choose a zone',
    });
    const item = await t.post(api('generateCountTaskByLocItem'), { whId: WH, zone: 'TCC', itemNumber: '' }, admin);
    expect(item.body).toMatchObject({ errorCode: 'countItemRequired', msg: 'Zone and SKU required: choose an item' });
    const none = await t.post(api('generateCountTaskByLocItem'), { whId: WH, zone: 'TCC', itemNumber: FIX.itemAttr }, admin);
    expect(none.body).toMatchObject({ errorCode: 'countNothingToCount' });
    const unknown = await t.post(api('generateCountTaskByLocItem'), { whId: WH, zone: 'TCC', itemNumber: 'NOPE' }, admin);
    expect(unknown.body).toMatchObject({ errorCode: 'itemNotFound' });
  });

  it('makes one task per ledger row of the item in the range, numbered from the series, never twice while open', async () => {
    const ranged = await t.post<Row>(
      api('generateCountTaskByLocItem'),
      { whId: WH, zone: 'TCC', itemNumber: FIX.itemPlain, fromLocation: 'TCC-02', toLocation: 'TCC-05' },
      admin,
    );
    expect(ranged.body.data).toMatchObject({ count: 1 });
    expect(ranged.body.data.firstWorkQId).toMatch(/^CC\d{8}$/);
    expect(ranged.body.data.lastWorkQId).toBe(ranged.body.data.firstWorkQId);
    const all = await t.post<Row>(api('generateCountTaskByLocItem'), { whId: WH, zone: 'TCC', itemNumber: FIX.itemPlain }, admin);
    expect(all.body.data).toMatchObject({ count: 2 });
    const made = await tasks({ subType: 'LOCITEM' });
    expect(made.map((r) => [r.locationId, r.itemNumber, r.huId, r.status]).sort()).toEqual([
      ['TCC-01', FIX.itemPlain, null, 'N'],
      ['TCC-04', FIX.itemPlain, null, 'N'],
      ['TCC-H1', FIX.itemPlain, 'P1', 'N'],
    ]);
    expect(made.find((r) => r.locationId === 'TCC-04')).toMatchObject({
      fromLocation: 'TCC-02',
      toLocation: 'TCC-05',
      zone: 'TCC',
    });
    const again = await t.post(
      api('generateCountTaskByLocItem'),
      { whId: WH, zone: 'TCC', itemNumber: FIX.itemPlain, huId: 'P1' },
      admin,
    );
    expect(again.body).toMatchObject({ errorCode: 'countNothingToCount' });
  });

  it('lists the tasks blind: no book quantity while they are to count', async () => {
    const open = await tasks({ status: 'N' });
    expect(open.length).toBe(3);
    expect(open.every((r) => r.logicQty === null && r.recountSuggested === 'N')).toBe(true);
    const stored = await sql<{ qty: string }>`
      select logic_qty::text as qty from tbl_cycle_count_task where location_id = 'TCC-04'`.execute(db());
    expect(Number(stored.rows[0]?.qty)).toBe(7);
  });
});

describe('count entry', () => {
  it('requires the counted quantity, compares with the book, logs COUNT, then refuses a second entry', async () => {
    const task = await taskAt('TCC-04');
    const missing = await t.post(api('save'), { ...task, cycleCountQty: null }, admin);
    expect(missing.body).toMatchObject({ errorCode: 'fieldRequired' });
    expect(missing.body.msg).toContain('Counted quantity');
    const negative = await t.post(api('save'), { ...task, cycleCountQty: '-1' }, admin);
    expect(negative.body.code).toBe(-10000);
    // The counter cannot change what the task counts.
    const saved = await t.post(api('save'), { ...task, itemNumber: FIX.itemOther, cycleCountQty: '8' }, admin);
    expect(saved.body).toMatchObject({ code: 200, data: task.id });
    const counted = await taskAt('TCC-04', 'C');
    expect(counted).toMatchObject({
      itemNumber: FIX.itemPlain,
      logicQty: '7',
      cycleCountQty: '8',
      countBy: 'admin',
      recountSuggested: 'Y',
    });
    const { rows } = await sql<Row>`
      select category, quantity::text as quantity, description, control_number, from_location_id, item_number from tran_log
      where tran_type = 'COUNT' and control_number = ${String(task.workQId)}`.execute(db());
    expect(rows).toEqual([
      {
        category: 'INVENTORY',
        quantity: '1.000',
        description: '#countLogged{"counted":"8","book":"7"}',
        controlNumber: task.workQId,
        fromLocationId: 'TCC-04',
        itemNumber: FIX.itemPlain,
      },
    ]);
    // Stored as a code and its values; the log answers it in the reader's language.
    expect(await logDescription(String(task.workQId), 'en_us')).toBe('counted 8, book 7');
    expect(await logDescription(String(task.workQId), 'zh_cn')).toBe('盘点 8，账面 7');
    const twice = await t.post(api('save'), { ...task, cycleCountQty: '9' }, admin);
    expect(twice.body).toMatchObject({ errorCode: 'countTaskNotOpen' });
    expect(twice.body.msg).toContain(`count task ${String(task.workQId)}, status “Counted”`);
  });

  it('compares stock that moved since generation as it stands at count time', async () => {
    const task = await taskAt('TCC-01');
    await stock('TCC-01', FIX.itemPlain, '2');
    expect((await t.post(api('save'), { ...task, cycleCountQty: '12' }, admin)).body.code).toBe(200);
    expect(await taskAt('TCC-01', 'C')).toMatchObject({ logicQty: '12', cycleCountQty: '12', recountSuggested: 'N' });
  });

  it('keeps the pallet of a pallet location’s task', async () => {
    const task = await taskAt('TCC-H1');
    expect((await t.post(api('save'), { ...task, huId: null, cycleCountQty: '4' }, admin)).body.code).toBe(200);
    expect(await taskAt('TCC-H1', 'C')).toMatchObject({ huId: 'P1', logicQty: '4' });
  });
});

describe('generate by percent', () => {
  it('refuses a percent that is not an integer from 1 to 100, and a missing zone', async () => {
    for (const percent of [0, 101, '2.5', 'abc', null]) {
      const res = await t.post(api('generateCountTaskByPercent'), { whId: WH, zone: 'TCC', percent }, admin);
      expect(res.body, String(percent)).toMatchObject({
        errorCode: 'countPercentInvalid',
        msg: 'Percent must be an integer from 1 to 100',
      });
    }
    const zone = await t.post(api('generateCountTaskByPercent'), { whId: WH, percent: 10 }, admin);
    expect(zone.body).toMatchObject({ errorCode: 'countZoneRequired' });
  });

  it('counts ceil(percent × active locations): class A first, the oldest count first, an empty location as one task', async () => {
    // 6 active locations × 50% = 3: TCC-01 (A, never counted), TCC-02 (A, 2020), TCC-03 (B, never counted).
    const res = await t.post<Row>(api('generateCountTaskByPercent'), { whId: WH, zone: 'TCC', percent: 50 }, admin);
    expect(res.body.data).toMatchObject({ count: 3 });
    const made = await tasks({ subType: 'PERCENT' });
    expect(made.map((r) => [r.locationId, r.itemNumber, r.lotNumber, r.expirationDate, r.percent]).sort()).toEqual([
      ['TCC-01', FIX.itemPlain, null, null, 50],
      ['TCC-02', FIX.itemLot, 'L1', '2030-01-01', 50],
      ['TCC-03', null, null, null, 50],
    ]);
  });
});

describe('lots, pallets, found items and locations counted empty', () => {
  it('answers the spec’s lot and pallet messages for a found item', async () => {
    const found = (extra: Row) =>
      t.post(api('save'), { whId: WH, locationId: 'TCC-05', itemNumber: FIX.itemLot, cycleCountQty: '1', ...extra }, admin);
    expect((await found({})).body).toMatchObject({
      errorCode: 'lotAndExpiryRequired',
      msg: 'Lot and expire date not allow empty',
    });
    expect((await found({ expirationDate: '2031-01-01' })).body).toMatchObject({
      errorCode: 'lotNotAllowEmpty',
      msg: 'Lot Not Allow Empty',
    });
    expect((await found({ lotNumber: 'L9' })).body).toMatchObject({ errorCode: 'lotAndExpiryRequired' });
    const pallet = await t.post(
      api('save'),
      { whId: WH, locationId: 'TCC-H1', itemNumber: FIX.itemPlain, cycleCountQty: '1' },
      admin,
    );
    expect(pallet.body).toMatchObject({ errorCode: 'palletNotAllowEmpty', msg: 'Pallet not allow empty' });
    const noItem = await t.post(api('save'), { whId: WH, locationId: 'TCC-05', cycleCountQty: '1' }, admin);
    expect(noItem.body).toMatchObject({ errorCode: 'fieldRequired' });
  });

  it('adds a found item as a counted FOUND task numbered from the series', async () => {
    const res = await t.post<number>(
      api('save'),
      { whId: WH, locationId: 'TCC-05', itemNumber: FIX.itemOther, cycleCountQty: '3' },
      admin,
    );
    expect(res.body.data).toBeGreaterThan(0);
    const found = await taskAt('TCC-05', 'C');
    expect(found).toMatchObject({
      id: res.body.data,
      subType: 'FOUND',
      zone: 'TCC',
      logicQty: '0',
      cycleCountQty: '3',
      uom: 'EA',
    });
    expect(String(found.workQId)).toMatch(/^CC\d{8}$/);
    // A found entry can be corrected, or taken back, until the adjustment is generated.
    const wrong = await t.post<number>(
      api('save'),
      { whId: WH, locationId: 'TCC-05', itemNumber: FIX.itemPlain, cycleCountQty: '9' },
      admin,
    );
    const corrected = await t.post(
      api('save'),
      { id: wrong.body.data, whId: WH, locationId: 'TCC-05', cycleCountQty: '8' },
      admin,
    );
    expect(corrected.body).toMatchObject({ code: 200, data: wrong.body.data });
    expect((await tasks({ locationId: 'TCC-05', itemNumber: FIX.itemPlain }))[0]).toMatchObject({
      cycleCountQty: '8',
      status: 'C',
    });
    expect((await t.post(api('delete'), [{ id: wrong.body.data }], admin)).body).toMatchObject({ code: 200, data: 1 });
  });

  it('counts a location task: an item is needed above 0, and the counter names the lot found', async () => {
    const task = await taskAt('TCC-03');
    const bare = await t.post(api('save'), { ...task, cycleCountQty: '2' }, admin);
    expect(bare.body).toMatchObject({ errorCode: 'countItemNotInLocation' });
    const lotless = await t.post(api('save'), { ...task, itemNumber: FIX.itemLot, cycleCountQty: '2' }, admin);
    expect(lotless.body).toMatchObject({ errorCode: 'lotAndExpiryRequired' });
    const ok = await t.post(
      api('save'),
      { ...task, itemNumber: FIX.itemLot, lotNumber: 'L2', expirationDate: '2031-06-30', cycleCountQty: '2' },
      admin,
    );
    expect(ok.body.code).toBe(200);
    expect(await taskAt('TCC-03', 'C')).toMatchObject({
      itemNumber: FIX.itemLot,
      lotNumber: 'L2',
      logicQty: '0',
      cycleCountQty: '2',
    });
    const lotTask = await taskAt('TCC-02');
    expect((await t.post(api('save'), { ...lotTask, cycleCountQty: '4' }, admin)).body.code).toBe(200);
  });
});

describe('recount', () => {
  it('refuses a task not counted, and puts a counted one back keeping the first count', async () => {
    const open = await taskAt('TCC-01');
    const refused = await t.post(api('requestRecount'), { whId: WH, ids: [open.id] }, admin);
    expect(refused.body).toMatchObject({ errorCode: 'countTaskNotCounted' });
    expect(refused.body.msg).toContain('status “To count”');
    const task = await taskAt('TCC-04', 'C');
    const res = await t.post(api('requestRecount'), { whId: WH, ids: [task.id] }, admin);
    expect(res.body).toMatchObject({ code: 200, data: 1 });
    const back = await taskAt('TCC-04');
    expect(back).toMatchObject({ firstCountQty: '8', cycleCountQty: null, recountCount: 1, logicQty: null });
    expect((await t.post(api('save'), { ...back, cycleCountQty: '7' }, admin)).body.code).toBe(200);
    expect(await taskAt('TCC-04', 'C')).toMatchObject({
      firstCountQty: '8',
      cycleCountQty: '7',
      logicQty: '7',
      recountSuggested: 'N',
    });
  });
});

describe('adjustment from the counts', () => {
  let adjustmentTaskId = '';

  it('refuses a listed task that is not counted', async () => {
    const open = await taskAt('TCC-01');
    const res = await t.post(api('generateAdjustmentTask'), { whId: WH, ids: [open.id] }, admin);
    expect(res.body).toMatchObject({ errorCode: 'countTaskNotCounted' });
  });

  it('makes one adjustment task of the differences; every counted task → A; locations counted today', async () => {
    const counted = await tasks({ status: 'C' });
    expect(counted.length).toBe(6);
    const res = await t.post<Row>(api('generateAdjustmentTask'), { whId: WH }, admin);
    expect(res.body.data).toMatchObject({ lines: 3, tasks: 6 });
    adjustmentTaskId = String(res.body.data.adjustmentTaskId);
    expect(adjustmentTaskId).toMatch(/^AJ\d{8}$/);
    const header =
      await sql<Row>`select status, reason_id, description from tbl_inv_adjustment where task_id = ${adjustmentTaskId}`.execute(
        db(),
      );
    expect(header.rows[0]).toMatchObject({ status: 'N', reasonId: 'CNT' });
    expect(String(header.rows[0]?.description)).toMatch(/^#countAdjustment\{"first":"CC\d{8}","last":"CC\d{8}"\}$/);
    const [first, last] = [...String(header.rows[0]?.description).matchAll(/CC\d{8}/g)].map((m) => m[0]);
    expect(await adjustmentDescription(adjustmentTaskId, 'en_us')).toBe(`cycle count ${first}–${last}`);
    expect(await adjustmentDescription(adjustmentTaskId, 'zh_cn')).toBe(`循环盘点 ${first}–${last}`);
    const { rows: lines } = await sql<Row>`
      select line_number, location_id, item_number, lot_number, trim_scale(qty)::text as qty, uom,
        to_char(expiration_date, 'YYYY-MM-DD') as expiry
      from tbl_inv_adjustment_detail where task_id = ${adjustmentTaskId} order by line_number`.execute(db());
    expect(lines.map((l) => [l.locationId, l.itemNumber, l.lotNumber, l.qty, l.uom, l.expiry]).sort()).toEqual([
      ['TCC-02', FIX.itemLot, 'L1', '-1', 'EA', '2030-01-01'],
      ['TCC-03', FIX.itemLot, 'L2', '2', 'EA', '2031-06-30'],
      ['TCC-05', FIX.itemOther, null, '3', 'EA', null],
    ]);
    const done = await tasks({ adjustmentTaskId });
    expect(done.length).toBe(6);
    expect(done.every((r) => r.status === 'A')).toBe(true);
    const { rows: places } = await sql<{ locationId: string; today: boolean }>`
      select location_id, last_count_date = current_date as today from t_location
      where wh_id = ${WH} and location_id like 'TCC-%' order by location_id`.execute(db());
    expect(places.filter((p) => p.today).map((p) => p.locationId)).toEqual([
      'TCC-01',
      'TCC-02',
      'TCC-03',
      'TCC-04',
      'TCC-05',
      'TCC-H1',
    ]);
    const again = await t.post(api('generateAdjustmentTask'), { whId: WH }, admin);
    expect(again.body).toMatchObject({ errorCode: 'countNothingCounted' });
  });

  it('is confirmed through confirmInvAdjustment: the stock is corrected and logged ADJUST', async () => {
    const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: WH, taskId: adjustmentTaskId }, admin);
    expect(res.body.code).toBe(200);
    const { rows } = await sql<Row>`
      select location_id, item_number, lot_number, trim_scale(actual_qty)::text as qty from t_stored_item
      where wh_id = ${WH} and location_id in ('TCC-02', 'TCC-03', 'TCC-05') order by location_id`.execute(db());
    expect(rows).toEqual([
      { locationId: 'TCC-02', itemNumber: FIX.itemLot, lotNumber: 'L1', qty: '4' },
      { locationId: 'TCC-03', itemNumber: FIX.itemLot, lotNumber: 'L2', qty: '2' },
      { locationId: 'TCC-05', itemNumber: FIX.itemOther, lotNumber: null, qty: '3' },
    ]);
    const log = await sql<{ n: number }>`
      select count(*)::int as n from tran_log where tran_type = 'ADJUST' and control_number = ${adjustmentTaskId}`.execute(db());
    expect(log.rows[0]?.n).toBe(3);
  });

  it('deletes a task still to count, never one counted', async () => {
    const open = await taskAt('TCC-01');
    const done = (await tasks({ status: 'A' }))[0]!;
    const refused = await t.post(api('delete'), [{ id: done.id }], admin);
    expect(refused.body).toMatchObject({ errorCode: 'countTaskNotOpen' });
    expect((await t.post(api('delete'), [{ id: open.id }], admin)).body).toMatchObject({ code: 200, data: 1 });
  });
});

describe('generate by transaction type', () => {
  it('refuses a missing or unknown type, missing or bad dates, and a reversed range', async () => {
    const call = (body: Row) => t.post(api('generateCountTaskByTranType'), { whId: WH, ...body }, admin);
    expect((await call({ startDate: '2024-01-01', endDate: '2024-01-02' })).body).toMatchObject({
      errorCode: 'countTranTypeRequired',
    });
    expect((await call({ tranType: 'NOPE', startDate: '2024-01-01', endDate: '2024-01-02' })).body).toMatchObject({
      errorCode: 'fieldNotInList',
    });
    expect((await call({ tranType: 'ADJUST', startDate: '2024-01-01' })).body).toMatchObject({ errorCode: 'countDatesRequired' });
    expect((await call({ tranType: 'ADJUST', startDate: '2024-02-30', endDate: '2024-03-01' })).body).toMatchObject({
      errorCode: 'fieldNotDate',
    });
    const reversed = await call({ tranType: 'ADJUST', startDate: '2024-03-02', endDate: '2024-03-01' });
    expect(reversed.body).toMatchObject({ errorCode: 'dateRangeInvalid', msg: 'Start date cannot be later than End date' });
    expect((await call({ tranType: 'ADJUST', startDate: '2001-01-01', endDate: '2001-01-31' })).body).toMatchObject({
      errorCode: 'countNothingToCount',
    });
  });

  it('counts the locations the type touched in the range (per ledger row)', async () => {
    const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(db());
    const today = rows[0]!.today;
    const res = await t.post<Row>(
      api('generateCountTaskByTranType'),
      { whId: WH, tranType: 'ADJUST', startDate: today, endDate: today, zone: 'TCC' },
      admin,
    );
    expect(res.body.data).toMatchObject({ count: 3 });
    const made = await tasks({ subType: 'TRANTYPE' });
    expect(made.map((r) => [r.locationId, r.itemNumber, r.tranType]).sort()).toEqual([
      ['TCC-02', FIX.itemLot, 'ADJUST'],
      ['TCC-03', FIX.itemLot, 'ADJUST'],
      ['TCC-05', FIX.itemOther, 'ADJUST'],
    ]);
    expect(made[0]).toMatchObject({ startDate: today, endDate: today });
  });
});

describe('permissions and grants', () => {
  const users: Record<string, string> = {};
  beforeAll(async () => {
    for (const action of ['view', 'add', 'edit', 'delete']) {
      const permissions = ['sys:tblCycleCountTask:view', `sys:tblCycleCountTask:${action}`];
      await createUser(t, `cc-${action}`, { permissions, warehouses: [WH] });
      users[action] = await t.login(`cc-${action}`, 'Secret#123');
    }
    const all = ['view', 'add', 'edit', 'delete'].map((a) => `sys:tblCycleCountTask:${a}`);
    await createUser(t, 'cc-wh02', { permissions: all, warehouses: ['WH02'] });
    users.wh02 = await t.login('cc-wh02', 'Secret#123');
    await createUser(t, 'cc-client', { permissions: all, warehouses: [WH] });
    await sql`update sys_user_warehouse set client_codes = array[${FIX.client}]::varchar[]
      where user_id = (select id from sys_user where name = 'cc-client')`.execute(db());
    users.client = await t.login('cc-client', 'Secret#123');
  });

  it('guards each action by its own permission', async () => {
    const open = await taskAt('TCC-02');
    const calls: [string, Row | Row[], string][] = [
      ['generateCountTaskByLocItem', { whId: WH, zone: 'TCC', itemNumber: FIX.itemPlain }, 'add'],
      ['generateCountTaskByPercent', { whId: WH, zone: 'TCC', percent: 10 }, 'add'],
      ['generateCountTaskByTranType', { whId: WH, tranType: 'PICK', startDate: '2001-01-01', endDate: '2001-01-02' }, 'add'],
      ['generateAdjustmentTask', { whId: WH, ids: [open.id as number] }, 'edit'],
      ['requestRecount', { whId: WH, ids: [open.id as number] }, 'edit'],
      ['delete', [{ id: 999999 }], 'delete'],
    ];
    for (const [call, body, needed] of calls) {
      for (const action of ['view', 'add', 'edit', 'delete']) {
        const res = await t.post(api(call), body, users[action]);
        if (action === needed) expect(res.status, `${call} as ${action}`).toBe(200);
        else expect(res.status, `${call} as ${action}`).toBe(403);
      }
    }
    // Save: an insert needs :add, an update :edit.
    const found = {
      whId: WH,
      locationId: 'TCC-01',
      itemNumber: FIX.itemLot,
      lotNumber: 'LX',
      expirationDate: '2032-01-01',
      cycleCountQty: '1',
    };
    expect((await t.post(api('save'), found, users.edit)).status).toBe(403);
    expect((await t.post(api('save'), { ...open, cycleCountQty: '5' }, users.add)).status).toBe(403);
    expect((await t.post(api('save'), found, users.add)).body.code).toBe(200);
    expect((await t.post(api('save'), { ...open, cycleCountQty: '5' }, users.edit)).body.code).toBe(200);
    expect((await t.post(api('findPage'), { pageNum: 1, pageSize: 5 }, users.view)).status).toBe(200);
  });

  it('keeps other warehouses out', async () => {
    const res = await t.post(api('generateCountTaskByPercent'), { whId: WH, zone: 'TCC', percent: 10 }, users.wh02);
    expect(res.body).toMatchObject({ errorCode: 'warehouseNotGranted' });
    for (const call of ['generateAdjustmentTask', 'requestRecount']) {
      const refused = await t.post(api(call), { whId: WH, ids: [1] }, users.wh02);
      expect(refused.body, call).toMatchObject({ errorCode: 'warehouseNotGranted' });
    }
    const seen = await t.post<PageResult<Row>>(api('findPage'), { pageNum: 1, pageSize: 50 }, users.wh02);
    expect(seen.body.data.content.every((r) => r.whId === 'WH02')).toBe(true);
  });

  it('limits a client-limited user to their client’s items', async () => {
    const token = users.client!;
    const percent = await t.post(api('generateCountTaskByPercent'), { whId: WH, zone: 'TCC', percent: 10 }, token);
    expect(percent.body).toMatchObject({ errorCode: 'clientsNotGranted' });
    const other = await t.post(api('generateCountTaskByLocItem'), { whId: WH, zone: 'TCC', itemNumber: FIX.itemOther }, token);
    expect(other.body).toMatchObject({ errorCode: 'clientsNotGranted' });
    const seen = await tasks({}, token);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((r) => r.itemNumber === FIX.itemOther || r.itemNumber === null)).toBe(false);
    const found = await t.post(
      api('save'),
      { whId: WH, locationId: 'TCC-01', itemNumber: FIX.itemOther, cycleCountQty: '1' },
      token,
    );
    expect(found.body).toMatchObject({ code: 200, data: 0 });
    const foreign = (await tasks({ itemNumber: FIX.itemOther, status: 'N' }))[0]!;
    const recount = await t.post(api('requestRecount'), { whId: WH, ids: [foreign.id] }, token);
    expect(recount.body).toMatchObject({ errorCode: 'clientsNotGranted' });
    // The adjustment from every counted task leaves the other client's counts alone.
    const mine = await t.post<Row>(api('generateAdjustmentTask'), { whId: WH }, token);
    expect(mine.body.data).toMatchObject({ tasks: 2 });
  });
});
