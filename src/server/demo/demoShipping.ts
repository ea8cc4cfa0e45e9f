import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { inTransaction } from '../db/transaction';
import { generateDelivery } from '../modules/shipping/deliveries.service';
import { applyShipLabel } from '../modules/shipping/labels.service';
import { packDemoCarton, seedPickedWave } from './demoPickedWave';
import { type DemoItem, demoItems, demoOrderLine, demoUser, priorityProfile, putDemoStock } from './demoStock';

/** The demo wave of the shipping screens: picked, its orders packed, labelled and one delivery open (shipping README "Demo work"). */
export const DEMO_SHIP_WAVE = 'DEMO-WV-3';

/** Its orders: A (SF, two lines) packed into two labelled cartons in an open delivery; B (JD) one closed carton. */
export const DEMO_SHIP_ORDERS = ['DEMO-SO-3A', 'DEMO-SO-3B'] as const;

/** The demo shipping is done as the administrator would do it on the order, wave, picking and carton screens. */
const DEMO_SHIP_USER = demoUser(['tOrder', 'tWaveMaster', 'tAfaProfile', 'tWavePickTask', 'tblShippingLabel']);

/**
 * The demo express series (shipping README "Labels"): each warehouse holds a block of express numbers of SF, JD and ZTO —
 * control type `EXPRESS_<carrier>`, the carrier's prefix, 12 digits, numbers 1 … 999999 (`max_value`, the block's
 * last number). DEPPON is left without a series on purpose: labelling its cartons answers "Ship Label Is Unavailable".
 * Then the demo work of the shipping screens (`seedDemoShippingWave`).
 */
export async function seedDemoShipping(db: Db): Promise<void> {
  await sql`
    insert into t_control (wh_id, control_type, description, prefix, number_length, next_value, max_value, config_display,
      allow_edit)
    select w.wh_id, 'EXPRESS_' || s.carrier, s.description, s.prefix, 12, 1, 999999, s.display, 'Y'
    from t_whse w cross join (values
      ('SF', '顺丰面单号 SF express numbers', 'SF', '顺丰面单 SF label'),
      ('JD', '京东面单号 JD express numbers', 'JD', '京东面单 JD label'),
      ('ZTO', '中通面单号 ZTO express numbers', '7', '中通面单 ZTO label')
    ) as s(carrier, description, prefix, display)
    on conflict (wh_id, control_type) do nothing`.execute(db);
  await seedDemoShippingWave(db);
}

/**
 * Demo work for the shipping screens (first start with demo on, after the outbound demo data), all through the
 * services inside the first start's transaction: BLUE's yogurt (BLUE-0013) and water from Zhejiang (BLUE-0014) put
 * in on shelving A01-10-1 … A01-12-1 through the ledger; two confirmed orders — DEMO-SO-3A (SF: 10 yogurts, 6 waters)
 * and DEMO-SO-3B (JD: 4 yogurts) — loaded into wave DEMO-WV-3 (staging STG-OUT-03, door D03) by BLUE's priority
 * profile, released, every task picked; DEMO-SO-3A packed into two cartons (the yogurts, then the waters weighed),
 * both labelled and put into a delivery left open — ready to print its documents and ship; DEMO-SO-3B packed into
 * one closed carton, ready for its label.
 */
export async function seedDemoShippingWave(db: Db): Promise<void> {
  const user = DEMO_SHIP_USER;
  // The first start seeds inside its own transaction (the services join it); a plain database gets one of its own.
  await inTransaction(db, async (trx) => {
    const profileId = await priorityProfile(trx, 'BLUE');
    if (profileId === null) return;
    const items = await demoItems(trx, ['BLUE-0013', 'BLUE-0014']);
    if (items.length < 2) return;
    const [yogurt, water] = items as [DemoItem, DemoItem];
    await putDemoStock(trx, 'DEMO-SP', [
      [yogurt, 'A01-10-1', '12'],
      [water, 'A01-11-1', '10'],
      [yogurt, 'A01-12-1', '8'],
    ]);
    const [a, b] = DEMO_SHIP_ORDERS;
    const orders = [
      {
        header: {
          orderNumber: a,
          carrierId: 'SF',
          customerName: '蓝海电商 天猫店 Blue Ocean Tmall store',
          customerPhone: '021-6000-2222',
          shipToName: '赵敏 Zhao Min',
          shipToPhone: '139-1234-5678',
          shipToAddr1: '西湖区文三路 259 号 3 幢 1201 室',
          shipToCity: '杭州 Hangzhou',
          shipToState: '浙江 Zhejiang',
          shipToZip: '310012',
          shipToCountryCode: 'CN',
        },
        lines: [demoOrderLine(yogurt, '10'), demoOrderLine(water, '6')],
      },
      {
        header: {
          orderNumber: b,
          carrierId: 'JD',
          customerName: '蓝海电商 京东店 Blue Ocean JD store',
          customerPhone: '021-6000-2222',
          shipToName: '孙浩 Sun Hao',
          shipToPhone: '137-8765-4321',
          shipToAddr1: '天河区体育西路 103 号',
          shipToCity: '广州 Guangzhou',
          shipToState: '广东 Guangdong',
          shipToZip: '510620',
          shipToCountryCode: 'CN',
        },
        lines: [demoOrderLine(yogurt, '4')],
      },
    ];
    await seedPickedWave(trx, user, {
      waveId: DEMO_SHIP_WAVE,
      workersRequired: 2,
      stagingLocation: 'STG-OUT-03',
      doorLocation: 'D03',
      remark: '演示发运波次 Demo shipping wave',
      orderRemark: '演示发运 Demo shipping',
      profileId,
      orders,
    });
    // DEMO-SO-3A: the yogurts (line 1) in a first carton, the waters (line 2) in a second, weighed; both labelled and
    // put into a delivery, left open.
    const cartonsA: string[] = [];
    for (const [lineNumber, actualWeight] of [
      [1, null],
      [2, '3.6'],
    ] as const) {
      cartonsA.push(await packDemoCarton(trx, user, { waveId: DEMO_SHIP_WAVE, orderNumber: a }, [lineNumber], actualWeight));
    }
    await applyShipLabel(trx, { whId: 'WH01', cartonNumbers: cartonsA }, user);
    await generateDelivery(trx, { whId: 'WH01', cartonNumbers: cartonsA, remark: '演示交接单 Demo delivery' }, user);
    // DEMO-SO-3B: one closed carton, ready for its label.
    await packDemoCarton(trx, user, { waveId: DEMO_SHIP_WAVE, orderNumber: b }, [1], null);
  });
}
