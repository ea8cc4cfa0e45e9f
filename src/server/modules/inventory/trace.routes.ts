/**
 * Lot and serial trace (inventory README "Lot and serial trace"), permission sys:trace:view; one route per query, each answering a
 * `TraceAnswer` (src/shared/trace.ts) within the user's warehouse and client grants.
 *
 * - `POST /trace/lot` `{whId, lotNumber? | serialNumber?, itemNumber?}`
 * - `POST /trace/delivery` `{whId, deliveryNumber? | orderNumber?}`
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import type { TraceDocumentRequest, TraceLotRequest } from '../../../shared/trace';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { traceDocument, traceLot } from './trace.service';

const code = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const WH = Type.String({ minLength: 1, maxLength: 20 });

export function registerTraceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { permission: permission('trace', 'view') };
  app.post(
    '/trace/lot',
    {
      schema: { body: Type.Object({ whId: WH, lotNumber: code(50), serialNumber: code(60), itemNumber: code(50) }) },
      config,
    },
    async (request) => ok(await traceLot(ctx.db, request.user!, request.body as TraceLotRequest)),
  );
  app.post(
    '/trace/delivery',
    { schema: { body: Type.Object({ whId: WH, deliveryNumber: code(30), orderNumber: code(30) }) }, config },
    async (request) => ok(await traceDocument(ctx.db, request.user!, request.body as TraceDocumentRequest)),
  );
}
