import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventoryFixture, FIX } from '../../../../tests/support/inventoryFixture';
import { createOrder } from '../../../../tests/support/orderFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createInventoryFixture(t.connection.db);
  admin = await t.login();
});
afterAll(() => t.close());

const newOrder = () => createOrder(t.connection.db, []);
const setStatus = (orderNumber: string, status: string) =>
  sql`update t_order set status = ${status} where wh_id = ${FIX.whId} and order_number = ${orderNumber}`.execute(t.connection.db);
const line = (orderNumber: string, over: Row = {}): Row => ({
  whId: FIX.whId,
  orderNumber,
  lineNumber: 1,
  itemNumber: FIX.itemPlain,
  qty: '10',
  orderUom: 'EA',
  ...over,
});
const saveLine = (row: Row) => t.post<number>('/api/tOrderDetail/save', row, admin);
const lines = async (orderNumber: string) =>
  (
    await t.post<PageResult<Row>>(
      '/api/tOrderDetail/findPage',
      { pageNum: 1, pageSize: 8, columnFilters: { whId: FIX.whId, orderNumber } },
      admin,
    )
  ).body.data;

describe('order lines', () => {
  let order = '';
  beforeAll(async () => {
    order = await newOrder();
  });

  it('refuses a bad quantity, line number or a missing item or unit with the rule’s message, and saves nothing', async () => {
    for (const qty of ['0', '-1', '1.50', '1.2345', '01', 'abc', '']) {
      const res = await saveLine(line(order, { qty }));
      expect(res.body, qty).toMatchObject({ code: -10000, errorCode: qty === '' ? 'fieldRequired' : 'fieldQtyPositive' });
    }
    for (const lineNumber of ['0', '01', '-2', '1.5']) {
      expect((await saveLine(line(order, { lineNumber }))).body, lineNumber).toMatchObject({ errorCode: 'fieldPositiveInt' });
    }
    expect((await saveLine(line(order, { itemNumber: '' }))).body).toMatchObject({ errorCode: 'fieldRequired' });
    expect((await saveLine(line(order, { orderUom: '' }))).body).toMatchObject({ errorCode: 'fieldRequired' });
    expect((await saveLine(line(order, { orderNumber: '' }))).body).toMatchObject({ errorCode: 'fieldRequired' });
    expect((await lines(order)).totalSize).toBe(0);
  });

  it('refuses an unknown or inactive item, another client’s item, and a unit the item does not have', async () => {
    expect((await saveLine(line(order, { itemNumber: 'NO-SUCH' }))).body).toMatchObject({
      errorCode: 'itemNotFound',
      msg: 'Item Not Found',
    });
    const other = await saveLine(line(order, { itemNumber: FIX.itemOther }));
    expect(other.body).toMatchObject({ errorCode: 'itemNotOfOrderClient' });
    expect(other.body.msg).toBe(
      `Item ${FIX.itemOther} belongs to client ${FIX.otherClient}, not to client ${FIX.client} of order ${order}`,
    );
    const unit = await saveLine(line(order, { orderUom: 'PAL' }));
    expect(unit.body).toMatchObject({ errorCode: 'fieldInvalid' });
    expect(unit.body.msg).toContain('Order unit');
    await sql`update t_item_master set status = 'I' where item_number = ${FIX.itemNoTypes}`.execute(t.connection.db);
    expect((await saveLine(line(order, { itemNumber: FIX.itemNoTypes }))).body).toMatchObject({ errorCode: 'itemNotFound' });
    await sql`update t_item_master set status = 'A' where item_number = ${FIX.itemNoTypes}`.execute(t.connection.db);
    expect((await lines(order)).totalSize).toBe(0);
  });

  it('saves a line in an active unit, clears the lot of an item without lot control, keeps it with lot control', async () => {
    const plain = await saveLine(line(order, { orderUom: 'CS', lotNumber: 'IGNORED', genericAttrValue1: 'stray' }));
    expect(plain.body.data).toBeGreaterThan(0);
    const lot = await saveLine(line(order, { lineNumber: 2, itemNumber: FIX.itemLot, lotNumber: 'LOT-7' }));
    expect(lot.body.data).toBeGreaterThan(0);
    const page = await lines(order);
    expect(page.content.map((r) => [r.lineNumber, r.orderUom, r.lotNumber, r.genericAttrValue1, r.storedAttributeId])).toEqual([
      [1, 'CS', null, null, null],
      [2, 'EA', 'LOT-7', null, null],
    ]);
    expect(page.content[0]).toMatchObject({
      createdBy: 'admin',
      itemDescription: '螺丝 Screw',
      whId: FIX.whId,
      orderNumber: order,
    });
  });

  it('offers the next line number and refuses a duplicate line number on add', async () => {
    const next = await t.post<number>('/api/tOrderDetail/findNextLineNumber', { whId: FIX.whId, orderNumber: order }, admin);
    expect(next.body.data).toBe(3);
    const dup = await t.post<boolean>(
      '/api/tOrderDetail/findDuplicateLine',
      { whId: FIX.whId, orderNumber: order, lineNumber: 2 },
      admin,
    );
    expect(dup.body.data).toBe(true);
    const free = await t.post<boolean>(
      '/api/tOrderDetail/findDuplicateLine',
      { whId: FIX.whId, orderNumber: order, lineNumber: '3' },
      admin,
    );
    expect(free.body.data).toBe(false);
    const again = await saveLine(line(order, { lineNumber: 2 }));
    expect(again.body).toMatchObject({ errorCode: 'duplicateLineNumber', msg: 'Exists duplicate line number' });
  });

  it('computes the stored attribute id from the item’s attribute values and shows the type labels', async () => {
    const attr = { itemNumber: FIX.itemAttr, genericAttrValue1: 'Red', genericAttrValue3: 'L' };
    const empty = await saveLine(line(order, { ...attr, lineNumber: 3, genericAttrValue3: ' ' }));
    expect(empty.body).toMatchObject({ errorCode: 'itemAttributesEmpty', msg: 'item attributes is empty' });
    const first = await saveLine(line(order, { ...attr, lineNumber: 3, storedAttributeId: 999999, genericAttrValue2: 'unused' }));
    expect(first.body.data).toBeGreaterThan(0);
    await saveLine(line(order, { ...attr, lineNumber: 4 }));
    const rows = (await lines(order)).content.filter((r) => r.itemNumber === FIX.itemAttr);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.storedAttributeId).not.toBe(999999);
    expect(rows[0]!.storedAttributeId).toBe(rows[1]!.storedAttributeId);
    expect(rows[0]).toMatchObject({
      genericAttrValue1: 'Red',
      genericAttrValue2: null,
      genericAttrValue3: 'L',
      genericAttrShow1: '颜色 Colour',
      genericAttrShow2: null,
      genericAttrShow3: '尺码 Size',
    });
  });

  it('stores and edits every optional field; an edit keeps the line’s order and number', async () => {
    const optional = {
      holdReasonId: FIX.holdReason,
      customerItemNumber: 'C-ITEM-1',
      unitPrice: '12.5',
      earliestShipDate: '2031-07-01',
      latestShipDate: '2031-07-05',
      remark: '备注 remark',
      genericField1: 'f1',
      genericField2: 'f2',
      genericField3: 'f3',
    };
    const id = (await saveLine(line(order, { lineNumber: 5, ...optional }))).body.data;
    expect(id).toBeGreaterThan(0);
    expect((await lines(order)).content.find((r) => r.id === id)).toMatchObject(optional);
    const other = await newOrder();
    const edited = await saveLine({ ...line(other, optional), id, lineNumber: 99, qty: '11', genericField3: '' });
    expect(edited.body.data).toBe(id);
    const after = (await lines(order)).content.find((r) => r.id === id);
    expect(after).toMatchObject({ orderNumber: order, lineNumber: 5, qty: '11', genericField3: null, updatedBy: 'admin' });
    expect((await lines(other)).totalSize).toBe(0);
    const badDate = await saveLine({ ...line(order, optional), id, latestShipDate: '2031-02-30' });
    expect(badDate.body).toMatchObject({ errorCode: 'fieldNotDate' });
    const badPrice = await saveLine({ ...line(order, optional), id, unitPrice: '-1' });
    expect(badPrice.body).toMatchObject({ errorCode: 'fieldQtyNonNegative' });
  });

  it('deletes lines in one call, and answers data 0 for a line that does not exist', async () => {
    const doomed = await newOrder();
    const a = (await saveLine(line(doomed))).body.data;
    const b = (await saveLine(line(doomed, { lineNumber: 2 }))).body.data;
    expect((await t.post('/api/tOrderDetail/batchDelete', [{ id: a }, { id: b }], admin)).body).toMatchObject({ data: 2 });
    expect((await lines(doomed)).totalSize).toBe(0);
    expect((await saveLine({ ...line(order), id: 99999999, qty: '1' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await t.post('/api/tOrderDetail/batchDelete', [{ id: 99999999 }], admin)).body).toMatchObject({ code: 200, data: 0 });
    expect((await saveLine(line('NO-SUCH-ORDER'))).body).toMatchObject({ errorCode: 'notFound' });
  });

  it('lists 8 lines per page', async () => {
    const many = await newOrder();
    for (let n = 1; n <= 9; n++) await saveLine(line(many, { lineNumber: n }));
    const page = await lines(many);
    expect(page).toMatchObject({ totalSize: 9, pageSize: 8 });
    expect(page.content).toHaveLength(8);
  });

  it('changes lines only while the order is new, naming the order and its status', async () => {
    const confirmed = await newOrder();
    const lineId = (await saveLine(line(confirmed))).body.data;
    await t.post('/api/tOrder/confirmOrder', { whId: FIX.whId, orderNumber: confirmed }, admin);
    const add = await saveLine(line(confirmed, { lineNumber: 2 }));
    expect(add.body).toMatchObject({ errorCode: 'orderNotChangeable' });
    expect(add.body.msg).toBe(`Order ${confirmed} has status “Confirmed”: a confirmed order cannot be changed`);
    expect((await saveLine({ ...line(confirmed), id: lineId, qty: '2' })).body).toMatchObject({
      errorCode: 'orderNotChangeable',
    });
    expect((await t.post('/api/tOrderDetail/batchDelete', [{ id: lineId }], admin)).body).toMatchObject({
      errorCode: 'orderNotChangeable',
    });
    for (const status of ['W', 'A', 'K', 'X']) {
      await setStatus(confirmed, status);
      expect((await saveLine({ ...line(confirmed), id: lineId, qty: '2' })).body.errorCode, status).toBe('orderNotChangeable');
    }
    await setStatus(confirmed, 'S');
    expect((await t.post('/api/tOrderDetail/delete', [{ id: lineId }], admin)).body).toMatchObject({ errorCode: 'orderShipped' });
    expect((await lines(confirmed)).content[0]).toMatchObject({ qty: '10' });
  });
});
