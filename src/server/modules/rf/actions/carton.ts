/**
 * CARTON (README "Seeded flows"): an order picked in a wave → its open carton (`getNextCarton`: opened or resumed at
 * the wave's staging location) → item scan → quantity, repeated; F1 closes the carton with what was scanned
 * (`completeCartonPick`), F2 cancels an empty carton (`exitCartonPick`) — the carton pick screen's services
 * (`tblShippingLabel/getNextCarton|completeCartonPick|exitCartonPick`, permissions tblShippingLabel add and edit).
 * What is scanned into the carton is kept in the flow's values until F1 (`packList`: pickDetailId|lot|attribute|qty|serials;…,
 * the serials URI-encoded and comma-separated). A serial-controlled line asks one serial per unit packed at `CTN_SN`
 * (branch 1 of the quantity), each checked at its scan as the packing desk's service checks it at close.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { AppError } from '../../../platform/errors';
import { fromMilli, toMilli } from '../../inventory/ledger.service';
import { packableSerial, serialState } from '../../serials/serials.service';
import { completeCartonPick, exitCartonPick, getNextCarton, type PackInputLine } from '../../shipping/cartons.service';
import { gs1Of, requireCode, requireQty, scannedItem, scannedSerial, serialValues } from './common';
import type { RfAction, RfContext, RfResult, RfValues } from './types';

const CARTON = [permission('tblShippingLabel', 'add'), permission('tblShippingLabel', 'edit')] as const;

interface Packed {
  pickDetailId: number;
  lotNumber: string | null;
  storedAttributeId: number | null;
  qty: string;
  serials: string[];
}

const packedOf = (values: Readonly<RfValues>): Packed[] =>
  (values.packList ?? '')
    .split(';')
    .filter(Boolean)
    .map((part) => {
      const [id, lot, attr, qty, serials] = part.split('|');
      return {
        pickDetailId: Number(id),
        lotNumber: lot || null,
        storedAttributeId: attr ? Number(attr) : null,
        qty: qty ?? '0',
        serials: (serials ?? '').split(',').filter(Boolean).map(decodeURIComponent),
      };
    });
const packText = (list: Packed[]) =>
  list
    .map(
      (p) =>
        `${p.pickDetailId}|${p.lotNumber ?? ''}|${p.storedAttributeId ?? ''}|${p.qty}|${p.serials.map(encodeURIComponent).join(',')}`,
    )
    .join(';');
const sameLine = (a: Omit<Packed, 'serials'>, b: Omit<Packed, 'qty' | 'serials'>) =>
  a.pickDetailId === b.pickDetailId && a.lotNumber === b.lotNumber && a.storedAttributeId === b.storedAttributeId;

/** One more line scanned into the carton: kept in `packList` until F1, the step's values cleared. */
function packedInto(ctx: RfContext, packed: Packed[], line: Packed): RfResult {
  const total = packed.reduce((s, p) => s + toMilli(p.qty), 0n) + toMilli(line.qty);
  return {
    values: {
      packList: packText([...packed, line]),
      packedQty: fromMilli(total),
      packLine: null,
      packItem: null,
      packQty: null,
      serialScan: null,
      serials: null,
      serialCount: null,
      serialsNeeded: null,
    },
    message: {
      key: 'rf.msg.packed',
      params: { qty: line.qty, itemNumber: ctx.values.itemNumber ?? '', cartonNumber: ctx.values.cartonNumber ?? '' },
    },
  };
}

/** The open carton of the flow's order (resumed through getNextCarton) with what is left to pack. */
async function carton(ctx: RfContext) {
  return getNextCarton(
    ctx.db,
    { whId: ctx.whId, waveId: ctx.values.waveId ?? '', orderNumber: ctx.values.orderNumber ?? '' },
    ctx.user,
  );
}

const CARTON_VALUES = [
  'orderNumber',
  'waveId',
  'cartonNumber',
  'cartonType',
  'packList',
  'packedQty',
  'itemNumber',
  'lotNumber',
  'packLine',
  'packQty',
  'packItem',
  'left',
  'cartonLocation',
  'serialScan',
  'serials',
  'serialCount',
  'serialsNeeded',
];
const cleared = () => Object.fromEntries(CARTON_VALUES.map((k) => [k, null])) as Record<string, null>;

export const CARTON_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'carton.order',
    permission: CARTON,
    doc: 'An order of the client in a wave → its open carton (getNextCarton: waveNotPacking, cartonNothingToPack, …).',
    async run(ctx) {
      const orderNumber = requireCode(ctx.input, 'rf.field.orderNumber', 30);
      const { rows } = await sql<{ waveId: string | null }>`
        select wave_id from t_order where wh_id = ${ctx.whId} and order_number = ${orderNumber} and client_code = ${ctx.clientCode}`.execute(
        ctx.db,
      );
      const waveId = rows[0]?.waveId;
      if (!waveId) throw new AppError('rfOrderNotInWave', { orderNumber });
      const open = await getNextCarton(ctx.db, { whId: ctx.whId, waveId, orderNumber }, ctx.user);
      const left = open.lines.reduce((s, l) => s + toMilli(l.remainingQty), 0n);
      return {
        values: {
          ...cleared(),
          orderNumber,
          waveId,
          cartonNumber: open.cartonNumber,
          cartonType: open.cartonType,
          cartonLocation: open.locationId,
          packedQty: '0',
          left: fromMilli(left),
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'carton.orders',
    permission: CARTON,
    doc: 'Orders of the client with picked stock not yet in a carton, in waves picking or picked.',
    async list(ctx) {
      const { rows } = await sql<{ orderNumber: string; waveId: string; left: string }>`
        select d.order_number, d.wave_id, trim_scale(sum(d.picked_qty - d.packed_qty))::text as left
        from t_pick_detail d join t_order o on o.wh_id = d.wh_id and o.order_number = d.order_number
        join t_wave_master w on w.wh_id = d.wh_id and w.wave_id = d.wave_id
        where d.wh_id = ${ctx.whId} and o.client_code = ${ctx.clientCode} and w.status in ('P', 'C')
        group by d.order_number, d.wave_id having sum(d.picked_qty - d.packed_qty) > 0
        order by d.order_number limit 200`.execute(ctx.db);
      return rows.map((r) => ({ value: r.orderNumber, label: r.orderNumber, detail: `${r.waveId} · ${r.left}` }));
    },
  },
  {
    kind: 'exec',
    name: 'carton.item',
    permission: CARTON,
    doc: 'The item scanned (number, UPC, GS1; a GS1 lot chooses the line) with something left to pack beyond what this carton already holds (rfNothingLeftToPack); a GS1 count fills the quantity.',
    async run(ctx) {
      const { item, gs1 } = await scannedItem(ctx, ctx.input);
      const open = await carton(ctx);
      const packed = packedOf(ctx.values);
      for (const line of open.lines) {
        if (line.itemNumber !== item.itemNumber || (gs1?.lot && gs1.lot !== line.lotNumber)) continue;
        const key = { pickDetailId: line.pickDetailId, lotNumber: line.lotNumber, storedAttributeId: line.storedAttributeId };
        const inCarton = packed.filter((p) => sameLine(p, key)).reduce((s, p) => s + toMilli(p.qty), 0n);
        const left = toMilli(line.remainingQty) - inCarton;
        if (left <= 0n) continue;
        return {
          values: {
            itemNumber: item.itemNumber,
            lotNumber: line.lotNumber,
            packLine: `${line.pickDetailId}|${line.lotNumber ?? ''}|${line.storedAttributeId ?? ''}`,
            packQty: gs1Of(ctx.input)?.count ?? fromMilli(left),
          },
        };
      }
      throw new AppError('rfNothingLeftToPack', { itemNumber: item.itemNumber, orderNumber: ctx.values.orderNumber ?? '' });
    },
  },
  {
    kind: 'exec',
    name: 'carton.qty',
    permission: CARTON,
    doc: 'The quantity into the carton (qtyPositive, at most what is left of the line: packQtyTooLarge); kept until F1. A serial-controlled line: a whole number (serialCountMismatch), then branch 1, the serial step once per unit.',
    async run(ctx) {
      const qty = requireQty(ctx.input, 'qtyPositive');
      const [id, lot, attr] = (ctx.values.packLine ?? '').split('|');
      const key = { pickDetailId: Number(id), lotNumber: lot || null, storedAttributeId: attr ? Number(attr) : null };
      const open = await carton(ctx);
      const line = open.lines.find((l) => sameLine({ ...l, qty: '0' }, key));
      const packed = packedOf(ctx.values);
      const inCarton = packed.filter((p) => sameLine(p, key)).reduce((s, p) => s + toMilli(p.qty), 0n);
      const left = toMilli(line?.remainingQty ?? '0') - inCarton;
      if (toMilli(qty) > left)
        throw new AppError('packQtyTooLarge', { qty, remaining: fromMilli(left), pickDetailId: key.pickDetailId });
      const itemNumber = ctx.values.itemNumber ?? '';
      if (line?.serialControl) {
        if (toMilli(qty) % 1000n !== 0n) throw new AppError('serialCountMismatch', { itemNumber, qty, count: 0 });
        return {
          values: {
            packQty: qty,
            cartonLocation: open.locationId,
            serials: '',
            serialCount: '0',
            serialsNeeded: fromMilli(toMilli(qty)),
          },
          branch: 1,
        };
      }
      return packedInto(ctx, packed, { ...key, qty, serials: [] });
    },
  },
  {
    kind: 'exec',
    name: 'carton.serial',
    permission: CARTON,
    doc: 'One serial of the units packed (the item label’s GS1 AI 21, or typed): in stock at the carton’s location off any pallet, picked for the order and in no carton yet (serialNotHere), not scanned before into this carton (serialTwice). Branch 1 until one per unit; then the line is kept with its serials until F1, as carton.qty.',
    async run(ctx) {
      const itemNumber = ctx.values.itemNumber ?? '';
      const { serial, serials } = await scannedSerial(ctx, itemNumber);
      const packed = packedOf(ctx.values);
      if (packed.some((p) => p.serials.includes(serial))) throw new AppError('serialTwice', { serialNumber: serial, itemNumber });
      const locationId = ctx.values.cartonLocation ?? '';
      const place = { locationId, orderNumber: ctx.values.orderNumber ?? '' };
      if (!packableSerial(await serialState(ctx.db, ctx.whId, itemNumber, serial), place)) {
        throw new AppError('serialNotHere', { serialNumber: serial, itemNumber, locationId });
      }
      if (serials.length < Number(ctx.values.serialsNeeded ?? '0')) return { values: serialValues(serials), branch: 1 };
      const [id, lot, attr] = (ctx.values.packLine ?? '').split('|');
      const key = { pickDetailId: Number(id), lotNumber: lot || null, storedAttributeId: attr ? Number(attr) : null };
      return packedInto(ctx, packed, { ...key, qty: ctx.values.packQty ?? '0', serials });
    },
  },
  {
    kind: 'beforeNext',
    name: 'carton.close',
    permission: CARTON,
    doc: 'F1: closes the carton with what was scanned (completeCartonPick: moves the stock into the carton, weight status).',
    async run(ctx) {
      const packed = packedOf(ctx.values);
      const lines: PackInputLine[] = packed.map(({ serials, ...p }) => ({
        ...p,
        ...(serials.length > 0 ? { serialNumbers: serials } : {}),
      }));
      const done = await completeCartonPick(
        ctx.db,
        { whId: ctx.whId, cartonNumber: ctx.values.cartonNumber ?? '', lines },
        ctx.user,
      );
      return {
        values: cleared(),
        message: { key: 'rf.msg.cartonClosed', params: { cartonNumber: done.cartonNumber, left: done.remainingQty } },
      };
    },
  },
  {
    kind: 'beforeNext',
    name: 'carton.exit',
    permission: CARTON,
    doc: 'F2: cancels the open carton (exitCartonPick: an empty open carton is deleted); what was scanned is dropped.',
    async run(ctx) {
      await exitCartonPick(ctx.db, { whId: ctx.whId, cartonNumber: ctx.values.cartonNumber ?? '' }, ctx.user);
      return {
        values: cleared(),
        message: { key: 'rf.msg.cartonCancelled', params: { cartonNumber: ctx.values.cartonNumber ?? '' } },
      };
    },
  },
];
