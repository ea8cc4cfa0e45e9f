import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, refused, rfCall } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfKey, RfListRow } from '../../../shared/rf';

/**
 * Issue 25 items 5 and 8 on the seeded flows (README "Seeded flows"): a scan whose GS1 separator was lost never books a
 * wrong lot, a GS1 item label or text with control characters is never a pallet id, and putaway and move refuse a
 * quantity above what is at the source at the quantity step (localized), not at every destination scan.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const GS = '\u001d';

const call = <T>(path: string, body: unknown, lang: 'en_us' | 'zh_cn' = 'en_us') => rfCall<T>(t, admin, path, body, lang);
const start = (mainProcessName: string) => call<RfAnswer>('getRfDialogForm', { mainProcessName });
const press = (from: RfAnswer, key: RfKey, input = '', lang: 'en_us' | 'zh_cn' = 'en_us') =>
  call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input }, lang);
const enter = (from: RfAnswer, input = '', lang: 'en_us' | 'zh_cn' = 'en_us') => press(from, 'ENTER', input, lang);
const list = (from: RfAnswer) => call<RfListRow[]>('getRfDialogList', { step: from.dialog?.step ?? 0 });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('GS1 separators (item 5)', () => {
  it('refuses a lot that ran into the next AI (GS lost) at the item and lot steps; with the GS kept it reads right', async () => {
    await sql`update t_item_master set upc = '9501101530003' where wh_id = 'WH01' and item_number = 'ACME-0049'`.execute(db());
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    // `01 <GTIN> 10 LOT123 <GS> 17 261231` with its GS lost: today lot LOT12317261231.
    refused(
      await enter(item, '010950110153000310LOT12317261231'),
      item,
      'Invalid GS1 code: a lot or serial runs into another element, its separator (FNC1) was lost (AI 17)',
    );
    refused(await enter(item, '010950110153000310LOT12317261231', 'zh_cn'), item, /GS1 条码无效：批号或序列号连着另一个元素/);
    // The lot step: the same, and a GS1 code without a lot is not a lot.
    const lotStep = at(await enter(item, 'ACME-0049'), 'RCV_LOT');
    refused(await enter(lotStep, ']C110LOT12317261231'), lotStep, /separator \(FNC1\) was lost \(AI 17\)/);
    refused(await enter(lotStep, `]C117261231`), lotStep, 'The GS1 code holds no lot (AI 10): scan the lot');
    refused(await enter(lotStep, `L1${GS}23`), lotStep, /./);
    const lineLot = lotStep.dialog?.inputDefault ?? '';
    const exp = at(await enter(lotStep, `]C110${lineLot}${GS}17261231`), 'RCV_EXP');
    expect(exp.dialog?.inputDefault).toBe('2026-12-31');
    await press(exp, 'DONE');
  });

  it('refuses a GS1 item label and any text with control characters as a pallet id', async () => {
    const { rows: lines } = await sql<{ lot: string }>`
      select lot_number as lot from t_po_detail where wh_id = 'WH01' and po_number = 'PO00000001' and line_number = 1`.execute(
      db(),
    );
    const lot = lines[0]?.lot ?? '';
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    const qty = at(await enter(item, `]C1010950110153000317261231${'10'}${lot}${GS}`), 'RCV_QTY');
    const loc = at(await enter(qty, '1'), 'RCV_LOC');
    const hu = at(await enter(loc, 'STG-IN-01'), 'RCV_HU');
    // The item's label scanned at the pallet step (today: booked as pallet "]C10109…").
    refused(
      await enter(hu, `]C1010950110153000317261231${'10'}${lot}`),
      hu,
      'The GS1 code holds no pallet id (SSCC, AI 00): an item label is not a pallet, scan the pallet label',
    );
    refused(await enter(hu, `]C1010950110153000317261231${'10'}${lot}`, 'zh_cn'), hu, /GS1 条码中没有托盘号/);
    refused(
      await enter(hu, 'PAL\u000742'),
      hu,
      'Pallet must not contain control characters (such as a GS1 separator): scan the right label',
    );
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from t_stored_item where wh_id = 'WH01' and (hu_id like ']C1%' or hu_id like 'PAL%')`.execute(
      db(),
    );
    expect(rows[0]?.n).toBe(0);
    const done = at(await enter(hu, '(00)106141412345678908'), 'RCV_ITEM');
    expect(done.message?.kind).toBe('success');
    await press(done, 'DONE');
  });
});

describe('quantity at the quantity step (item 8)', () => {
  it('PUTAWAY refuses more than the receipt row has left, localized, and goes on with what is left', async () => {
    // 4 received onto A01-01-1: a receipt row ready for putaway with 4 left.
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), 'PO00000001'), 'RCV_ITEM');
    const loc = at(await enter(at(await enter(item, 'ACME-0054'), 'RCV_QTY'), '4'), 'RCV_LOC');
    const received = at(await enter(loc, 'A01-01-1'), 'RCV_ITEM');
    const receiptId = /\(receipt (RC\d+)\)/.exec(received.message?.text ?? '')?.[1] ?? '';
    expect(receiptId).not.toBe('');
    await press(received, 'DONE');
    const scan = at(await start('PUTAWAY'), 'PUT_SCAN');
    expect((await list(scan)).map((r) => r.value)).toContain(receiptId);
    const qty = at(await enter(scan, receiptId), 'PUT_QTY');
    const left = qty.dialog?.inputDefault ?? '';
    expect(left).toBe('4');
    const over = '5';
    refused(await enter(qty, over), qty, new RegExp(`only ${left} remain to be put away, ${over} asked$`));
    refused(await enter(qty, over, 'zh_cn'), qty, new RegExp(`待上架数量仅为 ${left}，本次要求 ${over}$`));
    const dest = at(await enter(qty, left), 'PUT_DEST');
    const done = at(await enter(dest, dest.dialog?.inputDefault ?? ''), 'PUT_SCAN');
    expect(done.message?.text).toMatch(new RegExp(`^Put away ${left} `));
    await press(done, 'DONE');
  });

  it('MOVE refuses more than is available at the source, localized, and goes on with what is available', async () => {
    const item = at(await enter(at(await start('MOVE'), 'MOV_FROM'), 'A02-11-1'), 'MOV_ITEM');
    const qty = at(await enter(item, 'ACME-0071'), 'MOV_QTY');
    const available = qty.dialog?.inputDefault ?? '';
    expect(Number(available)).toBeGreaterThan(1);
    const over = String(Number(available) + 1);
    refused(await enter(qty, over), qty, `Excess of available stock: only ${available} available`);
    refused(await enter(qty, over, 'zh_cn'), qty, `超出可用库存：可用数量仅为 ${available}`);
    const to = at(await enter(qty, '1'), 'MOV_TO');
    const done = at(await enter(to, 'A02-13-1'), 'MOV_FROM');
    expect(done.message?.text).toMatch(/^Moved 1 ACME-0071 from A02-11-1 to A02-13-1/);
    await press(done, 'DONE');
  });
});
