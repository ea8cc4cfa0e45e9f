/** `/tOrder/confirmOrder`, `/tOrder/cancelOrder`, `/tOrder/findPageByPara` and the order line calls `/tOrderDetail/*`. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { permission } from '../../../shared/permissions';
import { registerDocumentSearchRoute, statusParameter } from '../../crud/documentSearch';
import { doneAnswer } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { registerDocumentLineRoutes } from '../inventory/lines.routes';
import { deleteOrderLines, ORDER_LINES, saveOrderLine } from './orders.lines';
import { cancelOrder, confirmOrder, ORDER_SEARCH } from './orders.service';

const WhId = Type.String({ minLength: 1, maxLength: 20 });
const OrderNumber = Type.String({ minLength: 1, maxLength: 30 });
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DateText = Type.Optional(Type.String({ maxLength: 10 }));

/** The parameters of the search (README "Orders"), in the page request's columnFilters. */
const OrderSearchSchema = Type.Object({
  whId: WhId,
  clientCode: Text(30),
  orderNumber: Text(30),
  status: statusParameter(CODE_LISTS.orderStatus),
  typeId: Text(10),
  carrierId: Text(30),
  customerCode: Text(30),
  itemNumber: Text(50),
  waveId: Text(30),
  orderDateFrom: DateText,
  orderDateTo: DateText,
  shipDateFrom: DateText,
  shipDateTo: DateText,
});

const Action = Type.Object({ whId: WhId, orderNumber: OrderNumber });

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const actions = { confirmOrder, cancelOrder };
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/tOrder/${name}`,
      {
        schema: { body: Action, response: { 200: doneAnswer } },
        config: { permission: permission('tOrder', 'edit') },
      },
      async (request) => {
        const body = request.body as { whId: string; orderNumber: string };
        return ok(await action(ctx.db, request.user!, body.whId, body.orderNumber));
      },
    );
  }
  registerDocumentSearchRoute(app, ctx, ORDER_SEARCH, OrderSearchSchema);
  registerDocumentLineRoutes(app, ctx, ORDER_LINES, { save: saveOrderLine, remove: deleteOrderLines });
}
