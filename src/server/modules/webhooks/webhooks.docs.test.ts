/**
 * The worked example of docs/integration.md "Webhooks", run as the page tells it: a subscription for delivery.shipped,
 * an order created, waved, picked, packed, labelled, put in a delivery and shipped through the API; the dispatcher loop
 * of a server process posts the event to a real receiver (node:http on 127.0.0.1, a random port), which checks the
 * signature with the verification function exactly as the page prints it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import { type Receiver, startReceiver } from '../../../../tests/support/webhookReceiver';
import type { WebhookBody } from '../../../shared/webhooks';
import { startWebhookDispatcher } from './dispatcher';

type Verify = (secret: string, header: unknown, rawBody: string, toleranceSeconds?: number) => boolean;

/** The code block after the `webhook-verify` marker of docs/integration.md, evaluated as it stands. */
function documentedVerify(): Verify {
  const page = fs.readFileSync(path.resolve(__dirname, '../../../../docs/integration.md'), 'utf8');
  const block = page.split('<!-- webhook-verify')[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('docs/integration.md: no webhook-verify block');
  return new Function('require', `${block}\nreturn verifyWharfSignature;`)(createRequire(__filename)) as Verify;
}

let t: TestApp;
let receiver: Receiver;
let stop: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(t.connection.db);
  receiver = await startReceiver('/wharf');
});
afterAll(async () => {
  await stop?.();
  await receiver?.close();
  await t?.close();
});

it('creates an order, ships it, and receives its delivery.shipped webhook with a signature the documented check accepts', async () => {
  const verify = documentedVerify();
  const admin = await t.login();
  const secret = 'docs-example-secret-16+';
  const sub = await t.post<number>(
    '/api/tWebhookSubscription/save',
    { whId: PK.whId, url: receiver.url, events: 'delivery.shipped', active: 'Y', secret },
    admin,
  );
  expect(sub.body.code).toBe(200);

  const packed = await closedCartons(t.connection.db, 'TWH-DOC', [
    { orderNumber: 'TWH-DOC-SO', lines: [{ itemNumber: PK.itemPlain, qty: '3' }], cartons: 2 },
  ]);
  const call = (name: string, body: Record<string, unknown>) =>
    t.post<{ deliveryNumber: string }>(`/api/tblShippingLabel/${name}`, { whId: PK.whId, ...body }, admin);
  expect((await call('applyShipLabel', { cartonNumbers: packed.cartons })).body.code).toBe(200);
  const delivery = (await call('generateDelivery', { cartonNumbers: packed.cartons })).body.data.deliveryNumber;
  expect((await call('shippingByDelivery', { deliveryNumber: delivery })).body.code).toBe(200);

  // The server's own dispatcher loop, as main.ts starts it; the signature's time is the server's clock.
  t.clock.now = new Date();
  // The receiver is on 127.0.0.1: the page's example starts Wharf with WHARF_WEBHOOK_PRIVATE=1.
  stop = startWebhookDispatcher(t.ctx, t.app.log, { pollMs: 50, privateReceivers: true });
  await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
  const [got] = receiver.received;
  const raw = got?.body ?? '';
  expect(verify(secret, got?.headers['wharf-signature'], raw)).toBe(true);
  expect(verify('a-wrong-secret-0000', got?.headers['wharf-signature'], raw)).toBe(false);
  expect(verify(secret, got?.headers['wharf-signature'], raw.replace('TWH-DOC-SO', 'TWH-DOC-SX'))).toBe(false);
  const event = JSON.parse(raw) as WebhookBody;
  expect(event).toMatchObject({
    type: 'delivery.shipped',
    warehouse: PK.whId,
    client: PK.client,
    data: {
      deliveryNumber: delivery,
      carrier: 'SF',
      orders: ['TWH-DOC-SO'],
      cartons: packed.cartons.map((cartonNumber) => expect.objectContaining({ cartonNumber, orderNumber: 'TWH-DOC-SO' })),
      podId: null,
    },
  });
  expect(got?.headers['wharf-event-id']).toBe(event.id);
});
