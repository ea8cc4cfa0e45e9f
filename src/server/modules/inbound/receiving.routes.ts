/**
 * Receiving and receipt calls (spec 001 §7 `globalOptions/addReceipt`, `tReceipt/receiptAdjustment`, `deleteReceipt`,
 * `receiptReconcile`, `findPageByPara`) and the two reads of the receiving desk. Each route declares its permission;
 * the services check warehouse and client grants.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { permission } from '../../../shared/permissions';
import { IdSchema, PageRequestSchema } from '../../crud/crud.routes';
import {
  amount,
  closed,
  day,
  integer,
  list,
  nullableInteger,
  text as nullableText,
  oneOf,
  optionsAnswer,
  page,
  string,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantScope } from '../../platform/grants';
import { envelope, type JsonSchema } from '../../platform/openapi';
import { optionalText, optionalTextOrNumber } from '../../platform/schemas';
import { SerialNumbersSchema } from '../serials/serials.schema';
import { type AdjustmentInput, adjustReceipt, deleteReceipt, findReceiptPage, type ReceiptQuery } from './receipts.service';
import { itemAttributeChoices } from './receiving.choices';
import { readPo } from './receiving.po';
import { addReceipt, type ReceiptInput } from './receiving.service';
import { reconcilePo } from './reconcile.service';

const text = optionalText;
const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
/** A quantity as typed (3 decimals at most, checked by the service) or as a JSON number. */
const Quantity = Type.Union([Type.String({ maxLength: 24 }), Type.Number()]);
const OptionalQuantity = optionalTextOrNumber(24);
const DATE = Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const attributes: Record<string, TSchema> = Object.fromEntries(
  Array.from({ length: 11 }, (_, i) => [`genericAttrValue${i + 1}`, text(100)]),
);

const AddReceiptBody = Type.Object({
  whId: code(20),
  poNumber: code(30),
  lineNumber: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  qty: Quantity,
  qtyDamaged: OptionalQuantity,
  lotNumber: text(50),
  expirationDate: text(10),
  huId: text(50),
  masterHuId: text(50),
  doorId: text(20),
  locationId: text(30),
  receiptId: text(30),
  serialNumbers: SerialNumbersSchema,
  ...attributes,
});

const AdjustBody = Type.Object({
  id: IdSchema,
  qtyReceived: Quantity,
  qtyDamaged: OptionalQuantity,
  lotNumber: text(50),
  expirationDate: text(10),
  huId: text(50),
});

const PoBody = Type.Object({ whId: code(20), poNumber: code(30) });

const ReceiptPageBody = Type.Object({
  pageNum: PageRequestSchema.properties.pageNum,
  pageSize: PageRequestSchema.properties.pageSize,
  whId: Type.Optional(Type.String({ maxLength: 20 })),
  clientCode: Type.Optional(Type.String({ maxLength: 30 })),
  poNumber: Type.Optional(Type.String({ maxLength: 30 })),
  receiptId: Type.Optional(Type.String({ maxLength: 30 })),
  itemNumber: Type.Optional(Type.String({ maxLength: 50 })),
  vendorCode: Type.Optional(Type.String({ maxLength: 30 })),
  status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('R'), Type.Literal('Q'), Type.Literal('P')])),
  receiptDateFrom: Type.Optional(DATE),
  receiptDateTo: Type.Optional(DATE),
});

const YesNo = oneOf(['Y', 'N']);
const PoStatus = oneOf(CODE_LISTS.poStatus);
const ReceiptStatus = oneOf(CODE_LISTS.receiptStatus);

/** `PoLineView` (receiving.po.ts): a PO line with what was received, in its order unit. */
const PO_LINE_FIELDS: Record<string, JsonSchema> = {
  id: integer,
  lineNumber: integer,
  itemNumber: string,
  itemDescription: string,
  orderUom: string,
  lotControl: YesNo,
  shelfLife: nullableInteger,
  serialControl: YesNo,
  factor: { type: ['string', 'null'], description: 'base units per order unit as text; null when the unit is unknown' },
  sampleRate: nullableInteger,
  lotNumber: nullableText,
  storedAttributeId: nullableInteger,
  ordered: amount,
  received: amount,
  damaged: amount,
  remaining: amount,
  attributeTypes: list(nullableText),
  attributeValues: list(nullableText),
};
/** `PoView` without its lines. */
const PO_FIELDS: Record<string, JsonSchema> = {
  poNumber: string,
  whId: string,
  clientCode: string,
  vendorCode: nullableText,
  status: PoStatus,
  closedDate: day,
  closeBy: nullableText,
};

/** A receipt row of `tReceipt/findPageByPara` (receipts.service.ts `findReceiptPage`). */
const ReceiptRow = closed({
  id: integer,
  whId: string,
  clientCode: string,
  receiptId: string,
  poNumber: string,
  lineNumber: integer,
  vendorCode: nullableText,
  itemNumber: string,
  itemDescription: nullableText,
  lotNumber: nullableText,
  expirationDate: day,
  huId: nullableText,
  masterHuId: nullableText,
  qtyReceived: amount,
  qtyDamaged: amount,
  uom: string,
  locationId: string,
  doorId: nullableText,
  putLocationId: nullableText,
  qtyInspect: amount,
  qtyBack: amount,
  status: ReceiptStatus,
  receiptDate: { type: 'string', format: 'date-time' },
  receiveBy: nullableText,
  storedAttributeId: nullableInteger,
  adjustable: { ...YesNo, description: 'Y when the row may still be corrected or deleted' },
});

const ReceiptAnswerSchema = closed({
  id: integer,
  receiptId: string,
  status: oneOf(['R', 'Q']),
  qtyReceived: amount,
  qtyDamaged: amount,
  locationId: string,
  baseQty: amount,
});

const rowId = envelope({ type: 'integer', description: "the receipt row's id" });

export function registerReceivingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const receiptView = permission('tReceipt', 'view');
  const receiptAdd = permission('tReceipt', 'add');

  app.post(
    '/globalOptions/addReceipt',
    { schema: { body: AddReceiptBody, response: { 200: envelope(ReceiptAnswerSchema) } }, config: { permission: receiptAdd } },
    async (request) => ok(await addReceipt(db, request.body as ReceiptInput, request.user!)),
  );

  app.post(
    '/tReceipt/receiptAdjustment',
    { schema: { body: AdjustBody, response: { 200: rowId } }, config: { permission: permission('tReceipt', 'edit') } },
    async (request) => ok(await adjustReceipt(db, request.body as AdjustmentInput, request.user!)),
  );

  app.post(
    '/tReceipt/deleteReceipt',
    {
      schema: { body: Type.Object({ id: IdSchema }), response: { 200: rowId } },
      config: { permission: permission('tReceipt', 'delete') },
    },
    async (request) => ok(await deleteReceipt(db, (request.body as { id: number }).id, request.user!)),
  );

  // Reading needs a view permission of receipts or POs; closing also sys:tPoMaster:edit (checked by the service).
  app.post(
    '/tReceipt/receiptReconcile',
    {
      schema: {
        body: Type.Object({ ...PoBody.properties, close: Type.Optional(Type.Boolean()) }),
        response: {
          200: envelope(
            closed({
              ...PO_FIELDS,
              lines: list(closed({ ...PO_LINE_FIELDS, good: amount, short: amount, over: amount })),
              closed: { type: 'boolean', description: 'whether this call closed the PO' },
            }),
          ),
        },
      },
      config: { permission: `${receiptView},${permission('tPoMaster', 'view')}`, audit: true },
    },
    async (request) =>
      ok(await reconcilePo(db, request.user!, request.body as { whId: string; poNumber: string; close?: boolean })),
  );

  app.post(
    '/tReceipt/findPageByPara',
    { schema: { body: ReceiptPageBody, response: { 200: envelope(page(ReceiptRow)) } }, config: { permission: receiptView } },
    async (request) => ok(await findReceiptPage(db, request.user!, request.body as ReceiptQuery)),
  );

  // The receiving desk: one PO with its lines and what remains to receive.
  app.post(
    '/tReceipt/getReceivingPo',
    {
      schema: {
        body: PoBody,
        response: { 200: envelope(closed({ ...PO_FIELDS, lines: list(closed(PO_LINE_FIELDS)) })) },
      },
      config: { permission: `${receiptAdd},${receiptView}` },
    },
    async (request) => {
      const { whId, poNumber } = request.body as { whId: string; poNumber: string };
      const po = await readPo(db, request.user!, whId, poNumber);
      if (!po) throw new AppError('receiptPoNotFound', { poNumber });
      return ok(po);
    },
  );

  // The receive dialog's attribute choices: the values the item already has in the warehouse (receiving.choices.ts).
  app.post(
    '/tReceipt/getItemAttributeValues',
    {
      schema: {
        body: Type.Object({ whId: code(20), itemNumber: code(50) }),
        response: {
          200: envelope(list(closed({ slot: integer, attributeType: string, values: list(string) }))),
        },
      },
      config: { permission: `${receiptAdd},${receiptView}` },
    },
    async (request) => {
      const { whId, itemNumber } = request.body as { whId: string; itemNumber: string };
      return ok(await itemAttributeChoices(db, request.user!, whId, itemNumber));
    },
  );

  // The desk's PO choice: open and receiving POs of a warehouse (and client), newest first.
  app.post(
    '/tReceipt/getReceivablePo',
    {
      schema: {
        body: Type.Object({ whId: code(20), clientCode: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: { 200: optionsAnswer },
      },
      config: { permission: `${receiptAdd},${receiptView}` },
    },
    async (request) => {
      const { whId, clientCode } = request.body as { whId: string; clientCode?: string };
      const { rows } = await sql<{ optionValue: string; optionDisplay: string }>`
        select po_number as option_value, po_number || coalesce(' · ' || v.vendor_name, '') as option_display
        from t_po_master p
        left join t_vendor v on v.wh_id = p.wh_id and v.vendor_code = p.vendor_code
        where p.wh_id = ${whId} and p.status in ('O', 'R') and ${grantScope(request.user!, sql.ref('p.wh_id'), sql.ref('p.client_code'))}
          ${clientCode ? sql`and p.client_code = ${clientCode}` : sql``}
        order by p.id desc limit 200`.execute(db);
      return ok(rows);
    },
  );
}
