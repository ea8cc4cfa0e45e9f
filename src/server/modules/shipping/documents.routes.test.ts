/**
 * The print routes: each answers a PDF (`application/pdf`, inline with a file name) that pdf-lib can open — a label
 * page per carton, a packing list page per order — and records one print-job row (document type, reference, pages,
 * bytes, the user's language, the warehouse's active printer of that type, who). Refusals answer the JSON envelope
 * and print nothing; :view is required.
 */
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPickFixture, PK } from '../../../../tests/support/pickFixture';
import { closedCartons } from '../../../../tests/support/shipFixture';
import { createTestApp, createUser, type TestApp } from '../../../../tests/support/testApp';
import { permission } from '../../../shared/permissions';
import { PRINT_JOB_CLIENTS_BACKFILL } from '../../db/migrations/0023_print_job_clients';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: string;
let cartons: string[];
let deliveryNumber: string;
const db = () => t.connection.db;

beforeAll(async () => {
  t = await createTestApp();
  await createPickFixture(db());
  admin = await t.login();
  const packed = await closedCartons(db(), 'TSH-PDF', [
    { orderNumber: 'TSH-PDF-A', lines: [{ itemNumber: PK.itemPlain, qty: '3' }], cartons: 3 },
    { orderNumber: 'TSH-PDF-B', lines: [{ itemNumber: PK.itemPlain, qty: '1' }] },
  ]);
  cartons = packed.cartons;
  await t.post('/api/tblShippingLabel/applyShipLabel', { whId: PK.whId, cartonNumbers: cartons }, admin);
  const res = await t.post<{ deliveryNumber: string }>(
    '/api/tblShippingLabel/generateDelivery',
    { whId: PK.whId, cartonNumbers: cartons },
    admin,
  );
  deliveryNumber = res.body.data.deliveryNumber;
});
afterAll(() => t.close());

const print = (call: string, body: Row, token = admin) =>
  t.post(`/api/tblShippingLabel/${call}`, { whId: PK.whId, ...body }, token);

async function lastJob() {
  const { rows } = await sql<{
    documentType: string;
    reference: string;
    pages: number;
    bytes: number;
    language: string;
    printerName: string | null;
    printBy: string;
  }>`
    select document_type, reference, pages, bytes, language, printer_name, print_by from tbl_print_job
    where wh_id = ${PK.whId} order by id desc limit 1`.execute(db());
  return rows[0];
}

const jobCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from tbl_print_job`.execute(db())).rows[0]?.n ?? 0;

/** Checks a PDF answer and answers its page count. */
async function pdfPages(res: Awaited<ReturnType<typeof print>>, fileName: string): Promise<number> {
  expect(res.status).toBe(200);
  expect(res.raw.headers['content-type']).toBe('application/pdf');
  expect(res.raw.headers['content-disposition']).toBe(`inline; filename="${fileName}"`);
  const pdf = await PDFDocument.load(res.raw.rawPayload);
  return pdf.getPageCount();
}

describe('print routes', () => {
  it('printLabels: one page per carton, a SHIP_LABEL job at the label printer, in the user language', async () => {
    const res = await print('printLabels', { cartonNumbers: cartons });
    expect(await pdfPages(res, `labels-${cartons[0]}-4.pdf`)).toBe(4);
    expect(await lastJob()).toEqual({
      documentType: 'SHIP_LABEL',
      reference: cartons.join(', '),
      pages: 4,
      bytes: res.raw.rawPayload.length,
      language: 'zh_cn',
      printerName: 'ZEBRA-PACK-01',
      printBy: 'admin',
    });
    const one = await print('printLabels', { cartonNumbers: [cartons[1]] });
    expect(await pdfPages(one, `label-${cartons[1]}.pdf`)).toBe(1);
  });

  it('printDeliveryNote, printDispatchList: PDFs with their jobs (no dispatch printer in the demo)', async () => {
    const note = await print('printDeliveryNote', { deliveryNumber });
    expect(await pdfPages(note, `delivery-note-${deliveryNumber}.pdf`)).toBeGreaterThanOrEqual(1);
    expect(await lastJob()).toMatchObject({
      documentType: 'DELIVERY_NOTE',
      reference: deliveryNumber,
      printerName: 'HP-OFFICE-01',
      bytes: note.raw.rawPayload.length,
    });
    const dispatch = await print('printDispatchList', { deliveryNumber });
    expect(await pdfPages(dispatch, `dispatch-list-${deliveryNumber}.pdf`)).toBeGreaterThanOrEqual(1);
    expect(await lastJob()).toMatchObject({ documentType: 'DISPATCH_LIST', reference: deliveryNumber, printerName: null });
  });

  it('printPackingList: a page per order of a delivery, or of one order', async () => {
    const byDelivery = await print('printPackingList', { deliveryNumber });
    expect(await pdfPages(byDelivery, `packing-list-${deliveryNumber}.pdf`)).toBe(2);
    expect(await lastJob()).toMatchObject({ documentType: 'PACKING_LIST', reference: deliveryNumber, pages: 2 });
    const byOrder = await print('printPackingList', { orderNumber: 'TSH-PDF-B' });
    expect(await pdfPages(byOrder, 'packing-list-TSH-PDF-B.pdf')).toBe(1);
    expect(await lastJob()).toMatchObject({ documentType: 'PACKING_LIST', reference: 'TSH-PDF-B', pages: 1 });
  });

  it('prints in the user language: an English user records en_us', async () => {
    await createUser(t, 'tsh-printer', { permissions: [permission('tblShippingLabel', 'view')], warehouses: [PK.whId] });
    const user = await t.login('tsh-printer', 'Secret#123');
    const res = await print('printDeliveryNote', { deliveryNumber }, user);
    expect(res.status).toBe(200);
    expect(await lastJob()).toMatchObject({ language: 'en_us', printBy: 'tsh-printer' });
  });

  it('refusals answer the JSON envelope and print nothing; :view is required', async () => {
    const before = await jobCount();
    const unknown = await print('printLabels', { cartonNumbers: ['NOPE'] });
    expect(unknown.raw.headers['content-type']).toContain('application/json');
    expect(unknown.body).toMatchObject({ errorCode: 'notFound' });
    expect((await print('printDeliveryNote', { deliveryNumber: 'NOPE' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await print('printDispatchList', { deliveryNumber: 'NOPE' })).body).toMatchObject({ errorCode: 'notFound' });
    expect((await print('printPackingList', {})).body).toMatchObject({ errorCode: 'packageQueryOneOf' });
    expect((await print('printLabels', { cartonNumbers: [] })).status).toBe(400);
    await createUser(t, 'tsh-noprint', { permissions: [permission('tblShippingLabel', 'edit')], warehouses: [PK.whId] });
    const noView = await t.login('tsh-noprint', 'Secret#123');
    for (const [call, body] of [
      ['printLabels', { cartonNumbers: cartons }],
      ['printDeliveryNote', { deliveryNumber }],
      ['printDispatchList', { deliveryNumber }],
      ['printPackingList', { deliveryNumber }],
    ] as const) {
      expect((await print(call, body, noView)).status).toBe(403);
    }
    await createUser(t, 'tsh-print2', { permissions: [permission('tblShippingLabel', 'view')], warehouses: ['WH02'] });
    const wh2 = await t.login('tsh-print2', 'Secret#123');
    expect((await print('printLabels', { cartonNumbers: cartons }, wh2)).body).toMatchObject({
      errorCode: 'warehouseNotGranted',
    });
    expect(await jobCount()).toBe(before);
  });

  it('the print log shows a user limited to some clients only the prints of theirs, old prints included', async () => {
    await print('printLabels', { cartonNumbers: cartons });
    await print('printPackingList', { orderNumber: 'TSH-PDF-B' });
    const viewer = async (name: string, clients: string[]) => {
      await createUser(t, name, { permissions: [permission('tblPrintScheduler', 'view')], warehouses: [PK.whId] });
      await sql`update sys_user_warehouse set client_codes = ${clients}::varchar[]
        where user_id = (select id from sys_user where name = ${name})`.execute(db());
      return t.login(name, 'Secret#123');
    };
    const references = async (token: string) => {
      const res = await t.post<{ content: Row[] }>(
        '/api/tblPrintJob/findPage',
        { pageNum: 1, pageSize: 1000, columnFilters: { whId: PK.whId } },
        token,
      );
      expect(res.body.code, res.body.msg ?? '').toBe(200);
      return res.body.data.content.map((r) => String(r.reference));
    };
    const ours = [cartons.join(', '), deliveryNumber, 'TSH-PDF-B'];
    const other = await viewer('tsh-log-acme', ['ACME']);
    const own = await viewer('tsh-log-tinvc', [PK.client]);
    for (const reference of ours) {
      expect(await references(own)).toContain(reference);
      expect(await references(other)).not.toContain(reference);
      expect(await references(admin)).toContain(reference);
    }
    // Prints recorded before the clients were (migration 0023) get theirs from the reference they kept.
    await sql`update tbl_print_job set client_codes = '{}' where wh_id = ${PK.whId}`.execute(db());
    await sql.raw(PRINT_JOB_CLIENTS_BACKFILL).execute(db());
    const { rows } = await sql<{ clientCodes: string[] }>`
      select distinct client_codes from tbl_print_job where wh_id = ${PK.whId} and reference = any(${ours}::varchar[])`.execute(
      db(),
    );
    expect(rows.map((r) => r.clientCodes)).toEqual([[PK.client]]);
    expect(await references(other)).not.toContain(deliveryNumber);
  });
});
