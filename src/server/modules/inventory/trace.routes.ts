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
import { amount, closed, decimal, integer, list, string, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { traceDocument, traceLot } from './trace.service';

const code = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const WH = Type.String({ minLength: 1, maxLength: 20 });

/** `TraceAnswer` (src/shared/trace.ts): times `yyyy-MM-dd HH:mm:ss` and dates `yyyy-MM-dd` as text, quantities text. */
const TraceAnswerSchema = closed({
  customers: list(
    closed({
      customerCode: text,
      customerName: text,
      shipToName: text,
      shipToCity: text,
      orders: string,
      deliveries: string,
      qty: amount,
    }),
  ),
  lots: list(closed({ itemNumber: string, lotNumber: string, clientCode: string, qty: amount })),
  serials: list(
    closed({
      itemNumber: string,
      serialNumber: string,
      lotNumber: text,
      status: string,
      locationId: text,
      orderNumber: text,
      receiptId: text,
    }),
  ),
  receipts: list(
    closed({
      receiptId: string,
      poNumber: string,
      lineNumber: integer,
      vendorCode: text,
      vendorName: text,
      clientCode: string,
      itemNumber: string,
      lotNumber: text,
      expirationDate: text,
      qty: amount,
      uom: string,
      receiptDate: string,
      locationId: string,
    }),
  ),
  movements: list(
    closed({
      id: integer,
      tranDate: string,
      tranType: string,
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
    closed({
      locationId: string,
      clientCode: text,
      itemNumber: string,
      lotNumber: text,
      huId: text,
      status: string,
      actualQty: amount,
      allocatedQty: amount,
      unavailableQty: amount,
      expirationDate: text,
    }),
  ),
  orders: list(
    closed({
      orderNumber: string,
      clientCode: string,
      status: string,
      waveId: text,
      customerCode: text,
      customerName: text,
      shipToName: text,
      shipToCity: text,
      itemNumber: string,
      lotNumber: text,
      pickedQty: amount,
      allocatedQty: amount,
    }),
  ),
  cartons: list(
    closed({
      cartonNumber: string,
      orderNumber: string,
      status: string,
      itemNumber: string,
      lotNumber: text,
      qty: amount,
      deliveryNumber: text,
      shipLabelBarcode: text,
    }),
  ),
  deliveries: list(
    closed({
      deliveryNumber: string,
      carrierId: string,
      status: string,
      cartonCount: integer,
      shipTime: text,
    }),
  ),
  pods: list(
    closed({
      deliveryNumber: string,
      podId: integer,
      driverName: string,
      vehiclePlate: string,
      stationName: string,
      userName: string,
      signedAt: string,
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
