/**
 * The JSON calls of labels, deliveries and shipping (README "Labels", "Deliveries", "Shipping"): each route declares
 * its permission (`sys:tblShippingLabel:<action>`), validates its body, and calls one service function, which checks
 * the warehouse and client grants and runs one transaction.
 */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { SET_CARRIER_PERMISSION } from '../../../shared/entities/shipping';
import { permission } from '../../../shared/permissions';
import { amount, closed, countAnswer, decimal, integer, list, oneOf, string, text, time } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { optionalText } from '../../platform/schemas';
import { type SetCarrierInput, setCartonCarrier } from './carrier.service';
import {
  type GenerateDeliveryInput,
  generateDelivery,
  type RemoveFromDeliveryInput,
  removeFromDelivery,
  type ShipInput,
  shippingByDelivery,
} from './deliveries.service';
import { type AccessTokenInput, type ApplyLabelInput, applyShipLabel, labelServiceToken } from './labels.service';
import {
  type DeliveryDataInput,
  getDeliveryData,
  getDispatchData,
  getPackageData,
  getPrintData,
  type PackageDataInput,
  type PrintDataInput,
} from './shippingData.service';

const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
const optional = optionalText;
const cartons = (max: number) => Type.Array(code(30), { minItems: 1, maxItems: max });

export const CartonsBody = (max: number) => Type.Object({ whId: code(20), cartonNumbers: cartons(max) });
export const DeliveryBody = Type.Object({ whId: code(20), deliveryNumber: code(30) });
export const PackageBody = Type.Object({ whId: code(20), deliveryNumber: optional(30), orderNumber: optional(30) });
const GenerateBody = Type.Object({
  whId: code(20),
  cartonNumbers: cartons(500),
  deliveryNumber: optional(30),
  remark: optional(200),
});

const party = {
  warehouse: closed({ whId: string, name: string, address: string, phone: text }),
  shipTo: closed({ name: text, phone: text, address: string, city: text }),
};

/** `LabelData` (documents/documents.types.ts): one carton's label. */
const LabelDataSchema = closed({
  cartonNumber: string,
  shipLabelBarcode: string,
  orderNumber: string,
  waveId: string,
  carrierCode: string,
  carrierName: string,
  clientCode: string,
  customerName: text,
  shipTo: party.shipTo,
  from: party.warehouse,
  cartonType: string,
  weight: decimal,
  cartonSeq: integer,
  cartonCount: integer,
  totalQty: amount,
  qrText: string,
  printedAt: { type: 'string', format: 'date-time' },
});

/** `DeliveryData`: the delivery note. */
const DeliveryDataSchema = closed({
  deliveryNumber: string,
  status: oneOf(CODE_LISTS.deliveryStatus),
  carrierCode: string,
  carrierName: string,
  from: party.warehouse,
  createTime: { type: 'string', format: 'date-time' },
  createBy: text,
  shipTime: time,
  cartons: list(
    closed({
      cartonNumber: string,
      shipLabelBarcode: string,
      orderNumber: string,
      cartonType: string,
      weight: decimal,
      shipToName: text,
      shipToCity: text,
    }),
  ),
  totals: closed({ cartons: integer, orders: integer, weight: amount }),
});

/** `DispatchData`: the dispatch list, one row per order. */
const DispatchDataSchema = closed({
  deliveryNumber: string,
  carrierCode: string,
  carrierName: string,
  from: party.warehouse,
  createTime: { type: 'string', format: 'date-time' },
  orders: list(
    closed({
      orderNumber: string,
      customerName: text,
      shipTo: party.shipTo,
      cartonCount: integer,
      weight: amount,
      expressNumbers: list(string),
    }),
  ),
});

/** `PackageData`: the packing lists, one per order. */
const PackageDataSchema = closed({
  from: party.warehouse,
  deliveryNumber: text,
  orders: list(
    closed({
      orderNumber: string,
      customerName: text,
      shipTo: party.shipTo,
      carrierName: text,
      cartons: list(closed({ cartonNumber: string, shipLabelBarcode: text, cartonType: string, weight: decimal })),
      lines: list(
        closed({
          cartonNumber: string,
          itemNumber: string,
          description: text,
          lotNumber: text,
          qty: amount,
          uom: string,
        }),
      ),
    }),
  ),
});

export function registerShippingCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const can = (action: 'view' | 'add' | 'edit' | 'delete') => permission('tblShippingLabel', action);

  app.post(
    '/tblShippingLabel/applyShipLabel',
    {
      schema: {
        body: CartonsBody(200),
        response: { 200: envelope(list(closed({ cartonNumber: string, shipLabelBarcode: string }))) },
      },
      config: { permission: can('edit'), audit: true },
    },
    async (request) => ok(await applyShipLabel(db, request.body as ApplyLabelInput, request.user!)),
  );
  // Issue 27 item 3: the carrier of cartons whose order names none, before their label (README "Carrier of a carton").
  app.post(
    '/tblShippingLabel/setCarrier',
    {
      schema: {
        body: Type.Object({ whId: code(20), cartonNumbers: cartons(200), carrierId: code(30) }),
        response: { 200: envelope(closed({ cartons: integer })) },
      },
      config: { permission: SET_CARRIER_PERMISSION, audit: true },
    },
    async (request) => ok(await setCartonCarrier(db, request.body as SetCarrierInput, request.user!)),
  );
  // Spec 001 §7 lookup getAccessToken: the carrier / label service token of the warehouse (README "Label service
  // token"), for those who label cartons.
  app.post(
    '/globalOptions/getAccessToken',
    {
      schema: {
        body: Type.Object({ whId: code(20), clientCode: optional(30) }),
        response: { 200: envelope(closed({ accessToken: text, clientCode: text })) },
      },
      config: { permission: can('edit') },
    },
    async (request) => ok(await labelServiceToken(db, request.body as AccessTokenInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/getPrintData',
    {
      schema: { body: CartonsBody(1000), response: { 200: envelope(list(LabelDataSchema)) } },
      config: { permission: can('view') },
    },
    async (request) => ok(await getPrintData(db, request.body as PrintDataInput, request.user!, ctx.now())),
  );
  app.post(
    '/tblShippingLabel/generateDelivery',
    {
      schema: {
        body: GenerateBody,
        response: { 200: envelope(closed({ deliveryNumber: string, cartonCount: integer })) },
      },
      config: { permission: can('add'), audit: true },
    },
    async (request) => ok(await generateDelivery(db, request.body as GenerateDeliveryInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/removeFromDelivery',
    { schema: { body: CartonsBody(500), response: { 200: countAnswer } }, config: { permission: can('delete'), audit: true } },
    async (request) => ok(await removeFromDelivery(db, request.body as RemoveFromDeliveryInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/shippingByDelivery',
    {
      schema: {
        body: DeliveryBody,
        response: {
          200: envelope(closed({ deliveryNumber: string, cartons: integer, orders: integer, shippedQty: amount })),
        },
      },
      config: { permission: can('edit'), audit: true },
    },
    async (request) => ok(await shippingByDelivery(db, request.body as ShipInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/getDeliveryData',
    { schema: { body: DeliveryBody, response: { 200: envelope(DeliveryDataSchema) } }, config: { permission: can('view') } },
    async (request) => ok(await getDeliveryData(db, request.body as DeliveryDataInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/getDispatchData',
    { schema: { body: DeliveryBody, response: { 200: envelope(DispatchDataSchema) } }, config: { permission: can('view') } },
    async (request) => ok(await getDispatchData(db, request.body as DeliveryDataInput, request.user!)),
  );
  app.post(
    '/tblShippingLabel/getPackageData',
    { schema: { body: PackageBody, response: { 200: envelope(PackageDataSchema) } }, config: { permission: can('view') } },
    async (request) => ok(await getPackageData(db, request.body as PackageDataInput, request.user!)),
  );
}
