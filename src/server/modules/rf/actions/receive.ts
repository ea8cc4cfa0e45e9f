/**
 * RECEIVE (README "Seeded flows"): PO → item (a GS1 scan fills lot, expiry, pallet, quantity) → lot and expiry when
 * lot-controlled → quantity → location → pallet when the location holds pallets → `addReceipt`, the receiving desk's
 * service (`/globalOptions/addReceipt`, permission tReceipt add). Every step checks what it can early, with the
 * service's own messages; the receipt itself checks everything again.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { AppError } from '../../../platform/errors';
import { poNotOpen, RECEIVABLE, readPo } from '../../inbound/receiving.po';
import { addReceipt } from '../../inbound/receiving.service';
import { today } from '../../inventory/expiry';
import { serialInStock } from '../../serials/serials.service';
import { gs1Of, gs1Values, requireCode, requireDate, requireQty, scannedItem, scannedSerial, serialValues } from './common';
import type { RfAction, RfContext, RfResult } from './types';

const RECEIVE = permission('tReceipt', 'add');

/** The item values of one receipt, cleared after it. */
const ITEM_VALUES = [
  'itemScan',
  'itemNumber',
  'itemDescription',
  'lineNumber',
  'remaining',
  'uom',
  'lotControl',
  'lotNumber',
  'expirationDate',
  'qty',
  'huId',
  'locationId',
  'serialScan',
  'serials',
  'serialCount',
  'serialsNeeded',
] as const;
const cleared = () => Object.fromEntries(ITEM_VALUES.map((k) => [k, null])) as Record<string, null>;

/**
 * The PO of the flow's client, open or receiving. `resolve` (the PO step): of any client the flow may serve (a station:
 * every granted client of the warehouse), the flow then goes on for the PO's client. A PO of a client the user is not
 * granted answers as one that does not exist.
 */
async function receivablePo(ctx: RfContext, poNumber: string, resolve = false) {
  const po = await readPo(ctx.db, ctx.user, ctx.whId, poNumber);
  const served = po && (resolve ? ctx.clients.includes(po.clientCode) : po.clientCode === ctx.clientCode);
  if (!po || !served) throw new AppError('receiptPoNotFound', { poNumber });
  if (!RECEIVABLE.includes(po.status)) throw poNotOpen(po);
  return po;
}

async function defaultLocation(ctx: RfContext): Promise<string> {
  const { rows } = await sql<{ controlValue: string }>`
    select control_value from t_whse_control where wh_id = ${ctx.whId} and control_name = 'DEFAULT_RECEIVE_LOCATION'`.execute(
    ctx.db,
  );
  return rows[0]?.controlValue ?? '';
}

/** Receives what the flow collected through addReceipt; the next item follows (values cleared, the arrival kept). */
async function receive(ctx: RfContext, v: Record<string, string | undefined>): Promise<RfResult> {
  const answer = await addReceipt(
    ctx.db,
    {
      whId: ctx.whId,
      poNumber: v.poNumber ?? '',
      lineNumber: Number(v.lineNumber),
      qty: v.qty ?? '',
      lotNumber: v.lotNumber || null,
      expirationDate: v.expirationDate || null,
      huId: v.huId || null,
      locationId: v.locationId || null,
      receiptId: v.receiptId || null,
      serialNumbers: v.serials || null,
    },
    ctx.user,
  );
  return {
    values: {
      ...cleared(),
      receiptId: answer.receiptId,
      lastReceipt: `${v.itemNumber} × ${answer.qtyReceived} → ${answer.locationId}`,
    },
    message: {
      key: answer.status === 'Q' ? 'rf.msg.receivedInspect' : 'rf.msg.received',
      params: {
        qty: answer.qtyReceived,
        uom: v.uom ?? '',
        itemNumber: v.itemNumber ?? '',
        locationId: answer.locationId,
        receiptId: answer.receiptId,
      },
    },
  };
}

export const RECEIVE_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'receive.po',
    permission: RECEIVE,
    doc: 'The PO scanned: of the flow’s warehouse and client (at a station: of any client of the warehouse the user is granted, the flow going on for the PO’s client), granted, open or receiving (readPo, the receiving desk’s read). Sets poNumber and the default receiving location.',
    async run(ctx) {
      const po = await receivablePo(ctx, requireCode(ctx.input, 'rf.field.poNumber', 30), true);
      const open = po.lines.filter((l) => Number(l.remaining) > 0).length;
      return {
        clientCode: po.clientCode,
        values: {
          ...cleared(),
          poNumber: po.poNumber,
          poOpenLines: String(open),
          receiptId: null,
          defaultLocation: await defaultLocation(ctx),
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'receive.poList',
    permission: RECEIVE,
    doc: 'Open and receiving POs of the warehouse and the clients the flow may serve (the receiving desk’s PO choice; at a station each names its client), newest first.',
    async list(ctx) {
      const { rows } = await sql<{
        poNumber: string;
        clientCode: string;
        vendorCode: string | null;
        status: string;
        expectedDate: string | null;
      }>`
        select po_number, client_code, vendor_code, status, to_char(expected_date, 'YYYY-MM-DD') as expected_date
        from t_po_master
        where wh_id = ${ctx.whId} and client_code = any(${ctx.clients as string[]}::varchar[]) and status in ('O', 'R')
        order by po_number desc limit 200`.execute(ctx.db);
      const named = ctx.clients.length > 1;
      return rows.map((r) => ({
        value: r.poNumber,
        label: r.poNumber,
        detail: [named ? r.clientCode : null, r.vendorCode, r.expectedDate].filter(Boolean).join(' · '),
      }));
    },
  },
  {
    kind: 'exec',
    name: 'receive.item',
    permission: RECEIVE,
    doc: 'The item scanned (item number, UPC, or GS1: GTIN → item by upc, and lot, expiry, SSCC pallet, count filled): a line of the PO with something left to receive. Branch 1 (skip lot and expiry) when the item is not lot-controlled or the scan gave both.',
    async run(ctx) {
      const po = await receivablePo(ctx, ctx.values.poNumber ?? '');
      const { item, gs1 } = await scannedItem(ctx, ctx.input);
      const lines = po.lines.filter((l) => l.itemNumber === item.itemNumber);
      if (lines.length === 0) throw new AppError('rfItemNotOnPo', { itemNumber: item.itemNumber, poNumber: po.poNumber });
      const line = lines.find((l) => Number(l.remaining) > 0);
      if (!line) throw new AppError('rfItemReceived', { itemNumber: item.itemNumber, poNumber: po.poNumber });
      const filled = gs1Values(gs1);
      const values: Record<string, string | null> = {
        ...cleared(),
        itemScan: ctx.input,
        itemNumber: item.itemNumber,
        itemDescription: line.itemDescription ?? '',
        lineNumber: String(line.lineNumber),
        remaining: line.remaining,
        uom: line.orderUom,
        lotControl: line.lotControl,
        lotNumber: filled.lotNumber ?? line.lotNumber ?? null,
        expirationDate: filled.expirationDate ?? null,
        qty: filled.qty ?? line.remaining,
        huId: filled.huId ?? null,
      };
      const lotDone = line.lotControl !== 'Y' || (filled.lotNumber && filled.expirationDate);
      return lotDone ? { values, branch: 1 } : { values };
    },
  },
  {
    kind: 'list',
    name: 'receive.poLines',
    permission: RECEIVE,
    doc: 'The PO’s lines with what is left to receive.',
    async list(ctx) {
      const po = await receivablePo(ctx, ctx.values.poNumber ?? '');
      return po.lines
        .filter((l) => Number(l.remaining) > 0)
        .map((l) => ({
          value: l.itemNumber,
          label: `${l.lineNumber} · ${l.itemNumber}`,
          detail: `${l.itemDescription ?? ''} · ${l.remaining} ${l.orderUom}`,
        }));
    },
  },
  {
    kind: 'exec',
    name: 'receive.lot',
    permission: RECEIVE,
    doc: 'The lot (typed, or a GS1 scan with AI 10, which may also give the expiry; a GS1 scan without one is refused, rfGs1NoLot; a lot run into another AI, rf.gs1.missingSeparator): not longer than 50, no control characters, the PO line’s lot when it names one (receiptLotMismatch).',
    async run(ctx) {
      const gs1 = gs1Of(ctx.input);
      // A GS1 scan without a lot (AI 10) is not a lot: never the whole string.
      if (gs1 && !gs1.lot) throw new AppError('rfGs1NoLot');
      const lot = requireCode(gs1?.lot ?? ctx.input, 'rf.field.lotNumber', 50);
      const po = await receivablePo(ctx, ctx.values.poNumber ?? '');
      const line = po.lines.find((l) => String(l.lineNumber) === ctx.values.lineNumber);
      if (line?.lotNumber && line.lotNumber !== lot) {
        throw new AppError('receiptLotMismatch', { lineNumber: line.lineNumber, lotNumber: line.lotNumber });
      }
      const expiry = gs1Values(gs1).expirationDate;
      return { values: { lotNumber: lot, ...(expiry ? { expirationDate: expiry } : {}) } };
    },
  },
  {
    kind: 'exec',
    name: 'receive.expiry',
    permission: RECEIVE,
    doc: 'The expiry date: YYYY-MM-DD, YYYYMMDD, YYMMDD or a GS1 scan (17/15); an expired date is refused (receiptLotExpired). Left empty for an item with a shelf life: the receipt date + the shelf life (addReceipt).',
    async run(ctx) {
      if (ctx.input.trim() === '') {
        const { rows } = await sql<{ shelfLife: number | null }>`
          select shelf_life from t_item_master where wh_id = ${ctx.whId} and item_number = ${ctx.values.itemNumber ?? ''}`.execute(
          ctx.db,
        );
        if ((rows[0]?.shelfLife ?? 0) > 0) return { values: { expirationDate: null } };
      }
      const expirationDate = requireDate(ctx.input);
      if (expirationDate < (await today(ctx.db))) {
        throw new AppError('receiptLotExpired', { lotNumber: ctx.values.lotNumber ?? '', expirationDate });
      }
      return { values: { expirationDate } };
    },
  },
  {
    kind: 'exec',
    name: 'receive.qty',
    permission: RECEIVE,
    doc: 'The quantity in the line’s order unit (qtyPositive; a GS1 scan’s AI 37). The tolerance is the receipt’s check. A serial-controlled item answers branch 1: the serial step, once per base unit (a whole number of them, serialCountMismatch).',
    async run(ctx) {
      const count = gs1Of(ctx.input)?.count;
      const qty = requireQty(count ?? ctx.input, 'qtyPositive');
      const po = await receivablePo(ctx, ctx.values.poNumber ?? '');
      const line = po.lines.find((l) => String(l.lineNumber) === ctx.values.lineNumber);
      if (line?.serialControl !== 'Y') return { values: { qty } };
      const base = Number(qty) * Number(line.factor ?? '1');
      if (!Number.isInteger(base)) throw new AppError('serialCountMismatch', { itemNumber: line.itemNumber, qty, count: 0 });
      const serials = { serials: '', serialCount: '0', serialsNeeded: String(base) };
      return { values: { qty, ...serials }, branch: 1 };
    },
  },
  {
    kind: 'exec',
    name: 'receive.serial',
    permission: RECEIVE,
    doc: 'One serial of the item (typed, or the item label’s GS1 code: AI 21, its GTIN the flow’s item — rfWrongItem; a GS1 code without AI 21: rfGs1NoSerial): ≤ 60, no control characters, not scanned before in this receipt nor in stock for the item (serialTwice). Answers branch 1 (the next serial) until one per base unit is scanned, then goes on to the location.',
    async run(ctx) {
      const itemNumber = ctx.values.itemNumber ?? '';
      const { serial, serials } = await scannedSerial(ctx, itemNumber);
      if (await serialInStock(ctx.db, ctx.whId, itemNumber, serial)) {
        throw new AppError('serialTwice', { serialNumber: serial, itemNumber });
      }
      const values = serialValues(serials);
      return serials.length < Number(ctx.values.serialsNeeded ?? '0') ? { values, branch: 1 } : { values };
    },
  },
  {
    kind: 'exec',
    name: 'receive.location',
    permission: RECEIVE,
    doc: 'The receiving location: active (locationNotActive). A pallet (H) location goes on to the pallet step; any other receives at once (addReceipt) and answers branch 1 (next item).',
    async run(ctx) {
      const locationId = requireCode(ctx.input, 'rf.field.locationId', 30);
      const { rows } = await sql<{ status: string; itemHuIndicator: string }>`
        select status, item_hu_indicator from t_location where wh_id = ${ctx.whId} and location_id = ${locationId}`.execute(
        ctx.db,
      );
      const place = rows[0];
      if (place?.status !== 'A') throw new AppError('locationNotActive', { locationId });
      if (place.itemHuIndicator === 'H') return { values: { locationId } };
      return { ...(await receive(ctx, { ...ctx.values, locationId, huId: '' })), branch: 1 };
    },
  },
  {
    kind: 'exec',
    name: 'receive.pallet',
    permission: RECEIVE,
    doc: 'The pallet id (typed, or a GS1 SSCC; a GS1 code without SSCC — an item label — is refused: rfGs1NoPallet; control characters: fieldControlChars), then the receipt (addReceipt).',
    async run(ctx) {
      const gs1 = gs1Of(ctx.input);
      if (gs1 && !gs1.sscc) throw new AppError('rfGs1NoPallet');
      const huId = requireCode(gs1?.sscc ?? ctx.input, 'rf.field.huId', 50);
      return receive(ctx, { ...ctx.values, huId });
    },
  },
];
