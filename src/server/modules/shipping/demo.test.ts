/**
 * The demo shipping work (seed/demoShipping.ts) on a database seeded as a first start with demo data: wave DEMO-WV-3
 * picked, DEMO-SO-3A in two labelled cartons of an open SF delivery (one weighed), DEMO-SO-3B in one closed JD carton;
 * the stock where the ledger says it is; the delivery prints and ships, the closed carton takes its label.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('demo shipping', () => {
  it('DEMO-WV-3 is picked and packed through the services: an open delivery of two labelled cartons, one closed carton', async () => {
    const { rows: wave } = await sql<Row>`
      select status, staging_location, door_location, release_by,
        (select count(*)::int from t_wave_pick_task k where k.wh_id = w.wh_id and k.wave_id = w.wave_id and k.status <> 'K')
          as unpicked
      from t_wave_master w where wh_id = 'WH01' and wave_id = 'DEMO-WV-3'`.execute(db());
    expect(wave).toEqual([{ status: 'C', stagingLocation: 'STG-OUT-03', doorLocation: 'D03', releaseBy: 'admin', unpicked: 0 }]);

    const { rows: orders } = await sql<Row>`
      select order_number, client_code, status, carrier_id, ship_to_name, ship_to_city, wave_id from t_order
      where wh_id = 'WH01' and order_number like 'DEMO-SO-3%' order by order_number`.execute(db());
    expect(orders).toMatchObject([
      {
        orderNumber: 'DEMO-SO-3A',
        clientCode: 'BLUE',
        status: 'D',
        carrierId: 'SF',
        shipToName: '赵敏 Zhao Min',
        waveId: 'DEMO-WV-3',
      },
      {
        orderNumber: 'DEMO-SO-3B',
        clientCode: 'BLUE',
        status: 'P',
        carrierId: 'JD',
        shipToName: '孙浩 Sun Hao',
        waveId: 'DEMO-WV-3',
      },
    ]);

    const { rows: cartons } = await sql<Row>`
      select c.carton_number, c.order_number, c.carton_seq, c.carton_type, c.carrier, c.status, c.location_id,
        c.ship_label_barcode, c.main_express_flag, c.delivery_number, c.weight_status,
        c.actual_weight::text as actual_weight, c.logical_weight::text as logical_weight,
        (select string_agg(d.item_number || ' ' || trim_scale(d.qty), ', ' order by d.item_number)
          from tbl_shipping_label_detail d where d.wh_id = c.wh_id and d.carton_number = c.carton_number) as content
      from tbl_shipping_label c where c.wh_id = 'WH01' and c.wave_id = 'DEMO-WV-3' order by c.carton_number`.execute(db());
    expect(cartons).toHaveLength(3);
    const [a1, a2, b1] = cartons as [Row, Row, Row];
    const deliveryNumber = String(a1.deliveryNumber);
    expect(deliveryNumber).toMatch(/^DL\d{8}$/);
    expect(a1).toMatchObject({
      orderNumber: 'DEMO-SO-3A',
      cartonSeq: 1,
      carrier: 'SF',
      status: 'D',
      locationId: 'STG-OUT-03',
      mainExpressFlag: 'Y',
      cartonType: 'S',
      weightStatus: 'N',
      actualWeight: null,
      logicalWeight: '1.700',
      content: 'BLUE-0013 10',
    });
    expect(a2).toMatchObject({
      orderNumber: 'DEMO-SO-3A',
      cartonSeq: 2,
      carrier: 'SF',
      status: 'D',
      mainExpressFlag: 'N',
      deliveryNumber,
      weightStatus: 'W',
      actualWeight: '3.600',
      logicalWeight: '3.560',
      content: 'BLUE-0014 6',
    });
    expect(a1.shipLabelBarcode).toMatch(/^SF\d{12}$/);
    expect(a2.shipLabelBarcode).toMatch(/^SF\d{12}$/);
    expect(b1).toMatchObject({
      orderNumber: 'DEMO-SO-3B',
      carrier: 'JD',
      status: 'C',
      shipLabelBarcode: null,
      deliveryNumber: null,
      content: 'BLUE-0013 4',
    });

    const { rows: delivery } = await sql<Row>`
      select status, carrier_id, carton_count, create_by from t_delivery
      where wh_id = 'WH01' and delivery_number = ${deliveryNumber}`.execute(db());
    expect(delivery).toEqual([{ status: 'O', carrierId: 'SF', cartonCount: 2, createBy: 'admin' }]);

    // The staging location holds no loose stock of the wave any more: all of it is in the cartons (hu = carton).
    const { rows: stock } = await sql<Row>`
      select s.hu_id, s.item_number, trim_scale(s.actual_qty)::text as qty from t_stored_item s
      where s.wh_id = 'WH01' and s.location_id = 'STG-OUT-03' order by s.hu_id nulls first, s.item_number`.execute(db());
    expect(stock).toEqual([
      { huId: a1.cartonNumber, itemNumber: 'BLUE-0013', qty: '10' },
      { huId: a2.cartonNumber, itemNumber: 'BLUE-0014', qty: '6' },
      { huId: b1.cartonNumber, itemNumber: 'BLUE-0013', qty: '4' },
    ]);
    // One PACK row per carton line, hu and control number = the carton.
    const { rows: packs } = await sql<Row>`
      select hu_id, control_number, item_number, trim_scale(quantity)::text as qty from tran_log
      where wh_id = 'WH01' and tran_type = 'PACK' and hu_id in (${a1.cartonNumber}, ${a2.cartonNumber}, ${b1.cartonNumber})
      order by hu_id`.execute(db());
    expect(packs).toEqual([
      { huId: a1.cartonNumber, controlNumber: a1.cartonNumber, itemNumber: 'BLUE-0013', qty: '10' },
      { huId: a2.cartonNumber, controlNumber: a2.cartonNumber, itemNumber: 'BLUE-0014', qty: '6' },
      { huId: b1.cartonNumber, controlNumber: b1.cartonNumber, itemNumber: 'BLUE-0013', qty: '4' },
    ]);
    // Stock put in on shelving, less what was picked: 20 yogurts (14 picked), 10 waters (6 picked).
    const { rows: shelves } = await sql<{ n: string }>`
      select trim_scale(sum(actual_qty))::text as n from t_stored_item
      where wh_id = 'WH01' and location_id in ('A01-10-1', 'A01-11-1', 'A01-12-1') group by item_number order by item_number`.execute(
      db(),
    );
    expect(shelves.map((r) => r.n)).toEqual(['6', '4']);

    // What the shipping screens offer works on it: the delivery note prints, the closed carton takes a JD label, the
    // delivery ships.
    const note = await t.post('/api/tblShippingLabel/printDeliveryNote', { whId: 'WH01', deliveryNumber }, admin);
    expect(note.status).toBe(200);
    expect(note.raw.headers['content-type']).toContain('application/pdf');
    const label = await t.post<Row[]>(
      '/api/tblShippingLabel/applyShipLabel',
      { whId: 'WH01', cartonNumbers: [b1.cartonNumber] },
      admin,
    );
    expect(label.body.data).toMatchObject([{ cartonNumber: b1.cartonNumber, shipLabelBarcode: expect.stringMatching(/^JD/) }]);
    const shipped = await t.post('/api/tblShippingLabel/shippingByDelivery', { whId: 'WH01', deliveryNumber }, admin);
    expect(shipped.body).toMatchObject({ code: 200, data: { deliveryNumber, cartons: 2, orders: 1, shippedQty: '16' } });
  });
});
