/**
 * The printed documents (README "Documents (routes)"): labels, delivery note, dispatch list and packing list as PDFs in
 * the user's language (`application/pdf`, shown inline). Each route reads its data call, renders, then records the
 * print in `tbl_print_job` (its own small transaction, after rendering: the document type, what was printed, pages,
 * bytes, language, the warehouse's active printer of that type if any, who). Refusals answer the JSON envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { permission } from '../../../shared/permissions';
import { isLanguage } from '../../../shared/wire';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { AppContext } from '../../platform/context';
import { binaryAnswer } from '../../platform/openapi';
import { type RenderedPdf, renderDeliveryNote, renderDispatchList, renderLabels, renderPackingList } from './documents';
import type { DocumentLanguage } from './documents/documents.types';
import { CartonsBody, DeliveryBody, PackageBody } from './shipping.calls.routes';
import {
  type DeliveryDataInput,
  getDeliveryData,
  getDispatchData,
  getPackageData,
  getPrintData,
  type PackageDataInput,
  type PrintDataInput,
} from './shippingData.service';

export type PrintedDocument = 'SHIP_LABEL' | 'DELIVERY_NOTE' | 'DISPATCH_LIST' | 'PACKING_LIST';

/** What a printed document covers, by number: its clients are those of these cartons, deliveries' cartons and orders. */
export interface PrintCovers {
  cartons?: readonly string[];
  deliveries?: readonly string[];
  orders?: readonly string[];
}

export interface PrintRecord {
  whId: string;
  documentType: PrintedDocument;
  reference: string;
  covers: PrintCovers;
  language: DocumentLanguage;
  printBy: string;
}

/**
 * Records one printed document; the printer is the warehouse's active one for that document type (lowest id), if any.
 * The row keeps the clients of what was printed (`client_codes`, migration 0023): the print log shows a user only the
 * prints whose every client they hold, as the Deliveries list does.
 */
export async function recordPrintJob(db: Db, record: PrintRecord, pdf: RenderedPdf): Promise<void> {
  const { whId } = record;
  const list = (numbers: readonly string[] | undefined) => sql`${[...(numbers ?? [])]}::varchar[]`;
  const clients = sql`array(
    select c.client_code from tbl_shipping_label c where c.wh_id = ${whId}
      and (c.carton_number = any(${list(record.covers.cartons)}) or c.delivery_number = any(${list(record.covers.deliveries)}))
    union
    select o.client_code from t_order o where o.wh_id = ${whId} and o.order_number = any(${list(record.covers.orders)})
    order by 1)`;
  await inTransaction(db, async (trx) => {
    await sql`
      insert into tbl_print_job (wh_id, document_type, reference, client_codes, pages, bytes, language, printer_name, print_by)
      values (${whId}, ${record.documentType}, ${record.reference.slice(0, 200)}, ${clients}, ${pdf.pages}, ${pdf.bytes.length},
        ${record.language}, (select p.printer_name from tbl_print_scheduler p where p.wh_id = ${whId}
          and p.document_type = ${record.documentType} and p.status = 'A' order by p.id limit 1), ${record.printBy})`.execute(
      trx,
    );
  });
}

/** The user's language (the documents are printed in it), else the request's. */
const languageOf = (request: FastifyRequest): DocumentLanguage =>
  isLanguage(request.user?.language) ? request.user.language : request.lang;

/** A file name made of safe characters only. */
const fileName = (name: string) => `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)}.pdf`;

async function sendPdf(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  record: Omit<PrintRecord, 'language' | 'printBy'>,
  name: string,
  render: (language: DocumentLanguage) => Promise<RenderedPdf>,
): Promise<FastifyReply> {
  const language = languageOf(request);
  const pdf = await render(language);
  await recordPrintJob(db, { ...record, language, printBy: request.user?.name ?? '' }, pdf);
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName(name)}"`)
    .send(Buffer.from(pdf.bytes));
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const view = { permission: permission('tblShippingLabel', 'view') };
  const PDF = binaryAnswer('application/pdf');

  app.post(
    '/tblShippingLabel/printLabels',
    { schema: { body: CartonsBody(1000), response: PDF }, config: view },
    async (request, reply) => {
      const body = request.body as PrintDataInput;
      const labels = await getPrintData(db, body, request.user!, ctx.now());
      const numbers = labels.map((l) => l.cartonNumber);
      const name = numbers.length === 1 ? `label-${numbers[0]}` : `labels-${numbers[0]}-${numbers.length}`;
      return sendPdf(
        db,
        request,
        reply,
        { whId: body.whId, documentType: 'SHIP_LABEL', reference: numbers.join(', '), covers: { cartons: numbers } },
        name,
        (l) => renderLabels(labels, l),
      );
    },
  );

  app.post(
    '/tblShippingLabel/printDeliveryNote',
    { schema: { body: DeliveryBody, response: PDF }, config: view },
    async (request, reply) => {
      const body = request.body as DeliveryDataInput;
      const data = await getDeliveryData(db, body, request.user!);
      const covers = { deliveries: [data.deliveryNumber] };
      const record = { whId: body.whId, documentType: 'DELIVERY_NOTE' as const, reference: data.deliveryNumber, covers };
      return sendPdf(db, request, reply, record, `delivery-note-${data.deliveryNumber}`, (l) => renderDeliveryNote(data, l));
    },
  );

  app.post(
    '/tblShippingLabel/printDispatchList',
    { schema: { body: DeliveryBody, response: PDF }, config: view },
    async (request, reply) => {
      const body = request.body as DeliveryDataInput;
      const data = await getDispatchData(db, body, request.user!);
      const covers = { deliveries: [data.deliveryNumber] };
      const record = { whId: body.whId, documentType: 'DISPATCH_LIST' as const, reference: data.deliveryNumber, covers };
      return sendPdf(db, request, reply, record, `dispatch-list-${data.deliveryNumber}`, (l) => renderDispatchList(data, l));
    },
  );

  app.post(
    '/tblShippingLabel/printPackingList',
    { schema: { body: PackageBody, response: PDF }, config: view },
    async (request, reply) => {
      const body = request.body as PackageDataInput;
      const data = await getPackageData(db, body, request.user!);
      const reference = data.deliveryNumber ?? data.orders[0]?.orderNumber ?? '';
      const covers = {
        deliveries: data.deliveryNumber ? [data.deliveryNumber] : [],
        orders: data.orders.map((o) => o.orderNumber),
      };
      const record = { whId: body.whId, documentType: 'PACKING_LIST' as const, reference, covers };
      return sendPdf(db, request, reply, record, `packing-list-${reference}`, (l) => renderPackingList(data, l));
    },
  );
}
