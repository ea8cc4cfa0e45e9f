import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, refused, rfCall } from '../../../../tests/support/rfAnswers';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { RfAnswer, RfKey } from '../../../shared/rf';
import { addSerialSteps } from '../../db/migrations/0030_serial_counts';
import { inTransaction } from '../../db/transaction';
import { demoItems, demoOrderLine, demoUser, priorityProfile } from '../../demo/demoStock';
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

/** An order of the item for `qty`, in a wave built and released (EACHPICK) with staging STG-OUT-03. */
async function releasedWave(orderNo: string, waveId: string, qty: string): Promise<void> {
  const user = demoUser(['tOrder', 'tWaveMaster', 'tAfaProfile']);
  const [item] = await demoItems(db(), [ITEM]);
  const profileId = await inTransaction(db(), (trx) => priorityProfile(trx, 'ACME'));
  const orderNumber = await createConfirmedOrder(db(), user, { whId: 'WH01', clientCode: 'ACME', orderNumber: orderNo }, [
    demoOrderLine(item!, qty),
  ]);
  await buildWave(db(), user, {
    header: { whId: 'WH01', waveId, sequence: 1, priority: 50, workersRequired: 1, stagingLocation: 'STG-OUT-03' },
    profileId: profileId!,
    orderNumbers: [orderNumber],
  });
  await releaseWaves(
    db(),
    {
      whId: 'WH01',
      waveIds: [waveId],
      overrideWorkType: 'EACHPICK',
      priority: 50,
      workersRequired: 1,
      earliestShipDate: '2020-01-01',
      latestShipDate: '2099-12-31',
    },
    user,
  );
}

/** Where the item's SNRF serials are: serial, status, location, pallet, order, carton. */
async function snrf(): Promise<string[][]> {
  const { rows } = await sql<Record<string, string | null>>`
    select serial_number, status, location_id, hu_id, order_number, carton_number from tbl_sn_master
    where wh_id = 'WH01' and item_number = ${ITEM} and serial_number like 'SNRF-%' order by serial_number`.execute(db());
  return rows.map((r) => Object.values(r).map((v) => v ?? ''));
}

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
    await releasedWave('SNRF-SO1', 'SNRF-WV1', '2');
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

  it('asks at the count one serial per unit counted; the adjustment made from it puts the new serial in and the missing one out', async () => {
    // Three more units at A01-01-1 (the first two left for the order): C, D, E.
    await sql`update t_po_detail set qty = 10 where wh_id = 'WH01' and po_number = ${PO}`.execute(db());
    const received = await t.post(
      '/api/globalOptions/addReceipt',
      {
        whId: 'WH01',
        poNumber: PO,
        lineNumber: 1,
        locationId: 'A01-01-1',
        qty: '3',
        serialNumbers: ['SNRF-C', 'SNRF-D', 'SNRF-E'],
      },
      admin,
    );
    expect(received.body.code).toBe(200);
    await sql`
      insert into tbl_cycle_count_task (wh_id, work_q_id, status, sub_type, location_id, item_number, logic_qty)
      values ('WH01', 'SNRF-CC1', 'N', 'LOCITEM', 'A01-01-1', ${ITEM}, 3)`.execute(db());
    const loc = at(await enter(at(await start('COUNT'), 'CNT_TASK'), 'SNRF-CC1'), 'CNT_LOC');
    const first = at(await enter(at(await enter(loc, 'A01-01-1'), 'CNT_QTY'), '3'), 'CNT_SN');
    expect(first.dialog?.headers).toContain('Serials 0/3');
    // A serial in stock elsewhere (picked, at the staging location) is not one found here.
    refused(
      await enter(first, 'SNRF-A'),
      first,
      'Serial SNRF-A of item ACME-0010 given twice: it is already in stock or named twice here',
    );
    refused(await enter(first, 'SNRF-A', 'zh_cn'), first, /序列号 SNRF-A（商品 ACME-0010）重复/);
    const second = at(await enter(first, `]C1010${GTIN}21SNRF-C`), 'CNT_SN');
    expect(second.dialog?.headers).toContain('Serials 1/3');
    refused(await enter(second, 'SNRF-C'), second, /Serial SNRF-C of item ACME-0010 given twice/);
    const third = at(await enter(second, 'SNRF-D'), 'CNT_SN');
    // F: a unit the warehouse never recorded (E is not found).
    const done = at(await enter(third, 'SNRF-F'), 'CNT_TASK');
    expect(done.message?.text).toMatch(/SNRF-CC1/);
    const { rows: tasks } = await sql<{ id: number; status: string; serialNumbers: string }>`
      select id, status, serial_numbers from tbl_cycle_count_task where work_q_id = 'SNRF-CC1'`.execute(db());
    expect(tasks[0]).toMatchObject({ status: 'C', serialNumbers: 'SNRF-C\nSNRF-D\nSNRF-F' });
    const adjustment = await t.post<{ adjustmentTaskId: string; lines: number }>(
      '/api/tblCycleCountTask/generateAdjustmentTask',
      { whId: 'WH01', ids: [tasks[0]!.id] },
      admin,
    );
    expect(adjustment.body.data).toMatchObject({ lines: 2 });
    const taskId = adjustment.body.data.adjustmentTaskId;
    const { rows: lines } = await sql<{ qty: string; serialNumbers: string }>`
      select trim_scale(qty)::text as qty, serial_numbers from tbl_inv_adjustment_detail
      where wh_id = 'WH01' and task_id = ${taskId} order by line_number`.execute(db());
    expect(lines).toEqual([
      { qty: '1', serialNumbers: 'SNRF-F' },
      { qty: '-1', serialNumbers: 'SNRF-E' },
    ]);
    const confirmed = await t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId }, admin);
    expect(confirmed.body.code).toBe(200);
    expect((await snrf()).filter(([serial]) => serial !== 'SNRF-A' && serial !== 'SNRF-B')).toEqual([
      ['SNRF-C', 'IN', 'A01-01-1', '', '', ''],
      ['SNRF-D', 'IN', 'A01-01-1', '', '', ''],
      ['SNRF-E', 'OUT', '', '', '', ''],
      ['SNRF-F', 'IN', 'A01-01-1', '', '', ''],
    ]);
  });

  it('asks at a short pick one serial per unit found, each in stock at the task’s location, and short-picks with them', async () => {
    await releasedWave('SNRF-SO2', 'SNRF-WV2', '3');
    const loc = at(await enter(at(await start('PICK'), 'PCK_WAVE'), 'SNRF-WV2'), 'PCK_LOC');
    const short = at(await press(loc, 'F1'), 'PCK_SHORT');
    // Not less than the task asks: a pick, not a shortage (said before any serial is asked).
    refused(await enter(short, '3'), short, /3 found is not less than the 3 open/);
    const first = at(await enter(short, '2'), 'PCK_SN');
    expect(first.dialog?.headers).toContain('Serials 0/2');
    // A is at the staging location (picked for SNRF-SO1), not at the task's.
    refused(await enter(first, 'SNRF-A'), first, 'Serial SNRF-A of item ACME-0010 is not in stock at location A01-01-1');
    refused(await enter(first, 'SNRF-A', 'zh_cn'), first, /SNRF-A/);
    const second = at(await enter(first, 'SNRF-C'), 'PCK_SN');
    refused(await enter(second, `]C1010${GTIN}21SNRF-C`), second, /Serial SNRF-C of item ACME-0010 given twice/);
    const done = await enter(second, 'SNRF-D');
    expect(done.message?.kind).toBe('success');
    expect(done.message?.text).toMatch(/Wave SNRF-WV2 has no open task left/);
    expect(done.dialog?.subProcessName).toBe('PCK_WAVE');
    const { rows } = await sql<{ pickedQty: string; shortQty: string; status: string }>`
      select trim_scale(picked_qty)::text as picked_qty, trim_scale(short_qty)::text as short_qty, status
      from t_wave_pick_task where wave_id = 'SNRF-WV2'`.execute(db());
    expect(rows).toEqual([{ pickedQty: '2', shortQty: '1', status: 'S' }]);
    expect((await snrf()).filter(([serial]) => ['SNRF-C', 'SNRF-D', 'SNRF-F'].includes(serial ?? ''))).toEqual([
      ['SNRF-C', 'IN', 'STG-OUT-03', '', 'SNRF-SO2', ''],
      ['SNRF-D', 'IN', 'STG-OUT-03', '', 'SNRF-SO2', ''],
      // The unit left at the location is held with the stock a short pick holds (to be counted): HOLD, not shipped.
      ['SNRF-F', 'HOLD', 'A01-01-1', '', '', ''],
    ]);
  });

  it('asks at carton pick one serial per unit packed, each picked for the order and in no carton, and closes the carton with them', async () => {
    const item = at(await enter(at(await start('CARTON'), 'CTN_ORDER'), 'SNRF-SO1'), 'CTN_ITEM');
    const qty = at(await enter(item, ITEM), 'CTN_QTY');
    const first = at(await enter(qty, '2'), 'CTN_SN');
    expect(first.dialog?.headers).toContain('Serials 0/2');
    // F is in stock at A01-01-1, not at the staging location; C is there but picked for another order.
    refused(await enter(first, 'SNRF-F'), first, 'Serial SNRF-F of item ACME-0010 is not in stock at location STG-OUT-03');
    refused(await enter(first, 'SNRF-C'), first, 'Serial SNRF-C of item ACME-0010 is not in stock at location STG-OUT-03');
    refused(await enter(first, 'SNRF-C', 'zh_cn'), first, /SNRF-C/);
    const second = at(await enter(first, `]C1010${GTIN}21SNRF-A`), 'CTN_SN');
    expect(second.dialog?.headers).toContain('Serials 1/2');
    refused(await enter(second, 'SNRF-A'), second, /Serial SNRF-A of item ACME-0010 given twice/);
    const packed = at(await enter(second, 'SNRF-B'), 'CTN_ITEM');
    expect(packed.message?.text).toMatch(/ACME-0010/);
    const closed = at(await press(packed, 'F1'), 'CTN_ORDER');
    expect(closed.message?.kind).toBe('success');
    const { rows } = await sql<{ cartonNumber: string }>`
      select carton_number from tbl_shipping_label where wh_id = 'WH01' and order_number = 'SNRF-SO1'`.execute(db());
    const carton = rows[0]?.cartonNumber ?? '';
    expect(carton).not.toBe('');
    expect((await snrf()).filter(([serial]) => serial === 'SNRF-A' || serial === 'SNRF-B')).toEqual([
      ['SNRF-A', 'IN', 'STG-OUT-03', carton, 'SNRF-SO1', carton],
      ['SNRF-B', 'IN', 'STG-OUT-03', carton, 'SNRF-SO1', carton],
    ]);
  });
});

describe('migration 0030', () => {
  it('gives flows configured before it the carton and count serial steps and the short pick’s branch, as seeded', async () => {
    const steps = ['CTN_SN', 'CNT_SN'];
    const texts = ['CTN_H_SN', 'CTN_P_SN', 'CNT_H_SN', 'CNT_P_SN'];
    const snapshot = async () => ({
      dialogs: (
        await sql`
          select wh_id, client_code, sub_process_name, dialog_title, dialog_header1, dialog_header2, dialog_header3,
            dialog_header4, dialog_header5, dialog_prompt, dialog_input_default, dialog_input_field,
            dialog_list_source_exec_sp, dialog_exec_sp
          from rf_sub_process_detail where sub_process_name = any(${steps}::varchar[])
          order by wh_id, client_code, sub_process_name`.execute(db())
      ).rows,
      options: (
        await sql`
          select wh_id, client_code, sub_process_name, dialog_option_name, function_key, next_sub_process_name,
            exec_sp_before_next
          from rf_sub_process_option where sub_process_name = any(${steps}::varchar[])
          order by wh_id, client_code, sub_process_name, function_key`.execute(db())
      ).rows,
      main: (
        await sql`
          select main_process_name, sub_process_name, success_next_process_name, fail_next_process_name,
            dynamic_process_name1, dynamic_process_name2
          from rf_main_process_detail
          where sub_process_name = any(${[...steps, 'CTN_QTY', 'CNT_QTY', 'PCK_SHORT']}::varchar[])
          order by main_process_name, sub_process_name`.execute(db())
      ).rows,
      texts: (
        await sql`
          select name, type, text, locale_id from rf_process_resource where name = any(${texts}::varchar[])
          order by name, type, locale_id`.execute(db())
      ).rows,
    });
    const seeded = await snapshot();
    expect(seeded.dialogs.length).toBeGreaterThanOrEqual(6);
    // A database seeded before: none of it.
    await sql`delete from rf_sub_process_option where sub_process_name = any(${steps}::varchar[])`.execute(db());
    await sql`delete from rf_sub_process_detail where sub_process_name = any(${steps}::varchar[])`.execute(db());
    await sql`delete from rf_main_process_detail where sub_process_name = any(${steps}::varchar[])`.execute(db());
    await sql`delete from rf_process_resource where name = any(${texts}::varchar[])`.execute(db());
    await sql`update rf_main_process_detail set dynamic_process_name1 = null where sub_process_name in ('CTN_QTY', 'CNT_QTY')`.execute(
      db(),
    );
    await sql`update rf_main_process_detail set dynamic_process_name2 = null where sub_process_name = 'PCK_SHORT'`.execute(db());
    expect((await snapshot()).dialogs).toEqual([]);
    await addSerialSteps(db() as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
  });
});
