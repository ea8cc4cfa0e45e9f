/**
 * Client grants inside a warehouse: a user limited to client TINVC of WH01 neither reads nor touches the stock, logs,
 * task lines, items or units of client TINVD — through every inventory route and lookup that answers such rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN, insertPo } from '../../../../tests/support/inboundFixture';
import { createInventoryFixture, FIX, insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createOrder } from '../../../../tests/support/orderFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let limited: string;
const db = () => t.connection.db;

/** The ledger row of an item at TINV-I1. */
async function stockRow(itemNumber: string): Promise<{ id: number; status: string; actualQty: string }> {
  const { rows } = await sql<{ id: number; status: string; actualQty: string }>`
    select id, status, actual_qty::text as actual_qty from t_stored_item
    where wh_id = ${FIX.whId} and location_id = ${FIX.i1} and item_number = ${itemNumber}`.execute(db());
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(db());
  admin = await t.login();
  await insertAdjustment(db(), 'GR-STOCK', [
    { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '50' },
    { at: FIX.i1, itemNumber: FIX.itemOther, qty: '30' },
  ]);
  expect(
    (await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: 'GR-STOCK' }, admin)).body.code,
  ).toBe(200);
  await sql`insert into t_item_uom (wh_id, item_number, uom, conversion_factor) values
    (${FIX.whId}, ${FIX.itemOther}, 'BOX', 10)`.execute(db());
  const resources = ['tStoredItem', 'tranLog', 'exceptionLog', 'tblInvMovement', 'tblInvAdjustment', 'tItemUom'];
  const permissions = [...resources, 'tPoMaster', 'tOrder'].flatMap((r) =>
    ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`),
  );
  await createUser(t, 'tinvc-only', { permissions, warehouses: [FIX.whId] });
  await sql`update sys_user_warehouse set client_codes = array[${FIX.client}]::varchar[]
    where user_id = (select id from sys_user where name = 'tinvc-only')`.execute(db());
  limited = await t.login('tinvc-only', 'Secret#123');
});
afterAll(() => t.close());

describe('a user limited to one client of a warehouse', () => {
  it('reads available stock only of their client’s items', async () => {
    const ask = (itemNumber: string) =>
      t.post<Row[]>('/api/tStoredItem/findAvailableStock', { whId: FIX.whId, locationId: FIX.i1, itemNumber }, limited);
    expect((await ask(FIX.itemPlain)).body.data).toEqual([expect.objectContaining({ actualQty: '50' })]);
    expect((await ask(FIX.itemOther)).body.data).toEqual([]);
    const page = await t.post<PageResult<Row>>(
      '/api/tStoredItem/findPage',
      { pageNum: 1, pageSize: 100, columnFilters: { whId: FIX.whId, locationId: FIX.i1 } },
      limited,
    );
    expect(page.body.data.content.map((r) => r.itemNumber)).toEqual([FIX.itemPlain]);
  });

  it('reads transaction and exception log rows by id only of their client’s items', async () => {
    const { rows: logs } = await sql<{ id: number; itemNumber: string }>`
      select id, item_number from tran_log where control_number = 'GR-STOCK' order by id`.execute(db());
    const own = logs.find((l) => l.itemNumber === FIX.itemPlain)!;
    const other = logs.find((l) => l.itemNumber === FIX.itemOther)!;
    expect((await t.get<Row>(`/api/tranLog/findById?id=${own.id}`, limited)).body.data).toMatchObject({ id: own.id });
    expect((await t.get(`/api/tranLog/findById?id=${other.id}`, limited)).body).toMatchObject({ errorCode: 'notFound' });
    const { rows: exception } = await sql<{ id: number }>`
      insert into exception_log (wh_id, category, tran_type, error_code, item_number)
      values (${FIX.whId}, 'INVENTORY', 'MOVE', 'availableStockZero', ${FIX.itemOther}) returning id`.execute(db());
    const id = exception[0]!.id;
    expect((await t.get(`/api/exceptionLog/findById?id=${id}`, admin)).body.code).toBe(200);
    expect((await t.get(`/api/exceptionLog/findById?id=${id}`, limited)).body).toMatchObject({ errorCode: 'notFound' });
    const page = await t.post<PageResult<Row>>(
      '/api/exceptionLog/findPage',
      { pageNum: 1, pageSize: 1000, columnFilters: { whId: FIX.whId } },
      limited,
    );
    expect(page.body.data.content.some((r) => r.id === id)).toBe(false);
  });

  it('refuses to hold or release another client’s stock', async () => {
    const other = await stockRow(FIX.itemOther);
    const res = await t.post(
      '/api/tStoredItem/holdReleaseInventory',
      { ids: [other.id], hold: true, reasonId: FIX.holdReason },
      limited,
    );
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect((await stockRow(FIX.itemOther)).status).toBe('A');
    const own = await stockRow(FIX.itemPlain);
    const hold = await t.post(
      '/api/tStoredItem/holdReleaseInventory',
      { ids: [own.id], hold: true, reasonId: FIX.holdReason },
      limited,
    );
    expect(hold.body).toMatchObject({ code: 200, data: 1 });
    await t.post('/api/tStoredItem/holdReleaseInventory', { ids: [own.id], hold: false }, limited);
  });

  it('refuses to approve a movement or confirm an adjustment holding another client’s item, and changes nothing', async () => {
    await insertMovement(db(), 'GR-MV', [
      { from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemPlain, qty: '1' },
      { from: FIX.i1, to: FIX.i2, itemNumber: FIX.itemOther, qty: '1' },
    ]);
    const move = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: FIX.whId, taskId: 'GR-MV' }, limited);
    expect(move.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    await insertAdjustment(db(), 'GR-AJ', [{ at: FIX.i1, itemNumber: FIX.itemOther, qty: '-5' }]);
    const adjust = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: 'GR-AJ' }, limited);
    expect(adjust.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    expect((await stockRow(FIX.itemPlain)).actualQty).toBe('50.000');
    expect((await stockRow(FIX.itemOther)).actualQty).toBe('30.000');
    // The administrator, holding every client, approves the same task.
    expect((await t.post('/api/tblInvMovement/approvePlannedMove', { whId: FIX.whId, taskId: 'GR-MV' }, admin)).body.code).toBe(
      200,
    );
  });

  it('sees, saves, edits and deletes only lines of their client’s items', async () => {
    const header = (await t.post<number>('/api/tblInvAdjustment/save', { whId: FIX.whId }, admin)).body.data;
    const { rows } = await sql<{ taskId: string }>`select task_id from tbl_inv_adjustment where id = ${header}`.execute(db());
    const taskId = rows[0]!.taskId;
    const line = (lineNumber: number, itemNumber: string) => ({
      whId: FIX.whId,
      taskId,
      lineNumber,
      itemNumber,
      locationId: FIX.i2,
      qty: '2',
      uom: 'EA',
    });
    const ownId = (await t.post<number>('/api/tblInvAdjustmentDetail/save', line(1, FIX.itemPlain), admin)).body.data;
    const otherId = (await t.post<number>('/api/tblInvAdjustmentDetail/save', line(2, FIX.itemOther), admin)).body.data;
    expect(ownId).toBeGreaterThan(0);
    expect(otherId).toBeGreaterThan(0);
    const list = async (token: string) =>
      (
        await t.post<PageResult<Row>>(
          '/api/tblInvAdjustmentDetail/findPage',
          { pageNum: 1, pageSize: 8, columnFilters: { whId: FIX.whId, taskId } },
          token,
        )
      ).body.data;
    expect((await list(admin)).totalSize).toBe(2);
    expect(await list(limited)).toMatchObject({ totalSize: 1, content: [expect.objectContaining({ id: ownId })] });
    const save = (body: Row) => t.post<number>('/api/tblInvAdjustmentDetail/save', body, limited);
    expect((await save(line(3, FIX.itemOther))).body).toMatchObject({ code: 200, data: 0 });
    // Editing another client's line, even to name an item of one's own, is not allowed.
    expect((await save({ ...line(2, FIX.itemPlain), id: otherId })).body).toMatchObject({ code: 200, data: 0 });
    expect((await t.post('/api/tblInvAdjustmentDetail/batchDelete', [{ id: otherId }], limited)).body).toMatchObject({
      code: 200,
      data: 0,
    });
    expect((await list(admin)).content.find((l) => l.id === otherId)).toMatchObject({ itemNumber: FIX.itemOther, qty: '2' });
    expect((await save({ ...line(1, FIX.itemPlain), qty: '3', id: ownId })).body).toMatchObject({ code: 200, data: ownId });
  });

  it('finds only their client’s items and units in the lookups and the unit list', async () => {
    const skus = await t.post<{ optionValue: string }[]>(
      '/api/globalOptions/getSku',
      { whId: FIX.whId, keyword: 'TINV' },
      limited,
    );
    const values = skus.body.data.map((o) => o.optionValue);
    expect(values).toContain(FIX.itemPlain);
    expect(values).not.toContain(FIX.itemOther);
    const item = { whId: FIX.whId, itemNumber: FIX.itemOther };
    expect((await t.post('/api/globalOptions/getItemLotCtlAttrCollection', item, limited)).body.data).toBeNull();
    expect((await t.post('/api/globalOptions/getItemBaseUom', item, limited)).body.data).toEqual([]);
    expect((await t.post('/api/globalOptions/getItemAttributeTypes', item, limited)).body.data).toEqual([]);
    expect((await t.post('/api/globalOptions/getStoredAttributeId', item, limited)).body).toMatchObject({
      errorCode: 'itemNotFound',
    });
    const clients = await t.post<{ optionValue: string }[]>('/api/globalOptions/getClient', { whId: FIX.whId }, limited);
    expect(clients.body.data.map((o) => o.optionValue)).toEqual([FIX.client]);
    const units = await t.post<PageResult<Row>>(
      '/api/tItemUom/findPageByPara',
      { whId: FIX.whId, itemNumber: FIX.itemOther },
      limited,
    );
    expect(units.body.data.totalSize).toBe(0);
    const { rows } = await sql<{ id: number }>`
      select id from t_item_uom where wh_id = ${FIX.whId} and item_number = ${FIX.itemOther}`.execute(db());
    expect((await t.post('/api/tItemUom/delete', [{ id: rows[0]!.id }], limited)).body).toMatchObject({ code: 200, data: 0 });
  });

  it('answers the next line number and the duplicate check of another client’s PO or order as for a missing one', async () => {
    await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${IN.whId}, ${IN.vendor}, 'Vendor')`.execute(db());
    const lines = (itemNumber: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ lineNumber: i + 1, itemNumber, qty: '1' }));
    await insertPo(db(), 'GR-PO-OWN', lines(FIX.itemPlain, 2));
    await insertPo(db(), 'GR-PO-OTHER', lines(FIX.itemOther, 5), { clientCode: FIX.otherClient });
    const ownOrder = await createOrder(db(), lines(FIX.itemPlain, 2));
    const otherOrder = await createOrder(db(), lines(FIX.itemOther, 5), { clientCode: FIX.otherClient });
    const ask = async (entity: string, key: string, value: string, whId: string = FIX.whId) => ({
      next: (await t.post<number>(`/api/${entity}/findNextLineNumber`, { whId, [key]: value }, limited)).body.data,
      duplicate: (await t.post<boolean>(`/api/${entity}/findDuplicateLine`, { whId, [key]: value, lineNumber: 1 }, limited)).body
        .data,
    });
    const missing = { next: 1, duplicate: false };
    for (const [entity, key, own, other] of [
      ['tPoDetail', 'poNumber', 'GR-PO-OWN', 'GR-PO-OTHER'],
      ['tOrderDetail', 'orderNumber', ownOrder, otherOrder],
    ] as const) {
      expect(await ask(entity, key, own)).toEqual({ next: 3, duplicate: true });
      expect(await ask(entity, key, other)).toEqual(missing);
      expect(await ask(entity, key, 'GR-NO-SUCH-DOC')).toEqual(missing);
      // Another warehouse (not granted) answers alike.
      expect(await ask(entity, key, own, 'WH02')).toEqual(missing);
      // The administrator, holding every client, sees the other client's document as it is.
      const admins = (await t.post<number>(`/api/${entity}/findNextLineNumber`, { whId: FIX.whId, [key]: other }, admin)).body;
      expect(admins.data).toBe(6);
    }
  });
});
