/** `/tReceipt/*` inspection calls (spec 001 §7 getInspectionDetail, generateInspectionDetail; README "Inspection"). */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { permission } from '../../../shared/permissions';
import { type FieldRule, matchesRule } from '../../../shared/validation';
import {
  amount,
  closed,
  integer,
  list,
  nullable,
  nullableInteger,
  oneOf,
  string,
  text,
  time,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { SerialNumbersSchema } from '../serials/serials.schema';
import {
  generateInspectionDetail,
  type InspectionResult,
  inspectionLines,
  receiptsAwaitingInspection,
  recordInspection,
} from './inspection.service';

const WhId = Type.String({ minLength: 1, maxLength: 20 });
const ReceiptId = Type.String({ minLength: 1, maxLength: 30 });
const ClientCode = Type.Optional(Type.String({ maxLength: 30 }));
/** A quantity as typed (text) or a JSON number; its rule is checked by `quantity`. */
export const QtySchema = Type.Union([Type.String({ minLength: 1, maxLength: 22 }), Type.Number()]);

/** The quantity as exact decimal text, or the shared rule's refusal naming the field. */
export function quantity(value: string | number, rule: FieldRule, field: string): string {
  if (!matchesRule(rule, value)) {
    throw new AppError(rule === 'qtyPositive' ? 'fieldQtyPositive' : 'fieldQtyNonNegative', { field });
  }
  return String(value).trim();
}

const InspectionLine = closed({
  id: integer,
  whId: string,
  receiptRowId: integer,
  receiptId: string,
  itemNumber: string,
  itemDescription: string,
  lotNumber: text,
  locationId: string,
  qtyToInspect: amount,
  sampleQty: amount,
  qtyPassed: amount,
  qtyFailed: amount,
  failLocationId: text,
  result: oneOf(CODE_LISTS.inspectionResult),
  inspectBy: text,
  inspectTime: time,
  remark: text,
  clientCode: string,
  poNumber: string,
  lineNumber: integer,
  huId: text,
  receiptStatus: oneOf(CODE_LISTS.receiptStatus),
  uom: string,
  sampleRate: nullableInteger,
});
const InspectionLines = envelope(list(InspectionLine));

/** A receipt row awaiting inspection, with its inspection line's id and result once generated. */
const AwaitingRow = closed({
  id: integer,
  whId: string,
  receiptId: string,
  clientCode: string,
  poNumber: string,
  lineNumber: integer,
  itemNumber: string,
  itemDescription: string,
  lotNumber: text,
  huId: text,
  locationId: string,
  uom: string,
  sampleRate: nullableInteger,
  goodQty: amount,
  receiptDate: { type: 'string', format: 'date-time' },
  inspectionId: nullableInteger,
  result: nullable(oneOf(['N'])),
});

export function registerInspectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const view = permission('tReceipt', 'view');
  const edit = permission('tReceipt', 'edit');

  app.post(
    '/tReceipt/generateInspectionDetail',
    {
      schema: { body: Type.Object({ whId: WhId, receiptId: ReceiptId }), response: { 200: InspectionLines } },
      config: { permission: edit },
    },
    async (request) => ok(await generateInspectionDetail(db, request.user!, request.body as { whId: string; receiptId: string })),
  );

  app.post(
    '/tReceipt/getInspectionDetail',
    {
      schema: {
        body: Type.Object({
          whId: WhId,
          clientCode: ClientCode,
          receiptId: Type.Optional(Type.String({ maxLength: 30 })),
          result: Type.Optional(Type.Union([Type.Literal('N'), Type.Literal('P'), Type.Literal('F'), Type.Literal('')])),
        }),
        response: { 200: InspectionLines },
      },
      config: { permission: view },
    },
    async (request) => {
      const body = request.body as { whId: string; clientCode?: string; receiptId?: string; result?: string };
      return ok(await inspectionLines(db, request.user!, body));
    },
  );

  // The inspection screen's first table: receipt rows awaiting inspection, with their line when generated.
  app.post(
    '/tReceipt/getAwaitingInspection',
    {
      schema: { body: Type.Object({ whId: WhId, clientCode: ClientCode }), response: { 200: envelope(list(AwaitingRow)) } },
      config: { permission: view },
    },
    async (request) =>
      ok(await receiptsAwaitingInspection(db, request.user!, request.body as { whId: string; clientCode?: string })),
  );

  app.post(
    '/tReceipt/recordInspection',
    {
      schema: {
        body: Type.Object({
          id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          qtyPassed: QtySchema,
          qtyFailed: QtySchema,
          failLocationId: optionalText(30),
          remark: optionalText(200),
          serialNumbers: SerialNumbersSchema,
        }),
        response: { 200: envelope(InspectionLine) },
      },
      config: { permission: edit, audit: true },
    },
    async (request) => {
      const body = request.body as InspectionResult & { qtyPassed: string | number; qtyFailed: string | number };
      return ok(
        await recordInspection(db, request.user!, {
          id: body.id,
          qtyPassed: quantity(body.qtyPassed, 'qtyNonNegative', 'inbound.inspection.field.qtyPassed'),
          qtyFailed: quantity(body.qtyFailed, 'qtyNonNegative', 'inbound.inspection.field.qtyFailed'),
          failLocationId: body.failLocationId?.trim() || null,
          remark: body.remark?.trim() || null,
          serialNumbers: body.serialNumbers,
        }),
      );
    },
  );
}
