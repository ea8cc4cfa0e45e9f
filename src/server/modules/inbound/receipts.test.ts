/**
 * Receipts after receiving: adjusting and deleting one only while its stock is untouched where it was received, each
 * through the ledger with its own transaction type and the PO line's totals kept right; reconciling and closing a PO;
 * and 20 receipts at once on a line with room for 12 (a pool of 10 connections on PostgreSQL).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundFixture, IN, insertPo, lineTotals, stockOf } from '../../../../tests/support/inboundFixture';
import { insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createInboundFixture(db());
  admin = await t.login();
});
afterAll(() => t.close());

const receive = (body: Row) =>
  t.post<{ id: number; receiptId: string }>('/api/globalOptions/addReceipt', { whId: IN.whId, ...body }, admin);
const adjust = (body: Row) => t.post<number>('/api/tReceipt/receiptAdjustment', body, admin);
const remove = (id: number) => t.post<number>('/api/tReceipt/deleteReceipt', { id }, admin);

async function logged(receiptId: string): Promise<string[]> {
  const { rows } = await sql<{ tranType: string; quantity: string }>`
    select tran_type, trim_scale(quantity)::text as quantity from tran_log where control_number = ${receiptId} order by id`.execute(
    db(),
  );
  return rows.map((r) => `${r.tranType} ${r.quantity}`);
}
async function poStatus(poNumber: string): Promise<string> {
  const { rows } = await sql<{ status: string }>`select status from t_po_master where po_number = ${poNumber}`.execute(db());
  return rows[0]?.status ?? '';
}

describe('receiptAdjustment', () => {
  it('corrects quantity, damage and lot through the ledger (RECEIVE_ADJUST) and the line’s totals', async () => {
    await insertPo(db(), 'RA-1', [{ lineNumber: 1, itemNumber: IN.itemLot, qty: '10' }]);
    const { id, receiptId } = (
      await receive({
        poNumber: 'RA-1',
        lineNumber: 1,
        qty: '6',
        qtyDamaged: '1',
        lotNumber: 'A1',
        expirationDate: '2027-01-01',
        locationId: IN.i1,
      })
    ).body.data;
    const res = await adjust({ id, qtyReceived: '4', qtyDamaged: '2', lotNumber: 'A2', expirationDate: '2027-03-01' });
    expect(res.body).toMatchObject({ code: 200, data: id });
    expect(await stockOf(db(), IN.itemLot)).toEqual([
      { locationId: IN.i1, lotNumber: 'A2', huId: null, actual: '4', unavailable: '2', reasonId: 'DAMAGED' },
    ]);
    expect(await lineTotals(db(), 'RA-1', 1)).toEqual({ received: '4', damaged: '2' });
    expect(await logged(receiptId)).toEqual(['RECEIVE 6', 'RECEIVE_ADJUST -6', 'RECEIVE_ADJUST 4']);
    // Beyond the tolerance, and damage above the quantity, are refused as on receipt.
    expect((await adjust({ id, qtyReceived: '11', lotNumber: 'A2', expirationDate: '2027-03-01' })).body).toMatchObject({
      errorCode: 'overReceipt',
    });
    expect(
      (await adjust({ id, qtyReceived: '1', qtyDamaged: '2', lotNumber: 'A2', expirationDate: '2027-03-01' })).body,
    ).toMatchObject({ errorCode: 'receiptDamagedAboveQty' });
    expect((await adjust({ id, qtyReceived: '10', lotNumber: 'A2', expirationDate: '2027-03-01' })).body.code).toBe(200);
    expect(await lineTotals(db(), 'RA-1', 1)).toEqual({ received: '10', damaged: '0' });
    expect(await stockOf(db(), IN.itemLot)).toEqual([
      { locationId: IN.i1, lotNumber: 'A2', huId: null, actual: '10', unavailable: '0', reasonId: null },
    ]);
  });

  it('refuses once the stock left the receiving location, naming the receipt, and changes nothing', async () => {
    await insertPo(db(), 'RA-2', [{ lineNumber: 1, itemNumber: IN.itemNoTypes, qty: '10' }]);
    const { id, receiptId } = (await receive({ poNumber: 'RA-2', lineNumber: 1, qty: '5', locationId: IN.i2 })).body.data;
    await insertMovement(db(), 'RA-MV', [{ from: IN.i2, to: IN.i1, itemNumber: IN.itemNoTypes, qty: '3' }]);
    expect((await t.post('/api/tblInvMovement/approvePlannedMove', { whId: IN.whId, taskId: 'RA-MV' }, admin)).body.code).toBe(
      200,
    );
    const res = await adjust({ id, qtyReceived: '4' });
    expect(res.body).toMatchObject({
      errorCode: 'receiptStockMoved',
      msg: `The stock of receipt ${receiptId} line 1 is no longer at receiving location ${IN.i2} (moved or held): it can no longer be adjusted or deleted`,
    });
    expect((await remove(id)).body).toMatchObject({ errorCode: 'receiptStockMoved' });
    expect(await lineTotals(db(), 'RA-2', 1)).toEqual({ received: '5', damaged: '0' });
    expect(await logged(receiptId)).toEqual(['RECEIVE 5']);
    const { rows } = await sql<{ errorCode: string; tranType: string }>`
      select error_code, tran_type from exception_log where control_number = ${receiptId} order by id`.execute(db());
    expect(rows).toEqual([
      { errorCode: 'receiptStockMoved', tranType: 'RECEIVE_ADJUST' },
      { errorCode: 'receiptStockMoved', tranType: 'RECEIVE_DELETE' },
    ]);
  });

  it('refuses a receipt with an inspection line, on a putaway task, or put away', async () => {
    await insertPo(db(), 'RA-3', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '30' }]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await receive({ poNumber: 'RA-3', lineNumber: 1, qty: '2', locationId: IN.i2 })).body.data.id);
    const [inspected, onTask, putAway] = ids as [number, number, number];
    await sql`insert into t_inspection_detail (wh_id, receipt_row_id, receipt_id, item_number, location_id, qty_to_inspect, sample_qty)
      select wh_id, id, receipt_id, item_number, location_id, 2, 1 from t_receipt where id = ${inspected}`.execute(db());
    await insertMovement(db(), 'RA-PUT', [{ from: IN.i2, to: IN.i1, itemNumber: IN.itemPlain, qty: '2' }]);
    await sql`update tbl_inv_movement_detail set receipt_row_id = ${onTask} where task_id = 'RA-PUT'`.execute(db());
    await sql`update t_receipt set status = 'P' where id = ${putAway}`.execute(db());
    expect((await adjust({ id: inspected, qtyReceived: '1' })).body).toMatchObject({ errorCode: 'receiptInspected' });
    expect((await remove(onTask)).body).toMatchObject({ errorCode: 'receiptInPutaway', msg: expect.stringContaining('RA-PUT') });
    expect((await remove(putAway)).body).toMatchObject({
      errorCode: 'receiptNotUntouched',
      msg: expect.stringContaining('is Put away'),
    });
    const list = await t.post<{ content: Row[] }>(
      '/api/tReceipt/findPageByPara',
      { pageNum: 1, pageSize: 10, poNumber: 'RA-3' },
      admin,
    );
    expect(list.body.data.content.map((r) => r.adjustable)).toEqual(['N', 'N', 'N']);
    expect(await lineTotals(db(), 'RA-3', 1)).toEqual({ received: '6', damaged: '0' });
  });

  it('refuses an unknown receipt', async () => {
    expect((await adjust({ id: 999999, qtyReceived: '1' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await remove(999999)).body).toMatchObject({ errorCode: 'notFound' });
  });
});

describe('deleteReceipt', () => {
  it('reverses the receipt (RECEIVE_DELETE), lowers the line and returns a PO without receipts to open', async () => {
    await insertPo(db(), 'RD-1', [{ lineNumber: 1, itemNumber: IN.itemQc, qty: '10' }]);
    const a = (await receive({ poNumber: 'RD-1', lineNumber: 1, qty: '3', qtyDamaged: '1', doorId: IN.door })).body.data;
    const b = (await receive({ poNumber: 'RD-1', lineNumber: 1, qty: '2', doorId: IN.door })).body.data;
    expect(await stockOf(db(), IN.itemQc)).toEqual([
      { locationId: IN.staging, lotNumber: null, huId: null, actual: '5', unavailable: '5', reasonId: 'INSPECT' },
    ]);
    expect((await remove(a.id)).body).toMatchObject({ code: 200, data: a.id });
    expect(await lineTotals(db(), 'RD-1', 1)).toEqual({ received: '2', damaged: '0' });
    expect(await poStatus('RD-1')).toBe('R');
    expect((await remove(b.id)).body.code).toBe(200);
    expect(await poStatus('RD-1')).toBe('O');
    expect(await stockOf(db(), IN.itemQc)).toEqual([]);
    expect(await logged(a.receiptId)).toEqual(['RECEIVE 3', 'RECEIVE_DELETE -3']);
    expect((await remove(a.id)).body).toMatchObject({ errorCode: 'notFound' });
  });
});

describe('receiptReconcile', () => {
  it('shows ordered, received, damaged, short and over per line, and closes the PO once', async () => {
    await setClientTolerance('50');
    await insertPo(db(), 'RC-1', [
      { lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' },
      { lineNumber: 2, itemNumber: IN.itemNoTypes, qty: '4' },
      { lineNumber: 3, itemNumber: IN.itemPlain, qty: '1.5' },
    ]);
    await receive({ poNumber: 'RC-1', lineNumber: 1, qty: '7.25', qtyDamaged: '0.5', locationId: IN.i1 });
    await receive({ poNumber: 'RC-1', lineNumber: 2, qty: '5', locationId: IN.i1 });
    const read = await t.post<{ status: string; lines: Row[] }>(
      '/api/tReceipt/receiptReconcile',
      { whId: IN.whId, poNumber: 'RC-1' },
      admin,
    );
    expect(read.body.data.status).toBe('R');
    expect(read.body.data.lines.map((l) => [l.lineNumber, l.ordered, l.received, l.damaged, l.good, l.short, l.over])).toEqual([
      [1, '10', '7.25', '0.5', '6.75', '2.75', '0'],
      [2, '4', '5', '0', '5', '0', '1'],
      [3, '1.5', '0', '0', '0', '1.5', '0'],
    ]);
    const close = await t.post<{ status: string; closed: boolean; closeBy: string }>(
      '/api/tReceipt/receiptReconcile',
      { whId: IN.whId, poNumber: 'RC-1', close: true },
      admin,
    );
    expect(close.body.data).toMatchObject({ status: 'C', closed: true, closeBy: 'admin' });
    expect((await receive({ poNumber: 'RC-1', lineNumber: 3, qty: '1', locationId: IN.i1 })).body).toMatchObject({
      errorCode: 'poNotOpen',
      msg: 'Purchase order RC-1 has status “Closed”: this is not allowed',
    });
    const again = await t.post('/api/tReceipt/receiptReconcile', { whId: IN.whId, poNumber: 'RC-1', close: true }, admin);
    expect(again.body).toMatchObject({ errorCode: 'poNotOpen' });
    // A closed PO's receipts no longer change.
    const { rows } = await sql<{ id: number }>`select id from t_receipt where po_number = 'RC-1' limit 1`.execute(db());
    expect((await remove(rows[0]!.id)).body).toMatchObject({ errorCode: 'poNotOpen' });
    const list = await t.post<{ content: Row[] }>(
      '/api/tReceipt/findPageByPara',
      { pageNum: 1, pageSize: 10, poNumber: 'RC-1' },
      admin,
    );
    expect(list.body.data.content.map((r) => r.adjustable)).toEqual(['N', 'N']);
    expect((await t.post('/api/tReceipt/receiptReconcile', { whId: IN.whId, poNumber: 'NOPE' }, admin)).body).toMatchObject({
      errorCode: 'receiptPoNotFound',
    });
    await setClientTolerance(null);
  });

  it('lets a PO viewer read the reconciliation but only a PO editor close it', async () => {
    await insertPo(db(), 'RC-2', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '1' }]);
    await createUser(t, 'rc-po-view', { permissions: ['sys:tPoMaster:view'], warehouses: [IN.whId] });
    await createUser(t, 'rc-po-edit', { permissions: ['sys:tPoMaster:view', 'sys:tPoMaster:edit'], warehouses: [IN.whId] });
    const viewer = await t.login('rc-po-view', 'Secret#123');
    const editor = await t.login('rc-po-edit', 'Secret#123');
    const body = { whId: IN.whId, poNumber: 'RC-2' };
    expect((await t.post('/api/tReceipt/receiptReconcile', body, viewer)).body.code).toBe(200);
    expect((await t.post('/api/tReceipt/receiptReconcile', { ...body, close: true }, viewer)).status).toBe(403);
    expect(await poStatus('RC-2')).toBe('O');
    expect((await t.post('/api/tReceipt/receiptReconcile', { ...body, close: true }, editor)).body.code).toBe(200);
    expect(await poStatus('RC-2')).toBe('C');
  });
});

async function setClientTolerance(pct: string | null): Promise<void> {
  await sql`delete from t_whse_control where control_name = 'OVER_RECEIPT_PCT' and client_code = ${IN.client}`.execute(db());
  if (pct !== null) {
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values (${IN.whId}, 'OVER_RECEIPT_PCT', ${IN.client}, ${pct})`.execute(db());
  }
}

describe('receipts at once', () => {
  it('20 parallel receipts of 1 on a line with room for 12: exactly 12 succeed, and ledger, receipts and line agree', async () => {
    // Ordered 10, tolerance 20 %: the limit is 12.
    await setClientTolerance('20');
    await insertPo(db(), 'RP-1', [{ lineNumber: 1, itemNumber: IN.itemAttr, qty: '10' }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        receive({
          poNumber: 'RP-1',
          lineNumber: 1,
          qty: '1',
          doorId: IN.door,
          genericAttrValue1: 'Black',
          genericAttrValue3: 'L',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(12);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.errorCode === 'overReceipt')).toBe(true);
    expect(await lineTotals(db(), 'RP-1', 1)).toEqual({ received: '12', damaged: '0' });
    expect(await stockOf(db(), IN.itemAttr)).toEqual([
      expect.objectContaining({ locationId: IN.staging, actual: '12', unavailable: '0' }),
    ]);
    const { rows } = await sql<{ receipts: string; logged: string }>`
      select (select trim_scale(sum(qty_received))::text from t_receipt where po_number = 'RP-1') as receipts,
        (select trim_scale(sum(quantity))::text from tran_log where description = 'RP-1/1' and tran_type = 'RECEIVE') as logged`.execute(
      db(),
    );
    expect(rows[0]).toEqual({ receipts: '12', logged: '12' });
    // Every receipt number is its own and none was lost to a refused receipt's rollback.
    const numbers = answers.filter((a) => a.body.code === 200).map((a) => a.body.data.receiptId);
    expect(new Set(numbers).size).toBe(12);
    await setClientTolerance(null);
  });
});
