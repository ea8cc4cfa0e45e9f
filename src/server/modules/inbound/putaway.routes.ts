/** `/tReceipt/*` putaway calls (README "Putaway"): ready receipts, suggestions, and the putaway movement task. */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { amount, closed, day, integer, list, nullableInteger, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { registerMovementTaskType } from '../inventory/taskTypes';
import { QtySchema, quantity } from './inspection.routes';
import { createPutawayTasks, PUTAWAY_TASK, readyReceipts, suggestPutaway } from './putaway.service';

const WhId = Type.String({ minLength: 1, maxLength: 20 });
const RowId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const ReceiptFilter = Type.Object({
  whId: WhId,
  clientCode: Type.Optional(Type.String({ maxLength: 30 })),
  receiptId: Type.Optional(Type.String({ maxLength: 30 })),
  ids: Type.Optional(Type.Array(RowId, { maxItems: 1000 })),
});
type ReceiptFilterBody = { whId: string; clientCode?: string; receiptId?: string; ids?: number[] };
const clean = (body: ReceiptFilterBody) => ({
  whId: body.whId,
  ...(body.clientCode ? { clientCode: body.clientCode } : {}),
  ...(body.receiptId ? { receiptId: body.receiptId } : {}),
  ...(body.ids && body.ids.length > 0 ? { ids: body.ids } : {}),
});

/** `ReadyReceipt` (putaway.service.ts): a receipt row with what is left to put away, in base units. */
const ReadyRow = closed({
  id: integer,
  whId: string,
  receiptId: string,
  clientCode: string,
  poNumber: string,
  lineNumber: integer,
  itemNumber: string,
  itemDescription: string,
  classId: text,
  uom: string,
  lotNumber: text,
  huId: text,
  locationId: string,
  storedAttributeId: nullableInteger,
  expirationDate: day,
  remainingQty: amount,
});

/** `PutawayLine`: a suggested destination; none (with its zone) for what found no room. */
const SuggestedLine = closed({
  receiptRowId: integer,
  receiptId: string,
  lineNumber: integer,
  itemNumber: string,
  itemDescription: string,
  lotNumber: text,
  huId: text,
  sourceLocationId: string,
  uom: string,
  destLocationId: text,
  zone: text,
  qty: amount,
});

export function registerPutawayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // Approving a putaway task is inventory's approvePlannedMove: inventory learns the PUTAWAY type here, not by import.
  registerMovementTaskType('PUTAWAY', PUTAWAY_TASK);
  const view = permission('tReceipt', 'view');

  app.post(
    '/tReceipt/getReadyForPutaway',
    { schema: { body: ReceiptFilter, response: { 200: envelope(list(ReadyRow)) } }, config: { permission: view } },
    async (request) => ok(await readyReceipts(db, request.user!, clean(request.body as ReceiptFilterBody))),
  );

  // A suggestion changes nothing: reading receipts is enough to ask for one.
  app.post(
    '/tReceipt/suggestPutaway',
    { schema: { body: ReceiptFilter, response: { 200: envelope(list(SuggestedLine)) } }, config: { permission: view } },
    async (request) => ok(await suggestPutaway(db, request.user!, clean(request.body as ReceiptFilterBody))),
  );

  app.post(
    '/tReceipt/createPutawayTasks',
    {
      schema: {
        body: Type.Object({
          whId: WhId,
          lines: Type.Array(
            Type.Object({
              receiptRowId: RowId,
              destLocationId: Type.String({ minLength: 1, maxLength: 30 }),
              qty: QtySchema,
            }),
            { minItems: 1, maxItems: 500 },
          ),
        }),
        response: { 200: envelope(closed({ id: integer, whId: string, taskId: string })) },
      },
      config: { permission: permission('tReceipt', 'edit'), audit: true },
    },
    async (request) => {
      const body = request.body as {
        whId: string;
        lines: { receiptRowId: number; destLocationId: string; qty: string | number }[];
      };
      const lines = body.lines.map((line) => ({
        receiptRowId: line.receiptRowId,
        destLocationId: line.destLocationId.trim(),
        qty: quantity(line.qty, 'qtyPositive', 'inbound.putaway.field.qty'),
      }));
      return ok(await createPutawayTasks(db, request.user!, { whId: body.whId, lines }));
    },
  );
}
