/**
 * The serial look-up (README "Look-up"): `POST /tblSnMaster/lookup {whId, serialNumber}` → the serial's item, state,
 * place and history. Permission `sys:tblSnHistory:view` (the look-up screen's button); the service checks the
 * warehouse grant and reads only the clients the user may read.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { closed, integer, list, nullableInteger, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { lookupSerial } from './serials.service';

const LookupBody = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  serialNumber: Type.String({ minLength: 1, maxLength: 60 }),
});

/** Where a serial is (shared/serials.ts SerialPlace). */
const place = {
  status: string,
  locationId: text,
  huId: text,
  lotNumber: text,
  orderNumber: text,
  cartonNumber: text,
  deliveryNumber: text,
};
/** SerialLookupRow: the serial of each item that has it, with its history (times as `YYYY-MM-DD HH24:MI:SS`). */
const LookupAnswer = envelope(
  list(
    closed({
      whId: string,
      itemNumber: string,
      itemDescription: text,
      clientCode: string,
      serialNumber: string,
      ...place,
      receiptId: text,
      updateTime: string,
      history: list(
        closed({
          id: integer,
          event: string,
          ...place,
          documentType: string,
          documentNumber: string,
          lineNumber: nullableInteger,
          employeeId: string,
          eventTime: string,
        }),
      ),
    }),
  ),
);

export function registerSerialRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/tblSnMaster/lookup',
    { schema: { body: LookupBody, response: { 200: LookupAnswer } }, config: { permission: permission('tblSnHistory', 'view') } },
    async (request) => {
      const body = request.body as { whId: string; serialNumber: string };
      return ok(await lookupSerial(ctx.db, request.user!, body.whId, body.serialNumber));
    },
  );
}
