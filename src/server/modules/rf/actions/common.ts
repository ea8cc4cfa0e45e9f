/**
 * What the RF actions share: the GS1 reading of a scan, the item a scan names (item number, UPC, or GS1 GTIN → the
 * item master's `upc`), and the input checks with the same rules and messages as the console's fields.
 */
import { sql } from 'kysely';
import { type Gs1Fields, gs1Date, gtinForms, parseGs1 } from '../../../../shared/scan/gs1';
import { type FieldRule, isCalendarDate, matchesRule, textLength } from '../../../../shared/validation';
import { AppError } from '../../../platform/errors';
import type { RfContext } from './types';

/** The GS1 fields of a scan; null for a plain code; a malformed GS1 code is refused (nothing filled). */
export function gs1Of(scan: string): Gs1Fields | null {
  const parsed = parseGs1(scan);
  if (!parsed) return null;
  if (!parsed.ok) throw new AppError('rfGs1Invalid', { reason: parsed.error, ai: parsed.params.ai });
  return parsed.fields;
}

/** The flow values a GS1 scan fills (lot, expiry, pallet, quantity); absent ones are left as they are. */
export function gs1Values(fields: Gs1Fields | null): Record<string, string> {
  if (!fields) return {};
  const values: Record<string, string> = {};
  if (fields.lot) values.lotNumber = fields.lot;
  if (fields.expiry ?? fields.bestBefore) values.expirationDate = (fields.expiry ?? fields.bestBefore) as string;
  if (fields.sscc) values.huId = fields.sscc;
  if (fields.count && fields.count !== '0') values.qty = fields.count;
  return values;
}

export interface ScannedItem {
  itemNumber: string;
  description: string | null;
  lotControl: 'Y' | 'N';
  uom: string;
}

/**
 * The item of the flow's warehouse and client (or of one of `clients`: a station's look-up) a text names: item number,
 * display number or UPC; null when none.
 */
export async function itemByCode(
  ctx: RfContext,
  codes: readonly string[],
  clients: readonly string[] = [ctx.clientCode],
): Promise<ScannedItem | null> {
  const { rows } = await sql<ScannedItem>`
    select item_number, description, lot_control, uom from t_item_master
    where wh_id = ${ctx.whId} and client_code = any(${clients as string[]}::varchar[])
      and (item_number = any(${codes as string[]}::varchar[]) or upc = any(${codes as string[]}::varchar[])
        or display_item_number = any(${codes as string[]}::varchar[]))
    order by (item_number = any(${codes as string[]}::varchar[])) desc, item_number
    limit 1`.execute(ctx.db);
  return rows[0] ?? null;
}

/** The item a scan names (a GS1 scan by its GTIN), with the GS1 fields; refused when none. */
export async function scannedItem(ctx: RfContext, scan: string): Promise<{ item: ScannedItem; gs1: Gs1Fields | null }> {
  const gs1 = gs1Of(scan);
  if (gs1 && !gs1.gtin) throw new AppError('rfGs1NoItem');
  const codes = gs1?.gtin ? gtinForms(gs1.gtin) : [scan];
  const item = await itemByCode(ctx, codes);
  if (!item) throw new AppError('rfItemNotFound', { code: gs1?.gtin ?? scan, clientCode: ctx.clientCode });
  return { item, gs1 };
}

/** A quantity by one of the field rules (the console's), refused with its message. */
export function requireQty(value: string, rule: Extract<FieldRule, 'qtyPositive' | 'qtyNonNegative'>): string {
  if (!matchesRule(rule, value)) {
    throw new AppError(rule === 'qtyPositive' ? 'fieldQtyPositive' : 'fieldQtyNonNegative', { field: 'rf.field.qty' });
  }
  return value;
}

/** Control characters (a GS1 separator, a stray Ctrl key): never part of an id a worker scans or types. */
const CONTROL = /\p{Cc}/u;

/**
 * A code typed or scanned that is kept as an id (PO, location, lot, pallet, order): at most `max` characters, no
 * control characters — a GS1 string (its FNC1 separators are GS) is never taken whole as an id (issue 25 item 5).
 */
export function requireCode(value: string, field: string, max: number): string {
  if (textLength(value) > max) throw new AppError('fieldTooLong', { field, max });
  if (CONTROL.test(value)) throw new AppError('fieldControlChars', { field });
  return value;
}

/** A scan that may be GS1 (read by the caller) or a plain code: at most `max` characters; control characters only in GS1. */
export function requireScan(value: string, field: string, max: number): string {
  if (textLength(value) > max) throw new AppError('fieldTooLong', { field, max });
  if (CONTROL.test(value) && parseGs1(value) === null) throw new AppError('fieldControlChars', { field });
  return value;
}

/** A date as typed or scanned: YYYY-MM-DD, YYYYMMDD, YYMMDD or a GS1 scan with 17/15 → YYYY-MM-DD. */
export function requireDate(value: string): string {
  const gs1 = gs1Of(value);
  const fromGs1 = gs1?.expiry ?? gs1?.bestBefore;
  let date: string | null = fromGs1 ?? value;
  if (!fromGs1) {
    if (/^\d{8}$/.test(value)) date = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
    else if (/^\d{6}$/.test(value)) date = gs1Date(value);
  }
  if (!date || !isCalendarDate(date)) throw new AppError('fieldNotDate', { field: 'rf.field.expirationDate' });
  return date;
}

/**
 * One serial of the flow's item scanned at a serial step: the item label's GS1 AI 21 (its GTIN must be the item:
 * `rfWrongItem`; a GS1 code without AI 21: `rfGs1NoSerial`) or the text itself (≤ 60, no control characters), not one
 * already scanned in this step (`serialTwice`). Answers the serial and the flow's serials with it added.
 */
export async function scannedSerial(ctx: RfContext, itemNumber: string): Promise<{ serial: string; serials: string[] }> {
  const gs1 = gs1Of(ctx.input);
  if (gs1 && !gs1.serial) throw new AppError('rfGs1NoSerial');
  if (gs1?.gtin) {
    const item = await itemByCode(ctx, gtinForms(gs1.gtin));
    if (item?.itemNumber !== itemNumber) {
      throw new AppError('rfWrongItem', { itemNumber: item?.itemNumber ?? gs1.gtin, expected: itemNumber });
    }
  }
  const serial = requireCode(gs1?.serial ?? ctx.input, 'entity.tblSnMaster.field.serialNumber', 60);
  const serials = (ctx.values.serials ?? '').split('\n').filter(Boolean);
  if (serials.includes(serial)) throw new AppError('serialTwice', { serialNumber: serial, itemNumber });
  return { serial, serials: [...serials, serial] };
}

/** The values of a serial step after one more serial: the list (one a line), its count, the scan cleared. */
export const serialValues = (serials: readonly string[]) => ({
  serials: serials.join('\n'),
  serialCount: String(serials.length),
  serialScan: null,
});

/** Text compare of scanned codes: trimmed, case-insensitive. */
export const sameCode = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();
