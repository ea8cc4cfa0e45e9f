/**
 * Expiry at receiving and at the inventory tasks (issue 26 item 2): an expired lot is refused at the desk and at the RF
 * receive action; a lot with less remaining shelf life than the client's minimum needs sys:tReceipt:acceptShortDated and
 * is noted on its RECEIVE tran_log row; an expiry left out on an item with a shelf life is the receipt date + shelf
 * life; an adjustment or a movement refuses expired stock entering an available location unless the user holds
 * sys:tblInvAdjustment:acceptExpired, and lets it into a quarantine (Q) zone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundFixture, IN, insertPo, lineTotals, stockOf } from '../../../../tests/support/inboundFixture';
import { insertAdjustment, insertMovement } from '../../../../tests/support/inventoryFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';
import { addDays } from '../inventory/expiry';
import type { RfContext } from '../rf/actions/types';
import { ACTIONS } from '../rf/registry';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let today: string;
const db = () => t.connection.db;
const day = (n: number) => addDays(today, n);

/** A zone A (available) and a zone Q (quarantine) location for the inventory tasks. */
const AVAILABLE = 'TEXP-A1';
const QUARANTINE = 'TEXP-Q1';

beforeAll(async () => {
  t = await createTestApp();
  await createInboundFixture(db());
  await sql`insert into t_zone (wh_id, zone, description, zone_type) values
    (${IN.whId}, 'TEXP-ZA', '可用 Available', 'A'), (${IN.whId}, 'TEXP-ZQ', '隔离 Quarantine', 'Q')`.execute(db());
  await sql`insert into t_location (wh_id, location_id, type, item_hu_indicator, status, zone) values
    (${IN.whId}, ${AVAILABLE}, 'M', 'I', 'A', 'TEXP-ZA'), (${IN.whId}, ${QUARANTINE}, 'M', 'I', 'A', 'TEXP-ZQ')`.execute(db());
  admin = await t.login();
  const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db());
  today = rows[0]?.today ?? '';
});
afterAll(() => t.close());

const receive = (body: Row, token = admin) => t.post<Row>('/api/globalOptions/addReceipt', { whId: IN.whId, ...body }, token);

async function setMinShelfLife(value: string | null): Promise<void> {
  await sql`delete from t_whse_control where wh_id = ${IN.whId} and control_name = 'MIN_SHELF_LIFE_DAYS'`.execute(db());
  if (value !== null) {
    await sql`insert into t_whse_control (wh_id, control_name, client_code, control_value)
      values (${IN.whId}, 'MIN_SHELF_LIFE_DAYS', ${IN.client}, ${value})`.execute(db());
  }
}

const RECEIVER = [permission('tReceipt', 'add'), permission('tReceipt', 'view')];

describe('receiving and expiry', () => {
  it('refuses an expired lot with a clear message, logs the refusal and changes nothing', async () => {
    await insertPo(db(), 'RX-1', [{ lineNumber: 1, itemNumber: IN.itemLot, qty: '10' }]);
    const res = await receive({
      poNumber: 'RX-1',
      lineNumber: 1,
      qty: '2',
      locationId: IN.i2,
      lotNumber: 'OLD',
      expirationDate: '2020-01-01',
    });
    expect(res.body).toMatchObject({
      errorCode: 'receiptLotExpired',
      msg: 'Lot OLD expired on 2020-01-01: expired goods cannot be received',
    });
    expect(await lineTotals(db(), 'RX-1', 1)).toEqual({ received: '0', damaged: '0' });
    expect((await stockOf(db(), IN.itemLot)).filter((r) => r.lotNumber === 'OLD')).toEqual([]);
    const { rows } = await sql<{ errorCode: string }>`
      select error_code from exception_log where control_number = 'RX-1'`.execute(db());
    expect(rows).toEqual([{ errorCode: 'receiptLotExpired' }]);
  });

  it('an item with a shelf life and no typed expiry expires the receipt date + its shelf life', async () => {
    await insertPo(db(), 'RX-2', [{ lineNumber: 1, itemNumber: IN.itemLot, qty: '10' }]);
    const res = await receive({ poNumber: 'RX-2', lineNumber: 1, qty: '2', locationId: IN.i2, lotNumber: 'SL' });
    expect(res.body.code).toBe(200);
    const { rows } = await sql<{ receipt: string; stock: string }>`
      select to_char(r.expiration_date, 'YYYY-MM-DD') as receipt, to_char(s.expiration_date, 'YYYY-MM-DD') as stock
      from t_receipt r join t_stored_item s on s.item_number = r.item_number and s.lot_number = r.lot_number
      where r.po_number = 'RX-2'`.execute(db());
    expect(rows).toEqual([{ receipt: day(30), stock: day(30) }]);
  });

  it('a short-dated lot needs sys:tReceipt:acceptShortDated, and is then noted on its RECEIVE log row', async () => {
    await insertPo(db(), 'RX-3', [{ lineNumber: 1, itemNumber: IN.itemLot, qty: '10' }]);
    await setMinShelfLife('20');
    try {
      const plain = await t.login('rx-plain', await createUser(t, 'rx-plain', { permissions: RECEIVER, warehouses: [IN.whId] }));
      const body = { poNumber: 'RX-3', lineNumber: 1, qty: '2', locationId: IN.i2, lotNumber: 'SHORT', expirationDate: day(5) };
      expect((await receive(body, plain)).body).toMatchObject({ errorCode: 'receiptShortDated' });
      expect((await receive(body, plain)).body.msg).toContain(
        '5 days from today: less than the minimum remaining shelf life of 20 days',
      );
      expect(await lineTotals(db(), 'RX-3', 1)).toEqual({ received: '0', damaged: '0' });
      // Long enough: no permission needed.
      expect((await receive({ ...body, lotNumber: 'LONG', expirationDate: day(20) }, plain)).body.code).toBe(200);
      const allowed = await t.login(
        'rx-allowed',
        await createUser(t, 'rx-allowed', {
          permissions: [...RECEIVER, 'sys:tReceipt:acceptShortDated'],
          warehouses: [IN.whId],
        }),
      );
      const res = await receive(body, allowed);
      expect(res.body.code).toBe(200);
      const { rows } = await sql<{ description: string }>`
        select description from tran_log where control_number = ${String(res.body.data.receiptId)} and tran_type = 'RECEIVE'`.execute(
        db(),
      );
      expect(rows).toEqual([{ description: 'RX-3/1 SHORT-DATED 5/20' }]);
    } finally {
      await setMinShelfLife(null);
    }
  });

  it('the RF receive action refuses an expired date at its expiry step; empty is the shelf-life default', async () => {
    // The step's action as the RF engine runs it (the dialogs are the rf module's tests); addReceipt then applies the rest.
    const action = ACTIONS.find((a) => a.name === 'receive.expiry');
    if (!action || action.kind === 'list') throw new Error('receive.expiry is not an exec action');
    const ctx: RfContext = {
      db: db(),
      user: { superAdmin: true } as RfContext['user'],
      lang: 'en_us',
      whId: IN.whId,
      clientCode: IN.client,
      clients: [IN.client],
      values: { lotNumber: 'L9', itemNumber: IN.itemLot },
      input: '2020-01-01',
    };
    await expect(action.run(ctx)).rejects.toMatchObject({ code: 'receiptLotExpired' });
    await expect(action.run({ ...ctx, input: '' })).resolves.toEqual({ values: { expirationDate: null } });
    await expect(action.run({ ...ctx, input: day(40) })).resolves.toEqual({ values: { expirationDate: day(40) } });
  });
});

describe('adjustments and movements of expired stock', () => {
  const confirm = (taskId: string, token = admin) =>
    t.post('/api/tblInvAdjustment/confirmInvAdjustment', { whId: IN.whId, taskId }, token);
  const approve = (taskId: string, token = admin) =>
    t.post('/api/tblInvMovement/approvePlannedMove', { whId: IN.whId, taskId }, token);
  const TASKS = ['tblInvAdjustment', 'tblInvMovement'].flatMap((r) => [permission(r, 'view'), permission(r, 'edit')]);

  it('refuses expired stock into an available location without the permission, admits it with it and into quarantine', async () => {
    const clerk = await t.login('rx-clerk', await createUser(t, 'rx-clerk', { permissions: TASKS, warehouses: [IN.whId] }));
    await insertAdjustment(db(), 'TEXP-ADJ1', [
      { at: AVAILABLE, itemNumber: IN.itemLot, qty: '2', lotNumber: 'EXP1', expirationDate: '2021-05-01' },
    ]);
    const refused = await confirm('TEXP-ADJ1', clerk);
    expect(refused.body).toMatchObject({ errorCode: 'expiredStockToAvailable' });
    expect(refused.body.msg).toContain(`expired on 2021-05-01 and cannot enter available location ${AVAILABLE}`);
    expect((await stockOf(db(), IN.itemLot)).filter((r) => r.lotNumber === 'EXP1')).toEqual([]);
    // Into quarantine: allowed.
    await insertAdjustment(db(), 'TEXP-ADJ2', [
      { at: QUARANTINE, itemNumber: IN.itemLot, qty: '2', lotNumber: 'EXP1', expirationDate: '2021-05-01' },
    ]);
    expect((await confirm('TEXP-ADJ2', clerk)).body.code).toBe(200);
    // Moving it from quarantine to an available location: refused; with the permission, done.
    await insertMovement(db(), 'TEXP-MV1', [
      { from: QUARANTINE, to: AVAILABLE, itemNumber: IN.itemLot, qty: '1', lotNumber: 'EXP1' },
    ]);
    expect((await approve('TEXP-MV1', clerk)).body).toMatchObject({ errorCode: 'expiredStockToAvailable' });
    const boss = await t.login(
      'rx-boss',
      await createUser(t, 'rx-boss', { permissions: [...TASKS, 'sys:tblInvAdjustment:acceptExpired'], warehouses: [IN.whId] }),
    );
    expect((await approve('TEXP-MV1', boss)).body.code).toBe(200);
    expect((await stockOf(db(), IN.itemLot)).filter((r) => r.lotNumber === 'EXP1').map((r) => [r.locationId, r.actual])).toEqual([
      [AVAILABLE, '1'],
      [QUARANTINE, '1'],
    ]);
  });
});
