import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';

let t: TestApp;
let admin: string;
let wh02: string;
beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  const all = ['tStoredItem', 'tranLog', 'exceptionLog', 'tblInvMovement', 'tblInvAdjustment'].flatMap((r) =>
    ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`),
  );
  await createUser(t, 'invwh02', { permissions: all, warehouses: ['WH02'] });
  wh02 = await t.login('invwh02', 'Secret#123');
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const page = (url: string, columnFilters: Row = {}, token = admin) =>
  t.post<PageResult<Row>>(url, { pageNum: 1, pageSize: 50, columnFilters }, token);

describe('task headers', () => {
  it('numbers a new movement from the warehouse series, and refuses changes once it is completed', async () => {
    const first = await t.post<number>('/api/tblInvMovement/save', { whId: 'WH01', description: '补货 Replenish' }, admin);
    const second = await t.post<number>('/api/tblInvMovement/save', { whId: 'WH01', taskId: 'MINE', status: 'C' }, admin);
    expect(first.body.data).toBeGreaterThan(0);
    const rows = (await page('/api/tblInvMovement/findPage', { whId: 'WH01' })).body.data.content;
    const [b, a] = rows; // newest first
    expect(a).toMatchObject({ id: first.body.data, status: 'N', createBy: 'admin' });
    expect(String(a?.taskId)).toMatch(/^MV\d{8}$/);
    // The client cannot choose the number or the status.
    expect(b).toMatchObject({ id: second.body.data, status: 'N' });
    expect(b?.taskId).not.toBe('MINE');
    expect(Number(String(b?.taskId).slice(2))).toBe(Number(String(a?.taskId).slice(2)) + 1);

    await sql`update tbl_inv_movement set status = 'C' where id = ${first.body.data}`.execute(t.connection.db);
    const edit = await t.post('/api/tblInvMovement/save', { id: first.body.data, whId: 'WH01', description: 'x' }, admin);
    expect(edit.body).toMatchObject({ code: -10000, errorCode: 'movementTaskLocked' });
    expect(edit.body.msg).toBe('An approved or completed task cannot be changed');
    const del = await t.post('/api/tblInvMovement/delete', [{ id: first.body.data }], admin);
    expect(del.body).toMatchObject({ code: -10000, errorCode: 'movementTaskLocked' });
  });

  it('keeps another warehouse’s tasks out of reach', async () => {
    const res = await t.post<number>('/api/tblInvAdjustment/save', { whId: 'WH01', reasonId: 'CORR' }, wh02);
    expect(res.body).toMatchObject({ code: 200, data: 0 });
    const seen = (await page('/api/tblInvAdjustment/findPage', {}, wh02)).body.data.content;
    expect(seen.every((r) => r.whId === 'WH02')).toBe(true);
    const approve = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: 'WH01', taskId: 'X' }, wh02);
    expect(approve.body).toMatchObject({ code: -10000, errorCode: 'warehouseNotGranted' });
  });
});

describe('stock and logs through the API', () => {
  it('confirms an adjustment, shows the stock with its zone and available quantity, and logs it', async () => {
    await insertAdjustment(t.connection.db, 'API-AJ1', [{ at: FIX.i1, itemNumber: FIX.itemPlain, qty: '40' }]);
    const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: 'API-AJ1' }, admin);
    expect(res.body).toMatchObject({ code: 200, data: 1 });
    const stock = (await page('/api/tStoredItem/findPage', { whId: 'WH01', itemNumber: FIX.itemPlain })).body.data.content;
    expect(stock).toEqual([expect.objectContaining({ locationId: FIX.i1, actualQty: '40', availableQty: '40', status: 'A' })]);
    // Dates travel as the calendar dates they are, not as time-zone-shifted timestamps.
    expect(stock[0]?.fifoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byLocation = (
      await t.post<PageResult<Row>>(
        '/api/tStoredItem/findPageByLocation',
        { pageNum: 1, pageSize: 8, whId: 'WH01', locationId: 'TINV-' },
        admin,
      )
    ).body.data;
    expect(byLocation.content.map((r) => r.locationId)).toEqual([FIX.i1]);
    const available = await t.post<Row[]>(
      '/api/tStoredItem/findAvailableStockQty',
      { whId: 'WH01', locationId: FIX.i1, itemNumber: FIX.itemPlain, lotNumber: '', huId: null },
      admin,
    );
    expect(available.body.data).toEqual([expect.objectContaining({ actualQty: '40', availableQty: '40' })]);
    // The line dialog sends null for an item without attributes: it must not be read as attribute id 0.
    const withNull = await t.post<Row[]>(
      '/api/tStoredItem/findAvailableStockQty',
      { whId: 'WH01', locationId: FIX.i1, itemNumber: FIX.itemPlain, lotNumber: null, huId: null, storedAttributeId: null },
      admin,
    );
    expect(withNull.body.data).toEqual([expect.objectContaining({ availableQty: '40' })]);
    const log = (await page('/api/tranLog/getInventoryOperationLog', { controlNumber: 'API-AJ1' })).body.data.content;
    expect(log).toEqual([
      expect.objectContaining({ tranType: 'ADJUST', quantity: '40', toLocationId: FIX.i1, employeeId: 'admin' }),
    ]);
    const one = await t.get<Row>(`/api/tranLog/findById?id=${String(log[0]?.id)}`, admin);
    expect(one.body.data).toMatchObject({ controlNumber: 'API-AJ1' });
    expect((await t.get(`/api/tranLog/findById?id=${String(log[0]?.id)}`, wh02)).body.errorCode).toBe('notFound');
    const types = await t.post<Row[]>('/api/tranLog/getTranTypes', {}, admin);
    expect(types.body.data).toContainEqual({ optionValue: 'ADJUST', optionDisplay: 'ADJUST' });
  });

  it('holds stock with a HOLD reason, refuses a movement of held stock and keeps the refusal in the exception log', async () => {
    const [row] = (await page('/api/tStoredItem/findPage', { whId: 'WH01', itemNumber: FIX.itemPlain })).body.data.content;
    const noReason = await t.post(
      '/api/tStoredItem/holdReleaseInventory',
      { ids: [row?.id], hold: true, reasonId: 'NOPE' },
      admin,
    );
    expect(noReason.body).toMatchObject({ code: -10000, errorCode: 'holdReasonRequired' });
    const hold = await t.post(
      '/api/tStoredItem/holdReleaseInventory',
      { ids: [row?.id], hold: true, reasonId: FIX.holdReason },
      admin,
    );
    expect(hold.body).toMatchObject({ code: 200, data: 1 });
    const [held] = (await page('/api/tStoredItem/findPage', { whId: 'WH01', itemNumber: FIX.itemPlain, status: 'H' })).body.data
      .content;
    expect(held).toMatchObject({ availableQty: '0', reasonId: FIX.holdReason });
    // The line dialogs' stock check answers what is available (actualQty, as the spec names it), the held stock apart.
    const available = await t.post<Row[]>(
      '/api/tStoredItem/findAvailableStock',
      { whId: 'WH01', locationId: FIX.i1, itemNumber: FIX.itemPlain },
      admin,
    );
    expect(available.body.data).toEqual([
      expect.objectContaining({ actualQty: '0', availableQty: '0', heldQty: '40', onHandQty: '40', status: 'H' }),
    ]);

    await insertMovement(t.connection.db, 'API-MV1', [{ from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemPlain, qty: '5' }]);
    const refused = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: 'WH01', taskId: 'API-MV1' }, admin);
    expect(refused.body).toMatchObject({
      code: -10000,
      errorCode: 'availableStockZero',
      msg: 'The amount of available inventory is 0',
    });
    const exceptions = (await page('/api/exceptionLog/findPage', { controlNumber: 'API-MV1' })).body.data.content;
    expect(exceptions).toEqual([
      expect.objectContaining({ errorCode: 'availableStockZero', tranType: 'MOVE', itemNumber: FIX.itemPlain }),
    ]);

    await t.post('/api/tStoredItem/holdReleaseInventory', { ids: [row?.id], hold: false }, admin);
    const approved = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: 'WH01', taskId: 'API-MV1' }, admin);
    expect(approved.body).toMatchObject({ code: 200, data: 1 });
  });

  it('lists each category in its own operation log, and the exception log’s transaction types, within the grants', async () => {
    const { db } = t.connection;
    for (const [category, tranType] of [
      ['INBOUND', 'RECEIVE'],
      ['OUTBOUND', 'PICK'],
    ]) {
      await sql`
        insert into tran_log (wh_id, category, tran_type, employee_id, client_code, item_number, quantity, to_location_id,
          control_number)
        values ('WH01', ${category}, ${tranType}, 'admin', ${FIX.client}, ${FIX.itemPlain}, 2.5, ${FIX.i1}, 'API-LOG-1')`.execute(
        db,
      );
    }
    await sql`
      insert into exception_log (wh_id, category, tran_type, error_code, employee_id, item_number, control_number)
      values ('WH01', 'INBOUND', 'RECEIVE_ADJUST', 'notFound', 'admin', ${FIX.itemPlain}, 'API-LOG-1')`.execute(db);

    const log = async (name: string, token = admin) =>
      (await page(`/api/tranLog/${name}`, { controlNumber: 'API-LOG-1' }, token)).body.data.content;
    expect(await log('getInboundOperationLog')).toEqual([
      expect.objectContaining({ category: 'INBOUND', tranType: 'RECEIVE', quantity: '2.5', clientCode: FIX.client }),
    ]);
    expect(await log('getOutboundOperationLog')).toEqual([expect.objectContaining({ category: 'OUTBOUND', tranType: 'PICK' })]);
    expect(await log('getInventoryOperationLog')).toEqual([]);
    // Another warehouse's user sees none of WH01's rows.
    expect(await log('getInboundOperationLog', wh02)).toEqual([]);
    expect(await log('getOutboundOperationLog', wh02)).toEqual([]);

    const types = async (token: string) => (await t.post<Row[]>('/api/exceptionLog/getTranTypes', {}, token)).body.data;
    expect(await types(admin)).toContainEqual({ optionValue: 'RECEIVE_ADJUST', optionDisplay: 'RECEIVE_ADJUST' });
    expect((await types(wh02)).map((o) => o.optionValue)).not.toContain('RECEIVE_ADJUST');
  });

  it('refuses an adjustment that would push stock past numeric(18, 3) with numberOutOfRange, and logs the refusal', async () => {
    await insertAdjustment(t.connection.db, 'API-BIG1', [{ at: FIX.i2, itemNumber: FIX.itemNoTypes, qty: '999999999999999' }]);
    const first = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: 'API-BIG1' }, admin);
    expect(first.body.code).toBe(200);
    await insertAdjustment(t.connection.db, 'API-BIG2', [{ at: FIX.i2, itemNumber: FIX.itemNoTypes, qty: '1' }]);
    const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId: 'API-BIG2' }, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'numberOutOfRange', msg: 'A number is out of range' });
    const exceptions = (await page('/api/exceptionLog/findPage', { controlNumber: 'API-BIG2' })).body.data.content;
    expect(exceptions).toEqual([
      expect.objectContaining({ errorCode: 'numberOutOfRange', tranType: 'ADJUST', itemNumber: FIX.itemNoTypes, lineNumber: 1 }),
    ]);
    const stock = (await page('/api/tStoredItem/findPage', { whId: 'WH01', itemNumber: FIX.itemNoTypes })).body.data.content;
    expect(stock).toEqual([expect.objectContaining({ actualQty: '999999999999999' })]);
  });

  it('refuses save and delete of the ledger and the logs, with the reason', async () => {
    const refusal = { code: -10000, errorCode: 'viewOnlyEntity' };
    for (const name of ['tStoredItem', 'tranLog', 'exceptionLog']) {
      expect((await t.post(`/api/${name}/save`, { whId: 'WH01' }, admin)).body).toMatchObject(refusal);
      expect((await t.post(`/api/${name}/delete`, [{ id: 1 }], admin)).body).toMatchObject(refusal);
    }
  });
});
