import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addReceipt } from '../src/server/modules/inbound/receiving.service';
import { generateDelivery, shippingByDelivery } from '../src/server/modules/shipping/deliveries.service';
import { applyShipLabel } from '../src/server/modules/shipping/labels.service';
import { dispatchOnce } from '../src/server/modules/webhooks/dispatcher';
import { outboxForBench, recordEvents } from '../src/server/modules/webhooks/events';
import { CARTON_FIXTURE_USER } from '../tests/support/cartonFixture';
import { createPickFixture, PK } from '../tests/support/pickFixture';
import { closedCartons } from '../tests/support/shipFixture';
import { startReceiver } from '../tests/support/webhookReceiver';
import { benchDatabases, median, seedDemoDatabase, withDatabase } from './database';

/**
 * Webhooks (issue 28 item 5; src/server/modules/webhooks/README.md "Bench"):
 * - outbox → delivered: BENCH_EVENTS (2,000) events in the outbox, one subscription to a node:http receiver on
 *   127.0.0.1; dispatcher rounds (fan-out, claim, signed POST, log) until every one is delivered; events per second;
 * - the outbox's write overhead on `shippingByDelivery` (BENCH_DELIVERIES, 30 deliveries of one carton each) and on
 *   `addReceipt` (BENCH_RECEIPTS, 400 receipts), called through their services in turns with the outbox write on and off
 *   (`outboxForBench`): median of each, and the ratio.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 30);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 400);
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  await withDatabase(kind, async ({ db }) => {
    await seedDemoDatabase(db);
    await createPickFixture(db);
    const receiver = await startReceiver();
    try {
      // 1. Outbox → delivered.
      const { rows: admin } = await sql<{ id: number }>`select id from sys_user where name = 'admin'`.execute(db);
      await sql`
        insert into t_webhook_subscription (wh_id, url, events, secret, created_by, created_by_name)
        values ('WH01', ${receiver.url}, 'stock.adjusted', 'bench-secret-0123456789', ${admin[0]?.id}, 'admin')`.execute(db);
      await db.transaction().execute((trx) =>
        recordEvents(
          trx,
          Array.from({ length: EVENTS }, (_, i) => ({
            type: 'stock.adjusted' as const,
            warehouse: 'WH01',
            client: 'ACME',
            payload: { taskId: `BENCH-${i}`, lines: [{ itemNumber: 'X', qty: '1' }] },
          })),
        ),
      );
      let t0 = performance.now();
      let delivered = 0;
      while (delivered < EVENTS) {
        // The receiver is on 127.0.0.1 (a site with WHARF_WEBHOOK_PRIVATE=1).
        const round = await dispatchOnce(db, () => new Date(), { privateReceivers: true });
        delivered += round.delivered;
        if (round.retried + round.dead > 0) throw new Error('a bench delivery failed');
      }
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `${kind}: ${EVENTS} events delivered in ${seconds.toFixed(2)} s = ${Math.round(EVENTS / seconds)} events/s ` +
          `(received ${receiver.received.length}; load ${loadAverage()})`,
      );
      await sql`update t_webhook_subscription set active = 'N'`.execute(db);

      // 2. shippingByDelivery with and without its outbox write: deliveries of one carton, shipped in turns.
      const deliveries: string[] = [];
      for (let i = 0; i < DELIVERIES; i++) {
        const packed = await closedCartons(db, `BWH-${i}`, [
          { orderNumber: `BWH-SO-${i}`, lines: [{ itemNumber: PK.itemPlain, qty: '2' }] },
        ]);
        await applyShipLabel(db, { whId: PK.whId, cartonNumbers: packed.cartons }, CARTON_FIXTURE_USER);
        const made = await generateDelivery(db, { whId: PK.whId, cartonNumbers: packed.cartons }, CARTON_FIXTURE_USER);
        deliveries.push(made.deliveryNumber);
      }
      const ship = { on: [] as number[], off: [] as number[] };
      for (const [i, deliveryNumber] of deliveries.entries()) {
        outboxForBench.on = i % 2 === 0;
        t0 = performance.now();
        await shippingByDelivery(db, { whId: PK.whId, deliveryNumber }, CARTON_FIXTURE_USER);
        (outboxForBench.on ? ship.on : ship.off).push(performance.now() - t0);
      }
      outboxForBench.on = true;
      const shipOn = median(ship.on);
      const shipOff = median(ship.off);
      console.log(
        `${kind}: shippingByDelivery (1 carton) median ${shipOn.toFixed(2)} ms with the outbox, ${shipOff.toFixed(2)} ms ` +
          `without: ratio ${(shipOn / shipOff).toFixed(3)}`,
      );

      // 3. addReceipt with and without: one PO of RECEIPTS lines of a plain item, received line by line in turns.
      await sql`insert into t_po_master (wh_id, client_code, po_number) values (${PK.whId}, ${PK.client}, 'BWH-PO')`.execute(db);
      await sql`
        insert into t_po_detail (wh_id, po_number, line_number, item_number, qty, order_uom)
        select ${PK.whId}, 'BWH-PO', l, ${PK.itemPlain}, 10, 'EA' from generate_series(1, ${RECEIPTS}) l`.execute(db);
      const receive = { on: [] as number[], off: [] as number[] };
      for (let line = 1; line <= RECEIPTS; line++) {
        outboxForBench.on = line % 2 === 0;
        t0 = performance.now();
        await addReceipt(
          db,
          { whId: PK.whId, poNumber: 'BWH-PO', lineNumber: line, qty: '3', locationId: PK.p2 },
          CARTON_FIXTURE_USER,
        );
        (outboxForBench.on ? receive.on : receive.off).push(performance.now() - t0);
      }
      outboxForBench.on = true;
      const recOn = median(receive.on);
      const recOff = median(receive.off);
      console.log(
        `${kind}: addReceipt median ${recOn.toFixed(2)} ms with the outbox, ${recOff.toFixed(2)} ms without: ratio ` +
          `${(recOn / recOff).toFixed(3)} (load ${loadAverage()})`,
      );
    } finally {
      await receiver.close();
    }
  });
}

for (const kind of benchDatabases()) await benchOn(kind);
