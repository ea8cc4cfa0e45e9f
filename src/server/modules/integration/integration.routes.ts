/**
 * `/integration/*`: the business API for integrators (README.md here, docs/integration.md "Business API"). Each call is
 * one transaction through the console's own services; API keys (Authorization: Bearer) and Idempotency-Key work as on
 * every route (platform/apiKey.ts, platform/idempotency.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { tStoredItem } from '../../../shared/entities/tStoredItem';
import { permission } from '../../../shared/permissions';
import type { ColumnFilterValue } from '../../../shared/wire';
import { findPage } from '../../crud/crud.service';
import type { CrudBinding, Row } from '../../crud/crud.types';
import { page } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError, HttpError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import { envelope } from '../../platform/openapi';
import { cancelOrder } from '../outbound/orders.service';
import { readShipments, saveOrder, savePo } from './integration.service';

const Code = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Opt = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Qty = Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.String({ minLength: 1, maxLength: 30 })]);
const LineNumber = Type.Integer({ minimum: 1, maximum: 99999 });
const MAX_LINES = 500;

const OrderLine = Type.Object({
  lineNumber: LineNumber,
  itemNumber: Code(50),
  qty: Qty,
  orderUom: Opt(10),
  lotNumber: Opt(50),
  holdReasonId: Opt(30),
});

const OrderBody = Type.Object({
  whId: Code(20),
  clientCode: Code(30),
  orderNumber: Code(30),
  typeId: Opt(10),
  customerCode: Opt(30),
  customerName: Opt(100),
  customerPhone: Opt(50),
  shipToName: Opt(100),
  shipToPhone: Opt(50),
  shipToCity: Opt(50),
  shipToState: Opt(50),
  shipToZip: Opt(20),
  shipToCountryCode: Opt(10),
  storeOrderNumber: Opt(50),
  carrierId: Opt(30),
  priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  orderDate: Opt(10),
  earliestShipDate: Opt(10),
  latestShipDate: Opt(10),
  remark: Opt(500),
  lines: Type.Array(OrderLine, { minItems: 1, maxItems: MAX_LINES }),
  confirm: Type.Optional(Type.Boolean({ default: false })),
});

const PoLine = Type.Object({
  lineNumber: LineNumber,
  itemNumber: Code(50),
  qty: Qty,
  orderUom: Opt(10),
  lotNumber: Opt(50),
});

const PoBody = Type.Object({
  whId: Code(20),
  clientCode: Code(30),
  poNumber: Code(30),
  vendorCode: Opt(30),
  typeId: Opt(10),
  expectedDate: Opt(10),
  appointmentStatus: Opt(1),
  appointmentNumber: Opt(30),
  remark: Opt(500),
  lines: Type.Array(PoLine, { minItems: 1, maxItems: MAX_LINES }),
});

const CancelBody = Type.Object({ whId: Code(20), orderNumber: Code(30) });

const StockBody = Type.Object({
  whId: Code(20),
  clientCode: Opt(30),
  itemNumber: Opt(50),
  lotNumber: Opt(50),
  locationId: Opt(30),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
});

const Saved = {
  type: 'object',
  required: ['id', 'number', 'created', 'lines', 'deletedLines'],
  properties: {
    id: { type: 'integer', description: 'the header row id' },
    number: { type: 'string', description: 'the order or PO number' },
    created: { type: 'boolean', description: 'true when this call created the document, false when it updated it' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['lineNumber', 'id'],
        properties: { lineNumber: { type: 'integer' }, id: { type: 'integer' } },
      },
    },
    deletedLines: { type: 'array', items: { type: 'integer' }, description: 'line numbers stored before and not listed' },
  },
};

const Decimal = { type: ['string', 'number', 'null'] };
const Text = { type: ['string', 'null'] };
const StockRow = {
  type: 'object',
  required: ['whId', 'clientCode', 'itemNumber', 'locationId', 'actualQty', 'availableQty', 'status'],
  properties: {
    whId: Text,
    clientCode: Text,
    itemNumber: Text,
    lotNumber: Text,
    locationId: Text,
    huId: Text,
    zone: Text,
    status: { type: ['string', 'null'], description: 'A available, H held' },
    actualQty: Decimal,
    allocatedQty: Decimal,
    unavailableQty: Decimal,
    availableQty: Decimal,
    expirationDate: Text,
    fifoDate: Text,
  },
};
const StockPage = page(StockRow);

const ShipmentBody = Type.Object({ whId: Code(20), deliveryNumber: Opt(30), orderNumber: Opt(30) });

const ShipmentList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['deliveryNumber', 'carrier', 'status', 'shipTime', 'orders', 'cartons', 'pod'],
    properties: {
      deliveryNumber: { type: 'string' },
      carrier: { type: 'string' },
      status: { type: 'string', enum: ['O', 'S'], description: 'O open, S shipped' },
      shipTime: { type: ['string', 'null'] },
      orders: { type: 'array', items: { type: 'string' } },
      cartons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['cartonNumber', 'orderNumber', 'clientCode', 'status', 'trackingNumber'],
          properties: {
            cartonNumber: { type: 'string' },
            orderNumber: { type: 'string' },
            clientCode: { type: 'string' },
            status: { type: 'string', description: 'L labelled, D in the delivery, S shipped' },
            trackingNumber: { type: ['string', 'null'], description: "the carrier label's barcode" },
          },
        },
      },
      pod: {
        type: ['object', 'null'],
        required: ['id', 'document'],
        properties: {
          id: { type: 'integer' },
          document: { type: 'string', description: 'POST this route with {whId, deliveryNumber}: the signed PDF' },
        },
      },
    },
  },
};

const STORED_ITEMS: CrudBinding = { entity: tStoredItem, table: 'v_stored_item' };
const STOCK_FIELDS = Object.keys(StockRow.properties);

export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/integration/order',
    {
      schema: {
        description:
          'Creates or updates an outbound order (by warehouse and order number, of the given client) with its lines: ' +
          'listed lines are added or changed by line number, stored lines not listed are deleted; `confirm: true` ' +
          "confirms it in the same transaction (needs `sys:tOrder:edit`). The console's order rules apply.",
        body: OrderBody,
        response: {
          200: envelope({
            ...Saved,
            required: [...Saved.required, 'status'],
            properties: { ...Saved.properties, status: { type: 'string' } },
          }),
        },
      },
      config: { permission: `${permission('tOrder', 'add')},${permission('tOrder', 'edit')}` },
    },
    async (request) => {
      const { whId, clientCode, orderNumber, lines, confirm, ...header } = request.body as Row & {
        whId: string;
        clientCode: string;
        orderNumber: string;
        lines: Row[];
        confirm?: boolean;
      };
      const user = request.user!;
      if (confirm && !user.permissions.has(permission('tOrder', 'edit'))) throw new HttpError(403);
      return ok(await saveOrder(ctx.db, user, { whId, clientCode, orderNumber, header, lines, confirm: confirm === true }));
    },
  );
  app.post(
    '/integration/order/cancel',
    {
      schema: {
        description: "Cancels an order that is new or confirmed and in no wave (the console's cancel).",
        body: CancelBody,
        response: { 200: envelope({ type: 'integer', description: '1: cancelled' }) },
      },
      config: { permission: permission('tOrder', 'edit') },
    },
    async (request) => {
      const body = request.body as { whId: string; orderNumber: string };
      return ok(await cancelOrder(ctx.db, request.user!, body.whId, body.orderNumber));
    },
  );
  app.post(
    '/integration/po',
    {
      schema: {
        description:
          'Creates or updates a purchase order (by warehouse and PO number, of the given client) with its lines, as ' +
          "the console's PO and PO line saves do: a line with receipts changes only its quantity and is never deleted.",
        body: PoBody,
        response: { 200: envelope(Saved) },
      },
      config: { permission: `${permission('tPoMaster', 'add')},${permission('tPoMaster', 'edit')}` },
    },
    async (request) => {
      const { whId, clientCode, poNumber, lines, ...header } = request.body as Row & {
        whId: string;
        clientCode: string;
        poNumber: string;
        lines: Row[];
      };
      return ok(await savePo(ctx.db, request.user!, { whId, clientCode, poNumber, header, lines }));
    },
  );
  app.post(
    '/integration/stock',
    {
      schema: {
        description: 'Stock rows of a warehouse (granted clients only), filtered by exact client, item, lot and location; paged.',
        body: StockBody,
        response: { 200: envelope(StockPage) },
      },
      config: { permission: permission('tStoredItem', 'view') },
    },
    async (request) => {
      const body = request.body as { whId: string; pageNum: number; pageSize: number } & Record<string, unknown>;
      if (!grantsWarehouse(request.user!, body.whId)) throw new AppError('warehouseNotGranted', { whId: body.whId });
      const columnFilters: Record<string, ColumnFilterValue> = {};
      for (const field of ['whId', 'clientCode', 'itemNumber', 'lotNumber', 'locationId']) {
        const value = body[field];
        if (typeof value === 'string' && value !== '') columnFilters[field] = { value, exact: true };
      }
      const page = await findPage(ctx.db, STORED_ITEMS, request.user!, {
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        columnFilters,
      });
      const content = page.content.map((row) => Object.fromEntries(STOCK_FIELDS.map((f) => [f, row[f] ?? null])));
      return ok({ ...page, content });
    },
  );
  app.post(
    '/integration/shipment',
    {
      schema: {
        description:
          'The delivery of a delivery number, or the deliveries of an order: carrier, status, ship time, orders, the ' +
          "caller's cartons with their tracking numbers, and the proof of delivery (`pod.document`) when signed.",
        body: ShipmentBody,
        response: { 200: envelope(ShipmentList) },
      },
      config: { permission: permission('tblShippingLabel', 'view') },
    },
    async (request) =>
      ok(
        await readShipments(
          ctx.db,
          request.user!,
          request.body as { whId: string; deliveryNumber?: string; orderNumber?: string },
        ),
      ),
  );
}
