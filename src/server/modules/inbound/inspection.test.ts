/**
 * Inspection through the API: generating sample lines, listing them, recording results (release, move to an
 * unqualified location, the logs), every refusal, permissions and client grants.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPutawayFixture, QA, receive, rid, stockRow } from '../../../../tests/support/putawayFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let viewer: string;
let limited: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPutawayFixture(db());
  admin = await t.login();
  await createUser(t, 'qa-viewer', { permissions: ['sys:tReceipt:view'], warehouses: [QA.whId] });
  viewer = await t.login('qa-viewer', 'Secret#123');
  await createUser(t, 'qa-other', {
    permissions: ['sys:tReceipt:view', 'sys:tReceipt:edit'],
    warehouses: [QA.whId],
  });
  await sql`update sys_user_warehouse set client_codes = array[${QA.otherClient}]::varchar[]
    where user_id = (select id from sys_user where name = 'qa-other')`.execute(db());
  limited = await t.login('qa-other', 'Secret#123');
});
afterAll(() => t.close());

const generate = (receiptId: string, token = admin) =>
  t.post<Row[]>('/api/tReceipt/generateInspectionDetail', { whId: QA.whId, receiptId }, token);
const record = (body: Row, token = admin) => t.post<Row>('/api/tReceipt/recordInspection', body, token);

async function receiptRow(id: number) {
  const { rows } = await sql<{ status: string; qtyInspect: string; qtyBack: string }>`
    select status, trim_scale(qty_inspect)::text as qty_inspect, trim_scale(qty_back)::text as qty_back
    from t_receipt where id = ${id}`.execute(db());
  return rows[0];
}

async function tranLog(controlNumber: string) {
  const { rows } = await sql<Row>`
    select tran_type, category, trim_scale(quantity)::text as quantity, from_location_id, to_location_id, line_number
    from tran_log where control_number = ${controlNumber} and tran_type like 'INSPECT%' order by id`.execute(db());
  return rows;
}

describe('generateInspectionDetail', () => {
  it('makes one sample line per receipt row awaiting inspection, from the good base quantity, once', async () => {
    // 12 cases of 10 with 2 damaged: 100 good units; 10 % → 10. 3 units: 10 % rounds up to 1.
    const big = await receive(db(), {
      receiptId: 'QA-R1',
      itemNumber: QA.itemInspect,
      qty: 12,
      damaged: 2,
      uom: 'CS',
    });
    const small = await receive(db(), { receiptId: 'QA-R1', itemNumber: QA.itemInspect, qty: 3, lotNumber: null });
    const first = await generate(rid('QA-R1'));
    expect(first.body.code).toBe(200);
    // Lines come in PO line order (the case line is line 8).
    expect([...first.body.data].sort((a, b) => Number(a.receiptRowId) - Number(b.receiptRowId))).toEqual([
      expect.objectContaining({
        receiptRowId: big,
        qtyToInspect: '100',
        sampleQty: '10',
        result: 'N',
        itemDescription: expect.any(String),
      }),
      expect.objectContaining({ receiptRowId: small, qtyToInspect: '3', sampleQty: '1', result: 'N' }),
    ]);
    const again = await generate(rid('QA-R1'));
    expect(again.body.data).toHaveLength(2);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from t_inspection_detail where receipt_id = ${rid('QA-R1')}`.execute(db());
    expect(rows[0]?.n).toBe(2);
  });

  it('refuses a receipt not awaiting inspection, naming it and its status, and an unknown one', async () => {
    await receive(db(), { receiptId: 'QA-R2', itemNumber: QA.itemZ1, qty: 5 });
    const refused = await generate(rid('QA-R2'));
    expect(refused.body).toMatchObject({ code: -10000, errorCode: 'receiptNotAwaitingInspection' });
    expect(refused.body.msg).toBe(`Receipt ${rid('QA-R2')} is Received, not awaiting inspection`);
    expect((await generate('QA-NONE')).body.errorCode).toBe('notFound');
  });

  it('lists lines by receipt and result, and the receipts awaiting inspection with their line', async () => {
    const lines = await t.post<Row[]>(
      '/api/tReceipt/getInspectionDetail',
      { whId: QA.whId, receiptId: rid('QA-R1'), result: 'N' },
      viewer,
    );
    expect(lines.body.data).toHaveLength(2);
    const waiting = await t.post<Row[]>('/api/tReceipt/getAwaitingInspection', { whId: QA.whId, clientCode: QA.client }, viewer);
    expect(waiting.body.data.filter((r) => r.receiptId === rid('QA-R1')).every((r) => r.inspectionId !== null)).toBe(true);
  });
});

describe('recordInspection', () => {
  let passLine: number;
  let failLine: number;
  let passRow: number;
  let failRow: number;
  beforeAll(async () => {
    passRow = await receive(db(), { receiptId: 'QA-R3', itemNumber: QA.itemInspect, qty: 20, locationId: QA.receiving });
    const lines = (await generate(rid('QA-R3'))).body.data;
    passLine = Number(lines[0]?.id);
    failRow = await receive(db(), { receiptId: 'QA-R4', itemNumber: QA.itemInspect, qty: 50, damaged: 10 });
    failLine = Number((await generate(rid('QA-R4'))).body.data[0]?.id);
  });

  it('releases everything passed: the receipt is ready for putaway, one INSPECT_PASS row', async () => {
    const before = await stockRow(db(), QA.receiving, QA.itemInspect);
    const done = await record({ id: passLine, qtyPassed: '20', qtyFailed: 0 });
    expect(done.body.code).toBe(200);
    expect(done.body.data).toMatchObject({ result: 'P', qtyPassed: '20', qtyFailed: '0', inspectBy: 'admin' });
    const after = await stockRow(db(), QA.receiving, QA.itemInspect);
    expect(Number(after?.unavailableQty)).toBe(Number(before?.unavailableQty) - 20);
    expect(after?.actualQty).toBe(before?.actualQty);
    expect(await receiptRow(passRow)).toEqual({ status: 'R', qtyInspect: '2', qtyBack: '0' });
    expect(await tranLog(rid('QA-R3'))).toEqual([
      expect.objectContaining({ tranType: 'INSPECT_PASS', category: 'INBOUND', quantity: '20', fromLocationId: QA.receiving }),
    ]);
    // Recorded once: a second result is refused and changes nothing.
    const twice = await record({ id: passLine, qtyPassed: '20', qtyFailed: '0' });
    expect(twice.body.errorCode).toBe('inspectionAlreadyRecorded');
    expect(twice.body.msg).toContain('(Passed)');
  });

  it('refuses quantities that do not add up, a missing, inactive or qualified fail location, and changes nothing', async () => {
    const before = await stockRow(db(), QA.receiving, QA.itemInspect);
    const mismatch = await record({ id: failLine, qtyPassed: '30', qtyFailed: '5', failLocationId: QA.fail });
    expect(mismatch.body).toMatchObject({ errorCode: 'inspectionQtyMismatch' });
    expect(mismatch.body.msg).toBe('Passed 30 plus failed 5 must equal the quantity to inspect, 40');
    expect((await record({ id: failLine, qtyPassed: '30', qtyFailed: '10' })).body.errorCode).toBe('failLocationRequired');
    expect((await record({ id: failLine, qtyPassed: '30', qtyFailed: '10', failLocationId: QA.qcLocation })).body.errorCode).toBe(
      'failLocationNotUnqualified',
    );
    expect((await record({ id: failLine, qtyPassed: '30', qtyFailed: '10', failLocationId: 'TQA-Z1-OFF' })).body.errorCode).toBe(
      'locationNotActive',
    );
    // A pallet fail location needs the receipt's pallet; this receipt has none.
    expect((await record({ id: failLine, qtyPassed: '30', qtyFailed: '10', failLocationId: QA.failPallet })).body.errorCode).toBe(
      'palletNotAllowEmpty',
    );
    expect((await record({ id: failLine, qtyPassed: '-1', qtyFailed: '41', failLocationId: QA.fail })).body.errorCode).toBe(
      'fieldQtyNonNegative',
    );
    expect((await record({ id: 99999999, qtyPassed: '1', qtyFailed: '0' })).body.errorCode).toBe('notFound');
    expect(await stockRow(db(), QA.receiving, QA.itemInspect)).toEqual(before);
    expect(await receiptRow(failRow)).toMatchObject({ status: 'Q' });
    // Each refused result is kept in the exception log of the receipt.
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from exception_log where control_number = ${rid('QA-R4')}`.execute(db());
    expect(rows[0]?.n).toBeGreaterThanOrEqual(5);
  });

  it('moves failed units to the unqualified location, unavailable there, with one INSPECT_FAIL row from → to', async () => {
    const before = await stockRow(db(), QA.receiving, QA.itemInspect);
    const done = await record({ id: failLine, qtyPassed: 30, qtyFailed: '10', failLocationId: QA.fail, remark: 'scratched' });
    expect(done.body.data).toMatchObject({
      result: 'F',
      qtyPassed: '30',
      qtyFailed: '10',
      failLocationId: QA.fail,
      remark: 'scratched',
    });
    const after = await stockRow(db(), QA.receiving, QA.itemInspect);
    expect(Number(after?.actualQty)).toBe(Number(before?.actualQty) - 10);
    // 40 good units were unavailable: 30 released, 10 gone; the 10 damaged stay unavailable.
    expect(Number(after?.unavailableQty)).toBe(Number(before?.unavailableQty) - 40);
    expect(await stockRow(db(), QA.fail, QA.itemInspect)).toEqual({ actualQty: '10', unavailableQty: '10', reasonId: 'QC_FAIL' });
    expect(await receiptRow(failRow)).toEqual({ status: 'R', qtyInspect: '4', qtyBack: '10' });
    expect(await tranLog(rid('QA-R4'))).toEqual([
      expect.objectContaining({ tranType: 'INSPECT_PASS', quantity: '30' }),
      expect.objectContaining({ tranType: 'INSPECT_FAIL', quantity: '10', fromLocationId: QA.receiving, toLocationId: QA.fail }),
    ]);
  });

  it('keeps a receipt whose every unit failed in status Q, its line failed, off the awaiting list, and keeps the pallet at a pallet fail location', async () => {
    const id = await receive(db(), { receiptId: 'QA-R5', itemNumber: QA.itemInspectPallet, qty: 8, huId: 'QA-HU5' });
    const line = (await generate(rid('QA-R5'))).body.data[0];
    expect(line).toMatchObject({ qtyToInspect: '8', sampleQty: '8' });
    const done = await record({ id: line?.id, qtyPassed: '0', qtyFailed: '8', failLocationId: QA.failPallet });
    expect(done.body.data).toMatchObject({ result: 'F' });
    expect(await stockRow(db(), QA.failPallet, QA.itemInspectPallet, 'QA-HU5')).toMatchObject({
      actualQty: '8',
      unavailableQty: '8',
    });
    expect(await stockRow(db(), QA.receivingPallet, QA.itemInspectPallet, 'QA-HU5')).toBeNull();
    expect(await receiptRow(id)).toEqual({ status: 'Q', qtyInspect: '8', qtyBack: '8' });
    expect((await record({ id: line?.id, qtyPassed: '8', qtyFailed: '0' })).body.errorCode).toBe('inspectionAlreadyRecorded');
    // Its result is recorded: the inspection screen no longer offers it.
    const waiting = await t.post<Row[]>('/api/tReceipt/getAwaitingInspection', { whId: QA.whId }, admin);
    expect(waiting.body.data.map((r) => r.id)).not.toContain(id);
  });
});

describe('permissions and client grants', () => {
  it('needs the receipt edit permission to generate or record, view to list', async () => {
    expect((await generate(rid('QA-R1'), viewer)).status).toBe(403);
    expect((await record({ id: 1, qtyPassed: '1', qtyFailed: '0' }, viewer)).status).toBe(403);
    expect((await t.post('/api/tReceipt/getInspectionDetail', { whId: QA.whId }, viewer)).status).toBe(200);
  });

  it('hides and refuses another client’s receipts', async () => {
    await receive(db(), { receiptId: 'QA-R6', itemNumber: QA.itemInspect, qty: 5 });
    const refused = await generate(rid('QA-R6'), limited);
    expect(refused.body).toMatchObject({ errorCode: 'clientNotGranted' });
    const line = (await generate(rid('QA-R6'))).body.data[0];
    expect((await record({ id: line?.id, qtyPassed: '5', qtyFailed: '0' }, limited)).body.errorCode).toBe('clientNotGranted');
    const seen = await t.post<Row[]>('/api/tReceipt/getInspectionDetail', { whId: QA.whId }, limited);
    expect(seen.body.data.filter((r) => r.clientCode === QA.client)).toEqual([]);
    const waiting = await t.post<Row[]>('/api/tReceipt/getAwaitingInspection', { whId: QA.whId }, limited);
    expect(waiting.body.data).toEqual([]);
    // Their own client's receipt is theirs to inspect.
    await receive(db(), { receiptId: 'QA-R7', itemNumber: QA.itemOther, qty: 5 });
    const own = await generate(rid('QA-R7'), limited);
    expect(own.body.data).toEqual([expect.objectContaining({ sampleQty: '1', clientCode: QA.otherClient })]);
  });

  it('refuses a warehouse not granted', async () => {
    await createUser(t, 'qa-nowh', { permissions: ['sys:tReceipt:view', 'sys:tReceipt:edit'], warehouses: [] });
    const token = await t.login('qa-nowh', 'Secret#123');
    expect((await generate(rid('QA-R1'), token)).body.errorCode).toBe('warehouseNotGranted');
    expect((await t.post<Row[]>('/api/tReceipt/getInspectionDetail', { whId: QA.whId }, token)).body.data).toEqual([]);
  });
});
