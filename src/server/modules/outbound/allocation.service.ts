/**
 * Wave release = allocation (`POST /tWaveMaster/releaseWave`, docs/flows.md "Allocation"). One transaction for every wave
 * of the call: the waves locked in id order, each wave N (or H held from N) allocated and made R, a wave H held from R
 * resumed R. Allocation is set-based: the wave's order lines and the candidate stock are read in one query each, the
 * candidate keys locked (`lockStockKeys`, the ledger's global order), the plan made in memory line by line (order
 * priority, order number, line number; FEFO over unexpired stock meeting the line's minimum remaining shelf life, FIFO,
 * picking flow; whole pallets) and written with one conditional update per stock row (`allocateStock`), one insert of
 * pick details, one of pick tasks, one of exception-log rows.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction, onCommit } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { business } from '../../platform/metrics';
import type { Actor } from '../inventory/execute.service';
import { addDays, type DayControl, dayControl, daysFor, today } from '../inventory/expiry';
import { allocateStock, fromMilli, lockStockKeys, loggingRefusal, type Reservation, toMilli } from '../inventory/ledger.service';
import { takeNextNumber } from '../masterdata/control.service';
import { MIN_SHELF_LIFE_DAYS } from '../masterdata/controls';
import { type BusinessEvent, recordEvents } from '../webhooks/events';

/** The body of releaseWave (spec 001 §4: the five dialog fields are required). */
export interface ReleaseInput {
  whId: string;
  waveIds: string[];
  overrideWorkType: string;
  priority: number;
  workersRequired: number;
  earliestShipDate: string;
  latestShipDate: string;
}

/** One released wave: numbers of order lines fully planned and short (0 for a wave resumed from hold). */
export interface ReleaseAnswer {
  waveId: string;
  planned: number;
  short: number;
}

interface WaveRow {
  id: number;
  waveId: string;
  status: string;
  heldStatus: string | null;
}

/** An order line of a wave with its quantity in the item's base unit (null when its unit has no conversion). */
export interface DemandLine {
  waveId: string;
  orderNumber: string;
  lineNumber: number;
  clientCode: string;
  itemNumber: string;
  lotNumber: string | null;
  storedAttributeId: number | null;
  uom: string;
  baseQty: string | null;
  /**
   * The earliest expiry the line may take (yyyy-MM-dd): today + the minimum remaining shelf life (order, else client,
   * else warehouse MIN_SHELF_LIFE_DAYS, else 0 — never expired stock). Stock without expiry always qualifies.
   */
  minExpiry: string;
  /** The line has a hold reason (outbound README "Holds and locks"): it is short (HELD) until the hold is cleared. */
  held?: boolean;
}

/**
 * A stock row that allocation may take: zone type A, location active and not a staging location (type S: stock there is
 * being received or was already picked), row status A, something available.
 */
export interface Candidate {
  id: number;
  whId: string;
  locationId: string;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  storedAttributeId: number | null;
  available: string;
  expirationDate: string | null;
  fifoDate: string;
  pickingFlow: number | null;
  pickArea: string | null;
  zone: string | null;
  itemHuIndicator: 'I' | 'H';
}

/** One planned reservation: part of a line from one stock row. */
export interface Planned {
  line: DemandLine;
  row: Candidate;
  qty: bigint;
  rule: 'FEFO' | 'FIFO' | 'PALLET';
}

const field = (name: string) => `entity.tWaveMaster.field.${name}`;

/** The minimum remaining shelf life of a warehouse's orders: today and the MIN_SHELF_LIFE_DAYS control, read once. */
export interface ShelfLifeRule {
  today: string;
  control: DayControl;
}

export async function shelfLifeRule(trx: Trx, whId: string): Promise<ShelfLifeRule> {
  return { today: await today(trx), control: await dayControl(trx, whId, MIN_SHELF_LIFE_DAYS) };
}

/**
 * A line's earliest acceptable expiry: today + the minimum remaining shelf life in days — the order header's, else the
 * item's (`t_item_master.min_shelf_life_days`), else the client's MIN_SHELF_LIFE_DAYS control, else the warehouse's,
 * else 0 (README "Allocation": the most specific setting wins; an order may ask less than the item as well as more).
 */
export const minExpiryOf = (rule: ShelfLifeRule, clientCode: string, orderDays: number | null, itemDays: number | null): string =>
  addDays(rule.today, orderDays ?? itemDays ?? daysFor(rule.control, clientCode, 0));

/** The lines of the waves, in allocation order: order priority, order number, line number. */
async function demandLines(trx: Trx, whId: string, waveId: string): Promise<DemandLine[]> {
  const rule = await shelfLifeRule(trx, whId);
  const { rows } = await sql<
    Omit<DemandLine, 'minExpiry'> & { minShelfLifeDays: number | null; itemMinShelfLifeDays: number | null }
  >`
    select wd.wave_id, d.order_number, d.line_number, o.client_code, d.item_number, d.lot_number, d.stored_attribute_id,
      o.min_shelf_life_days, i.min_shelf_life_days as item_min_shelf_life_days, i.uom,
      d.hold_reason_id is not null as held,
      case when d.order_uom = i.uom then trim_scale(d.qty)::text
        else trim_scale(round(d.qty * u.conversion_factor, 3))::text end as base_qty
    from t_afo_wave_detail wd
    join t_order o on o.wh_id = wd.wh_id and o.order_number = wd.order_number
    join t_order_detail d on d.wh_id = o.wh_id and d.order_number = o.order_number
    join t_item_master i on i.wh_id = d.wh_id and i.item_number = d.item_number
    left join t_item_uom u on u.wh_id = d.wh_id and u.item_number = d.item_number and u.uom = d.order_uom and u.status = 'A'
    where wd.wh_id = ${whId} and wd.wave_id = ${waveId} and o.status = 'W'
    order by o.priority, o.order_number, d.line_number`.execute(trx);
  return rows.map(({ minShelfLifeDays, itemMinShelfLifeDays, ...r }) => ({
    ...r,
    storedAttributeId: r.storedAttributeId === null ? null : Number(r.storedAttributeId),
    minExpiry: minExpiryOf(rule, r.clientCode, minShelfLifeDays, itemMinShelfLifeDays),
  }));
}

/**
 * Candidate stock of the items, in allocation order per item: FEFO (no expiry last), FIFO, picking flow. Expired rows
 * (expiry before today) are never candidates; the minimum remaining life of each line is `planLine`'s.
 */
export async function candidates(trx: Trx, whId: string, items: readonly string[]): Promise<Candidate[]> {
  if (items.length === 0) return [];
  const { rows } = await sql<Candidate>`
    select s.id, s.wh_id, s.location_id, s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id,
      (s.actual_qty - s.unavailable_qty - s.allocated_qty)::text as available,
      to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date, to_char(s.fifo_date, 'YYYY-MM-DD') as fifo_date,
      l.picking_flow, l.pick_area, l.zone, l.item_hu_indicator
    from t_stored_item s
    join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id and l.status = 'A' and l.type <> 'S'
    join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
    where s.wh_id = ${whId} and s.item_number = any(${[...items]}::varchar[]) and s.status = 'A'
      and s.actual_qty - s.unavailable_qty - s.allocated_qty > 0
      and (s.expiration_date is null or s.expiration_date >= current_date)
    order by s.item_number, s.expiration_date nulls last, s.fifo_date, l.picking_flow nulls last, s.location_id, s.id`.execute(
    trx,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    storedAttributeId: r.storedAttributeId === null ? null : Number(r.storedAttributeId),
  }));
}

/** Reads the candidates, locks their keys in the ledger's global order, then reads them again (now stable). */
export async function lockedCandidates(trx: Trx, whId: string, items: readonly string[]): Promise<Candidate[]> {
  await lockStockKeys(trx, await candidates(trx, whId, items));
  return candidates(trx, whId, items);
}

/**
 * Plans one line over the candidates (whose `available` is decreased as they are planned): rows of the line's item,
 * lot and stored attribute id when the line names them, expiring no earlier than the line's `minExpiry` (or without
 * expiry), in the candidates' order; a pallet row gives its whole available quantity when the line still needs at least
 * that much. Answers the reservations; what stays is short.
 */
export function planLine(line: DemandLine, need: bigint, byItem: Map<string, Candidate[]>, left: Map<number, bigint>): Planned[] {
  const planned: Planned[] = [];
  let remaining = need;
  for (const row of byItem.get(line.itemNumber) ?? []) {
    if (remaining <= 0n) break;
    if (line.lotNumber !== null && row.lotNumber !== line.lotNumber) continue;
    if (line.storedAttributeId !== null && row.storedAttributeId !== line.storedAttributeId) continue;
    // yyyy-MM-dd compares as text.
    if (row.expirationDate !== null && row.expirationDate < line.minExpiry) continue;
    const available = left.get(row.id) ?? 0n;
    if (available <= 0n) continue;
    const pallet = row.huId !== null || row.itemHuIndicator === 'H';
    const qty = available < remaining ? available : remaining;
    const rule = pallet && qty === available ? 'PALLET' : row.expirationDate ? 'FEFO' : 'FIFO';
    planned.push({ line, row, qty, rule });
    left.set(row.id, available - qty);
    remaining -= qty;
  }
  return planned;
}

/** Whether a candidate of the line (its item, lot and attribute id) was passed over for expiring before its minimum. */
export function skippedByDate(line: DemandLine, byItem: Map<string, Candidate[]>): boolean {
  return (byItem.get(line.itemNumber) ?? []).some(
    (row) =>
      row.expirationDate !== null &&
      row.expirationDate < line.minExpiry &&
      (line.lotNumber === null || row.lotNumber === line.lotNumber) &&
      (line.storedAttributeId === null || row.storedAttributeId === line.storedAttributeId),
  );
}

/** Splits the reservations into pick tasks: one pick id per work type and pick area, numbered in picking-flow order. */
export async function pickIds(trx: Trx, whId: string, planned: readonly Planned[]): Promise<Map<string, string>> {
  const groups = new Map<string, number>();
  for (const p of planned) {
    const key = p.row.pickArea ?? '';
    const flow = p.row.pickingFlow ?? Number.MAX_SAFE_INTEGER;
    groups.set(key, Math.min(groups.get(key) ?? flow, flow));
  }
  const ids = new Map<string, string>();
  for (const [key] of [...groups].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))) {
    ids.set(key, await takeNextNumber(trx, whId, 'PICK'));
  }
  return ids;
}

/** A pick detail's ids by order line. */
type DetailIds = Map<string, number>;
export const lineKey = (orderNumber: string, lineNumber: number) => `${orderNumber}\u0000${lineNumber}`;

/**
 * Writes the tasks of the reservations (the ledger already holds them): one t_wave_pick_task row per reservation, with
 * the stock row's attributes, the wave's work type and staging location.
 */
export async function insertTasks(
  trx: Trx,
  wave: { whId: string; waveId: string; workType: string | null; stagingLocation: string | null },
  planned: readonly Planned[],
  details: DetailIds,
  ids: Map<string, string>,
): Promise<void> {
  if (planned.length === 0) return;
  const rows = planned.map((p) => ({
    pickId: ids.get(p.row.pickArea ?? ''),
    pickDetailId: details.get(lineKey(p.line.orderNumber, p.line.lineNumber)),
    orderNumber: p.line.orderNumber,
    lineNumber: p.line.lineNumber,
    clientCode: p.line.clientCode,
    stockId: p.row.id,
    qty: fromMilli(p.qty),
    rule: p.rule,
  }));
  const attrs = Array.from({ length: 11 }, (_, i) => `generic_attr_value${i + 1}`);
  await sql`
    insert into t_wave_pick_task (pick_id, pick_detail_id, wh_id, wave_id, order_number, line_number, client_code,
      item_number, lot_number, m_hu_id, stored_attribute_id, ${sql.join(attrs.map((a) => sql.ref(a)))},
      pick_location, picking_flow, pick_area, zone, work_type, quantity, pick_rule, staging_location, expiration_date,
      fifo_date)
    select r."pickId", r."pickDetailId", ${wave.whId}, ${wave.waveId}, r."orderNumber", r."lineNumber", r."clientCode",
      s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id, ${sql.join(attrs.map((a) => sql.ref(`a.${a}`)))},
      s.location_id, l.picking_flow, l.pick_area, l.zone, ${wave.workType}, r.qty, r.rule, ${wave.stagingLocation},
      s.expiration_date, s.fifo_date
    from json_to_recordset(${JSON.stringify(rows)}::json) as r("pickId" varchar, "pickDetailId" integer,
      "orderNumber" varchar, "lineNumber" integer, "clientCode" varchar, "stockId" bigint, qty numeric, rule varchar)
    join t_stored_item s on s.id = r."stockId"
    join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
    left join t_stored_attribute a on a.id = s.stored_attribute_id
    order by l.picking_flow nulls last, s.location_id, r."orderNumber", r."lineNumber"`.execute(trx);
}

/** Reserves the plan in the ledger; a row that could not take its part (never, under the key locks) aborts the release. */
export async function reserve(trx: Trx, waveId: string, planned: readonly Planned[], actor: Actor): Promise<void> {
  const reservations: Reservation[] = planned.map((p) => ({
    id: p.row.id,
    qty: fromMilli(p.qty),
    controlNumber: waveId,
    lineNumber: p.line.lineNumber,
    description: `${p.line.orderNumber}/${p.line.lineNumber}`,
  }));
  const failed = await allocateStock(trx, reservations, actor.name);
  if (failed.length > 0) throw new Error(`allocation lost stock rows ${failed.join(', ')} under their locks`);
}

/** Why a line is short (code list shortReason) and the exception-log code that says so. */
export type ShortReason = 'NOUOM' | 'NOSTOCK' | 'SHORT' | 'SHORTDATED' | 'HELD';
export const SHORT_ERROR_CODES: Readonly<Record<ShortReason, string>> = {
  NOUOM: 'allocationNoUom',
  NOSTOCK: 'allocationNoStock',
  SHORT: 'allocationShort',
  SHORTDATED: 'allocationShortDated',
  HELD: 'allocationHeld',
};

/**
 * Of the short lines, those for which stock exists that the shelf-life rule kept out: rows of the line's item (lot and
 * attribute id when it names them) in an available location, not all reserved, whose expiry is before the line's
 * minimum — expired (also held by the expiry job) or short-dated. One query for all of them; their reason is SHORTDATED.
 */
export async function shortDatedLines(trx: Trx, whId: string, lines: readonly DemandLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = lines.map((l) => ({
    o: l.orderNumber,
    n: l.lineNumber,
    i: l.itemNumber,
    lot: l.lotNumber,
    attr: l.storedAttributeId,
    min: l.minExpiry,
  }));
  const { rows: found } = await sql<{ o: string; n: number }>`
    select r.o, r.n from json_to_recordset(${JSON.stringify(rows)}::json)
      as r(o varchar, n integer, i varchar, lot varchar, attr bigint, min date)
    where exists (
      select 1 from t_stored_item s
      join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id and l.type <> 'S'
      join t_zone z on z.wh_id = l.wh_id and z.zone = l.zone and z.zone_type = 'A'
      where s.wh_id = ${whId} and s.item_number = r.i and s.expiration_date < r.min
        and s.actual_qty - s.unavailable_qty - s.allocated_qty > 0
        and (r.lot is null or s.lot_number = r.lot) and (r.attr is null or s.stored_attribute_id = r.attr))`.execute(trx);
  return new Set(found.map((f) => lineKey(f.o, Number(f.n))));
}

/** Writes exception-log rows (OUTBOUND) for lines that stay short, in one insert. */
export async function logShortages(
  trx: Trx,
  whId: string,
  tranType: 'ALLOCATE' | 'SHORT',
  controlNumber: string,
  actor: Actor,
  shorts: readonly { line: DemandLine; qty: string; errorCode: string; locationId?: string | null }[],
): Promise<void> {
  if (shorts.length === 0) return;
  const rows = shorts.map((s) => ({
    description: JSON.stringify({ orderNumber: s.line.orderNumber, lineNumber: s.line.lineNumber, qty: s.qty }),
    errorCode: s.errorCode,
    itemNumber: s.line.itemNumber,
    lotNumber: s.line.lotNumber,
    qty: s.qty,
    lineNumber: s.line.lineNumber,
    locationId: s.locationId ?? null,
  }));
  await sql`
    insert into exception_log (wh_id, category, tran_type, description, error_code, employee_id, control_number,
      item_number, lot_number, quantity, from_location_id, line_number)
    select ${whId}, 'OUTBOUND', ${tranType}, r.description, r."errorCode", ${actor.name}, ${controlNumber},
      r."itemNumber", r."lotNumber", r.qty, r."locationId", r."lineNumber"
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(description varchar, "errorCode" varchar,
      "itemNumber" varchar, "lotNumber" varchar, qty numeric, "locationId" varchar, "lineNumber" integer)`.execute(trx);
}

/** Allocates one wave (see the file comment); answers its counts of planned and short lines. */
async function allocateWave(
  trx: Trx,
  whId: string,
  wave: { waveId: string; workType: string; stagingLocation: string | null },
  actor: Actor,
): Promise<ReleaseAnswer> {
  // A locked order (lock flag Y) keeps the whole wave from being released, naming the order.
  const { rows: locked } = await sql<{ orderNumber: string }>`
    select order_number from t_order where wh_id = ${whId} and wave_id = ${wave.waveId} and status = 'W' and lock_flag = 'Y'
    order by order_number limit 1`.execute(trx);
  if (locked[0]) throw new AppError('orderLocked', { orderNumber: locked[0].orderNumber });
  const lines = await demandLines(trx, whId, wave.waveId);
  for (const line of lines) {
    if (!grantsClient(actor, whId, line.clientCode, 'write')) {
      throw new AppError('clientNotGranted', { clientCode: line.clientCode });
    }
  }
  const stock = await lockedCandidates(trx, whId, [...new Set(lines.map((l) => l.itemNumber))]);
  const byItem = new Map<string, Candidate[]>();
  const left = new Map<number, bigint>();
  for (const row of stock) {
    const list = byItem.get(row.itemNumber);
    if (list) list.push(row);
    else byItem.set(row.itemNumber, [row]);
    left.set(row.id, toMilli(row.available));
  }
  const planned: Planned[] = [];
  const details: Detail[] = [];
  const shorts: { line: DemandLine; qty: string; reason: ShortReason }[] = [];
  let plannedLines = 0;
  for (const line of lines) {
    if (line.baseQty === null) {
      // No active unit conversion: nothing can be planned; the pick detail keeps the line in the item's unit count 0.
      shorts.push({ line, qty: '0', reason: 'NOUOM' });
      continue;
    }
    const need = toMilli(line.baseQty);
    // A held line takes nothing: short with reason HELD, like any other short (wave and pick screens, exception log).
    const parts = line.held ? [] : planLine(line, need, byItem, left);
    planned.push(...parts);
    const got = parts.reduce((sum, p) => sum + p.qty, 0n);
    const detail: Detail = {
      line,
      ordered: line.baseQty,
      planned: fromMilli(got),
      unplanned: fromMilli(need - got),
      reason: null,
    };
    details.push(detail);
    if (got === need) plannedLines++;
    else shorts.push({ line, qty: detail.unplanned, reason: line.held ? 'HELD' : got === 0n ? 'NOSTOCK' : 'SHORT' });
  }
  // A short line for which the shelf-life rule kept stock out says so (wave and pick screens, exception log): seen among
  // the candidates (short-dated rows), else asked of the ledger in one query (expired rows are no candidates).
  // Only lines short for want of stock: a held line (HELD) or one without a unit (NOUOM) has its own reason.
  const open = shorts.filter((s) => s.reason === 'NOSTOCK' || s.reason === 'SHORT');
  for (const short of open) if (skippedByDate(short.line, byItem)) short.reason = 'SHORTDATED';
  const dated = await shortDatedLines(
    trx,
    whId,
    open.filter((s) => s.reason !== 'SHORTDATED').map((s) => s.line),
  );
  const reasons = new Map<string, ShortReason>();
  for (const short of shorts) {
    if (
      (short.reason === 'NOSTOCK' || short.reason === 'SHORT') &&
      dated.has(lineKey(short.line.orderNumber, short.line.lineNumber))
    )
      short.reason = 'SHORTDATED';
    reasons.set(lineKey(short.line.orderNumber, short.line.lineNumber), short.reason);
  }
  for (const detail of details) detail.reason = reasons.get(lineKey(detail.line.orderNumber, detail.line.lineNumber)) ?? null;
  await reserve(trx, wave.waveId, planned, actor);
  const ids = await insertDetails(trx, whId, wave.waveId, details);
  await insertTasks(trx, { whId, ...wave }, planned, ids, await pickIds(trx, whId, planned));
  await logShortages(
    trx,
    whId,
    'ALLOCATE',
    wave.waveId,
    actor,
    shorts.map((s) => ({ line: s.line, qty: s.qty, errorCode: SHORT_ERROR_CODES[s.reason] })),
  );
  const waveLines = [
    ...details.map((d) => ({ o: d.line.orderNumber, n: d.line.lineNumber, planned: d.planned, reason: d.reason })),
    ...shorts
      .filter((s) => s.reason === 'NOUOM')
      .map((s) => ({ o: s.line.orderNumber, n: s.line.lineNumber, planned: '0', reason: s.reason })),
  ];
  await sql`
    update t_afo_wave_detail_line wl set planned_qty = r.planned, short_reason = r.reason, update_time = now()
    from json_to_recordset(${JSON.stringify(waveLines)}::json)
      as r(o varchar, n integer, planned numeric, reason varchar)
    where wl.wh_id = ${whId} and wl.order_number = r.o and wl.line_number = r.n`.execute(trx);
  await sql`
    update t_order set status = 'A', update_time = now()
    where wh_id = ${whId} and wave_id = ${wave.waveId} and status = 'W'`.execute(trx);
  await recordEvents(trx, orderEvents(whId, wave.waveId, lines, shorts));
  onCommit(trx, () => business.linesAllocated.inc(plannedLines));
  if (planned.length === 0) {
    // Nothing planned, no task to pick: the wave is done picking now (R → C), as after its last task is picked or short.
    await sql`
      update t_wave_master set status = 'C', update_time = now()
      where wh_id = ${whId} and wave_id = ${wave.waveId} and status = 'R'`.execute(trx);
  }
  return { waveId: wave.waveId, planned: plannedLines, short: lines.length - plannedLines };
}

/**
 * The webhook events of a release (modules/webhooks): per order, `order.allocated` when every line is planned whole,
 * else `order.short` with its short lines (quantity in base units and reason).
 */
function orderEvents(
  whId: string,
  waveId: string,
  lines: readonly DemandLine[],
  shorts: readonly { line: DemandLine; qty: string; reason: ShortReason }[],
): BusinessEvent[] {
  const orders = new Map<string, { clientCode: string; lines: number }>();
  for (const line of lines) {
    const order = orders.get(line.orderNumber) ?? { clientCode: line.clientCode, lines: 0 };
    order.lines++;
    orders.set(line.orderNumber, order);
  }
  return [...orders].map(([orderNumber, order]) => {
    const short = shorts.filter((s) => s.line.orderNumber === orderNumber);
    return {
      type: short.length === 0 ? ('order.allocated' as const) : ('order.short' as const),
      warehouse: whId,
      client: order.clientCode,
      payload: {
        orderNumber,
        waveId,
        lines: order.lines,
        ...(short.length > 0
          ? {
              shortLines: short.map((s) => ({
                lineNumber: s.line.lineNumber,
                itemNumber: s.line.itemNumber,
                shortQty: s.qty,
                reason: s.reason,
              })),
            }
          : {}),
      },
    };
  });
}

/** A pick detail to write: the line's quantities in base units and why it is short (null when fully planned). */
interface Detail {
  line: DemandLine;
  ordered: string;
  planned: string;
  unplanned: string;
  reason: ShortReason | null;
}

/** One pick detail per line (S when nothing at all is planned); answers their ids by order line. */
async function insertDetails(trx: Trx, whId: string, waveId: string, details: readonly Detail[]): Promise<DetailIds> {
  if (details.length === 0) return new Map();
  const rows = details.map((d) => ({
    o: d.line.orderNumber,
    n: d.line.lineNumber,
    c: d.line.clientCode,
    i: d.line.itemNumber,
    lot: d.line.lotNumber,
    attr: d.line.storedAttributeId,
    uom: d.line.uom,
    ordered: d.ordered,
    planned: d.planned,
    unplanned: d.unplanned,
    status: toMilli(d.planned) === 0n ? 'S' : 'O',
    reason: d.reason,
  }));
  const { rows: inserted } = await sql<{ id: number; orderNumber: string; lineNumber: number }>`
    insert into t_pick_detail (wh_id, wave_id, order_number, line_number, client_code, item_number, lot_number,
      stored_attribute_id, uom, qty_ordered, planned_qty, unplanned_qty, status, short_reason)
    select ${whId}, ${waveId}, r.o, r.n, r.c, r.i, r.lot, r.attr, r.uom, r.ordered, r.planned, r.unplanned, r.status,
      r.reason
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(o varchar, n integer, c varchar, i varchar, lot varchar,
      attr bigint, uom varchar, ordered numeric, planned numeric, unplanned numeric, status char(1), reason varchar)
    returning id, order_number, line_number`.execute(trx);
  return new Map(inserted.map((r) => [lineKey(r.orderNumber, r.lineNumber), r.id]));
}

/** `releaseWave`: see the file comment and contracts (answer `[{waveId, planned, short}]`). */
export async function releaseWaves(db: Db, input: ReleaseInput, actor: Actor): Promise<ReleaseAnswer[]> {
  const waveIds = [...new Set(input.waveIds)];
  return loggingRefusal(
    db,
    { whId: input.whId, category: 'OUTBOUND', tranType: 'ALLOCATE', controlNumber: waveIds[0] ?? null, user: actor.name },
    () =>
      inTransaction(db, async (trx) => {
        if (!grantsWarehouse(actor, input.whId)) throw new AppError('warehouseNotGranted', { whId: input.whId });
        if (input.earliestShipDate > input.latestShipDate) {
          throw new AppError('dateRangeInvalid', { from: field('earliestShipDate'), to: field('latestShipDate') });
        }
        const { rows: workTypes } = await sql`
          select 1 from t_work_type where wh_id = ${input.whId} and work_type = ${input.overrideWorkType}`.execute(trx);
        if (workTypes.length === 0) {
          throw new AppError('referenceNotFound', { field: field('overrideWorkType'), value: input.overrideWorkType });
        }
        const { rows: waves } = await sql<WaveRow & { stagingLocation: string | null }>`
          select id, wave_id, status, held_status, staging_location from t_wave_master
          where wh_id = ${input.whId} and wave_id = any(${waveIds}::varchar[]) order by id for update`.execute(trx);
        const answers: ReleaseAnswer[] = [];
        for (const waveId of waveIds) {
          const wave = waves.find((w) => w.waveId === waveId);
          if (!wave) throw new AppError('waveNotFound', { waveId });
          const allocate = wave.status === 'N' || (wave.status === 'H' && wave.heldStatus === 'N');
          const resume = wave.status === 'H' && wave.heldStatus === 'R';
          if (!allocate && !resume) throw new AppError('waveNotReleasable', { waveId, status: `code.waveStatus.${wave.status}` });
          // Picks go to the wave's staging location and cartons are packed there: a wave without one cannot be picked.
          if (!wave.stagingLocation) throw new AppError('waveNoStagingLocation', { waveId });
          await sql`
            update t_wave_master set status = 'R', held_status = null, override_work_type = ${input.overrideWorkType},
              priority = ${input.priority}, workers_required = ${input.workersRequired},
              earliest_ship_date = ${input.earliestShipDate}::date, latest_ship_date = ${input.latestShipDate}::date,
              released_date = coalesce(released_date, now()), release_by = ${actor.name}, update_time = now()
            where id = ${wave.id} and status = ${wave.status}`.execute(trx);
          answers.push(
            allocate
              ? await allocateWave(
                  trx,
                  input.whId,
                  { waveId, workType: input.overrideWorkType, stagingLocation: wave.stagingLocation },
                  actor,
                )
              : { waveId, planned: 0, short: 0 },
          );
        }
        return answers;
      }),
  );
}
