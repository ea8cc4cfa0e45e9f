/**
 * Expiry and shelf life at allocation (issue 26 items 1 and 3): expired stock is never planned, the minimum remaining
 * shelf life (order, else client, else warehouse MIN_SHELF_LIFE_DAYS) is honoured at release and at a short pick's
 * re-allocation, a line that cannot be met is short with the reason SHORTDATED on the pick detail and the wave line;
 * the day controls and the order field are validated; the expiry job holds expired rows once even when two server
 * processes run it at once; the expiring-stock report and the home count honour their filters and the grants.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPickFixture,
  detailsOf,
  insertWave,
  PK,
  putStock,
  releaseBody,
  tasksOf,
} from '../../../../tests/support/pickFixture';
import { testConfig } from '../../../../tests/support/templates';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import { buildApp } from '../../app';
import { connectPostgres } from '../../db/connect';
import { addDays, holdExpiredStock } from '../inventory/expiry';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let today: string;
const db = () => t.connection.db;
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
  const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db());
  today = rows[0]?.today ?? '';
});
afterAll(() => t.close());

const release = (waveId: string) => t.post<Row[]>('/api/tWaveMaster/releaseWave', releaseBody([waveId]), admin);

async function newItem(itemNumber: string): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, shelf_life)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '保质期 Shelf life', 'EA', 'Y', 365)`.execute(db());
  return itemNumber;
}

async function setControl(name: string, clientCode: string | null, value: string | null): Promise<void> {
  await sql`delete from t_whse_control where wh_id = ${PK.whId} and control_name = ${name}
    and client_code is not distinct from ${clientCode}`.execute(db());
  if (value !== null) {
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values (${PK.whId}, ${name}, ${clientCode}, ${value})`.execute(db());
  }
}

const waveLines = async (waveId: string) => {
  const { rows } = await sql<{ orderNumber: string; plannedQty: string; shortReason: string | null }>`
    select wl.order_number, trim_scale(wl.planned_qty)::text as planned_qty, wl.short_reason
    from t_afo_wave_detail_line wl join t_afo_wave_detail wd on wd.id = wl.wave_detail_id
    where wd.wave_id = ${waveId} order by wl.order_number, wl.line_number`.execute(db());
  return rows;
};

describe('allocation and shelf life', () => {
  it('plans the fresh lot, never the expired one of the same item (FEFO over unexpired stock)', async () => {
    const item = await newItem('TSL-A1');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '10', lotNumber: 'OLD', expirationDate: '2020-01-01' },
      { at: PK.p2, itemNumber: item, qty: '10', lotNumber: 'NEW', expirationDate: day(200) },
    ]);
    await insertWave(db(), 'TSL-W1', [{ orderNumber: 'TSL-O1', lines: [{ itemNumber: item, qty: '4' }] }]);
    expect((await release('TSL-W1')).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 0 }] });
    const tasks = await tasksOf(db(), 'TSL-W1');
    expect(tasks.map((x) => [x.lotNumber, x.quantity, x.pickRule])).toEqual([['NEW', '4', 'FEFO']]);
  });

  it('a line with only expired stock is short with the reason SHORTDATED on the pick detail, the wave line and the log', async () => {
    const item = await newItem('TSL-A2');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '10', lotNumber: 'OLD', expirationDate: day(-1) }]);
    await insertWave(db(), 'TSL-W2', [{ orderNumber: 'TSL-O2', lines: [{ itemNumber: item, qty: '4' }] }]);
    expect((await release('TSL-W2')).body).toMatchObject({ code: 200, data: [{ planned: 0, short: 1 }] });
    expect(await tasksOf(db(), 'TSL-W2')).toEqual([]);
    expect(await detailsOf(db(), 'TSL-W2')).toEqual([
      expect.objectContaining({ plannedQty: '0', unplannedQty: '4', status: 'S' }),
    ]);
    const { rows } = await sql<{ shortReason: string }>`
      select short_reason from t_pick_detail where wave_id = 'TSL-W2'`.execute(db());
    expect(rows).toEqual([{ shortReason: 'SHORTDATED' }]);
    expect(await waveLines('TSL-W2')).toEqual([{ orderNumber: 'TSL-O2', plannedQty: '0', shortReason: 'SHORTDATED' }]);
    const { rows: log } = await sql<{ errorCode: string }>`
      select error_code from exception_log where control_number = 'TSL-W2' and tran_type = 'ALLOCATE'`.execute(db());
    expect(log).toEqual([{ errorCode: 'allocationShortDated' }]);
    // The pick detail list shows the reason as a label.
    const page = await t.post<PageResult<Row>>(
      '/api/tPickDetail/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { waveId: 'TSL-W2' } },
      admin,
    );
    expect(page.body.data.content).toEqual([expect.objectContaining({ shortReason: 'SHORTDATED' })]);
  });

  it('honours the client’s minimum remaining shelf life over the warehouse’s, and the order’s over both', async () => {
    const item = await newItem('TSL-A3');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '5', lotNumber: 'D20', expirationDate: day(20) },
      { at: PK.p2, itemNumber: item, qty: '5', lotNumber: 'D60', expirationDate: day(60) },
    ]);
    await setControl('MIN_SHELF_LIFE_DAYS', null, '10');
    await setControl('MIN_SHELF_LIFE_DAYS', PK.client, '30');
    try {
      // Client 30 days: only D60 qualifies; 8 wanted, 5 planned, the rest short for short-dated stock.
      await insertWave(db(), 'TSL-W3', [{ orderNumber: 'TSL-O3', lines: [{ itemNumber: item, qty: '8' }] }]);
      expect((await release('TSL-W3')).body).toMatchObject({ data: [{ planned: 0, short: 1 }] });
      expect((await tasksOf(db(), 'TSL-W3')).map((x) => [x.lotNumber, x.quantity])).toEqual([['D60', '5']]);
      expect(await waveLines('TSL-W3')).toEqual([{ orderNumber: 'TSL-O3', plannedQty: '5', shortReason: 'SHORTDATED' }]);
      // The order's own 5 days: D20 qualifies (FEFO takes it first).
      await insertWave(db(), 'TSL-W4', [{ orderNumber: 'TSL-O4', lines: [{ itemNumber: item, qty: '3' }] }]);
      await sql`update t_order set min_shelf_life_days = 5 where wh_id = ${PK.whId} and order_number = 'TSL-O4'`.execute(db());
      expect((await release('TSL-W4')).body).toMatchObject({ data: [{ planned: 1, short: 0 }] });
      expect((await tasksOf(db(), 'TSL-W4')).map((x) => [x.lotNumber, x.quantity])).toEqual([['D20', '3']]);
    } finally {
      await setControl('MIN_SHELF_LIFE_DAYS', null, null);
      await setControl('MIN_SHELF_LIFE_DAYS', PK.client, null);
    }
  });

  it('a short pick re-allocates only stock meeting the order’s minimum, else the rest is SHORTDATED', async () => {
    const item = await newItem('TSL-A5');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '4', lotNumber: 'D90', expirationDate: day(90) },
      { at: PK.p2, itemNumber: item, qty: '4', lotNumber: 'D10', expirationDate: day(10) },
    ]);
    await insertWave(db(), 'TSL-W5', [{ orderNumber: 'TSL-O5', lines: [{ itemNumber: item, qty: '4' }] }]);
    await sql`update t_order set min_shelf_life_days = 30 where wh_id = ${PK.whId} and order_number = 'TSL-O5'`.execute(db());
    await release('TSL-W5');
    const [task] = await tasksOf(db(), 'TSL-W5');
    expect([task?.lotNumber, task?.quantity]).toEqual(['D90', '4']);
    const res = await t.post<Row>('/api/tWavePickTask/pickLocShortage', { id: task?.id, qtyFound: '1' }, admin);
    expect(res.body).toMatchObject({
      code: 200,
      data: { pickedQty: '1', shortQty: '3', reallocatedQty: '0', unplannedQty: '3' },
    });
    const { rows } = await sql<{ shortReason: string }>`
      select short_reason from t_pick_detail where wave_id = 'TSL-W5'`.execute(db());
    expect(rows).toEqual([{ shortReason: 'SHORTDATED' }]);
    const { rows: log } = await sql<{ errorCode: string }>`
      select error_code from exception_log where control_number = ${String(task?.pickId)} order by id`.execute(db());
    expect(log.map((l) => l.errorCode)).toEqual(['pickShort', 'allocationShortDated']);
  });

  it('validates MIN_SHELF_LIFE_DAYS and EXPIRY_WARNING_DAYS, and the order’s minimum shelf life', async () => {
    const save = (row: Row) => t.post<number>('/api/tWhseControl/save', { whId: PK.whId, ...row }, admin);
    expect((await save({ controlName: 'MIN_SHELF_LIFE_DAYS', clientCode: PK.client, controlValue: '-3' })).body).toMatchObject({
      errorCode: 'controlDaysInvalid',
    });
    expect((await save({ controlName: 'EXPIRY_WARNING_DAYS', controlValue: '4000' })).body).toMatchObject({
      errorCode: 'controlDaysInvalid',
    });
    const order = (minShelfLifeDays: unknown) =>
      t.post<number>(
        '/api/tOrder/save',
        {
          whId: PK.whId,
          clientCode: PK.client,
          typeId: 'SO',
          orderNumber: `TSL-OV${String(minShelfLifeDays)}`,
          minShelfLifeDays,
        },
        admin,
      );
    expect((await order(-1)).body).toMatchObject({ errorCode: 'orderMinShelfLifeRange' });
    const saved = await order(45);
    expect(saved.body.code).toBe(200);
    const { rows } = await sql<{ minShelfLifeDays: number }>`
      select min_shelf_life_days from t_order where id = ${saved.body.data}`.execute(db());
    expect(rows).toEqual([{ minShelfLifeDays: 45 }]);
  });
});

describe('the expiry job', () => {
  it('holds each expired row of an available location once, with reason EXPIRED and a HOLD log row, even run twice at once', async () => {
    const item = await newItem('TSL-J1');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '3', lotNumber: 'EXP', expirationDate: day(-2) },
      { at: PK.p2, itemNumber: item, qty: '3', lotNumber: 'OK', expirationDate: day(5) },
      // Awaiting inspection: not available stock, not held by the job.
      { at: PK.qc, itemNumber: item, qty: '3', lotNumber: 'EXPQ', expirationDate: day(-2) },
    ]);
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    let close = async () => {};
    if (t.connection.kind === 'postgres') {
      // A second server process on the same database: its own app and connection pool.
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
      const url = new URL(process.env.WHARF_TEST_DATABASE_URL ?? '');
      url.pathname = `/${rows[0]?.name}`;
      const other = connectPostgres(url.toString(), 2);
      second = await buildApp({ config: testConfig(), db: other.db });
      close = async () => {
        await second?.app.close();
        await other.close();
      };
    }
    // Every expired row of an available location not yet held (earlier tests' rows too), this item's EXP among them.
    const { rows: due } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item s join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
      join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
      where s.expiration_date < current_date and s.status = 'A' and s.allocated_qty = 0`.execute(db());
    expect(due[0]?.n).toBeGreaterThanOrEqual(1);
    try {
      const runs = await Promise.all([holdExpiredStock(t.ctx.db), holdExpiredStock((second ?? t).ctx.db)]);
      // One run held them all; the other skipped (-1, the lock was taken) or found nothing left (0).
      expect(runs.filter((n) => n > 0)).toEqual([due[0]?.n]);
      expect(runs.filter((n) => n <= 0).every((n) => n === -1 || n === 0)).toBe(true);
    } finally {
      await close();
    }
    const { rows } = await sql<{ lotNumber: string; status: string; reasonId: string | null }>`
      select lot_number, status, reason_id from t_stored_item where item_number = ${item} order by lot_number`.execute(db());
    expect(rows).toEqual([
      { lotNumber: 'EXP', status: 'H', reasonId: 'EXPIRED' },
      { lotNumber: 'EXPQ', status: 'A', reasonId: null },
      { lotNumber: 'OK', status: 'A', reasonId: null },
    ]);
    const { rows: log } = await sql<{ tranType: string; description: string; quantity: string }>`
      select tran_type, description, trim_scale(quantity)::text as quantity from tran_log
      where item_number = ${item} and tran_type = 'HOLD'`.execute(db());
    expect(log).toEqual([{ tranType: 'HOLD', description: 'EXPIRED', quantity: '3' }]);
    expect(await holdExpiredStock(t.ctx.db)).toBe(0);
  });
});

describe('the expiring-stock report and the home count', () => {
  const find = (filters: Row, token = admin) =>
    t.post<PageResult<Row>>('/api/vExpiringStock/findPageByPara', { pageNum: 1, pageSize: 50, columnFilters: filters }, token);

  it('lists the rows within the warning days, soonest first, filtered by client, item and days, with days left', async () => {
    const item = await newItem('TSL-R1');
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '2', lotNumber: 'R5', expirationDate: day(5) },
      { at: PK.p2, itemNumber: item, qty: '3', lotNumber: 'R20', expirationDate: day(20) },
      { at: PK.p3, itemNumber: item, qty: '4', lotNumber: 'R90', expirationDate: day(90) },
    ]);
    await setControl('EXPIRY_WARNING_DAYS', PK.client, '10');
    try {
      const own = await find({ whId: PK.whId, itemNumber: item });
      expect(own.body.data.content.map((r) => [r.lotNumber, r.locationId, r.qty, r.expirationDate, r.daysLeft])).toEqual([
        ['R5', PK.p1, '2', day(5), 5],
      ]);
      const wider = await find({ whId: PK.whId, itemNumber: item, days: '30' });
      expect(wider.body.data.content.map((r) => r.lotNumber)).toEqual(['R5', 'R20']);
      expect((await find({ whId: PK.whId, itemNumber: item, clientCode: 'NOPE', days: '30' })).body.data.totalSize).toBe(0);
      expect((await find({ whId: PK.whId, itemNumber: item, days: 'x' })).body).toMatchObject({
        errorCode: 'controlDaysInvalid',
      });
    } finally {
      await setControl('EXPIRY_WARNING_DAYS', PK.client, null);
    }
  });

  it('enforces the view permission and the warehouse and client grants, in the report and the count', async () => {
    const item = await newItem('TSL-R2');
    await putStock(db(), [{ at: PK.p1, itemNumber: item, qty: '1', lotNumber: 'G1', expirationDate: day(3) }]);
    const noneToken = await t.login('tsl-none', await createUser(t, 'tsl-none', { permissions: [], warehouses: [PK.whId] }));
    expect((await find({ whId: PK.whId }, noneToken)).status).toBe(403);
    expect((await t.post('/api/vExpiringStock/count', {}, noneToken)).status).toBe(403);
    // The permission without the warehouse: an empty report and a count of 0.
    const awayToken = await t.login(
      'tsl-away',
      await createUser(t, 'tsl-away', { permissions: ['sys:expiringStock:view'], warehouses: ['WH02'] }),
    );
    expect((await find({ whId: PK.whId, itemNumber: item }, awayToken)).body.data.totalSize).toBe(0);
    expect((await t.post<{ count: number }>('/api/vExpiringStock/count', {}, awayToken)).body.data.count).toBe(0);
    // The warehouse limited to another client: the row is not listed nor counted.
    const password = await createUser(t, 'tsl-other', { permissions: ['sys:expiringStock:view'], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = ${['NOPE']}::varchar[]
      where user_id = (select id from sys_user where name = 'tsl-other')`.execute(db());
    const otherToken = await t.login('tsl-other', password);
    expect((await find({ whId: PK.whId, itemNumber: item }, otherToken)).body.data.totalSize).toBe(0);
    const mine = await find({ whId: PK.whId, itemNumber: item });
    expect(mine.body.data.totalSize).toBe(1);
    const counted = await t.post<{ count: number }>('/api/vExpiringStock/count', {}, admin);
    expect(counted.body.data.count).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item s where s.expiration_date <= current_date + 30`.execute(db());
    expect(counted.body.data.count).toBe(rows[0]?.n);
  });
});
