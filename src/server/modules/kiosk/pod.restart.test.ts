/**
 * Issue 25 "Done means": a proof of delivery survives a server restart (README "A proof of delivery is never only in a
 * browser"). Sessions and proofs live in the database, not in the process: a hand-over the station could not send
 * while the server restarted goes from its outbox to the new process, in the name of the session opened before; one
 * the old process stored but whose answer the station never got is answered as a duplicate, never stored twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/support/templates';
import { createTestApp, type TestApp } from '../../../../tests/support/testApp';
import type { HandoverAnswer, KioskDelivery } from '../../../shared/kiosk';
import { buildApp } from '../../app';
import { handoverReady, handoverRequest, stationPost } from './kioskTestKit';

let t: TestApp;
let key: string;
let session: string;
let station: Awaited<ReturnType<typeof handoverReady>>['station'];
/** DEMO-SO-3A's delivery, as the station found it before the restart. */
let first: KioskDelivery;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  ({
    token: session,
    key,
    station,
    delivery: first,
  } = await handoverReady(t, admin, { station: 'DOCK-R1', user: 'restarter', badge: 'B-RESTART', warehouses: ['WH01'] }));
});
afterAll(async () => {
  // The process now answering is the one started in the test; the first one is closed already.
  await t.app.close();
  await t.connection.close();
});

/** Stops the server process and starts a new one on the same database (what a deployment or a crash does). */
async function restart(): Promise<void> {
  await t.app.close();
  t.app = (await buildApp({ config: testConfig(), db: t.connection.db, now: () => t.clock.now })).app;
}

const proofs = async (deliveryNumber: string) =>
  (
    await sql<{ submissionId: string; userName: string }>`
      select submission_id, user_name from t_delivery_pod where delivery_number = ${deliveryNumber}`.execute(t.connection.db)
  ).rows;

/** The second demo delivery of the dock station demo (DEMO-SO-KA), as the station finds it. */
async function kioskDelivery(): Promise<KioskDelivery> {
  const { rows } = await sql<{ deliveryNumber: string }>`
    select delivery_number from tbl_shipping_label where wh_id = 'WH01' and order_number = 'DEMO-SO-KA' limit 1`.execute(
    t.connection.db,
  );
  const found = await station.post<KioskDelivery>('/api/kiosk/delivery/find', { scan: rows[0]!.deliveryNumber }, session);
  expect(found.body.code, found.body.msg ?? '').toBe(200);
  return found.body.data;
}

describe('a hand-over confirmed around a server restart', () => {
  it('is stored once: the old process stored it, the answer was lost, the outbox resends it to the new process', async () => {
    const body = handoverRequest(first, { driverName: 'Wang Fang' });
    // The old process stores it; the station never gets the answer (the process stops before it leaves).
    expect((await station.post<HandoverAnswer>('/api/kiosk/delivery/handover', body, session)).body.code).toBe(200);
    await restart();

    // The station's session, opened before the restart, still holds with its key.
    expect((await stationPost(t, '/api/kiosk/session', {}, key, session)).status).toBe(200);
    const resent = await stationPost<HandoverAnswer>(t, '/api/kiosk/station/handover', { ...body, sessionToken: session }, key);
    expect(resent.body.code, resent.body.msg ?? '').toBe(200);
    expect(resent.body.data).toMatchObject({ outcome: 'shipped', duplicate: true });
    expect(await proofs(first.deliveryNumber)).toEqual([{ submissionId: body.submissionId, userName: 'restarter' }]);
  });

  it('is shipped by the new process from the outbox, in the name of the session opened before the restart', async () => {
    const open = await kioskDelivery();
    const body = handoverRequest(open, { driverName: '李师傅' });
    // Confirmed while the server is down: the station keeps it in its outbox; the server restarts.
    await restart();

    const sent = await stationPost<HandoverAnswer>(t, '/api/kiosk/station/handover', { ...body, sessionToken: session }, key);
    expect(sent.body.code, sent.body.msg ?? '').toBe(200);
    expect(sent.body.data).toMatchObject({ outcome: 'shipped', duplicate: false });
    expect(await proofs(open.deliveryNumber)).toEqual([{ submissionId: body.submissionId, userName: 'restarter' }]);
    const { rows } = await sql<{ status: string }>`
      select status from t_delivery where wh_id = 'WH01' and delivery_number = ${open.deliveryNumber}`.execute(t.connection.db);
    expect(rows).toEqual([{ status: 'S' }]);
  });
});
