/** `/tPoMaster/cancelPo`, `/tPoMaster/findPageByPara` and the PO line calls `/tPoDetail/*` (spec 001 §7). */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { permission } from '../../../shared/permissions';
import { registerDocumentSearchRoute, statusParameter } from '../../crud/documentSearch';
import { doneAnswer } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { registerDocumentLineRoutes } from '../inventory/lines.routes';
import { deletePoLines, PO_LINES, savePoLine } from './po.lines';
import { cancelPo, PO_SEARCH } from './po.service';

const WhId = Type.String({ minLength: 1, maxLength: 20 });
const PoNumber = Type.String({ minLength: 1, maxLength: 30 });
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DateText = Type.Optional(Type.String({ maxLength: 10 }));

/** The parameters of the search (README "Purchase orders"), in the page request's columnFilters. */
const PoSearchSchema = Type.Object({
  whId: WhId,
  clientCode: Text(30),
  poNumber: Text(30),
  vendorCode: Text(30),
  typeId: Text(10),
  appointmentNumber: Text(30),
  status: statusParameter(CODE_LISTS.poStatus),
  itemNumber: Text(50),
  deliveryDateFrom: DateText,
  deliveryDateTo: DateText,
  createDateFrom: DateText,
  createDateTo: DateText,
});

export function registerPoRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/tPoMaster/cancelPo',
    {
      schema: {
        body: Type.Object({ whId: WhId, poNumber: PoNumber }),
        response: { 200: doneAnswer },
      },
      config: { permission: permission('tPoMaster', 'edit') },
    },
    async (request) => {
      const body = request.body as { whId: string; poNumber: string };
      return ok(await cancelPo(ctx.db, request.user!, body.whId, body.poNumber));
    },
  );
  registerDocumentSearchRoute(app, ctx, PO_SEARCH, PoSearchSchema);
  registerDocumentLineRoutes(app, ctx, PO_LINES, { save: savePoLine, remove: deletePoLines });
}
