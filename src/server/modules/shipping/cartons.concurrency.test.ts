/**
 * Carton picking and split under contention (meant for PostgreSQL with its pool of 10 connections; on PGlite the
 * calls queue, and the answers must be the same): splits of one line at once never move more than the line holds;
 * two completeCartonPick of one carton at once pack it once; two getNextCarton of one order at once open one carton.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedWave, pickedWave } from '../../../../tests/support/cartonFixture';
import { createPickFixture, PK, stockRows } from '../../../../tests/support/pickFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

type Row = Record<string, unknown>;
interface Out {
  outCode: string;
  outMsg: string;
}

let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
});
afterAll(() => t.close());

async function newItem(itemNumber: string): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, unit_weight)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '测试 Test', 'EA', 'N', 1)`.execute(db());
  return itemNumber;
}

async function detail(orderNumber: string) {
  const { rows } = await sql<{ id: number; cartonNumber: string; itemNumber: string; qty: string }>`
    select id, carton_number, item_number, trim_scale(qty)::text as qty from tbl_shipping_label_detail
    where order_number = ${orderNumber} order by id`.execute(db());
  return rows;
}

describe('carton calls under contention', () => {
  it('splits of one line at once never move more than the line holds; stock and lines add up', async () => {
    const item = await newItem('TCC-S1');
    const keep = await newItem('TCC-S2');
    const packed = await packedWave(db(), 'TCC-W1', [
      {
        orderNumber: 'TCC-O1',
        lines: [
          { itemNumber: item, qty: '5' },
          { itemNumber: keep, qty: '1' },
        ],
      },
    ]);
    const source = packed.cartonNumbers[0] as string;
    const line = (await detail('TCC-O1')).find((d) => d.itemNumber === item);
    const body = { id: line?.id, qty: '2', cartonType: 'S', userName: 'admin', localId: 1033 };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.post<Out[]>('/api/tblShippingLabelDetail/splitCarton', body, admin)),
    );
    const codes = answers.map((a) => a.body.data?.[0]?.outCode).sort();
    // 5 units: two splits of 2 fit, the other two are refused (1 left is less than 2).
    expect(codes).toEqual(['SUCCESS', 'SUCCESS', 'splitQtyTooLarge', 'splitQtyTooLarge']);
    const lines = await detail('TCC-O1');
    expect(lines.filter((l) => l.itemNumber === item).map((l) => [l.cartonNumber === source, l.qty])).toEqual([
      [true, '1'],
      [false, '2'],
      [false, '2'],
    ]);
    const rows = await stockRows(db(), item);
    expect(rows.reduce((sum, r) => sum + Number(r.actual), 0)).toBe(5);
    for (const r of rows) {
      const inCarton = lines.filter((l) => l.cartonNumber === r.huId && l.itemNumber === item);
      expect(inCarton.map((l) => l.qty)).toEqual([r.actual]);
    }
    const { rows: seqs } = await sql<{ seq: number }>`
      select carton_seq as seq from tbl_shipping_label where order_number = 'TCC-O1' order by carton_seq`.execute(db());
    expect(seqs.map((s) => s.seq)).toEqual([1, 2, 3]);
    const { rows: log } = await sql<Row>`
      select count(*)::int as n, trim_scale(sum(quantity))::text as qty from tran_log
      where tran_type = 'SPLIT' and control_number = ${source}`.execute(db());
    expect(log).toEqual([{ n: 2, qty: '4' }]);
  });

  it('two completeCartonPick of one carton at once pack it once; two getNextCarton at once open one carton', async () => {
    const item = await newItem('TCC-P1');
    await pickedWave(db(), 'TCC-W2', [{ orderNumber: 'TCC-O2', lines: [{ itemNumber: item, qty: '3' }] }]);
    const nextBody = { whId: PK.whId, waveId: 'TCC-W2', orderNumber: 'TCC-O2' };
    const opened = await Promise.all(
      [1, 2].map(() =>
        t.post<{ cartonNumber: string; lines: { pickDetailId: number }[] }>(
          '/api/tblShippingLabelDetail/getNextCarton',
          nextBody,
          admin,
        ),
      ),
    );
    const [a, b] = opened.map((o) => o.body.data);
    expect(a?.cartonNumber).toBe(b?.cartonNumber);
    const pd = a?.lines[0]?.pickDetailId;
    const body = { whId: PK.whId, cartonNumber: a?.cartonNumber, lines: [{ pickDetailId: pd, qty: '2' }] };
    const done = await Promise.all([1, 2].map(() => t.post<Row>('/api/tblShippingLabelDetail/completeCartonPick', body, admin)));
    const outcomes = done.map((d) => d.body.errorCode ?? d.body.data?.status).sort();
    expect(outcomes).toEqual(['C', 'cartonNotOpen']);
    expect(await stockRows(db(), item)).toEqual([
      // hu ascending, the staged row (hu null) last.
      {
        locationId: PK.staging,
        lotNumber: null,
        huId: a?.cartonNumber,
        status: 'A',
        actual: '2',
        unavailable: '0',
        allocated: '0',
      },
      { locationId: PK.staging, lotNumber: null, huId: null, status: 'A', actual: '1', unavailable: '0', allocated: '0' },
    ]);
    const { rows } = await sql<Row>`
      select trim_scale(packed_qty)::text as packed, status from t_pick_detail where order_number = 'TCC-O2'`.execute(db());
    expect(rows).toEqual([{ packed: '2', status: 'K' }]);
    const { rows: log } = await sql<Row>`
      select count(*)::int as n from tran_log where tran_type = 'PACK' and control_number = ${a?.cartonNumber}`.execute(db());
    expect(log).toEqual([{ n: 1 }]);
    const { rows: cartons } = await sql`select 1 from tbl_shipping_label where order_number = 'TCC-O2'`.execute(db());
    expect(cartons).toHaveLength(1);
  });
});
