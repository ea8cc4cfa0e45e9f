/**
 * The serial look-up (README "Look-up"): `POST /tblSnMaster/lookup {whId, serialNumber}` → the serial's item, state,
 * place and history. Permission `sys:tblSnHistory:view` (the look-up screen's button); the service checks the
 * warehouse grant and reads only the clients the user may read.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { lookupSerial } from './serials.service';

const LookupBody = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  serialNumber: Type.String({ minLength: 1, maxLength: 60 }),
});

export function registerSerialRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/tblSnMaster/lookup',
    { schema: { body: LookupBody }, config: { permission: permission('tblSnHistory', 'view') } },
    async (request) => {
      const body = request.body as { whId: string; serialNumber: string };
      return ok(await lookupSerial(ctx.db, request.user!, body.whId, body.serialNumber));
    },
  );
}
