/**
 * Shipping under contention (meant for PostgreSQL, with a pool of 10 connections where the calls really race; on
 * PGlite they queue and the same answers must come): the same delivery shipped twice at once ships once — the other
 * call answers deliveryShipped and the stock leaves once; labels applied at once to cartons of one order take distinct
 * numbers and name one main express carton.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
});
afterAll(() => t.close());

const post = <T>(call: string, body: Record<string, unknown>) =>
  t.post<T>(`/api/tblShippingLabel/${call}`, { whId: PK.whId, ...body }, admin);

describe('shipping at once', () => {
  it('the same delivery shipped twice at once ships once (five rounds)', async () => {
    await sql`
      insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control)
      values (${PK.whId}, ${PK.client}, 'TSH-C1', '并发 Race', 'EA', 'N')`.execute(db());
    for (let round = 0; round < 5; round++) {
      const packed = await closedCartons(db(), `TSH-C1-${round}`, [
        { orderNumber: `TSH-C1-${round}A`, lines: [{ itemNumber: 'TSH-C1', qty: '3' }], cartons: 3 },
      ]);
      await post('applyShipLabel', { cartonNumbers: packed.cartons });
      const dl = (await post<{ deliveryNumber: string }>('generateDelivery', { cartonNumbers: packed.cartons })).body.data
        .deliveryNumber;
      const answers = await Promise.all([
        post('shippingByDelivery', { deliveryNumber: dl }),
        post('shippingByDelivery', { deliveryNumber: dl }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const codes = answers.map((a) => a.body.errorCode ?? a.body.code).sort();
      expect(codes).toEqual([200, 'deliveryShipped']);
      const { rows } = await sql<{ n: number; qty: string }>`
        select count(*)::int as n, coalesce(trim_scale(sum(quantity)), 0)::text as qty from tran_log
        where tran_type = 'SHIP' and control_number = ${dl}`.execute(db());
      expect(rows[0]).toEqual({ n: 3, qty: '-3' });
      const { rows: stock } = await sql<{ n: number }>`
        select count(*)::int as n from t_stored_item where wh_id = ${PK.whId} and hu_id = any(${packed.cartons}::varchar[])`.execute(
        db(),
      );
      expect(stock[0]?.n).toBe(0);
      const { rows: details } = await sql<{ shipped: string }>`
        select trim_scale(shipped_qty)::text as shipped from t_pick_detail where wave_id = ${`TSH-C1-${round}`}`.execute(db());
      expect(details).toEqual([{ shipped: '3' }]);
    }
  });

  it('labels applied at once to cartons of one order take distinct numbers and one main express carton', async () => {
    const packed = await closedCartons(db(), 'TSH-C2', [
      { orderNumber: 'TSH-C2A', lines: [{ itemNumber: PK.itemPlain, qty: '6' }], cartons: 6 },
    ]);
    const answers = await Promise.all(
      packed.cartons.map((c) => post<{ shipLabelBarcode: string }[]>('applyShipLabel', { cartonNumbers: [c] })),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    const numbers = answers.map((a) => a.body.data[0]?.shipLabelBarcode);
    expect(new Set(numbers).size).toBe(6);
    const { rows } = await sql<{ main: number }>`
      select count(*)::int as main from tbl_shipping_label where order_number = 'TSH-C2A' and main_express_flag = 'Y'`.execute(
      db(),
    );
    expect(rows[0]?.main).toBe(1);
  });
});
