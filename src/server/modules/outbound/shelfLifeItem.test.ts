/**
 * The item's minimum remaining shelf life (README "Allocation": order header > item > client control > warehouse
 * control) at allocation and receiving, its form field's range, and expiry for items without lot control: their stock
 * rows carry the receipt date + shelf life and follow the same FEFO, expired and hold rules.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_SAMPLES } from '../../../../tests/support/entitySamples';
import { createPickFixture, insertWave, PK, putStock, releaseBody, tasksOf } from '../../../../tests/support/pickFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { addDays, holdExpiredStock } from '../inventory/expiry';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let today: string;
const db = () => t.connection.db;
const day = (n: number) => addDays(today, n);
const VENDOR = 'TSI-V';

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  await sql`insert into t_vendor (wh_id, vendor_code, vendor_name) values (${PK.whId}, ${VENDOR}, '供应商 Vendor')`.execute(db());
  admin = await t.login();
  const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db());
  today = rows[0]?.today ?? '';
});
afterAll(() => t.close());

async function newItem(itemNumber: string, lotControl: 'Y' | 'N', shelfLife: number | null, minDays: number | null) {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, shelf_life, min_shelf_life_days)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '保质期 Shelf life', 'EA', ${lotControl}, ${shelfLife}, ${minDays})`.execute(
    db(),
  );
  return itemNumber;
}

async function setClientMinimum(value: string | null): Promise<void> {
  await sql`delete from t_whse_control where wh_id = ${PK.whId} and control_name = 'MIN_SHELF_LIFE_DAYS'`.execute(db());
  if (value !== null) {
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values (${PK.whId}, 'MIN_SHELF_LIFE_DAYS', ${PK.client}, ${value})`.execute(db());
  }
}

const release = (waveId: string) => t.post<Row[]>('/api/tWaveMaster/releaseWave', releaseBody([waveId]), admin);

async function receive(poNumber: string, itemNumber: string, body: Row, token = admin) {
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code, status)
    values (${PK.whId}, ${PK.client}, ${poNumber}, ${VENDOR}, 'O')`.execute(db());
  await sql`
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    values (${PK.whId}, ${poNumber}, 1, ${itemNumber}, 100, 'EA')`.execute(db());
  return t.post<Row>(
    '/api/globalOptions/addReceipt',
    { whId: PK.whId, poNumber, lineNumber: 1, locationId: PK.p1, qty: '2', ...body },
    token,
  );
}

describe('the item’s minimum remaining shelf life', () => {
  it('is a whole number of days from 0 to 3650 on the item form', async () => {
    const sample = ENTITY_SAMPLES.tItemMaster!(71);
    const wrong = await t.post('/api/tItemMaster/save', { ...sample, minShelfLifeDays: '4000' }, admin);
    expect(wrong.body).toMatchObject({ code: -10000, errorCode: 'orderMinShelfLifeRange' });
    const saved = await t.post('/api/tItemMaster/save', { ...sample, minShelfLifeDays: '45' }, admin);
    expect(saved.body.code).toBe(200);
    const { rows } = await sql<{ days: number }>`
      select min_shelf_life_days as days from t_item_master where item_number = ${String(sample.itemNumber)}`.execute(db());
    expect(rows).toEqual([{ days: 45 }]);
  });

  it('allocation: the item’s minimum over the client’s control, the order header’s over the item’s', async () => {
    const item = await newItem('TSI-A1', 'Y', 365, 100);
    await putStock(db(), [
      { at: PK.p1, itemNumber: item, qty: '5', lotNumber: 'D50', expirationDate: day(50) },
      { at: PK.p2, itemNumber: item, qty: '5', lotNumber: 'D200', expirationDate: day(200) },
    ]);
    // The client asks 10 days (D50 would do); the item's 100 days win: D200, though FEFO would take D50 first.
    await setClientMinimum('10');
    try {
      await insertWave(db(), 'TSI-W1', [{ orderNumber: 'TSI-O1', lines: [{ itemNumber: item, qty: '3' }] }]);
      expect((await release('TSI-W1')).body).toMatchObject({ code: 200, data: [{ planned: 1, short: 0 }] });
      expect((await tasksOf(db(), 'TSI-W1')).map((x) => [x.lotNumber, x.quantity])).toEqual([['D200', '3']]);
      // The order's own 20 days: D50 qualifies, FEFO takes it.
      await insertWave(db(), 'TSI-W2', [{ orderNumber: 'TSI-O2', lines: [{ itemNumber: item, qty: '2' }] }]);
      await sql`update t_order set min_shelf_life_days = 20 where wh_id = ${PK.whId} and order_number = 'TSI-O2'`.execute(db());
      expect((await release('TSI-W2')).body).toMatchObject({ data: [{ planned: 1, short: 0 }] });
      expect((await tasksOf(db(), 'TSI-W2')).map((x) => [x.lotNumber, x.quantity])).toEqual([['D50', '2']]);
    } finally {
      await setClientMinimum(null);
    }
  });

  it('receiving: a lot with less left than the item’s minimum is short-dated (no client control set)', async () => {
    const receiver = await t.login(
      'tsi-receiver',
      await createUser(t, 'tsi-receiver', { permissions: ['sys:tReceipt:add', 'sys:tReceipt:view'], warehouses: [PK.whId] }),
    );
    const item = await newItem('TSI-R1', 'Y', null, 60);
    const short = await receive('TSI-PO1', item, { lotNumber: 'L30', expirationDate: day(30) }, receiver);
    expect(short.body).toMatchObject({ code: -10000, errorCode: 'receiptShortDated' });
    expect(String(short.body.msg)).toContain('minimum remaining shelf life of 60 days');
    // The same lot of an item without a minimum needs nothing (no client or warehouse control either).
    const plain = await newItem('TSI-R2', 'Y', null, null);
    expect((await receive('TSI-PO2', plain, { lotNumber: 'L30', expirationDate: day(30) }, receiver)).body.code).toBe(200);
  });
});

describe('expiry of items without lot control', () => {
  it('a receipt dates the stock row by the shelf life; an expired row is not planned, and the expiry job holds it', async () => {
    const item = await newItem('TSI-N1', 'N', 30, null);
    const res = await receive('TSI-PO3', item, {});
    expect(res.body.code).toBe(200);
    const { rows } = await sql<{ receipt: string; stock: string; lot: string | null }>`
      select to_char(r.expiration_date, 'YYYY-MM-DD') as receipt, to_char(s.expiration_date, 'YYYY-MM-DD') as stock,
        s.lot_number as lot
      from t_receipt r join t_stored_item s on s.wh_id = r.wh_id and s.item_number = r.item_number
        and s.location_id = r.location_id
      where r.po_number = 'TSI-PO3'`.execute(db());
    expect(rows).toEqual([{ receipt: day(30), stock: day(30), lot: null }]);

    // Two rows without lot, one expired: FEFO over unexpired stock plans the fresh one, the job holds the expired.
    const item2 = await newItem('TSI-N2', 'N', 30, null);
    await putStock(db(), [
      { at: PK.p1, itemNumber: item2, qty: '5', expirationDate: '2020-01-01' },
      { at: PK.p2, itemNumber: item2, qty: '5', expirationDate: day(25) },
    ]);
    await insertWave(db(), 'TSI-W3', [{ orderNumber: 'TSI-O3', lines: [{ itemNumber: item2, qty: '2' }] }]);
    expect((await release('TSI-W3')).body).toMatchObject({ data: [{ planned: 1, short: 0 }] });
    expect((await tasksOf(db(), 'TSI-W3')).map((x) => [x.pickLocation, x.lotNumber, x.pickRule])).toEqual([
      [PK.p2, null, 'FEFO'],
    ]);
    await holdExpiredStock(db());
    const { rows: held } = await sql<{ status: string; reasonId: string }>`
      select status, reason_id from t_stored_item where item_number = ${item2} and location_id = ${PK.p1}`.execute(db());
    expect(held).toEqual([{ status: 'H', reasonId: 'EXPIRED' }]);
  });

  it('an expired date typed for an item without lot control is refused at receipt', async () => {
    const item = await newItem('TSI-N3', 'N', null, null);
    const res = await receive('TSI-PO4', item, { expirationDate: '2020-01-01' });
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'receiptLotExpired' });
  });

  it('an adjustment up of such an item dates its new row by the shelf life', async () => {
    const item = await newItem('TSI-N4', 'N', 40, null);
    await sql`insert into tbl_inv_adjustment (wh_id, task_id, reason_id) values (${PK.whId}, 'TSI-ADJ1', 'CORR')`.execute(db());
    await sql`
      insert into tbl_inv_adjustment_detail (wh_id, task_id, line_number, location_id, item_number, qty, uom)
      values (${PK.whId}, 'TSI-ADJ1', 1, ${PK.p3}, ${item}, 4, 'EA')`.execute(db());
    const res = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: PK.whId, taskId: 'TSI-ADJ1' }, admin);
    expect(res.body.code).toBe(200);
    const { rows } = await sql<{ expiry: string }>`
      select to_char(expiration_date, 'YYYY-MM-DD') as expiry from t_stored_item where item_number = ${item}`.execute(db());
    expect(rows).toEqual([{ expiry: day(40) }]);
  });
});
