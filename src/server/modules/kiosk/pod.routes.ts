/**
 * The hand-over routes (README "Hand-over"): the station's find and signed hand-over (station sessions of the
 * HANDOVER flow only), and the console's download of the stored proof of delivery.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  type AttachPodRequest,
  type DiscardPodRequest,
  type HandoverRequest,
  type StationHandoverRequest,
  UNATTACHED_POD_STATUSES,
  type UnattachedPodStatus,
} from '../../../shared/kiosk';
import { PUBLIC, permission } from '../../../shared/permissions';
import { isLanguage, type LanguageCode } from '../../../shared/wire';
import {
  boolean,
  changedIdAnswer,
  closed,
  decimal,
  integer,
  isoTime,
  list,
  nullableInteger,
  text as nullableText,
  oneOf,
  string,
  time,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { binaryAnswer, envelope } from '../../platform/openapi';
import { stationKeyOf } from './kiosk.routes';
import { outboxSender } from './outbox.service';
import { findDelivery, handover, podDocument } from './pod.service';
import { attachPod, discardPod, findUnattachedPods } from './unattached.service';

const text = (min: number, max: number) => Type.String({ minLength: min, maxLength: max });
const FindBody = Type.Object({ scan: text(0, 60) });
const HandoverBody = Type.Object({
  submissionId: text(8, 64),
  whId: text(1, 20),
  deliveryNumber: text(1, 30),
  loadedCartons: Type.Array(text(1, 30), { maxItems: 500 }),
  driverName: text(0, 50),
  carrierCode: text(1, 30),
  vehiclePlate: text(0, 20),
  // base64 of at most MAX_SIGNATURE_BYTES (300 KB): 409,600 characters.
  signaturePng: text(1, 409_600),
  signedAt: text(1, 40),
});
const PodBody = Type.Object({ whId: text(1, 20), deliveryNumber: text(1, 30) });
// The session token of the station's own sessions: 32 random bytes, base64url.
const StationHandoverBody = Type.Object({ ...HandoverBody.properties, sessionToken: text(1, 100) });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const UnattachedListBody = Type.Object({
  whId: text(1, 20),
  status: Type.Optional(Type.Union(UNATTACHED_POD_STATUSES.map((s) => Type.Literal(s)))),
});
const AttachBody = Type.Object({ id: Id, deliveryNumber: text(1, 30) });
// Bounded here at 4× the stored limit (characters); the service counts characters and names the limit (200).
const DiscardBody = Type.Object({ id: Id, reason: text(0, 800) });
/** A signature of up to 300 KB travels as base64 inside JSON. */
const HANDOVER_BODY_LIMIT = 1024 * 1024;

/** The name and language of the station a hand-over comes from (the proof is printed in its language). */
function stationContext(row: { stationName: string; language: string }, fallback: LanguageCode) {
  // The proof is printed in the station's language (the driver reads it at that station).
  return { stationName: row.stationName, language: isLanguage(row.language) ? row.language : fallback };
}

/** The answers of shared/kiosk.ts: a delivery to hand over, the hand-over's outcome, the unattached proofs. */
const DeliveryAnswer = envelope(
  closed({
    whId: string,
    deliveryNumber: string,
    carrierCode: string,
    carrierName: string,
    status: oneOf(['O', 'S']),
    cartons: list(
      closed({
        cartonNumber: string,
        shipLabelBarcode: nullableText,
        orderNumber: string,
        cartonType: nullableText,
        weight: decimal,
      }),
    ),
  }),
);
const HandoverAnswer = envelope(
  closed({
    deliveryNumber: string,
    outcome: oneOf(['shipped', 'attached', 'unattached']),
    podId: integer,
    unattachedId: integer,
    reason: string,
    cartons: integer,
    duplicate: boolean,
  }),
);
const UnattachedPodsAnswer = envelope(
  list(
    closed({
      id: integer,
      whId: string,
      deliveryNumber: string,
      driverName: string,
      vehiclePlate: string,
      carrierCode: string,
      receivedAt: isoTime,
      stationSignedAt: isoTime,
      stationName: string,
      userName: string,
      cartons: list(string),
      reason: string,
      status: oneOf(UNATTACHED_POD_STATUSES),
      resolvedBy: nullableText,
      resolvedAt: time,
      discardReason: nullableText,
      podId: nullableInteger,
      signaturePng: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' },
    }),
  ),
);

export function registerPodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const shipping = (action: 'view' | 'edit') => permission('tblShippingLabel', action);
  const handoverFlow = ['HANDOVER'] as const;

  app.post(
    '/kiosk/delivery/find',
    {
      schema: { body: FindBody, response: { 200: DeliveryAnswer } },
      config: { permission: shipping('view'), kiosk: handoverFlow },
    },
    async (request) => ok(await findDelivery(db, request.user!, (request.body as { scan: string }).scan)),
  );
  app.post(
    '/kiosk/delivery/handover',
    {
      schema: { body: HandoverBody, response: { 200: HandoverAnswer } },
      // A signature of up to 300 KB travels as base64 inside JSON.
      bodyLimit: HANDOVER_BODY_LIMIT,
      config: { permission: shipping('edit'), kiosk: handoverFlow, audit: true },
    },
    async (request) => {
      const user = request.user!;
      if (!user.station) throw new HttpError(403);
      const { rows } = await sql<{ stationName: string; language: string }>`
        select station_name, language from t_kiosk_station where id = ${user.station.id}`.execute(db);
      const station = rows[0];
      if (!station) throw new HttpError(401);
      return ok(
        await handover(db, user, request.body as HandoverRequest, { ...stationContext(station, request.lang), now: ctx.now() }),
      );
    },
  );
  // The outbox's sends (README "Outbox"): the station key and the session in which the hand-over was confirmed, whoever
  // is signed in now — nobody, perhaps.
  app.post(
    '/kiosk/station/handover',
    {
      schema: { body: StationHandoverBody, response: { 200: HandoverAnswer } },
      bodyLimit: HANDOVER_BODY_LIMIT,
      config: { permission: PUBLIC, audit: true },
    },
    async (request) => {
      const { sessionToken, ...body } = request.body as StationHandoverRequest;
      const { station, user } = await outboxSender(db, stationKeyOf(request), sessionToken, ctx.now());
      // The operation log names the worker who confirmed it.
      request.user = user;
      return ok(await handover(db, user, body, { ...stationContext(station, request.lang), now: ctx.now() }));
    },
  );
  app.post(
    '/tblShippingLabel/getPodDocument',
    { schema: { body: PodBody, response: binaryAnswer('application/pdf') }, config: { permission: shipping('view') } },
    async (request, reply) => {
      const { whId, deliveryNumber } = request.body as { whId: string; deliveryNumber: string };
      const pdf = await podDocument(db, request.user!, whId, deliveryNumber);
      const name = `pod-${deliveryNumber.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(Buffer.from(pdf));
    },
  );
  // Unattached proofs (README "A proof of delivery is never only in a browser"): the office sees, attaches, discards.
  app.post(
    '/tblShippingLabel/findUnattachedPods',
    { schema: { body: UnattachedListBody, response: { 200: UnattachedPodsAnswer } }, config: { permission: shipping('view') } },
    async (request) => {
      const { whId, status } = request.body as { whId: string; status?: UnattachedPodStatus };
      return ok(await findUnattachedPods(db, request.user!, whId, status ?? 'U', request.lang));
    },
  );
  app.post(
    '/tblShippingLabel/attachPod',
    { schema: { body: AttachBody, response: { 200: changedIdAnswer } }, config: { permission: shipping('edit'), audit: true } },
    async (request) => {
      const { id, deliveryNumber } = request.body as AttachPodRequest;
      return ok(await attachPod(db, request.user!, id, deliveryNumber, ctx.now()));
    },
  );
  app.post(
    '/tblShippingLabel/discardPod',
    { schema: { body: DiscardBody, response: { 200: changedIdAnswer } }, config: { permission: shipping('edit'), audit: true } },
    async (request) => {
      const { id, reason } = request.body as DiscardPodRequest;
      return ok(await discardPod(db, request.user!, id, reason, ctx.now()));
    },
  );
}
