import { KIOSK_FLOWS, KIOSK_IDLE_SECONDS } from '../../shared/kiosk';
import { saveRow } from '../crud/crud.service';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/transaction';
import { stationBinding } from '../modules/kiosk/stations.service';
import { generateDelivery } from '../modules/shipping/deliveries.service';
import { applyShipLabel } from '../modules/shipping/labels.service';
import { packDemoCarton, seedPickedWave } from './demoPickedWave';
import { type DemoItem, demoItems, demoOrderLine, demoUser, priorityProfile, putDemoStock } from './demoStock';

/** The demo dock station of WH01 (README of the kiosk module "Demo data"): new, waiting for the code of its screen. */
export const DEMO_KIOSK_STATION = {
  whId: 'WH01',
  stationName: 'DOCK-01',
  dockDoor: 'D06',
  flows: KIOSK_FLOWS,
  language: 'zh_cn',
  idleSeconds: KIOSK_IDLE_SECONDS.default,
} as const;

/** The demo wave whose deliveries wait at the dock station: its own staging lane and door, used by no other demo. */
export const DEMO_KIOSK_WAVE = 'DEMO-WV-K';
export const DEMO_KIOSK_STAGING = 'STG-OUT-04';

/** Its orders: A (SF) packed into two cartons of one open delivery, B (JD) into one carton of another. */
export const DEMO_KIOSK_ORDERS = ['DEMO-SO-KA', 'DEMO-SO-KB'] as const;

/**
 * The numbers of its two open deliveries on a fresh database (the DELIVERY series of WH01: the shipping demo's delivery
 * takes DL00000001, then these). Where other work may have taken numbers first, find them by wave and carrier: the
 * cartons of wave DEMO-WV-K with carrier SF (`tblShippingLabel/findPage`, columnFilters `{ whId: 'WH01', waveId:
 * 'DEMO-WV-K', carrier: 'SF' }`) name their delivery.
 */
export const DEMO_KIOSK_DELIVERIES = { SF: 'DL00000002', JD: 'DL00000003' } as const;

/** The demo station and wave are made as the administrator would make them on the screens of these resources. */
const DEMO_KIOSK_USER = demoUser(['tKioskStation', 'tOrder', 'tWaveMaster', 'tAfaProfile', 'tWavePickTask', 'tblShippingLabel']);

/**
 * Demo data of the dock station (first start with demo on, after the shipping demo), all through the services inside
 * the first start's transaction: station DOCK-01 of WH01 at door D06 (status N: it waits for the code its screen shows;
 * every flow; Chinese; idle sign-out 120 s), saved as the Dock stations screen saves it. Then two open deliveries of
 * BLUE ready for the hand-over: orange juice (BLUE-0015) and nut gift boxes from Zhejiang (BLUE-0017) put in on
 * shelving A01-14-1 and A01-15-1 through the ledger; DEMO-SO-KA (SF: 6 juices, 2 gift boxes) and DEMO-SO-KB (JD: 4
 * juices) loaded into wave DEMO-WV-K (staging STG-OUT-04, door D06) by BLUE's priority profile, released, every task
 * picked; DEMO-SO-KA packed into two cartons (the juices, the gift boxes), DEMO-SO-KB into one; each order's cartons
 * labelled and put into a delivery of their carrier, left open.
 */
export async function seedDemoKiosk(db: Db): Promise<void> {
  const user = DEMO_KIOSK_USER;
  // The first start seeds inside its own transaction (the services join it); a plain database gets one of its own.
  await inTransaction(db, async (trx) => {
    const { flows, ...station } = DEMO_KIOSK_STATION;
    await saveRow(
      trx,
      stationBinding(() => new Date()),
      user,
      { ...station, flows: flows.join(',') },
    );

    const profileId = await priorityProfile(trx, 'BLUE');
    if (profileId === null) return;
    const items = await demoItems(trx, ['BLUE-0015', 'BLUE-0017']);
    if (items.length < 2) return;
    const [juice, nuts] = items as [DemoItem, DemoItem];
    await putDemoStock(trx, 'DEMO-KS', [
      [juice, 'A01-14-1', '12'],
      [nuts, 'A01-15-1', '4'],
    ]);
    const [a, b] = DEMO_KIOSK_ORDERS;
    const orders = [
      {
        header: {
          orderNumber: a,
          carrierId: 'SF',
          customerName: '蓝海电商 天猫店 Blue Ocean Tmall store',
          customerPhone: '021-6000-2222',
          shipToName: '周婷 Zhou Ting',
          shipToPhone: '135-2468-1357',
          shipToAddr1: '鼓楼区中山路 321 号',
          shipToCity: '南京 Nanjing',
          shipToState: '江苏 Jiangsu',
          shipToZip: '210008',
          shipToCountryCode: 'CN',
        },
        lines: [demoOrderLine(juice, '6'), demoOrderLine(nuts, '2')],
      },
      {
        header: {
          orderNumber: b,
          carrierId: 'JD',
          customerName: '蓝海电商 京东店 Blue Ocean JD store',
          customerPhone: '021-6000-2222',
          shipToName: '吴磊 Wu Lei',
          shipToPhone: '136-9753-8642',
          shipToAddr1: '武侯区人民南路四段 27 号',
          shipToCity: '成都 Chengdu',
          shipToState: '四川 Sichuan',
          shipToZip: '610041',
          shipToCountryCode: 'CN',
        },
        lines: [demoOrderLine(juice, '4')],
      },
    ];
    await seedPickedWave(trx, user, {
      waveId: DEMO_KIOSK_WAVE,
      workersRequired: 1,
      stagingLocation: DEMO_KIOSK_STAGING,
      doorLocation: DEMO_KIOSK_STATION.dockDoor,
      remark: '月台终端演示波次 Dock station demo wave',
      orderRemark: '演示月台交接 Demo dock hand-over',
      profileId,
      orders,
    });
    // Each order's cartons (A: line 1, then line 2; B: line 1), labelled and put into a delivery of their own, open.
    for (const [orderNumber, cartonLines] of [
      [a, [1, 2]],
      [b, [1]],
    ] as const) {
      const cartonNumbers: string[] = [];
      for (const lineNumber of cartonLines) {
        cartonNumbers.push(await packDemoCarton(trx, user, { waveId: DEMO_KIOSK_WAVE, orderNumber }, [lineNumber], null));
      }
      await applyShipLabel(trx, { whId: 'WH01', cartonNumbers }, user);
      await generateDelivery(trx, { whId: 'WH01', cartonNumbers, remark: '月台终端演示 Dock station demo' }, user);
    }
  });
}
