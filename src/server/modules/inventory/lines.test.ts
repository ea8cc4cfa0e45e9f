import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX, insertAdjustment } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let movementTask = '';
let adjustmentTask = '';

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
  // Stock to move: 10 of the lot item on pallet PAL-9 at H1, 5 plain at I1, 4 T-shirts red/L at I1.
  await insertAdjustment(t.connection.db, 'LINES-SETUP', [
    { at: FIX.h1, itemNumber: FIX.itemLot, qty: '10', lotNumber: 'LOT-A', huId: 'PAL-9', expirationDate: '2027-05-01' },
    { at: FIX.i1, itemNumber: FIX.itemPlain, qty: '5' },
  ]);
  await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: FIX.whId, taskId: 'LINES-SETUP' }, admin);
  movementTask = String((await newTask('tblInvMovement')).taskId);
  adjustmentTask = String((await newTask('tblInvAdjustment')).taskId);
});
afterAll(() => t.close());

async function newTask(entity: string): Promise<Row> {
  const id = (await t.post<number>(`/api/${entity}/save`, { whId: FIX.whId, description: 'lines test' }, admin)).body.data;
  const page = await t.post<PageResult<Row>>(
    `/api/${entity}/findPage`,
    { pageNum: 1, pageSize: 50, columnFilters: { whId: FIX.whId } },
    admin,
  );
  return page.body.data.content.find((r) => r.id === id)!;
}

const moveLine = (over: Row = {}) => ({
  whId: FIX.whId,
  taskId: movementTask,
  lineNumber: 1,
  itemNumber: FIX.itemLot,
  sourceLocationId: FIX.h1,
  destLocationId: FIX.h2,
  qty: '4',
  uom: 'EA',
  lotNumber: 'LOT-A',
  expirationDate: '2027-05-01',
  huId: 'PAL-9',
  ...over,
});
const saveMove = (line: Row, token = admin) => t.post<number>('/api/tblInvMovementDetail/save', line, token);
const saveAdjust = (line: Row) => t.post<number>('/api/tblInvAdjustmentDetail/save', line, admin);
const lines = async (entity: string, taskId: string) =>
  (
    await t.post<PageResult<Row>>(
      `/api/${entity}/findPage`,
      { pageNum: 1, pageSize: 8, columnFilters: { whId: FIX.whId, taskId, localeId: 1033 } },
      admin,
    )
  ).body.data;

describe('hostile line bodies', () => {
  it('refuses an object whose text cannot be made (a toString that is no function) in any line screen, never a 500', async () => {
    // Found by the fuzz suite (seed -551997705): `{"whId":{"toString":[]}}` made String() throw in the form's reading.
    for (const entity of ['tOrderDetail', 'tPoDetail', 'tblInvMovementDetail', 'tblInvAdjustmentDetail']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${entity}/save`,
        headers: { token: admin, lang: 'en_us', 'content-type': 'application/json' },
        payload: '{"whId":{"toString":[]}}',
      });
      expect(res.statusCode, entity).toBe(200);
      // A refusal of the form: the warehouse's value, or a required field checked before it.
      expect(res.json(), entity).toMatchObject({ code: -10000, errorCode: expect.stringMatching(/^field(Invalid|Required)$/) });
    }
  });
});

describe('movement lines', () => {
  it('refuses a bad quantity and a bad line number with the rule’s message', async () => {
    for (const qty of ['0', '-1', '1.50', '1.2345', '01', 'abc']) {
      const res = await saveMove(moveLine({ qty }));
      expect(res.body, qty).toMatchObject({ code: -10000, errorCode: 'fieldQtyPositive' });
    }
    const res = await saveMove(moveLine({ lineNumber: '0' }));
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'fieldPositiveInt' });
    expect((await lines('tblInvMovementDetail', movementTask)).totalSize).toBe(0);
  });

  it('applies lot and pallet rules: a lot item needs lot and expiry, a pallet location needs the pallet', async () => {
    const noLot = await saveMove(moveLine({ lotNumber: '' }));
    expect(noLot.body).toMatchObject({ errorCode: 'lotAndExpiryRequired', msg: 'Lot and expire date not allow empty' });
    const noPallet = await saveMove(moveLine({ huId: '' }));
    expect(noPallet.body).toMatchObject({ errorCode: 'palletNotAllowEmpty', msg: 'Pallet not allow empty' });
  });

  it('checks available stock: none, and more than there is', async () => {
    const none = await saveMove(moveLine({ sourceLocationId: FIX.h2, destLocationId: FIX.h1, huId: 'PAL-9' }));
    const same = await saveMove(moveLine({ destLocationId: FIX.h1 }));
    expect(same.body).toMatchObject({ errorCode: 'sameSourceAndDestination' });
    expect(none.body).toMatchObject({ errorCode: 'availableStockZero', msg: 'The amount of available inventory is 0' });
    const more = await saveMove(moveLine({ qty: '10.5' }));
    expect(more.body).toMatchObject({ errorCode: 'exceedsAvailableStock' });
  });

  it('saves a line, finds it on the task’s page with its item’s description, offers the next line number and refuses the same one again', async () => {
    const saved = await saveMove(moveLine());
    expect(saved.body).toMatchObject({ code: 200 });
    expect(saved.body.data).toBeGreaterThan(0);
    const page = await lines('tblInvMovementDetail', movementTask);
    expect(page).toMatchObject({ totalSize: 1, pageSize: 8 });
    const item = await t.connection.db
      .selectFrom('tItemMaster')
      .select('description')
      .where('whId', '=', FIX.whId)
      .where('itemNumber', '=', FIX.itemLot)
      .executeTakeFirstOrThrow();
    expect(item.description).toBeTruthy();
    expect(page.content[0]).toMatchObject({
      itemDescription: item.description,
      lineNumber: 1,
      qty: '4',
      lotNumber: 'LOT-A',
      huId: 'PAL-9',
      expirationDate: '2027-05-01',
    });
    const dup = await t.post<boolean>(
      '/api/tblInvMovementDetail/findDuplicateLine',
      { whId: FIX.whId, taskId: movementTask, lineNumber: 1 },
      admin,
    );
    expect(dup.body.data).toBe(true);
    const next = await t.post<number>(
      '/api/tblInvMovementDetail/findNextLineNumber',
      { whId: FIX.whId, taskId: movementTask },
      admin,
    );
    expect(next.body.data).toBe(2);
    const fresh = await t.post<number>(
      '/api/tblInvAdjustmentDetail/findNextLineNumber',
      { whId: FIX.whId, taskId: 'NONE' },
      admin,
    );
    expect(fresh.body.data).toBe(1);
    const again = await saveMove(moveLine({ qty: '1' }));
    expect(again.body).toMatchObject({ errorCode: 'duplicateLineNumber', msg: 'Exists duplicate line number' });
    // Editing keeps the line number, and clears what the item does not use.
    const edit = await saveMove({ ...moveLine({ qty: '2.5', lineNumber: 99 }), id: saved.body.data });
    expect(edit.body.data).toBe(saved.body.data);
    expect((await lines('tblInvMovementDetail', movementTask)).content[0]).toMatchObject({ lineNumber: 1, qty: '2.5' });
  });

  it('clears lot and pallet that a plain item in an item location does not use', async () => {
    const res = await saveMove(
      moveLine({
        lineNumber: 2,
        itemNumber: FIX.itemPlain,
        sourceLocationId: FIX.i1,
        destLocationId: FIX.i2,
        qty: '1',
        uom: 'CS',
      }),
    );
    expect(res.body.code).toBe(200);
    const line = (await lines('tblInvMovementDetail', movementTask)).content.find((l) => l.lineNumber === 2);
    expect(line).toMatchObject({ lotNumber: null, huId: null, expirationDate: null, uom: 'CS' });
    const badUnit = await saveMove(
      moveLine({
        lineNumber: 3,
        itemNumber: FIX.itemPlain,
        sourceLocationId: FIX.i1,
        destLocationId: FIX.i2,
        qty: '1',
        uom: 'KG',
      }),
    );
    expect(badUnit.body).toMatchObject({ errorCode: 'fieldInvalid' });
  });

  it('needs every attribute the item’s collection names, and shows the type labels', async () => {
    const base = moveLine({
      lineNumber: 4,
      itemNumber: FIX.itemAttr,
      sourceLocationId: FIX.i1,
      destLocationId: FIX.i2,
      qty: '1',
    });
    const empty = await saveMove({ ...base, genericAttrValue1: '红 Red' });
    expect(empty.body).toMatchObject({ errorCode: 'itemAttributesEmpty' });
    // Attributes pass, then stock decides: no T-shirts are stored yet.
    const noStock = await saveMove({ ...base, genericAttrValue1: '红 Red', genericAttrValue3: 'L' });
    expect(noStock.body).toMatchObject({ errorCode: 'availableStockZero' });
  });

  it('deletes one line through the list kit’s delete, as batchDelete does', async () => {
    const task = String((await newTask('tblInvMovement')).taskId);
    const saved = await saveMove(moveLine({ taskId: task, qty: '1' }));
    expect(saved.body.code).toBe(200);
    const removed = await t.post<number>('/api/tblInvMovementDetail/delete', [{ id: saved.body.data }], admin);
    expect(removed.body).toMatchObject({ code: 200, data: 1 });
    expect((await lines('tblInvMovementDetail', task)).content).toEqual([]);
  });

  it('refuses every change once the task is approved', async () => {
    const approve = await t.post('/api/tblInvMovement/approvePlannedMove', { whId: FIX.whId, taskId: movementTask }, admin);
    expect(approve.body).toMatchObject({ code: 200 });
    const add = await saveMove(moveLine({ lineNumber: 5, qty: '1' }));
    expect(add.body).toMatchObject({ errorCode: 'movementTaskLocked', msg: 'An approved or completed task cannot be changed' });
    const [line] = (await lines('tblInvMovementDetail', movementTask)).content;
    const del = await t.post('/api/tblInvMovementDetail/batchDelete', [{ id: line?.id }], admin);
    expect(del.body).toMatchObject({ errorCode: 'movementTaskLocked' });
  });

  it('answers data 0 to a user without the warehouse', async () => {
    await createUser(t, 'lines-wh02', {
      permissions: ['sys:tblInvMovement:add', 'sys:tblInvMovement:edit'],
      warehouses: ['WH02'],
    });
    const token = await t.login('lines-wh02', 'Secret#123');
    const res = await saveMove(moveLine({ lineNumber: 6 }), token);
    expect(res.body).toMatchObject({ code: 200, data: 0 });
  });
});

describe('adjustment lines', () => {
  const adjustLine = (over: Row = {}) => ({
    whId: FIX.whId,
    taskId: adjustmentTask,
    lineNumber: 1,
    itemNumber: FIX.itemPlain,
    locationId: FIX.i2,
    qty: '-1',
    uom: 'EA',
    ...over,
  });

  it('takes a signed quantity and checks stock only when it is negative', async () => {
    expect((await saveAdjust(adjustLine({ qty: '0' }))).body).toMatchObject({ errorCode: 'fieldQtySigned' });
    expect((await saveAdjust(adjustLine({ locationId: FIX.h2, huId: 'P1', qty: '-1' }))).body).toMatchObject({
      errorCode: 'notAvailableStock',
    });
    expect((await saveAdjust(adjustLine({ qty: '-100' }))).body).toMatchObject({ errorCode: 'greaterThanAvailableStock' });
    expect((await saveAdjust(adjustLine({ qty: '+7' }))).body.code).toBe(200);
    expect((await saveAdjust(adjustLine({ lineNumber: 2, qty: '-1' }))).body.code).toBe(200);
    const page = await lines('tblInvAdjustmentDetail', adjustmentTask);
    expect(page.content.map((l) => l.qty)).toEqual(['7', '-1']);
  });

  it('saves a null stored attribute id for an item whose attribute collection names no type, as the console does', async () => {
    const lookup = await t.post<{ storedAttributeId: number | null }>(
      '/api/globalOptions/getStoredAttributeId',
      { whId: FIX.whId, itemNumber: FIX.itemNoTypes, genericAttrValue1: 'x' },
      admin,
    );
    expect(lookup.body).toMatchObject({ code: 200, data: { storedAttributeId: null } });
    const saved = await saveAdjust(adjustLine({ lineNumber: 3, itemNumber: FIX.itemNoTypes, qty: '4', genericAttrValue1: 'x' }));
    expect(saved.body.code).toBe(200);
    const line = (await lines('tblInvAdjustmentDetail', adjustmentTask)).content.find((l) => l.lineNumber === 3);
    expect(line).toMatchObject({ itemNumber: FIX.itemNoTypes, storedAttributeId: null, genericAttrValue1: null });
  });

  it('tells whether a line number is taken by another line, and deletes one line through the list kit’s delete', async () => {
    const saved = await saveAdjust(adjustLine({ lineNumber: 5, qty: '+2' }));
    expect(saved.body.code).toBe(200);
    const id = saved.body.data;
    const taken = (body: Row) =>
      t.post<boolean>(
        '/api/tblInvAdjustmentDetail/findDuplicateLine',
        { whId: FIX.whId, taskId: adjustmentTask, ...body },
        admin,
      );
    expect((await taken({ lineNumber: 5 })).body).toMatchObject({ code: 200, data: true });
    // The line itself (being edited) does not take its own number; a free number is free.
    expect((await taken({ lineNumber: 5, id })).body).toMatchObject({ code: 200, data: false });
    expect((await taken({ lineNumber: '6' })).body).toMatchObject({ code: 200, data: false });
    const removed = await t.post<number>('/api/tblInvAdjustmentDetail/delete', [{ id }], admin);
    expect(removed.body).toMatchObject({ code: 200, data: 1 });
    expect((await lines('tblInvAdjustmentDetail', adjustmentTask)).content.some((l) => l.id === id)).toBe(false);
  });

  it('deletes lines in one call, and nothing when one id is unknown', async () => {
    const page = await lines('tblInvAdjustmentDetail', adjustmentTask);
    const ids = page.content.map((l) => ({ id: l.id }));
    const none = await t.post('/api/tblInvAdjustmentDetail/batchDelete', [...ids, { id: 999999 }], admin);
    expect(none.body).toMatchObject({ code: 200, data: 0 });
    const all = await t.post('/api/tblInvAdjustmentDetail/batchDelete', ids, admin);
    expect(all.body).toMatchObject({ code: 200, data: 3 });
  });
});
