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
import { TRACE_SECTIONS, type TraceDocumentRequest, type TraceLotRequest } from '../../../shared/trace';
import { amount, decimal, fixedObject, integer, list, requiredText, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { traceDocument, traceLot } from './trace.service';

const code = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const WH = Type.String({ minLength: 1, maxLength: 20 });

/** `TraceAnswer` (src/shared/trace.ts): times `yyyy-MM-dd HH:mm:ss` and dates `yyyy-MM-dd` as text, quantities text. */
const TraceAnswerSchema = fixedObject({
  customers: list(
    fixedObject({
      customerCode: text,
      customerName: text,
      shipToName: text,
      shipToCity: text,
      orders: requiredText,
      deliveries: requiredText,
      qty: amount,
    }),
  ),
  lots: list(fixedObject({ itemNumber: requiredText, lotNumber: requiredText, clientCode: requiredText, qty: amount })),
  serials: list(
    fixedObject({
      itemNumber: requiredText,
      serialNumber: requiredText,
      lotNumber: text,
      status: requiredText,
      locationId: text,
      orderNumber: text,
      receiptId: text,
    }),
  ),
  receipts: list(
    fixedObject({
      receiptId: requiredText,
      poNumber: requiredText,
      lineNumber: integer,
      vendorCode: text,
      vendorName: text,
      clientCode: requiredText,
      itemNumber: requiredText,
      lotNumber: text,
      expirationDate: text,
      qty: amount,
      uom: requiredText,
      receiptDate: requiredText,
      locationId: requiredText,
    }),
  ),
  movements: list(
    fixedObject({
      id: integer,
      tranDate: requiredText,
      tranType: requiredText,
      clientCode: text,
      itemNumber: text,
      lotNumber: text,
      huId: text,
      quantity: decimal,
      fromLocationId: text,
      toLocationId: text,
      controlNumber: text,
      employeeId: text,
    }),
  ),
  onHand: list(
    fixedObject({
      locationId: requiredText,
      clientCode: text,
      itemNumber: requiredText,
      lotNumber: text,
      huId: text,
      status: requiredText,
      actualQty: amount,
      allocatedQty: amount,
      unavailableQty: amount,
      expirationDate: text,
    }),
  ),
  orders: list(
    fixedObject({
      orderNumber: requiredText,
      clientCode: requiredText,
      status: requiredText,
      waveId: text,
      customerCode: text,
      customerName: text,
      shipToName: text,
      shipToCity: text,
      itemNumber: requiredText,
      lotNumber: text,
      pickedQty: amount,
      allocatedQty: amount,
    }),
  ),
  cartons: list(
    fixedObject({
      cartonNumber: requiredText,
      orderNumber: requiredText,
      status: requiredText,
      itemNumber: requiredText,
      lotNumber: text,
      qty: amount,
      deliveryNumber: text,
      shipLabelBarcode: text,
    }),
  ),
  deliveries: list(
    fixedObject({
      deliveryNumber: requiredText,
      carrierId: requiredText,
      status: requiredText,
      cartonCount: integer,
      shipTime: text,
    }),
  ),
  pods: list(
    fixedObject({
      deliveryNumber: requiredText,
      podId: integer,
      driverName: requiredText,
      vehiclePlate: requiredText,
      stationName: requiredText,
      userName: requiredText,
      signedAt: requiredText,
    }),
  ),
  truncated: list({ type: 'string', enum: [...TRACE_SECTIONS] }),
});
const response = { 200: envelope(TraceAnswerSchema) };

export function registerTraceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { permission: permission('trace', 'view') };
  app.post(
    '/trace/lot',
    {
      schema: {
        body: Type.Object({ whId: WH, lotNumber: code(50), serialNumber: code(60), itemNumber: code(50) }),
        response,
      },
      config,
    },
    async (request) => ok(await traceLot(ctx.db, request.user!, request.body as TraceLotRequest)),
  );
  app.post(
    '/trace/delivery',
    { schema: { body: Type.Object({ whId: WH, deliveryNumber: code(30), orderNumber: code(30) }), response }, config },
    async (request) => ok(await traceDocument(ctx.db, request.user!, request.body as TraceDocumentRequest)),
  );
}
