/**
 * The dock station's demo data (seed/demoKiosk.ts) on a database seeded as a first start with demo data: station
 * DOCK-01 of WH01 waiting for its code, and wave DEMO-WV-K picked and packed into two open deliveries — SF with two
 * labelled cartons, JD with one — that a station finds and hands over.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { KioskDelivery } from '../../../shared/kiosk';
import {
  DEMO_KIOSK_DELIVERIES,
  DEMO_KIOSK_ORDERS,
  DEMO_KIOSK_STAGING,
  DEMO_KIOSK_STATION,
  DEMO_KIOSK_WAVE,
} from '../../demo/demoKiosk';
import { DEMO_RF_WAVE, DEMO_RF_WAVE_2 } from '../../demo/demoRf';
import { DEMO_SHIP_WAVE } from '../../demo/demoShipping';
import { badgeSignIn, HANDOVER_PERMISSIONS, newStationKey, stationPost, withStationKeys, worker } from './kioskTestKit';

type Row = Record<string, unknown>;
let t: TestApp;
/** Calls as the app's pages make them: a station session's with its station's key. */
let s: Pick<TestApp, 'post' | 'get'>;
let admin: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  s = withStationKeys(t);
  admin = await t.login();
});
afterAll(() => t.close());

describe('demo dock station', () => {
  it('DOCK-01 stands at door D06 of WH01, new (waiting for its code), with every flow, in Chinese, 120 s idle', async () => {
    const page = await s.post<{ content: Row[] }>(
      '/api/tKioskStation/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: 'WH01', stationName: 'DOCK-01' } },
      admin,
    );
    expect(page.body.data.content).toHaveLength(1);
    expect(page.body.data.content[0]).toMatchObject({
      whId: 'WH01',
      stationName: 'DOCK-01',
      dockDoor: 'D06',
      flows: 'HANDOVER,RECEIVE,LOOKUP,SIGN',
      language: 'zh_cn',
      idleSeconds: 120,
      status: 'N',
      boundTime: null,
    });
    expect(DEMO_KIOSK_STATION).toMatchObject({ stationName: 'DOCK-01', dockDoor: 'D06' });
    const { rows: door } = await sql<Row>`
      select door_type from t_dock_door where wh_id = 'WH01' and door_id = 'D06'`.execute(db());
    expect(door).toEqual([{ doorType: 'B' }]);
  });

  it('DEMO-WV-K is picked and packed through the services into two open deliveries: SF of two cartons, JD of one', async () => {
    const { rows: wave } = await sql<Row>`
      select status, staging_location, door_location,
        (select count(*)::int from t_wave_pick_task k where k.wh_id = w.wh_id and k.wave_id = w.wave_id and k.status <> 'K')
          as unpicked
      from t_wave_master w where wh_id = 'WH01' and wave_id = ${DEMO_KIOSK_WAVE}`.execute(db());
    expect(wave).toEqual([{ status: 'C', stagingLocation: DEMO_KIOSK_STAGING, doorLocation: 'D06', unpicked: 0 }]);
    // Its lane and door are its own: no other demo wave uses them.
    const { rows: others } = await sql<Row>`
      select wave_id, staging_location, door_location from t_wave_master
      where wh_id = 'WH01' and wave_id <> ${DEMO_KIOSK_WAVE}
        and (staging_location = ${DEMO_KIOSK_STAGING} or door_location = 'D06')`.execute(db());
    expect(others).toEqual([]);
    expect([DEMO_SHIP_WAVE, DEMO_RF_WAVE, DEMO_RF_WAVE_2]).not.toContain(DEMO_KIOSK_WAVE);

    const { rows: orders } = await sql<Row>`
      select order_number, client_code, status, carrier_id, wave_id from t_order
      where wh_id = 'WH01' and order_number = any(${[...DEMO_KIOSK_ORDERS]}::varchar[]) order by order_number`.execute(db());
    expect(orders).toEqual([
      { orderNumber: 'DEMO-SO-KA', clientCode: 'BLUE', status: 'D', carrierId: 'SF', waveId: DEMO_KIOSK_WAVE },
      { orderNumber: 'DEMO-SO-KB', clientCode: 'BLUE', status: 'D', carrierId: 'JD', waveId: DEMO_KIOSK_WAVE },
    ]);

    const { rows: cartons } = await sql<Row>`
      select c.order_number, c.carrier, c.status, c.location_id, c.delivery_number, c.ship_label_barcode,
        (select string_agg(d.item_number || ' ' || trim_scale(d.qty), ', ' order by d.item_number)
          from tbl_shipping_label_detail d where d.wh_id = c.wh_id and d.carton_number = c.carton_number) as content
      from tbl_shipping_label c where c.wh_id = 'WH01' and c.wave_id = ${DEMO_KIOSK_WAVE} order by c.carton_number`.execute(db());
    expect(cartons.map(({ shipLabelBarcode: _, ...c }) => c)).toEqual([
      {
        orderNumber: 'DEMO-SO-KA',
        carrier: 'SF',
        status: 'D',
        locationId: DEMO_KIOSK_STAGING,
        deliveryNumber: DEMO_KIOSK_DELIVERIES.SF,
        content: 'BLUE-0015 6',
      },
      {
        orderNumber: 'DEMO-SO-KA',
        carrier: 'SF',
        status: 'D',
        locationId: DEMO_KIOSK_STAGING,
        deliveryNumber: DEMO_KIOSK_DELIVERIES.SF,
        content: 'BLUE-0017 2',
      },
      {
        orderNumber: 'DEMO-SO-KB',
        carrier: 'JD',
        status: 'D',
        locationId: DEMO_KIOSK_STAGING,
        deliveryNumber: DEMO_KIOSK_DELIVERIES.JD,
        content: 'BLUE-0015 4',
      },
    ]);
    expect(cartons.map((c) => String(c.shipLabelBarcode))).toEqual([
      expect.stringMatching(/^SF\d{12}$/),
      expect.stringMatching(/^SF\d{12}$/),
      expect.stringMatching(/^JD\d{12}$/),
    ]);

    const { rows: deliveries } = await sql<Row>`
      select delivery_number, status, carrier_id, carton_count from t_delivery
      where wh_id = 'WH01' and delivery_number in (${DEMO_KIOSK_DELIVERIES.SF}, ${DEMO_KIOSK_DELIVERIES.JD})
      order by delivery_number`.execute(db());
    expect(deliveries).toEqual([
      { deliveryNumber: DEMO_KIOSK_DELIVERIES.SF, status: 'O', carrierId: 'SF', cartonCount: 2 },
      { deliveryNumber: DEMO_KIOSK_DELIVERIES.JD, status: 'O', carrierId: 'JD', cartonCount: 1 },
    ]);

    // The browser test finds "the open delivery of DEMO-WV-K with carrier SF" through the carton list.
    const sf = await s.post<{ content: { deliveryNumber: string | null }[] }>(
      '/api/tblShippingLabel/findPage',
      { pageNum: 1, pageSize: 10, columnFilters: { whId: 'WH01', waveId: DEMO_KIOSK_WAVE, carrier: 'SF' } },
      admin,
    );
    expect([...new Set(sf.body.data.content.map((c) => c.deliveryNumber))]).toEqual([DEMO_KIOSK_DELIVERIES.SF]);

    // The stock of the wave is all in its cartons on the lane; the shelves keep the rest (12 − 10 juices, 4 − 2 boxes).
    const { rows: lane } = await sql<Row>`
      select count(*)::int as n, count(*) filter (where hu_id is null)::int as loose from t_stored_item
      where wh_id = 'WH01' and location_id = ${DEMO_KIOSK_STAGING}`.execute(db());
    expect(lane).toEqual([{ n: 3, loose: 0 }]);
    const { rows: shelves } = await sql<{ n: string }>`
      select trim_scale(sum(actual_qty))::text as n from t_stored_item
      where wh_id = 'WH01' and location_id in ('A01-14-1', 'A01-15-1') group by item_number order by item_number`.execute(db());
    expect(shelves.map((r) => r.n)).toEqual(['2', '2']);
  });

  it('once bound, a worker at the station finds both deliveries with their cartons', async () => {
    const { rows } = await sql<{ id: number }>`
      select id from t_kiosk_station where wh_id = 'WH01' and station_name = 'DOCK-01'`.execute(db());
    const key = newStationKey();
    const { code } = (await stationPost<{ code: string }>(t, '/api/kiosk/enrol', { stationKey: key }, undefined)).body.data;
    const bound = await s.post('/api/tKioskStation/bind', { id: rows[0]?.id, code }, admin);
    expect(bound.body.code, bound.body.msg ?? '').toBe(200);
    await worker(t, admin, 'dock-demo', { permissions: HANDOVER_PERMISSIONS, warehouses: ['WH01'], badge: 'B-DEMO' });
    const signedIn = await badgeSignIn(t, key, 'B-DEMO');
    expect(signedIn.body.data.flows).toEqual(['HANDOVER', 'SIGN']);
    for (const [carrier, deliveryNumber] of Object.entries(DEMO_KIOSK_DELIVERIES)) {
      const found = await s.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: deliveryNumber }, signedIn.body.data.token);
      expect(found.body.data).toMatchObject({ deliveryNumber, carrierCode: carrier, status: 'O' });
      expect(found.body.data.cartons).toHaveLength(carrier === 'SF' ? 2 : 1);
    }
  });
});
