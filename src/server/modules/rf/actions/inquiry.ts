/**
 * INQUIRY (README "Seeded flows"): one scan — a location, an item (number, UPC or GS1 GTIN) or a pallet (id or GS1
 * SSCC) — answers the stock there through the stock ledger's page (`tStoredItem/findPage`, the same generic query as
 * the console's stock screen, permission tStoredItem view, grants applied by it).
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import type { RfListRow } from '../../../../shared/rf';
import { gtinForms } from '../../../../shared/scan/gs1';
import { findPage } from '../../../crud/crud.service';
import type { CrudBinding } from '../../../crud/crud.types';
import { AppError } from '../../../platform/errors';
import { INVENTORY_BINDINGS } from '../../inventory/inventory.bindings';
import { gs1Of, itemByCode, requireScan } from './common';
import type { RfAction, RfContext } from './types';

const VIEW = permission('tStoredItem', 'view');
const STOCK = INVENTORY_BINDINGS.find((b) => b.entity.name === 'tStoredItem') as CrudBinding;
type By = 'locationId' | 'itemNumber' | 'huId';
type StockRow = Record<string, unknown>;

/** What the scan names, tried in this order: GS1 (GTIN item, SSCC pallet), location, item, pallet. */
async function target(ctx: RfContext, code: string): Promise<{ by: By; value: string }> {
  const gs1 = gs1Of(code);
  if (gs1?.sscc) return { by: 'huId', value: gs1.sscc };
  if (gs1?.gtin) {
    const item = await itemByCode(ctx, gtinForms(gs1.gtin), ctx.clients);
    if (!item) throw new AppError('rfItemNotFound', { code: gs1.gtin, clientCode: ctx.clients.join(', ') });
    return { by: 'itemNumber', value: item.itemNumber };
  }
  if (gs1) throw new AppError('rfGs1NoItem');
  const { rows } = await sql<{ found: string }>`
    select 'L' as found from t_location where wh_id = ${ctx.whId} and location_id = ${code}
    union all select 'H' from t_stored_item where wh_id = ${ctx.whId} and hu_id = ${code}
    limit 1`.execute(ctx.db);
  if (rows[0]?.found === 'L') return { by: 'locationId', value: code };
  const item = await itemByCode(ctx, [code], ctx.clients);
  if (item) return { by: 'itemNumber', value: item.itemNumber };
  if (rows[0]?.found === 'H') return { by: 'huId', value: code };
  throw new AppError('rfNothingFound', { code });
}

/** The stock rows (≤ 200) of each client the flow may serve, client by client (a station: every granted client). */
async function stock(ctx: RfContext, by: By, value: string): Promise<StockRow[]> {
  const rows: StockRow[] = [];
  for (const clientCode of ctx.clients) {
    if (rows.length >= 200) break;
    const page = await findPage(ctx.db, STOCK, ctx.user, {
      pageNum: 1,
      pageSize: 200 - rows.length,
      columnFilters: { whId: ctx.whId, clientCode, [by]: { value, exact: true } },
    });
    rows.push(...page.content);
  }
  return rows;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/** The client of a row, named when the flow serves more than one (a station's look-up). */
const clientOf = (ctx: RfContext, r: StockRow): string => (ctx.clients.length > 1 ? text(r.clientCode) : '');
const line = (ctx: RfContext, r: StockRow, by: By): string =>
  [
    clientOf(ctx, r),
    by === 'locationId' ? text(r.itemNumber) : text(r.locationId),
    text(r.lotNumber),
    text(r.huId),
    `${text(r.actualQty)}/${text(r.availableQty)}`,
  ]
    .filter(Boolean)
    .join(' ');

export const INQUIRY_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'inquiry.stock',
    permission: VIEW,
    doc: 'A location, item (number, UPC, GS1 GTIN) or pallet (id, GS1 SSCC) of the warehouse → its stock rows of the client (at a station: of every client of the warehouse the user is granted, each line naming its client) through tStoredItem findPage; sets the summary and the first three lines (rfNothingFound when the code names nothing).',
    async run(ctx) {
      const code = requireScan(ctx.input, 'rf.field.code', 60);
      const { by, value } = await target(ctx, code);
      const rows = await stock(ctx, by, value);
      const sum = (field: string) => rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);
      const round = (n: number) => String(Math.round(n * 1000) / 1000);
      return {
        values: {
          inqBy: by,
          inqValue: value,
          inqRows: String(rows.length),
          inqQty: round(sum('actualQty')),
          inqAvail: round(sum('availableQty')),
          inqLine1: rows[0] ? line(ctx, rows[0], by) : null,
          inqLine2: rows[1] ? line(ctx, rows[1], by) : null,
          inqLine3: rows[2] ? line(ctx, rows[2], by) : null,
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'inquiry.rows',
    permission: VIEW,
    doc: 'Every stock row of the last inquiry (≤ 200): location or item, lot, pallet, on hand / available.',
    async list(ctx): Promise<RfListRow[]> {
      const by = ctx.values.inqBy as By | undefined;
      if (!by || !ctx.values.inqValue) return [];
      const rows = await stock(ctx, by, ctx.values.inqValue);
      return rows.map((r) => ({
        value: by === 'locationId' ? text(r.itemNumber) : text(r.locationId),
        label: [clientOf(ctx, r), text(r.locationId), text(r.itemNumber)].filter(Boolean).join(' · '),
        detail: [text(r.lotNumber), text(r.huId), `${text(r.actualQty)}/${text(r.availableQty)}`].filter(Boolean).join(' · '),
      }));
    },
  },
];
