/**
 * The hand-over routes (README "Hand-over"): the station's find and signed hand-over (station sessions of the
 * HANDOVER flow only), and the console's download of the stored proof of delivery.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { HandoverRequest } from '../../../shared/kiosk';
import { permission } from '../../../shared/permissions';
import { isLanguage } from '../../../shared/wire';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { findDelivery, handover, podDocument } from './pod.service';

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

export function registerPodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const shipping = (action: 'view' | 'edit') => permission('tblShippingLabel', action);
  const handoverFlow = ['HANDOVER'] as const;

  app.post(
    '/kiosk/delivery/find',
    { schema: { body: FindBody }, config: { permission: shipping('view'), kiosk: handoverFlow } },
    async (request) => ok(await findDelivery(db, request.user!, (request.body as { scan: string }).scan)),
  );
  app.post(
    '/kiosk/delivery/handover',
    {
      schema: { body: HandoverBody },
      // A signature of up to 300 KB travels as base64 inside JSON.
      bodyLimit: 1024 * 1024,
      config: { permission: shipping('edit'), kiosk: handoverFlow, audit: true },
    },
    async (request) => {
      const user = request.user!;
      if (!user.station) throw new HttpError(403);
      const { rows } = await sql<{ stationName: string; language: string }>`
        select station_name, language from t_kiosk_station where id = ${user.station.id}`.execute(db);
      const station = rows[0];
      if (!station) throw new HttpError(401);
      // The proof is printed in the station's language (the driver reads it at that station).
      const language = isLanguage(station.language) ? station.language : request.lang;
      return ok(
        await handover(db, user, request.body as HandoverRequest, { stationName: station.stationName, language, now: ctx.now() }),
      );
    },
  );
  app.post(
    '/tblShippingLabel/getPodDocument',
    { schema: { body: PodBody }, config: { permission: shipping('view') } },
    async (request, reply) => {
      const { whId, deliveryNumber } = request.body as { whId: string; deliveryNumber: string };
      const pdf = await podDocument(db, request.user!, whId, deliveryNumber);
      const name = `pod-${deliveryNumber.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(Buffer.from(pdf));
    },
  );
}
