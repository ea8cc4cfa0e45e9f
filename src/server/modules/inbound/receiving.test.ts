/**
 * Receiving through `globalOptions/addReceipt`: stock enters the ledger at the dock door's staging location in the
 * item's base unit, damaged and awaiting-inspection quantities in the unavailable bucket, the PO moves O → R, the line's
 * totals never pass the over-receipt tolerance; every refusal is clear, logged and changes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundFixture, IN, insertPo, lineTotals, setTolerance, stockOf } from '../../../../tests/support/inboundFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import type { PageResult } from '../../../shared/wire';
import { resolveStoredAttributeId } from '../masterdata/attributes.service';

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

const receive = (body: Row, token = admin) => t.post<Row>('/api/globalOptions/addReceipt', { whId: IN.whId, ...body }, token);

async function poStatus(poNumber: string): Promise<string> {
  const { rows } = await sql<{ status: string }>`select status from t_po_master where po_number = ${poNumber}`.execute(db());
  return rows[0]?.status ?? '';
}
async function exceptions(controlNumber: string): Promise<string[]> {
  const { rows } = await sql<{ errorCode: string }>`
    select error_code from exception_log where control_number = ${controlNumber} order by id`.execute(db());
  return rows.map((r) => r.errorCode);
}
async function receiptRows(poNumber: string) {
  const { rows } = await sql<{ receiptId: string; status: string; qtyReceived: string; qtyDamaged: string; locationId: string }>`
    select receipt_id, status, trim_scale(qty_received)::text as qty_received, trim_scale(qty_damaged)::text as qty_damaged,
      location_id
    from t_receipt where po_number = ${poNumber} order by id`.execute(db());
  return rows;
}

describe('addReceipt', () => {
  it('receives a line at the inbound door’s staging location, logs RECEIVE and moves the PO from open to receiving', async () => {
    await insertPo(db(), 'RV-1', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const res = await receive({ poNumber: 'RV-1', lineNumber: 1, qty: '4', doorId: IN.door });
    expect(res.body).toMatchObject({ code: 200, data: { status: 'R', qtyReceived: '4', locationId: IN.staging } });
    const receiptId = String(res.body.data.receiptId);
    expect(receiptId).toMatch(/^RC\d{8}$/);
    expect(await poStatus('RV-1')).toBe('R');
    expect(await lineTotals(db(), 'RV-1', 1)).toEqual({ received: '4', damaged: '0' });
    expect(await stockOf(db(), IN.itemPlain)).toEqual([
      { locationId: IN.staging, lotNumber: null, huId: null, actual: '4', unavailable: '0', reasonId: null },
    ]);
    const { rows } = await sql<Row>`
      select category, tran_type, trim_scale(quantity)::text as quantity, control_number, line_number, to_location_id
      from tran_log where control_number = ${receiptId}`.execute(db());
    expect(rows).toEqual([
      {
        category: 'INBOUND',
        tranType: 'RECEIVE',
        quantity: '4',
        controlNumber: receiptId,
        lineNumber: 1,
        toLocationId: IN.staging,
      },
    ]);
    // The next line of the same arrival keeps its number; without one the next number is taken.
    const again = await receive({ poNumber: 'RV-1', lineNumber: 1, qty: '1', doorId: IN.door, receiptId });
    expect(again.body.data.receiptId).toBe(receiptId);
    const next = await receive({ poNumber: 'RV-1', lineNumber: 1, qty: '1', doorId: IN.door });
    expect(next.body.data.receiptId).not.toBe(receiptId);
  });

  it('enters the quantity in the base unit: 2 cases of 12 are 24 each', async () => {
    await insertPo(db(), 'RV-CS', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '5', orderUom: 'CS' }]);
    const res = await receive({ poNumber: 'RV-CS', lineNumber: 1, qty: '2', locationId: IN.i1 });
    expect(res.body).toMatchObject({ code: 200, data: { qtyReceived: '2', baseQty: '24' } });
    expect((await stockOf(db(), IN.itemPlain)).find((r) => r.locationId === IN.i1)?.actual).toBe('24');
    expect(await lineTotals(db(), 'RV-CS', 1)).toEqual({ received: '2', damaged: '0' });
  });

  it('receives the damaged part held with reason DAMAGED, the good part available', async () => {
    await insertPo(db(), 'RV-DMG', [{ lineNumber: 1, itemNumber: IN.itemNoTypes, qty: '10' }]);
    const res = await receive({ poNumber: 'RV-DMG', lineNumber: 1, qty: '5', qtyDamaged: '2', locationId: IN.i2 });
    expect(res.body.code).toBe(200);
    expect(await stockOf(db(), IN.itemNoTypes)).toEqual([
      { locationId: IN.i2, lotNumber: null, huId: null, actual: '5', unavailable: '2', reasonId: 'DAMAGED' },
    ]);
    expect(await lineTotals(db(), 'RV-DMG', 1)).toEqual({ received: '5', damaged: '2' });
    const over = await receive({ poNumber: 'RV-DMG', lineNumber: 1, qty: '1', qtyDamaged: '2', locationId: IN.i2 });
    expect(over.body).toMatchObject({ errorCode: 'receiptDamagedAboveQty' });
  });

  it('receives an item with a sample rate awaiting inspection: status Q, the whole quantity unavailable (INSPECT)', async () => {
    await insertPo(db(), 'RV-QC', [{ lineNumber: 1, itemNumber: IN.itemQc, qty: '20' }]);
    const res = await receive({ poNumber: 'RV-QC', lineNumber: 1, qty: '8', doorId: IN.door });
    expect(res.body).toMatchObject({ code: 200, data: { status: 'Q' } });
    expect(await stockOf(db(), IN.itemQc)).toEqual([
      { locationId: IN.staging, lotNumber: null, huId: null, actual: '8', unavailable: '8', reasonId: 'INSPECT' },
    ]);
  });

  // The fixture's lot item has a shelf life (30 days): an expiry left out is the receipt date + 30 (receivingExpiry.test.ts).
  it('needs a lot for a lot-controlled item (and an expiry without shelf life), and the line’s lot when the line names one', async () => {
    await insertPo(db(), 'RV-LOT', [
      { lineNumber: 1, itemNumber: IN.itemLot, qty: '10' },
      { lineNumber: 2, itemNumber: IN.itemLot, qty: '10', lotNumber: 'L-FIXED' },
    ]);
    const base = { poNumber: 'RV-LOT', locationId: IN.i2, qty: '3' };
    expect((await receive({ ...base, lineNumber: 1, expirationDate: '2027-06-01' })).body).toMatchObject({
      code: -10000,
      errorCode: 'lotAndExpiryRequired',
      msg: 'Lot and expire date not allow empty',
    });
    expect((await receive({ ...base, lineNumber: 1, lotNumber: 'L1', expirationDate: '2027-02-30' })).body).toMatchObject({
      errorCode: 'fieldNotDate',
    });
    const wrong = await receive({ ...base, lineNumber: 2, lotNumber: 'OTHER', expirationDate: '2027-06-01' });
    expect(wrong.body).toMatchObject({
      errorCode: 'receiptLotMismatch',
      msg: 'Line 2 names lot L-FIXED: only that lot can be received',
    });
    expect((await receive({ ...base, lineNumber: 2, lotNumber: 'L-FIXED', expirationDate: '2027-06-01' })).body.code).toBe(200);
    expect(await stockOf(db(), IN.itemLot)).toEqual([
      { locationId: IN.i2, lotNumber: 'L-FIXED', huId: null, actual: '3', unavailable: '0', reasonId: null },
    ]);
    expect(await lineTotals(db(), 'RV-LOT', 1)).toEqual({ received: '0', damaged: '0' });
    expect(await exceptions('RV-LOT')).toEqual(['lotAndExpiryRequired', 'fieldNotDate', 'receiptLotMismatch']);
  });

  it('takes the line’s fixed attributes, else the typed ones (every type needs a value)', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into t_stored_attribute (wh_id, attribute_collection_id, generic_attr_value1, generic_attr_value3)
      values (${IN.whId}, ${IN.collection}, 'Red', 'XL') returning id`.execute(db());
    const fixed = rows[0]!.id;
    await insertPo(db(), 'RV-ATTR', [
      { lineNumber: 1, itemNumber: IN.itemAttr, qty: '10' },
      {
        lineNumber: 2,
        itemNumber: IN.itemAttr,
        qty: '10',
        attributes: { storedAttributeId: fixed, values: ['Red', null, 'XL'] },
      },
    ]);
    const base = { poNumber: 'RV-ATTR', locationId: IN.i1, qty: '1' };
    expect((await receive({ ...base, lineNumber: 1, genericAttrValue1: 'Blue' })).body).toMatchObject({
      errorCode: 'itemAttributesEmpty',
    });
    expect((await receive({ ...base, lineNumber: 1, genericAttrValue1: 'Blue', genericAttrValue3: 'S' })).body.code).toBe(200);
    // A fixed line ignores what is typed.
    expect((await receive({ ...base, lineNumber: 2, genericAttrValue1: 'Green', genericAttrValue3: 'M' })).body.code).toBe(200);
    const { rows: stock } = await sql<{ storedAttributeId: string; v1: string; v3: string }>`
      select s.stored_attribute_id, a.generic_attr_value1 as v1, a.generic_attr_value3 as v3 from t_stored_item s
      join t_stored_attribute a on a.id = s.stored_attribute_id
      where s.item_number = ${IN.itemAttr} order by v1`.execute(db());
    expect(stock.map((s) => `${s.v1}/${s.v3}`)).toEqual(['Blue/S', 'Red/XL']);
    const { rows: logged } = await sql<{ v1: string }>`
      select generic_attr_value1 as v1 from tran_log where item_number = ${IN.itemAttr} order by id`.execute(db());
    expect(logged.map((l) => l.v1)).toEqual(['Blue', 'Red']);
  });

  it('needs a pallet id at a pallet location and drops it at an item location', async () => {
    await insertPo(db(), 'RV-HU', [{ lineNumber: 1, itemNumber: IN.itemNoTypes, qty: '50' }]);
    const base = { poNumber: 'RV-HU', lineNumber: 1, qty: '2' };
    expect((await receive({ ...base, locationId: IN.palletStaging })).body).toMatchObject({ errorCode: 'palletNotAllowEmpty' });
    expect((await receive({ ...base, locationId: IN.palletStaging, huId: 'PAL-1', masterHuId: 'M-1' })).body.code).toBe(200);
    expect((await receive({ ...base, locationId: IN.i1, huId: 'PAL-2' })).body.code).toBe(200);
    const rows = await stockOf(db(), IN.itemNoTypes);
    expect(rows.filter((r) => r.locationId !== IN.i2).map((r) => [r.locationId, r.huId])).toEqual([
      [IN.i1, null],
      [IN.palletStaging, 'PAL-1'],
    ]);
    expect((await receive({ ...base, locationId: IN.inactive })).body).toMatchObject({ errorCode: 'locationNotActive' });
  });

  it('refuses an outbound door, a missing location, a missing PO or line, and another PO’s receipt number', async () => {
    await insertPo(db(), 'RV-BAD', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const base = { poNumber: 'RV-BAD', lineNumber: 1, qty: '1' };
    expect((await receive({ ...base, doorId: IN.outDoor })).body).toMatchObject({ errorCode: 'referenceNotFound' });
    expect((await receive(base)).body).toMatchObject({ errorCode: 'fieldRequired' });
    expect((await receive({ ...base, poNumber: 'NOPE', doorId: IN.door })).body).toMatchObject({
      errorCode: 'receiptPoNotFound',
    });
    expect((await receive({ ...base, lineNumber: 9, doorId: IN.door })).body).toMatchObject({
      errorCode: 'receiptLineNotFound',
      msg: 'Purchase order RV-BAD has no line 9',
    });
    const other = (await receive({ poNumber: 'RV-1', lineNumber: 1, qty: '1', doorId: IN.door })).body.data.receiptId;
    expect((await receive({ ...base, doorId: IN.door, receiptId: other })).body).toMatchObject({ errorCode: 'receiptOtherPo' });
    expect((await receive({ ...base, doorId: IN.door, qty: '0' })).body).toMatchObject({ errorCode: 'fieldQtyPositive' });
    expect((await receive({ ...base, doorId: IN.door, qty: '1.0001' })).body).toMatchObject({ errorCode: 'fieldQtyPositive' });
    expect(await lineTotals(db(), 'RV-BAD', 1)).toEqual({ received: '0', damaged: '0' });
    expect(await poStatus('RV-BAD')).toBe('O');
    expect(await receiptRows('RV-BAD')).toEqual([]);
  });

  it('refuses a closed or cancelled PO naming it and its status', async () => {
    await insertPo(db(), 'RV-C', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }], { status: 'C' });
    await insertPo(db(), 'RV-X', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }], { status: 'X' });
    expect((await receive({ poNumber: 'RV-C', lineNumber: 1, qty: '1', doorId: IN.door })).body).toMatchObject({
      errorCode: 'poNotOpen',
      msg: 'Purchase order RV-C has status “Closed”: this is not allowed',
    });
    expect((await receive({ poNumber: 'RV-X', lineNumber: 1, qty: '1', doorId: IN.door })).body).toMatchObject({
      errorCode: 'poNotOpen',
      msg: 'Purchase order RV-X has status “Cancelled”: this is not allowed',
    });
    expect(await exceptions('RV-C')).toEqual(['poNotOpen']);
  });
});

describe('over-receipt tolerance', () => {
  it('refuses beyond ordered quantity with no tolerance, naming line, ordered, received, quantity and limit', async () => {
    await insertPo(db(), 'RV-TOL', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const base = { poNumber: 'RV-TOL', lineNumber: 1, doorId: IN.door };
    expect((await receive({ ...base, qty: '9' })).body.code).toBe(200);
    const res = await receive({ ...base, qty: '2' });
    expect(res.body).toMatchObject({
      code: -10000,
      errorCode: 'overReceipt',
      msg: 'Line 1 of purchase order RV-TOL would be over-received: ordered 10, received 9, this receipt 2, limit 10 (tolerance 0%)',
    });
    expect((await receive({ ...base, qty: '1' })).body.code).toBe(200);
    expect(await lineTotals(db(), 'RV-TOL', 1)).toEqual({ received: '10', damaged: '0' });
  });

  it('takes the client’s own tolerance before the warehouse’s', async () => {
    await insertPo(db(), 'RV-TOL2', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const base = { poNumber: 'RV-TOL2', lineNumber: 1, doorId: IN.door };
    await setTolerance(db(), null, '20');
    await setTolerance(db(), IN.client, '5');
    expect((await receive({ ...base, qty: '10.6' })).body).toMatchObject({ errorCode: 'overReceipt' });
    expect((await receive({ ...base, qty: '10.5' })).body.code).toBe(200);
    // Another client of the warehouse gets the warehouse's row.
    await insertPo(db(), 'RV-TOL3', [{ lineNumber: 1, itemNumber: IN.itemOther, qty: '10' }], { clientCode: IN.otherClient });
    expect((await receive({ poNumber: 'RV-TOL3', lineNumber: 1, qty: '12', doorId: IN.door })).body.code).toBe(200);
    await setTolerance(db(), null, '0');
    await sql`delete from t_whse_control where client_code = ${IN.client}`.execute(db());
  });

  it('keeps the tolerance control a percent from 0 to 100 (saved through the controls screen)', async () => {
    const save = (controlValue: string, clientCode: string | null = IN.client) =>
      t.post<number>(
        '/api/tWhseControl/save',
        { whId: IN.whId, controlName: 'OVER_RECEIPT_PCT', clientCode, controlValue },
        admin,
      );
    expect((await save('150')).body).toMatchObject({
      errorCode: 'controlPercentInvalid',
      msg: 'OVER_RECEIPT_PCT value 150 is invalid: a percent from 0 to 100 with at most two decimals',
    });
    expect((await save('abc')).body).toMatchObject({ errorCode: 'controlPercentInvalid' });
    const ok = await save('7.5');
    expect(ok.body.code).toBe(200);
    expect((await save('3')).body).toMatchObject({ errorCode: 'duplicateKey' });
    expect((await save('3', 'NOCLIENT')).body).toMatchObject({ errorCode: 'referenceNotFound' });
    await t.post('/api/tWhseControl/delete', [{ id: ok.body.data }], admin);
  });
});

describe('permissions and grants', () => {
  let viewer: string;
  let limited: string;
  beforeAll(async () => {
    await createUser(t, 'rv-viewer', { permissions: ['sys:tReceipt:view', 'sys:tPoMaster:view'], warehouses: [IN.whId] });
    viewer = await t.login('rv-viewer', 'Secret#123');
    const all = ['tReceipt', 'tPoMaster'].flatMap((r) => ['view', 'add', 'edit', 'delete'].map((a) => `sys:${r}:${a}`));
    await createUser(t, 'rv-limited', { permissions: all, warehouses: [IN.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${IN.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'rv-limited')`.execute(db());
    limited = await t.login('rv-limited', 'Secret#123');
  });

  it('needs sys:tReceipt:add to receive, :edit to adjust and :delete to delete', async () => {
    await insertPo(db(), 'RV-PERM', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    expect((await receive({ poNumber: 'RV-PERM', lineNumber: 1, qty: '1', doorId: IN.door }, viewer)).status).toBe(403);
    const id = (await receive({ poNumber: 'RV-PERM', lineNumber: 1, qty: '1', doorId: IN.door })).body.data.id;
    expect((await t.post('/api/tReceipt/receiptAdjustment', { id, qtyReceived: '2' }, viewer)).status).toBe(403);
    expect((await t.post('/api/tReceipt/deleteReceipt', { id }, viewer)).status).toBe(403);
    expect((await t.post('/api/tReceipt/findPageByPara', { pageNum: 1, pageSize: 10 }, viewer)).body.code).toBe(200);
    expect(
      (await t.post('/api/tReceipt/receiptReconcile', { whId: IN.whId, poNumber: 'RV-PERM', close: true }, viewer)).status,
    ).toBe(403);
    expect(await poStatus('RV-PERM')).toBe('R');
    expect(await lineTotals(db(), 'RV-PERM', 1)).toEqual({ received: '1', damaged: '0' });
  });

  it('refuses a PO of a client the user does not hold and hides its receipts', async () => {
    await insertPo(db(), 'RV-GRANT', [{ lineNumber: 1, itemNumber: IN.itemPlain, qty: '10' }]);
    const res = await receive({ poNumber: 'RV-GRANT', lineNumber: 1, qty: '1', doorId: IN.door }, limited);
    expect(res.body).toMatchObject({ code: -10000, errorCode: 'clientNotGranted' });
    const id = (await receive({ poNumber: 'RV-GRANT', lineNumber: 1, qty: '1', doorId: IN.door })).body.data.id;
    expect((await t.post('/api/tReceipt/deleteReceipt', { id }, limited)).body).toMatchObject({ errorCode: 'clientNotGranted' });
    expect((await t.post('/api/tReceipt/receiptAdjustment', { id, qtyReceived: '2' }, limited)).body).toMatchObject({
      errorCode: 'clientNotGranted',
    });
    const page = await t.post<PageResult<Row>>('/api/tReceipt/findPageByPara', { pageNum: 1, pageSize: 100 }, limited);
    expect(page.body.data.content.every((r) => r.clientCode === IN.otherClient)).toBe(true);
    const generic = await t.post<PageResult<Row>>('/api/tReceipt/findPage', { pageNum: 1, pageSize: 100 }, limited);
    expect(generic.body.data.content.every((r) => r.clientCode === IN.otherClient)).toBe(true);
    expect((await t.post('/api/tReceipt/getReceivingPo', { whId: IN.whId, poNumber: 'RV-GRANT' }, limited)).body).toMatchObject({
      errorCode: 'receiptPoNotFound',
    });
    const pos = await t.post<{ optionValue: string }[]>('/api/tReceipt/getReceivablePo', { whId: IN.whId }, limited);
    expect(pos.body.data.map((p) => p.optionValue)).not.toContain('RV-GRANT');
    expect(await lineTotals(db(), 'RV-GRANT', 1)).toEqual({ received: '1', damaged: '0' });
  });

  it('refuses a warehouse the user does not hold', async () => {
    await createUser(t, 'rv-wh02', { permissions: ['sys:tReceipt:add'], warehouses: ['WH02'] });
    const token = await t.login('rv-wh02', 'Secret#123');
    expect((await receive({ poNumber: 'RV-1', lineNumber: 1, qty: '1', doorId: IN.door }, token)).body).toMatchObject({
      errorCode: 'warehouseNotGranted',
    });
  });
});

describe('the desk’s reads and the receipt list', () => {
  it('answers a PO with its lines: ordered, received, remaining, lot control and attribute types', async () => {
    const res = await t.post<Row>('/api/tReceipt/getReceivingPo', { whId: IN.whId, poNumber: 'RV-ATTR' }, admin);
    expect(res.body.data).toMatchObject({ poNumber: 'RV-ATTR', status: 'R', clientCode: IN.client });
    const lines = res.body.data.lines as Row[];
    expect(lines[0]).toMatchObject({ lineNumber: 1, ordered: '10', received: '1', remaining: '9', lotControl: 'N' });
    expect((lines[0]!.attributeTypes as string[]).slice(0, 3)).toEqual(['颜色 Colour', null, '尺码 Size']);
    expect((lines[1]!.attributeValues as string[]).slice(0, 3)).toEqual(['Red', null, 'XL']);
    const pos = await t.post<{ optionValue: string }[]>('/api/tReceipt/getReceivablePo', { whId: IN.whId }, admin);
    expect(pos.body.data.map((p) => p.optionValue)).toEqual(expect.arrayContaining(['RV-1', 'RV-BAD']));
    expect(pos.body.data.map((p) => p.optionValue)).not.toContain('RV-C');
  });

  it('finds receipts by parameters, and refuses generic saves of the view-only list', async () => {
    const find = async (para: Row) =>
      (await t.post<PageResult<Row>>('/api/tReceipt/findPageByPara', { pageNum: 1, pageSize: 100, ...para }, admin)).body.data;
    expect((await find({ poNumber: 'RV-QC' })).content).toEqual([
      expect.objectContaining({ poNumber: 'RV-QC', status: 'Q', qtyReceived: '8', itemDescription: '抽检件 Sampled part' }),
    ]);
    expect((await find({ status: 'Q' })).content.every((r) => r.status === 'Q')).toBe(true);
    expect((await find({ itemNumber: IN.itemLot, vendorCode: IN.vendor })).totalSize).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await find({ poNumber: 'RV-1', receiptDateFrom: '2000-01-01', receiptDateTo: '2099-12-31' })).totalSize).toBe(4);
    expect((await find({ poNumber: 'RV-1', receiptDateTo: '2000-01-01' })).totalSize).toBe(0);
    expect((await find({ receiptDateFrom: today })).totalSize).toBeGreaterThan(0);
    const save = await t.post('/api/tReceipt/save', { whId: IN.whId, receiptId: 'X' }, admin);
    expect(save.body).toMatchObject({ errorCode: 'viewOnlyEntity' });
    const bad = await t.post('/api/tReceipt/findPageByPara', { pageNum: 1, pageSize: 10, receiptDateFrom: 'yesterday' }, admin);
    expect(bad.status).toBe(400);
  });
});

describe('the receive dialog’s attribute choices (getItemAttributeValues)', () => {
  const item = 'TRCV-CHOICE';
  const otherItem = 'TRCV-CHOICE-O';
  const choices = (body: Row, token = admin) =>
    t.post<{ slot: number; attributeType: string; values: string[] }[]>('/api/tReceipt/getItemAttributeValues', body, token);
  const combination = (colour: string, size: string) =>
    resolveStoredAttributeId(db(), IN.whId, IN.collection, [colour, null, size]);

  beforeAll(async () => {
    await sql`
      insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, attribute_collection_id) values
        (${IN.whId}, ${IN.client}, ${item}, '衬衫 Shirt', 'EA', 'N', ${IN.collection}),
        (${IN.whId}, ${IN.client}, ${otherItem}, '裤子 Trousers', 'EA', 'N', ${IN.collection})`.execute(db());
    // In stock: Red / XL.
    await sql`
      insert into t_stored_item (wh_id, client_code, location_id, item_number, stored_attribute_id, actual_qty)
      values (${IN.whId}, ${IN.client}, ${IN.i2}, ${item}, ${await combination('Red', 'XL')}, 5)`.execute(db());
    // Named on a PO line: Blue / M; received on another line: Green / S.
    await insertPo(db(), 'RV-CHOICE', [
      {
        lineNumber: 1,
        itemNumber: item,
        qty: '5',
        attributes: { storedAttributeId: await combination('Blue', 'M'), values: ['Blue', null, 'M'] },
      },
      { lineNumber: 2, itemNumber: item, qty: '5' },
    ]);
    const received = await receive({
      poNumber: 'RV-CHOICE',
      lineNumber: 2,
      qty: '1',
      locationId: IN.i1,
      genericAttrValue1: 'Green',
      genericAttrValue3: 'S',
    });
    expect(received.body.code).toBe(200);
    // Another item's values are not this item's.
    await sql`
      insert into t_stored_item (wh_id, client_code, location_id, item_number, stored_attribute_id, actual_qty)
      values (${IN.whId}, ${IN.client}, ${IN.i2}, ${otherItem}, ${await combination('Black', 'XXL')}, 5)`.execute(db());
  });

  it('offers per used slot the values the item has in stock, on PO lines or received before, alphabetical', async () => {
    const res = await choices({ whId: IN.whId, itemNumber: item });
    expect(res.body.data).toEqual([
      { slot: 1, attributeType: '颜色 Colour', values: ['Blue', 'Green', 'Red'] },
      { slot: 3, attributeType: '尺码 Size', values: ['M', 'S', 'XL'] },
    ]);
    // An item without attribute types, an unknown item: nothing to offer.
    expect((await choices({ whId: IN.whId, itemNumber: IN.itemNoTypes })).body.data).toEqual([]);
    expect((await choices({ whId: IN.whId, itemNumber: 'NO-SUCH-ITEM' })).body.data).toEqual([]);
  });

  it('needs a receiving permission and offers nothing outside the user’s warehouse and client grants', async () => {
    await createUser(t, 'rv-ch-view', { permissions: ['sys:tReceipt:view'], warehouses: [IN.whId] });
    await createUser(t, 'rv-ch-po', { permissions: ['sys:tPoMaster:view', 'sys:tPoMaster:add'], warehouses: [IN.whId] });
    await createUser(t, 'rv-ch-wh02', { permissions: ['sys:tReceipt:view', 'sys:tReceipt:add'], warehouses: ['WH02'] });
    await createUser(t, 'rv-ch-client', { permissions: ['sys:tReceipt:view', 'sys:tReceipt:add'], warehouses: [IN.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${IN.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'rv-ch-client')`.execute(db());
    const body = { whId: IN.whId, itemNumber: item };
    const viewer = await choices(body, await t.login('rv-ch-view', 'Secret#123'));
    expect(viewer.body.data.map((c) => c.values)).toEqual([
      ['Blue', 'Green', 'Red'],
      ['M', 'S', 'XL'],
    ]);
    expect((await choices(body, await t.login('rv-ch-po', 'Secret#123'))).status).toBe(403);
    expect((await choices(body, await t.login('rv-ch-wh02', 'Secret#123'))).body).toMatchObject({ code: 200, data: [] });
    expect((await choices(body, await t.login('rv-ch-client', 'Secret#123'))).body).toMatchObject({ code: 200, data: [] });
    expect((await choices({ whId: IN.whId, itemNumber: '' })).status).toBe(400);
  });
});
