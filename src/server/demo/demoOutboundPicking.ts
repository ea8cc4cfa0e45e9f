import type { Db } from '../db/connect';
import { inTransaction } from '../db/transaction';
import { buildWave, createConfirmedOrder } from '../modules/outbound/waveBuild';
import { type DemoItem, demoItems, demoOrderLine, demoUser, priorityProfile, putDemoStock } from './demoStock';

/** The demo waves ready for release (picking part): two in WH01, each of two ACME orders over items 97 and 98. */
export const DEMO_PICK_WAVES = ['DEMO-WV-1', 'DEMO-WV-2'] as const;

/** The demo documents are made as the administrator would make them on the order and wave screens. */
const DEMO_USER = demoUser(['tOrder', 'tWaveMaster', 'tAfaProfile']);

/**
 * Demo stock and waves for picking (first start with demo on, after the demo master data): ACME items 97 and 98 on
 * ambient shelving, put in through the ledger; per demo wave two orders — item 97 is covered, item 98 is spread over
 * three locations, enough for one wave and part of the other; carriers SF (A) and JD (B) — made and confirmed through
 * the order services, and the wave N staged at STG-OUT-01, its orders loaded by ACME's priority profile (`buildWave`:
 * the wave-load flow, C → W).
 * Release them from the wave screen (or `tWaveMaster/releaseWave`), then pick from the pick task screen.
 */
export async function seedDemoOutboundPicking(db: Db): Promise<void> {
  // The first start seeds inside its own transaction (the services join it); a plain database gets one of its own.
  await inTransaction(db, async (trx) => {
    const items = await demoItems(trx, ['ACME-0097', 'ACME-0098']);
    if (items.length < 2) return;
    const [covered, short] = items as [DemoItem, DemoItem];
    await putDemoStock(trx, 'DEMO-PK', [
      [covered, 'A04-16-1', '40'],
      [covered, 'A04-17-1', '30'],
      [short, 'A04-18-1', '6'],
      [short, 'A04-19-1', '6'],
      [short, 'A04-20-1', '6'],
    ]);
    const profileId = await priorityProfile(trx, 'ACME');
    if (profileId === null) return;
    for (const [w, waveId] of DEMO_PICK_WAVES.entries()) {
      const orders = [
        {
          orderNumber: `DEMO-SO-${w + 1}A`,
          carrierId: 'SF',
          lines: [
            { item: covered, qty: '12' },
            { item: short, qty: '5' },
          ],
        },
        { orderNumber: `DEMO-SO-${w + 1}B`, carrierId: 'JD', lines: [{ item: covered, qty: '8' }] },
      ];
      const numbers: string[] = [];
      for (const order of orders) {
        const header = {
          whId: 'WH01',
          clientCode: 'ACME',
          orderNumber: order.orderNumber,
          // Each order names its carrier (issue 27 item 3): its cartons are labelled from that carrier's series.
          carrierId: order.carrierId,
          priority: 50,
          customerName: '演示客户 Demo customer',
          shipToName: '张三 Zhang San',
          shipToCity: '上海 Shanghai',
        };
        const lines = order.lines.map((l) => demoOrderLine(l.item, l.qty));
        numbers.push(await createConfirmedOrder(trx, DEMO_USER, header, lines));
      }
      await buildWave(trx, DEMO_USER, {
        header: {
          whId: 'WH01',
          waveId,
          sequence: 1,
          priority: 50,
          workersRequired: 2,
          stagingLocation: 'STG-OUT-01',
          doorLocation: 'D03',
          remark: '演示波次 Demo wave',
        },
        profileId,
        orderNumbers: numbers,
      });
    }
  });
}
