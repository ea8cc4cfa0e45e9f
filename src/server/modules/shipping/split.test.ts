/**
 * Split carton through the API (spec 001 §2.11, §4, §5; contracts.md 4): part of a carton line moves into a new closed
 * carton of the order (next sequence, split remark), its stock with it (one SPLIT row), both cartons re-weighed
 * logically and to be weighed again; every refusal answers `[{outCode, outMsg}]` in the language of `localId` and
 * changes nothing. Waves are packed by the services (`packedWave`).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedWave } from '../../../../tests/support/cartonFixture';
import { createPickFixture, PK, stockRows } from '../../../../tests/support/pickFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';

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

const split = (body: Row, token = admin) =>
  t.post<Out[]>('/api/tblShippingLabelDetail/splitCarton', { userName: 'admin', localId: 1033, cartonType: 'M', ...body }, token);

async function newItem(itemNumber: string, weight: string | null = null): Promise<string> {
  await sql`
    insert into t_item_master (wh_id, client_code, item_number, description, uom, lot_control, unit_weight)
    values (${PK.whId}, ${PK.client}, ${itemNumber}, '测试 Test', 'EA', 'N', ${weight}::numeric)`.execute(db());
  return itemNumber;
}

async function lines(cartonNumber: string) {
  const { rows } = await sql<{ id: number; itemNumber: string; qty: string; cartonType: string; lineNumber: number }>`
    select id, item_number, trim_scale(qty)::text as qty, carton_type, line_number from tbl_shipping_label_detail
    where carton_number = ${cartonNumber} order by item_number`.execute(db());
  return rows;
}

async function cartonsOf(orderNumber: string) {
  const { rows } = await sql<Row>`
    select carton_number, carton_seq, carton_type, status, first_carton_flag, split_remark, carrier, location_id,
      trim_scale(logical_weight)::text as logical_weight, trim_scale(actual_weight)::text as actual_weight, weight_status
    from tbl_shipping_label where order_number = ${orderNumber} order by carton_seq`.execute(db());
  return rows;
}

/** Everything a split may change, to prove a refusal changed nothing. */
async function snapshot(orderNumber: string) {
  const { rows: stock } = await sql<Row>`
    select location_id, item_number, hu_id, trim_scale(actual_qty)::text as qty from t_stored_item
    where hu_id in (select carton_number from tbl_shipping_label where order_number = ${orderNumber})
    order by hu_id, item_number`.execute(db());
  const { rows: detail } = await sql<Row>`
    select carton_number, item_number, trim_scale(qty)::text as qty from tbl_shipping_label_detail
    where order_number = ${orderNumber} order by carton_number, item_number`.execute(db());
  const { rows: log } = await sql<Row>`select count(*)::int as n from tran_log where tran_type = 'SPLIT'`.execute(db());
  return { cartons: await cartonsOf(orderNumber), stock, detail, log };
}

describe('splitCarton', () => {
  it('moves part of a line into a new closed carton with its stock, one SPLIT row, both cartons re-weighed', async () => {
    const heavy = await newItem('TSP-A1', '1');
    const light = await newItem('TSP-A2', '0.5');
    const packed = await packedWave(
      db(),
      'TSP-W1',
      [
        {
          orderNumber: 'TSP-O1',
          lines: [
            { itemNumber: heavy, qty: '5' },
            { itemNumber: light, qty: '2' },
          ],
        },
      ],
      { actualWeight: '6.2' },
    );
    const [source] = packed.cartonNumbers as [string];
    expect(packed).toMatchObject({ waveId: 'TSP-W1', orderNumbers: ['TSP-O1'], cartonNumbers: [source] });
    // 5 × 1 + 2 × 0.5 + S tare 0.2 = 6.2, weighed 6.2: within tolerance.
    expect((await cartonsOf('TSP-O1'))[0]).toMatchObject({ logicalWeight: '6.2', actualWeight: '6.2', weightStatus: 'W' });
    const [line] = await lines(source);
    const res = await split({ id: line?.id, qty: '2' });
    expect(res.body.code).toBe(200);
    const [out] = res.body.data;
    expect(out?.outCode).toBe('SUCCESS');
    const cartons = await cartonsOf('TSP-O1');
    const target = cartons[1]?.cartonNumber as string;
    expect(out?.outMsg).toBe(`Split done: 2 moved from carton ${source} into new carton ${target}`);
    expect(cartons).toEqual([
      {
        cartonNumber: source,
        cartonSeq: 1,
        cartonType: 'S',
        status: 'C',
        firstCartonFlag: 'Y',
        splitRemark: null,
        carrier: 'SF',
        locationId: PK.staging,
        logicalWeight: '4.2',
        actualWeight: null,
        weightStatus: 'N',
      },
      {
        cartonNumber: expect.stringMatching(/^CT\d{8}$/),
        cartonSeq: 2,
        cartonType: 'M',
        status: 'C',
        firstCartonFlag: 'N',
        splitRemark: `${source} → ${target}`,
        carrier: 'SF',
        locationId: PK.staging,
        // 2 × 1 + M tare 0.35
        logicalWeight: '2.35',
        actualWeight: null,
        weightStatus: 'N',
      },
    ]);
    expect(await lines(source)).toMatchObject([
      { itemNumber: heavy, qty: '3', cartonType: 'S', lineNumber: 1 },
      { itemNumber: light, qty: '2', cartonType: 'S', lineNumber: 2 },
    ]);
    expect(await lines(target)).toMatchObject([{ itemNumber: heavy, qty: '2', cartonType: 'M', lineNumber: 1 }]);
    expect(await stockRows(db(), heavy)).toEqual([
      { locationId: PK.staging, lotNumber: null, huId: source, status: 'A', actual: '3', unavailable: '0', allocated: '0' },
      { locationId: PK.staging, lotNumber: null, huId: target, status: 'A', actual: '2', unavailable: '0', allocated: '0' },
    ]);
    const { rows: log } = await sql<Row>`
      select item_number, hu_id, trim_scale(quantity)::text as qty, control_number, description, from_location_id,
        to_location_id
      from tran_log where tran_type = 'SPLIT'`.execute(db());
    expect(log).toEqual([
      {
        itemNumber: heavy,
        huId: target,
        qty: '2',
        controlNumber: source,
        description: `${source} → ${target}`,
        fromLocationId: PK.staging,
        toLocationId: PK.staging,
      },
    ]);

    // A whole line moved: the source line goes; the carton keeps its other line. Totals per item stay.
    const lightLine = (await lines(source)).find((l) => l.itemNumber === light);
    const whole = await split({ id: lightLine?.id, qty: 2, cartonType: 'PB', localId: 2052 });
    expect(whole.body.data[0]?.outCode).toBe('SUCCESS');
    expect(whole.body.data[0]?.outMsg).toMatch(/^拆箱成功：2 件从箱 CT\d+ 移入新箱 CT\d+$/);
    expect(await lines(source)).toMatchObject([{ itemNumber: heavy, qty: '3' }]);
    const { rows: totals } = await sql<Row>`
      select item_number, trim_scale(sum(qty))::text as qty, count(distinct carton_number)::int as cartons
      from tbl_shipping_label_detail where order_number = 'TSP-O1' group by item_number order by item_number`.execute(db());
    expect(totals).toEqual([
      { itemNumber: heavy, qty: '5', cartons: 2 },
      { itemNumber: light, qty: '2', cartons: 1 },
    ]);
    expect((await cartonsOf('TSP-O1')).map((c) => [c.cartonSeq, c.cartonType, c.logicalWeight])).toEqual([
      [1, 'S', '3.2'],
      [2, 'M', '2.35'],
      [3, 'PB', '1.05'],
    ]);
    // Stock and carton lines agree, carton by carton.
    const { rows: disagree } = await sql`
      select d.carton_number from tbl_shipping_label_detail d
      where d.order_number = 'TSP-O1' and d.qty <> (select coalesce(sum(s.actual_qty), 0) from t_stored_item s
        where s.hu_id = d.carton_number and s.item_number = d.item_number)`.execute(db());
    expect(disagree).toEqual([]);
  });

  it('refuses another user’s name, a bad quantity, too much, an unknown type, no grant — answering why, changing nothing', async () => {
    const item = await newItem('TSP-B1');
    const other = await newItem('TSP-B2');
    const packed = await packedWave(db(), 'TSP-W2', [
      {
        orderNumber: 'TSP-O2',
        lines: [
          { itemNumber: item, qty: '4' },
          { itemNumber: other, qty: '1' },
        ],
      },
    ]);
    const source = packed.cartonNumbers[0] as string;
    const [line, small] = await lines(source);
    const before = await snapshot('TSP-O2');
    const refused = async (body: Row, token = admin) => {
      const res = await split({ id: line?.id, ...body }, token);
      expect(res.body.code).toBe(200);
      expect(res.body.data).toHaveLength(1);
      return res.body.data[0] as Out;
    };
    expect(await refused({ qty: '1', userName: 'someone' })).toEqual({
      outCode: 'splitUserNotYours',
      outMsg: 'User name someone is not the signed-in user',
    });
    for (const qty of ['0', '01', '1.5', '-1', 'abc', '']) {
      expect((await refused({ qty })).outCode, qty).toBe('splitQtyInvalid');
    }
    expect(await refused({ qty: '5' })).toEqual({
      outCode: 'splitQtyTooLarge',
      outMsg: `Split quantity 5 is too large: at most the line's 4, and less than carton ${source}'s total 5 (the carton keeps something)`,
    });
    expect(await refused({ qty: '1', cartonType: 'NOPE' })).toMatchObject({ outCode: 'referenceNotFound' });
    expect(await refused({ qty: '1', id: 999999 })).toMatchObject({ outCode: 'notFound' });
    // In Chinese when the session's locale is 2052.
    expect(await refused({ qty: '9', localId: 2052 })).toMatchObject({
      outCode: 'splitQtyTooLarge',
      outMsg: expect.stringMatching(/^拆箱数量 9 过大/),
    });
    await createUser(t, 'tsp-other-client', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: [PK.whId] });
    await sql`update sys_user_warehouse set client_codes = array[${PK.otherClient}]::varchar[]
      where user_id = (select id from sys_user where name = 'tsp-other-client')`.execute(db());
    const otherClient = await t.login('tsp-other-client', 'Secret#123');
    expect(await refused({ qty: '1', userName: 'tsp-other-client' }, otherClient)).toMatchObject({
      outCode: 'clientNotGranted',
    });
    await createUser(t, 'tsp-other-wh', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: ['WH02'] });
    const otherWh = await t.login('tsp-other-wh', 'Secret#123');
    expect(await refused({ qty: '1', userName: 'tsp-other-wh' }, otherWh)).toMatchObject({ outCode: 'warehouseNotGranted' });
    await createUser(t, 'tsp-viewer', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    const viewer = await t.login('tsp-viewer', 'Secret#123');
    expect((await split({ id: line?.id, qty: '1', userName: 'tsp-viewer' }, viewer)).status).toBe(403);
    // The body is checked: localId 2052 or 1033 only, no unknown fields' types.
    expect((await split({ id: line?.id, qty: '1', localId: 1031 })).status).toBe(400);
    expect(await snapshot('TSP-O2')).toEqual(before);
    // The carton keeps something: its whole line of 1 can move, but not the carton's last unit.
    expect((await split({ id: small?.id, qty: '1' })).body.data[0]?.outCode).toBe('SUCCESS');
    const moved = (await cartonsOf('TSP-O2'))[1]?.cartonNumber as string;
    const [only] = await lines(moved);
    expect((await split({ id: only?.id, qty: '1' })).body.data[0]).toMatchObject({ outCode: 'splitQtyTooLarge' });
    const { rows: logged } = await sql`
      select 1 from exception_log where tran_type = 'SPLIT' and error_code = 'splitQtyTooLarge'`.execute(db());
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a carton of a shipped order with the spec’s words', async () => {
    const item = await newItem('TSP-C1');
    const packed = await packedWave(db(), 'TSP-W3', [{ orderNumber: 'TSP-O3', lines: [{ itemNumber: item, qty: '3' }] }]);
    const [line] = await lines(packed.cartonNumbers[0] as string);
    // No call ships an order yet in this branch (shipping is the delivery part's): the order is set S in this test's own
    // database, the one state no service of carton picking can reach.
    await sql`update t_order set status = 'S' where order_number = 'TSP-O3'`.execute(db());
    const before = await snapshot('TSP-O3');
    expect((await split({ id: line?.id, qty: '1' })).body.data[0]).toEqual({
      outCode: 'orderShipped',
      outMsg: 'Operation failed. Order has been shipped. Modification is not allowed. (order TSP-O3, status “Shipped”)',
    });
    expect(await snapshot('TSP-O3')).toEqual(before);
  });
});
