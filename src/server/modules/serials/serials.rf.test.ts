import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, refused, rfCall } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfKey } from '../../../shared/rf';
import { demoItems, demoOrderLine, demoUser, priorityProfile } from '../../db/seed/demoStock';
import { inTransaction } from '../../db/transaction';
import { releaseWaves } from '../outbound/allocation.service';
import { buildWave, createConfirmedOrder } from '../outbound/waveBuild';

/**
 * The handheld RECEIVE flow of a serial-controlled item (README "Channels"): after the quantity, the serial step once
 * per base unit — the item label's GS1 AI 21 fills it — then the location receives with the serials.
 */
let t: TestApp;
let admin: string;
const db = () => t.connection.db;
const ITEM = 'ACME-0010';
const PO = 'SNRF-PO1';

/** A GTIN-13 with its check digit. */
function gtin13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const GTIN = gtin13('950110153010');

const call = <T>(path: string, body: unknown, lang: 'en_us' | 'zh_cn' = 'en_us') => rfCall<T>(t, admin, path, body, lang);
const start = (mainProcessName: string) => call<RfAnswer>('getRfDialogForm', { mainProcessName });
const press = (from: RfAnswer, key: RfKey, input = '', lang: 'en_us' | 'zh_cn' = 'en_us') =>
  call<RfAnswer>('confirmRfDialog', { step: from.dialog?.step ?? 0, key, input }, lang);
const enter = (from: RfAnswer, input = '', lang: 'en_us' | 'zh_cn' = 'en_us') => press(from, 'ENTER', input, lang);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await sql`update t_item_master set upc = ${GTIN}, attribute_collection_id = null where wh_id = 'WH01' and item_number = ${ITEM}`.execute(
    db(),
  );
  await sql`
    insert into t_po_master (wh_id, client_code, po_number, vendor_code, status)
    select 'WH01', 'ACME', ${PO}, vendor_code, 'O' from t_vendor where wh_id = 'WH01' order by vendor_code limit 1`.execute(db());
  await sql`
    insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
    values ('WH01', ${PO}, 1, ${ITEM}, 5, 'EA')`.execute(db());
});
afterAll(() => t.close());

describe('RF receive of a serial-controlled item', () => {
  it('asks one serial per unit after the quantity; the item label’s GS1 AI 21 fills it; the receipt records them', async () => {
    const item = at(await enter(at(await start('RECEIVE'), 'RCV_PO'), PO), 'RCV_ITEM');
    const qty = at(await enter(item, ITEM), 'RCV_QTY');
    const first = at(await enter(qty, '2'), 'RCV_SN');
    expect(first.dialog?.headers).toContain('Serials 0/2');
    // An item label without AI 21 names no serial; another item's label is not this item's serial.
    refused(
      await enter(first, `]C1010${GTIN}`),
      first,
      'The GS1 code holds no serial (AI 21): scan the item label with its serial, or type the serial',
    );
    refused(await enter(first, `]C1010${GTIN}`, 'zh_cn'), first, /GS1 条码中没有序列号（AI 21）/);
    refused(await enter(first, `]C1010${gtin13('950110153049')}21SNRF-X`), first, /You scanned item/);
    // The label of the unit: 01 <GTIN-14> 21 <serial>.
    const second = at(await enter(first, `]C1010${GTIN}21SNRF-A`), 'RCV_SN');
    expect(second.dialog?.headers).toContain('Serials 1/2');
    refused(
      await enter(second, 'SNRF-A'),
      second,
      'Serial SNRF-A of item ACME-0010 given twice: it is already in stock or named twice here',
    );
    refused(await enter(second, 'SNRF-A', 'zh_cn'), second, /序列号 SNRF-A（商品 ACME-0010）重复/);
    const location = at(await enter(second, 'SNRF-B'), 'RCV_LOC');
    const next = at(await enter(location, 'A01-01-1'), 'RCV_ITEM');
    expect(next.message?.text).toMatch(/Received 2 EA ACME-0010 at A01-01-1/);
    const { rows } = await sql<{ serialNumber: string; status: string; locationId: string; receiptId: string }>`
      select serial_number, status, location_id, receipt_id from tbl_sn_master
      where wh_id = 'WH01' and item_number = ${ITEM} and serial_number like 'SNRF-%' order by serial_number`.execute(db());
    expect(rows.map((r) => [r.serialNumber, r.status, r.locationId])).toEqual([
      ['SNRF-A', 'IN', 'A01-01-1'],
      ['SNRF-B', 'IN', 'A01-01-1'],
    ]);
    expect(rows[0]?.receiptId).toMatch(/^RC/);
    // A serial in stock is refused at its scan, before the location.
    const again = at(await enter(at(await enter(next, ITEM), 'RCV_QTY'), '1'), 'RCV_SN');
    refused(await enter(again, `]C1010${GTIN}21SNRF-B`), again, /Serial SNRF-B of item ACME-0010 given twice/);
    await press(again, 'DONE');
  });

  it('asks at pick one serial per unit picked, each in stock at the task’s location, and picks them with the units', async () => {
    const user = demoUser(['tOrder', 'tWaveMaster', 'tAfaProfile']);
    const [item] = await demoItems(db(), [ITEM]);
    const profileId = await inTransaction(db(), (trx) => priorityProfile(trx, 'ACME'));
    const orderNumber = await createConfirmedOrder(db(), user, { whId: 'WH01', clientCode: 'ACME', orderNumber: 'SNRF-SO1' }, [
      demoOrderLine(item!, '2'),
    ]);
    await buildWave(db(), user, {
      header: { whId: 'WH01', waveId: 'SNRF-WV1', sequence: 1, priority: 50, workersRequired: 1, stagingLocation: 'STG-OUT-03' },
      profileId: profileId!,
      orderNumbers: [orderNumber],
    });
    await releaseWaves(
      db(),
      {
        whId: 'WH01',
        waveIds: ['SNRF-WV1'],
        overrideWorkType: 'EACHPICK',
        priority: 50,
        workersRequired: 1,
        earliestShipDate: '2020-01-01',
        latestShipDate: '2099-12-31',
      },
      user,
    );
    const loc = at(await enter(at(await start('PICK'), 'PCK_WAVE'), 'SNRF-WV1'), 'PCK_LOC');
    const qty = at(await enter(at(await enter(loc, 'A01-01-1'), 'PCK_ITEM'), ITEM), 'PCK_QTY');
    const first = at(await enter(qty, '2'), 'PCK_SN');
    expect(first.dialog?.headers).toContain('Serials 0/2');
    refused(await enter(first, 'SNRF-NONE'), first, 'Serial SNRF-NONE of item ACME-0010 is not in stock at location A01-01-1');
    const second = at(await enter(first, `]C1010${GTIN}21SNRF-A`), 'PCK_SN');
    refused(await enter(second, 'SNRF-A'), second, /Serial SNRF-A of item ACME-0010 given twice/);
    const done = await enter(second, 'SNRF-B');
    expect(done.message?.kind).not.toBe('error');
    expect(done.dialog?.subProcessName).toBe('PCK_WAVE');
    const { rows } = await sql<{ serialNumber: string; locationId: string; orderNumber: string }>`
      select serial_number, location_id, order_number from tbl_sn_master
      where wh_id = 'WH01' and item_number = ${ITEM} and serial_number like 'SNRF-%' order by serial_number`.execute(db());
    expect(rows).toEqual([
      { serialNumber: 'SNRF-A', locationId: 'STG-OUT-03', orderNumber: 'SNRF-SO1' },
      { serialNumber: 'SNRF-B', locationId: 'STG-OUT-03', orderNumber: 'SNRF-SO1' },
    ]);
  });
});
