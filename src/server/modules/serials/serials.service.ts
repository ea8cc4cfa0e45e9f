/**
 * Serial numbers (README.md here): the serial master `tbl_sn_master` keeps each serial's state — IN (in the warehouse,
 * at the ledger place of its unit: location, pallet or carton), HOLD, OUT (left: shipped, adjusted out) — and
 * `tbl_sn_history` one row per serial and event. Every channel's service calls one function here inside its own
 * transaction (receipt, pick, carton pick, ship, movement, adjustment), so a serial changes with its stock or not at all.
 * Functions of an item without serial control do nothing (and refuse serials named for it).
 */
import { type RawBuilder, sql } from 'kysely';
import {
  repeatedSerial,
  type SerialHistoryRow,
  type SerialLookupRow,
  type SerialPlace,
  splitSerials,
} from '../../../shared/serials';
import { textLength } from '../../../shared/validation';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { type Grantee, grantScope, grantsWarehouse } from '../../platform/grants';
import { lockStoredItem, type StockKey, toMilli } from '../stock/stockRow';
import { atSpot, INSPECT_HOLD, logEvents, type SerialDocument, type SerialEvent, type SerialSpot } from './serials.state';

export type { SerialDocument, SerialEvent };

const FIELD = 'entity.tblSnMaster.field.serialNumber';
const CONTROL = /\p{Cc}/u;

/**
 * The serials a request names: a list, or one text with one serial a line (commas, semicolons and spaces separate
 * too). Trimmed, empty entries dropped; each at most 60 characters without control characters.
 */
export function serialList(value: unknown): string[] {
  const list = splitSerials(value);
  for (const serial of list) {
    if (textLength(serial) > 60) throw new AppError('fieldTooLong', { field: FIELD, max: 60 });
    if (CONTROL.test(serial)) throw new AppError('fieldControlChars', { field: FIELD });
  }
  return list;
}

/** Whether the item is serial-controlled (an unknown item is not). */
export async function isSerialItem(trx: Trx | Db, whId: string, itemNumber: string): Promise<boolean> {
  const { rows } = await sql<{ serialControl: string }>`
    select serial_control from t_item_master where wh_id = ${whId} and item_number = ${itemNumber}`.execute(trx);
  return rows[0]?.serialControl === 'Y';
}

/**
 * The serials named for a quantity of an item: none for an item without serial control (naming some is refused), else
 * exactly one per base unit — a whole number of units (`serialCountMismatch`), each serial once (`serialTwice`).
 * Answers null for an item without serial control.
 */
async function namedSerials(trx: Trx, whId: string, itemNumber: string, qty: string, value: unknown): Promise<string[] | null> {
  const list = serialList(value);
  if (!(await isSerialItem(trx, whId, itemNumber))) {
    if (list.length > 0) throw new AppError('itemNotSerialControlled', { item: itemNumber });
    return null;
  }
  const milli = toMilli(qty);
  if (milli % 1000n !== 0n || milli / 1000n !== BigInt(list.length)) {
    throw new AppError('serialCountMismatch', { itemNumber, qty, count: list.length });
  }
  const repeated = repeatedSerial(list);
  if (repeated !== null) throw new AppError('serialTwice', { serialNumber: repeated, itemNumber });
  return list;
}

/** A master row as the rules read it: the look-up's state of a serial, and its row id. */
type SerialRow = SerialPlace & Pick<SerialLookupRow, 'serialNumber'> & { id: number };

/** The master rows of these serials of an item, locked (in id order) for the rest of the transaction. */
async function lockSerials(
  trx: Trx,
  whId: string,
  itemNumber: string,
  serials: readonly string[],
): Promise<Map<string, SerialRow>> {
  const { rows } = await sql<SerialRow>`
    select id, serial_number, status, location_id, hu_id, lot_number, order_number, carton_number, delivery_number
    from tbl_sn_master where wh_id = ${whId} and item_number = ${itemNumber}
      and serial_number = any(${serials as string[]}::varchar[])
    order by id for update`.execute(trx);
  return new Map(rows.map((r) => [r.serialNumber, r]));
}

/** What enters stock with serials: the ledger key it enters, its base quantity and where it came from. */
export interface SerialsIn {
  key: StockKey;
  clientCode: string;
  baseQty: string;
  serials: unknown;
  event: 'RECEIVE' | 'ADJUST_IN';
  document: SerialDocument;
  receiptId?: string | null;
  receiptRowId?: number | null;
  /** The units enter unavailable awaiting inspection: the serials enter HOLD with this reason (INSPECT). */
  holdReason?: string | null;
}

/**
 * Serials entering stock (a receipt, an adjustment up): one per base unit, none already IN or HOLD for the item in
 * the warehouse (`serialTwice`, naming where it is); a serial that left (OUT) comes back IN. Answers the serials.
 */
export async function enterSerials(trx: Trx, input: SerialsIn, actor: Actor): Promise<string[]> {
  const { key } = input;
  const list = await namedSerials(trx, key.whId, key.itemNumber, input.baseQty, input.serials);
  if (!list || list.length === 0) return [];
  const existing = await lockSerials(trx, key.whId, key.itemNumber, list);
  for (const serial of list) {
    const row = existing.get(serial);
    if (row && row.status !== 'OUT') {
      throw new AppError('serialTwice', { serialNumber: serial, itemNumber: key.itemNumber, locationId: row.locationId ?? '—' });
    }
  }
  const { rows } = await sql<{ serialNumber: string }>`
    insert into tbl_sn_master as m (wh_id, item_number, serial_number, lot_number, status, location_id, hu_id, client_code,
      receipt_id, receipt_row_id, update_by, hold_reason)
    select ${key.whId}, ${key.itemNumber}, s, ${key.lotNumber}, ${input.holdReason ? 'HOLD' : 'IN'}, ${key.locationId},
      ${key.huId}, ${input.clientCode}, ${input.receiptId ?? null}, ${input.receiptRowId ?? null}::int, ${actor.name},
      ${input.holdReason ?? null}
    from unnest(${list}::varchar[]) as s
    on conflict (wh_id, item_number, serial_number) do update set status = excluded.status, lot_number = excluded.lot_number,
      location_id = excluded.location_id, hu_id = excluded.hu_id, client_code = excluded.client_code,
      receipt_id = excluded.receipt_id, receipt_row_id = excluded.receipt_row_id, order_number = null,
      carton_number = null, delivery_number = null, update_by = excluded.update_by, update_time = now(),
      hold_reason = ${input.holdReason ?? null}
    where m.status = 'OUT'
    returning serial_number`.execute(trx);
  // A serial received at the same moment by another transaction: its row was IN when this insert met it.
  const entered = new Set(rows.map((r) => r.serialNumber));
  const missed = list.find((s) => !entered.has(s));
  if (missed) throw new AppError('serialTwice', { serialNumber: missed, itemNumber: key.itemNumber, locationId: '—' });
  await logEvents(trx, key.whId, key.itemNumber, list, input.event, input.document, actor.name);
  return list;
}

/** Serials moving with picked or packed units: where they must be, where they go. */
export interface SerialsMove {
  whId: string;
  itemNumber: string;
  lotNumber: string | null;
  from: { locationId: string; huId: string | null };
  to: { locationId: string; huId: string | null };
  qty: string;
  serials: unknown;
  event: 'PICK' | 'PACK';
  document: SerialDocument;
  /** The order the units are picked for (set at pick; required to match at carton pick). */
  orderNumber: string;
  /** Carton pick: the serials must have been picked for `orderNumber`; they go into this carton. */
  cartonNumber?: string | null;
}

/**
 * The serials of picked (or packed) units: one per base unit, each once, each IN at the place the units leave
 * (location and pallet, the unit's lot; at carton pick also picked for the carton's order) — else
 * `serialNotHere`. They move with the stock and stay IN (README "The serial master and its history"), recording the order and carton.
 */
export async function moveSerials(trx: Trx, input: SerialsMove, actor: Actor): Promise<string[]> {
  const list = await namedSerials(trx, input.whId, input.itemNumber, input.qty, input.serials);
  if (!list) return [];
  const rows = await lockSerials(trx, input.whId, input.itemNumber, list);
  for (const serial of list) {
    const row = rows.get(serial);
    const here =
      row?.status === 'IN' &&
      row.locationId === input.from.locationId &&
      row.huId === input.from.huId &&
      (input.lotNumber === null || row.lotNumber === input.lotNumber) &&
      (input.event !== 'PACK' || (row.orderNumber === input.orderNumber && row.cartonNumber === null));
    if (!here) {
      throw new AppError('serialNotHere', {
        serialNumber: serial,
        itemNumber: input.itemNumber,
        locationId: input.from.locationId,
      });
    }
  }
  await sql`
    update tbl_sn_master set location_id = ${input.to.locationId}, hu_id = ${input.to.huId},
      order_number = ${input.orderNumber}, carton_number = ${input.cartonNumber ?? null}, update_by = ${actor.name},
      update_time = now()
    where id = any(${[...rows.values()].map((r) => r.id)}::int[])`.execute(trx);
  await logEvents(trx, input.whId, input.itemNumber, list, input.event, input.document, actor.name);
  return list;
}

/** Units of stock moving from one place to another with their serials (movement, inspection failure, carton split). */
export interface SerialsCarry {
  from: SerialSpot;
  to: { locationId: string; huId: string | null; cartonNumber?: string | null };
  /** The quantity moving, in base units. */
  qty: string;
  /** The serials named for the moving units (one per base unit), if any. */
  serials: unknown;
  /**
   * Every unit there moves (a movement that empties its source row, a receipt row failed whole, a carton split that
   * empties the carton's row): naming serials is optional, unnamed all go.
   */
  whole: boolean;
  /** The state the serials are in at the source: IN (stock), or HOLD awaiting inspection. */
  status: 'IN' | 'HOLD';
  /** Only serials of this receipt row (inspection) or carton (split) are at the source. */
  receiptRowId?: number;
  cartonNumber?: string;
  /** The state they arrive in (inspection failure: HOLD, QC_FAIL); default as they were. */
  arrive?: { status: 'IN' | 'HOLD'; holdReason: string | null };
  event: 'PUTAWAY' | 'MOVE' | 'INSPECT_FAIL' | 'SPLIT';
  document: SerialDocument;
}

/** The source's serials (state, place, receipt row or carton) as SQL conditions. */
const sourceOf = (input: SerialsCarry) => sql`${atSpot(input.from)} and status = ${input.status}
  ${input.receiptRowId === undefined ? sql`` : sql`and receipt_row_id = ${input.receiptRowId}`}
  ${input.cartonNumber === undefined ? sql`` : sql`and carton_number = ${input.cartonNumber}`}`;

/**
 * Serials moving with stock from one place to another (README "Movements"). The moving units' serials named: one per
 * base unit, each once, each at the source (`serialNotHere`); they move. None named: when every unit there moves
 * (`whole`) all its serials go; else, when serials are recorded at the source, the move is refused
 * (`serialsRequiredForMove`: which units move is the user's to say); a source without recorded serials (stock from
 * before serial control) moves without. Answers the serials moved.
 */
export async function carrySerials(trx: Trx, input: SerialsCarry, actor: Actor): Promise<string[]> {
  const { from } = input;
  const named = splitSerials(input.serials).length > 0;
  if (!named && !(await isSerialItem(trx, from.whId, from.itemNumber))) return [];
  let moved: string[];
  if (named) {
    const list = await namedSerials(trx, from.whId, from.itemNumber, input.qty, input.serials);
    if (!list) return [];
    const { rows } = await sql<{ serialNumber: string; id: number }>`
      select id, serial_number from tbl_sn_master
      where ${sourceOf(input)} and serial_number = any(${list}::varchar[])
      order by id for update`.execute(trx);
    const here = new Set(rows.map((r) => r.serialNumber));
    const missing = list.find((s) => !here.has(s));
    if (missing !== undefined) {
      throw new AppError('serialNotHere', { serialNumber: missing, itemNumber: from.itemNumber, locationId: from.locationId });
    }
    moved = list;
    await placeSerials(trx, input, sql`id = any(${rows.map((r) => Number(r.id))}::int[])`, actor);
  } else if (input.whole) {
    moved = await placeSerials(trx, input, sourceOf(input), actor);
  } else {
    const { rows } = await sql`select 1 from tbl_sn_master where ${sourceOf(input)} limit 1`.execute(trx);
    if (rows.length > 0) {
      throw new AppError('serialsRequiredForMove', { itemNumber: from.itemNumber, qty: input.qty, locationId: from.locationId });
    }
    return [];
  }
  await logEvents(trx, from.whId, from.itemNumber, moved, input.event, input.document, actor.name);
  return moved;
}

/** Puts the chosen master rows at the destination (pallet, carton, state). Answers their serials. */
async function placeSerials(trx: Trx, input: SerialsCarry, which: RawBuilder<unknown>, actor: Actor): Promise<string[]> {
  const { to, arrive } = input;
  const { rows } = await sql<{ serialNumber: string }>`
    update tbl_sn_master set location_id = ${to.locationId}, hu_id = ${to.huId},
      ${to.cartonNumber === undefined ? sql`` : sql`carton_number = ${to.cartonNumber},`}
      ${arrive ? sql`status = ${arrive.status}, hold_reason = ${arrive.holdReason},` : sql``}
      update_by = ${actor.name}, update_time = now()
    where ${which}
    returning serial_number`.execute(trx);
  return rows.map((r) => r.serialNumber).sort();
}

/**
 * A movement line (putaway, move) of a serial-controlled item: the line's serials move with it (`carrySerials`); a line
 * that empties its source row needs none (all go, as before lines named serials), nor a putaway line that takes all of
 * its receipt row's serials still at the source (they go: the receipt says which units are on the line).
 */
export async function followSerials(
  trx: Trx,
  line: { source: StockKey; target: StockKey; serials: unknown; qty: string; receiptRowId: number | null },
  event: 'PUTAWAY' | 'MOVE',
  document: SerialDocument,
  actor: Actor,
): Promise<void> {
  const { source, target } = line;
  const carry = {
    from: source,
    to: { locationId: target.locationId, huId: target.huId },
    qty: line.qty,
    serials: line.serials,
    whole: (await lockStoredItem(trx, source)) === null,
    status: 'IN' as const,
    event,
    document,
  };
  if (!carry.whole && line.receiptRowId !== null && splitSerials(line.serials).length === 0) {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from tbl_sn_master
      where ${atSpot(source)} and status = 'IN' and receipt_row_id = ${line.receiptRowId}`.execute(trx);
    if (toMilli(rows[0]?.n ?? '0') === toMilli(line.qty)) {
      await carrySerials(trx, { ...carry, whole: true, receiptRowId: line.receiptRowId }, actor);
      return;
    }
  }
  await carrySerials(trx, carry, actor);
}

/**
 * An inspection's passed units: the receipt row's serials still held for inspection (INSPECT) at the receiving place
 * are IN again (event INSPECT_PASS) — those named for failed units have left with them.
 */
export async function passInspectedSerials(
  trx: Trx,
  spot: SerialSpot,
  receiptRowId: number,
  document: SerialDocument,
  actor: Actor,
): Promise<void> {
  const { rows } = await sql<{ serialNumber: string }>`
    update tbl_sn_master set status = 'IN', hold_reason = null, update_by = ${actor.name}, update_time = now()
    where ${atSpot(spot)} and status = 'HOLD' and hold_reason = ${INSPECT_HOLD} and receipt_row_id = ${receiptRowId}
    returning serial_number`.execute(trx);
  await logEvents(trx, spot.whId, spot.itemNumber, rows.map((r) => r.serialNumber).sort(), 'INSPECT_PASS', document, actor.name);
}

/**
 * A movement line's save: the serials it names, checked as approval will check them — one per base unit, each once,
 * each IN at the source place (`serialNotHere`); none for an item without serial control. Answers them one a line (the
 * stored text), or null when none are named.
 */
export async function checkLineSerials(trx: Trx, spot: SerialSpot, qty: string, value: unknown): Promise<string | null> {
  if (splitSerials(value).length === 0) return null;
  const list = await namedSerials(trx, spot.whId, spot.itemNumber, qty, value);
  if (!list) return null;
  const { rows } = await sql<{ serialNumber: string }>`
    select serial_number from tbl_sn_master
    where ${atSpot(spot)} and status = 'IN' and serial_number = any(${list}::varchar[])`.execute(trx);
  const here = new Set(rows.map((r) => r.serialNumber));
  const missing = list.find((serial) => !here.has(serial));
  if (missing !== undefined) {
    throw new AppError('serialNotHere', { serialNumber: missing, itemNumber: spot.itemNumber, locationId: spot.locationId });
  }
  return list.join('\n');
}

/** Ship: every serial IN in the delivery's cartons is OUT, with its delivery (order and carton kept). */
export async function shipSerials(
  trx: Trx,
  whId: string,
  deliveryNumber: string,
  cartonNumbers: readonly string[],
  actor: Actor,
): Promise<number> {
  if (cartonNumbers.length === 0) return 0;
  const { rows } = await sql<{ itemNumber: string; serialNumber: string; locationId: string | null; huId: string | null }>`
    with leaving as (
      select id, location_id, hu_id from tbl_sn_master
      where wh_id = ${whId} and carton_number = any(${cartonNumbers as string[]}::varchar[]) and status = 'IN'
      order by id for update)
    update tbl_sn_master m set status = 'OUT', delivery_number = ${deliveryNumber}, location_id = null, hu_id = null,
      update_by = ${actor.name}, update_time = now()
    from leaving l where m.id = l.id
    returning m.item_number, m.serial_number, l.location_id, l.hu_id`.execute(trx);
  if (rows.length === 0) return 0;
  // The history keeps where each serial left from (the carton at the dock).
  await sql`
    insert into tbl_sn_history (wh_id, item_number, serial_number, event, status, location_id, hu_id, lot_number,
      order_number, carton_number, delivery_number, document_type, document_number, employee_id)
    select m.wh_id, m.item_number, m.serial_number, 'SHIP', m.status, s.location_id, s.hu_id, m.lot_number,
      m.order_number, m.carton_number, m.delivery_number, 'DELIVERY', ${deliveryNumber}, ${actor.name}
    from json_to_recordset(${JSON.stringify(
      rows.map((r) => ({ item_number: r.itemNumber, serial_number: r.serialNumber, location_id: r.locationId, hu_id: r.huId })),
    )}::json) as s(item_number text, serial_number text, location_id text, hu_id text)
    join tbl_sn_master m on m.wh_id = ${whId} and m.item_number = s.item_number and m.serial_number = s.serial_number
    order by m.item_number, m.serial_number`.execute(trx);
  return rows.length;
}

/**
 * Serials leaving stock without an order (an adjustment down): one per base unit, each IN at the key's place (location,
 * pallet, lot; `serialNotHere`) → OUT, the place kept in the history.
 */
export async function leaveSerials(
  trx: Trx,
  key: StockKey,
  baseQty: string,
  serials: unknown,
  document: SerialDocument,
  actor: Actor,
): Promise<string[]> {
  const list = await namedSerials(trx, key.whId, key.itemNumber, baseQty, serials);
  if (!list) return [];
  const rows = await lockSerials(trx, key.whId, key.itemNumber, list);
  for (const serial of list) {
    const row = rows.get(serial);
    if (
      !(row?.status === 'IN' && row.locationId === key.locationId && row.huId === key.huId && row.lotNumber === key.lotNumber)
    ) {
      throw new AppError('serialNotHere', { serialNumber: serial, itemNumber: key.itemNumber, locationId: key.locationId });
    }
  }
  const ids = [...rows.values()].map((r) => r.id);
  await sql`
    update tbl_sn_master set status = 'OUT', update_by = ${actor.name}, update_time = now()
    where id = any(${ids}::int[])`.execute(trx);
  await logEvents(trx, key.whId, key.itemNumber, list, 'ADJUST_OUT', document, actor.name);
  await sql`update tbl_sn_master set location_id = null, hu_id = null where id = any(${ids}::int[])`.execute(trx);
  return list;
}

/** An adjustment line's serials: up → `enterSerials` (ADJUST_IN), down → `leaveSerials` (ADJUST_OUT). */
export async function adjustSerials(
  trx: Trx,
  key: StockKey,
  clientCode: string,
  signedQty: string,
  serials: unknown,
  document: SerialDocument,
  actor: Actor,
): Promise<string[]> {
  if (signedQty.startsWith('-')) return leaveSerials(trx, key, signedQty.slice(1), serials, document, actor);
  return enterSerials(trx, { key, clientCode, baseQty: signedQty, serials, event: 'ADJUST_IN', document }, actor);
}

/** A deleted receipt row's serials were never received: their master rows go, the history says so. */
export async function dropReceivedSerials(trx: Trx, whId: string, receiptRowId: number, document: SerialDocument, actor: Actor) {
  const { rows } = await sql<{ itemNumber: string; serialNumber: string }>`
    select item_number, serial_number from tbl_sn_master where wh_id = ${whId} and receipt_row_id = ${receiptRowId}
      and status in ('IN', 'HOLD') order by id for update`.execute(trx);
  if (rows.length === 0) return;
  await sql`
    insert into tbl_sn_history (wh_id, item_number, serial_number, event, status, location_id, hu_id, lot_number,
      document_type, document_number, line_number, employee_id)
    select wh_id, item_number, serial_number, 'RECEIVE_DELETE', 'OUT', location_id, hu_id, lot_number, ${document.type},
      ${document.number}, ${document.lineNumber ?? null}::int, ${actor.name}
    from tbl_sn_master where wh_id = ${whId} and receipt_row_id = ${receiptRowId} and status in ('IN', 'HOLD')`.execute(trx);
  await sql`delete from tbl_sn_master where wh_id = ${whId} and receipt_row_id = ${receiptRowId} and status in ('IN', 'HOLD')`.execute(
    trx,
  );
}

/** Whether the serial of the item is IN or HOLD in the warehouse (a step's early check; the service checks again). */
export async function serialInStock(db: Db | Trx, whId: string, itemNumber: string, serialNumber: string): Promise<boolean> {
  const { rows } = await sql`
    select 1 from tbl_sn_master where wh_id = ${whId} and item_number = ${itemNumber} and serial_number = ${serialNumber}
      and status <> 'OUT'`.execute(db);
  return rows.length > 0;
}

/** Whether the serial of the item is IN at this place (location and pallet): a pick step's early check. */
export async function serialAt(
  db: Db | Trx,
  whId: string,
  itemNumber: string,
  serialNumber: string,
  place: { locationId: string; huId: string | null },
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from tbl_sn_master where wh_id = ${whId} and item_number = ${itemNumber} and serial_number = ${serialNumber}
      and status = 'IN' and location_id = ${place.locationId} and hu_id is not distinct from ${place.huId}`.execute(db);
  return rows.length > 0;
}

/** Whether a receipt row brought serials in (its corrections are then refused: delete it and receive again). */
export async function receiptHasSerials(trx: Trx, whId: string, receiptRowId: number): Promise<boolean> {
  const { rows } = await sql`
    select 1 from tbl_sn_master where wh_id = ${whId} and receipt_row_id = ${receiptRowId} limit 1`.execute(trx);
  return rows.length > 0;
}

/**
 * `POST /tblSnMaster/lookup {whId, serialNumber}`: the serial (exact, trimmed) in the warehouse — one row per item
 * carrying it — of the clients the user may read; an empty list when none. A warehouse not granted is refused.
 */
export async function lookupSerial(db: Db, user: Grantee, whId: string, serialNumber: string): Promise<SerialLookupRow[]> {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
  const serial = serialNumber.trim();
  if (serial === '') throw new AppError('fieldRequired', { field: FIELD });
  const { rows } = await sql<Omit<SerialLookupRow, 'history'>>`
    select m.wh_id, m.item_number, i.description as item_description, i.client_code, m.serial_number, m.status,
      m.location_id, m.hu_id, m.lot_number, m.order_number, m.carton_number, m.delivery_number, m.receipt_id,
      to_char(m.update_time, 'YYYY-MM-DD HH24:MI:SS') as update_time
    from tbl_sn_master m join t_item_master i on i.wh_id = m.wh_id and i.item_number = m.item_number
    where m.wh_id = ${whId} and m.serial_number = ${serial}
      and ${grantScope(user, sql.ref('m.wh_id'), sql.ref('i.client_code'))}
    order by m.item_number`.execute(db);
  if (rows.length === 0) return [];
  const { rows: history } = await sql<SerialHistoryRow & { itemNumber: string }>`
    select id, item_number, event, status, location_id, hu_id, lot_number, order_number, carton_number, delivery_number,
      document_type, document_number, line_number, employee_id, to_char(event_time, 'YYYY-MM-DD HH24:MI:SS') as event_time
    from tbl_sn_history
    where wh_id = ${whId} and serial_number = ${serial}
      and item_number = any(${rows.map((r) => r.itemNumber)}::varchar[])
    order by id`.execute(db);
  return rows.map((r) => ({
    ...r,
    history: history
      .filter((h) => h.itemNumber === r.itemNumber)
      .map(({ itemNumber: _item, ...h }) => ({ ...h, id: Number(h.id) })),
  }));
}

/** Where a serial of the item is now (its master row), or null when the warehouse never had it. */
export async function serialState(
  db: Db | Trx,
  whId: string,
  itemNumber: string,
  serialNumber: string,
): Promise<SerialPlace | null> {
  const { rows } = await sql<SerialPlace>`
    select status, location_id, hu_id, lot_number, order_number, carton_number, delivery_number from tbl_sn_master
    where wh_id = ${whId} and item_number = ${itemNumber} and serial_number = ${serialNumber}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Carton pick's rule for one serial (README "Rules", Carton pick): IN at the carton's location off any pallet, picked
 * for the carton's order, in no carton yet. The RF carton step checks it at each scan; `moveSerials` again at close.
 */
export function packableSerial(row: SerialPlace | null, carton: { locationId: string; orderNumber: string }): boolean {
  return (
    row?.status === 'IN' &&
    row.locationId === carton.locationId &&
    row.huId === null &&
    row.orderNumber === carton.orderNumber &&
    row.cartonNumber === null
  );
}

/**
 * A count's rule for one serial found at a place (README "Counts"): it is in stock there (IN or HOLD at the location,
 * pallet and lot), or not in stock anywhere (new to the warehouse, or OUT). A serial in stock elsewhere is refused
 * (`serialTwice`, naming where it is): the unit is misplaced and is moved there, not counted here.
 */
export function countableSerial(row: SerialPlace | null, place: Pick<StockKey, 'locationId' | 'huId' | 'lotNumber'>): boolean {
  if (row === null || row.status === 'OUT') return true;
  return row.locationId === place.locationId && row.huId === place.huId && row.lotNumber === place.lotNumber;
}

/**
 * The serials a count names for what it found at a place (the count entry; README "Counts"): one per base unit of the
 * counted quantity, each once (`serialCountMismatch`, `serialTwice`), each countable there. Answers null for an item
 * without serial control (naming serials for it is refused), else the serials, sorted.
 */
export async function countedSerials(
  trx: Trx,
  key: Omit<StockKey, 'storedAttributeId'>,
  countedQty: string,
  serials: unknown,
): Promise<string[] | null> {
  const list = await namedSerials(trx, key.whId, key.itemNumber, countedQty, serials);
  if (!list) return null;
  const { rows } = await sql<SerialPlace & { serialNumber: string }>`
    select serial_number, status, location_id, hu_id, lot_number, order_number, carton_number, delivery_number
    from tbl_sn_master where wh_id = ${key.whId} and item_number = ${key.itemNumber}
      and serial_number = any(${list}::varchar[])`.execute(trx);
  const known = new Map(rows.map((r) => [r.serialNumber, r]));
  for (const serial of list) {
    const row = known.get(serial) ?? null;
    if (!countableSerial(row, key)) {
      throw new AppError('serialTwice', { serialNumber: serial, itemNumber: key.itemNumber, locationId: row?.locationId ?? '—' });
    }
  }
  return [...list].sort();
}

type SerialKey = Omit<StockKey, 'storedAttributeId' | 'whId'>;
const placeKey = (k: SerialKey) => JSON.stringify([k.itemNumber, k.locationId, k.huId, k.lotNumber]);

/**
 * The serials in stock (IN, or HOLD: a held row is still there and a count's book includes it) at each of these
 * ledger places (item, location, pallet, lot) of the warehouse, sorted: one statement for all of them. Answers a look-up by place (a place without serials: empty).
 */
export async function serialsAt(trx: Trx | Db, whId: string, keys: readonly SerialKey[]): Promise<(key: SerialKey) => string[]> {
  const byPlace = new Map<string, string[]>();
  if (keys.length > 0) {
    const { rows } = await sql<SerialKey & { serialNumber: string }>`
      select item_number, location_id, hu_id, lot_number, serial_number from tbl_sn_master
      where wh_id = ${whId} and status in ('IN', 'HOLD')
        and (item_number, location_id) in (
          select * from unnest(${keys.map((k) => k.itemNumber)}::varchar[], ${keys.map((k) => k.locationId)}::varchar[]))
      order by serial_number`.execute(trx);
    for (const r of rows) {
      const list = byPlace.get(placeKey(r)) ?? [];
      list.push(r.serialNumber);
      byPlace.set(placeKey(r), list);
    }
  }
  return (key) => byPlace.get(placeKey(key)) ?? [];
}

/** The adjustment a count of a serial-controlled item makes: the serials that enter (up) and leave (down). */
export interface CountSerialPlan {
  up: string[];
  down: string[];
}

/**
 * What a count of a serial-controlled item adjusts (README "Counts"): the ledger must move by counted − book, and
 * the serials found and not IN there enter (up) while the serials IN there and not found leave (down). When the serial
 * master agrees with the ledger (as many serials IN there as the book) that is exactly up = found − there and down =
 * there − found. When it does not (stock from before serials were captured), as many serials as keep the ledger's
 * difference are named: down as many of the missing as the found extras allow, up the rest. Null when no split fits
 * (the lines are then made without serials, to be typed on them as before).
 */
export function planCountSerials(counted: readonly string[], there: readonly string[], bookQty: string): CountSerialPlan | null {
  const book = toMilli(bookQty);
  if (book % 1000n !== 0n) return null;
  const difference = counted.length - Number(book / 1000n);
  const found = new Set(counted);
  const present = new Set(there);
  const extra = counted.filter((s) => !present.has(s));
  const missing = there.filter((s) => !found.has(s));
  const downCount = Math.min(missing.length, extra.length - difference);
  const upCount = downCount + difference;
  if (downCount < 0 || upCount < 0 || upCount > extra.length) return null;
  return { up: extra.slice(0, upCount), down: missing.slice(0, downCount) };
}
