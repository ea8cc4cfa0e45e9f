/**
 * Cycle count calls (README): the three ways to generate count tasks, the adjustment task from the counts, and the
 * recount. Each call is one transaction (`inTransaction`). Generation in a warehouse is serialised by one advisory
 * lock per warehouse (two generations never both create an open task for the same key), and numbers its tasks from
 * one block of the COUNT series. The adjustment and the recount lock their tasks by id.
 */
import { type RawBuilder, sql } from 'kysely';
import { CODE_LISTS } from '../../../shared/entities/codeLists';
import { systemText } from '../../../shared/systemText';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient, grantsWarehouse } from '../../platform/grants';
import { fromMilli, toMilli } from '../inventory/ledger.service';
import { takeNextNumber, takeNumberBlock } from '../masterdata/control.service';
import { planCountSerials, serialsAt } from '../serials/serials.service';
import { statusRefusal, text } from './count.service';

/** What every generate call answers: how many tasks, and the first and last number. */
export interface GenerateAnswer {
  count: number;
  firstWorkQId: string | null;
  lastWorkQId: string | null;
}

export interface LocItemInput {
  whId: string;
  zone?: string | null;
  itemNumber?: string | null;
  fromLocation?: string | null;
  toLocation?: string | null;
  lotNumber?: string | null;
  huId?: string | null;
}

export interface PercentInput {
  whId: string;
  zone?: string | null;
  percent?: number | string | null;
}

export interface TranTypeInput {
  whId: string;
  tranType?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  zone?: string | null;
}

export interface AdjustmentInput {
  whId: string;
  ids?: number[] | null;
}

export interface AdjustmentAnswer {
  adjustmentTaskId: string | null;
  lines: number;
  tasks: number;
}

export interface RecountInput {
  whId: string;
  ids: number[];
}

/** The reason an adjustment generated from counts carries. */
export const COUNT_REASON = 'CNT';

const FIELD = (name: string) => `entity.tblCycleCountTask.field.${name}`;

function requireWarehouse(user: SessionUser, whId: string): void {
  if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
}

/** Generating by location (percent, transaction type) counts every client's stock there: every client is needed. */
function requireEveryClient(user: SessionUser, whId: string): void {
  if (!grantsClient(user, whId, null, 'write')) throw new AppError('clientsNotGranted', { whId });
}

/** The task fields a generation sets besides the key (what the list shows of how it was made). */
interface Origin {
  subType: 'LOCITEM' | 'PERCENT' | 'TRANTYPE';
  fromLocation?: string | null;
  toLocation?: string | null;
  percent?: number | null;
  tranType?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * Inserts the candidate tasks (a query answering location_id, item_number, lot_number, hu_id, stored_attribute_id,
 * expiration_date, logic_qty, uom, zone, in task order), numbered from one block of the COUNT series.
 */
async function insertTasks(
  trx: Trx,
  whId: string,
  user: SessionUser,
  origin: Origin,
  candidates: RawBuilder<unknown>,
): Promise<GenerateAnswer> {
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from (${candidates}) c`.execute(trx);
  const n = counted[0]?.n ?? 0;
  if (n === 0) throw new AppError('countNothingToCount');
  const block = await takeNumberBlock(trx, whId, 'COUNT', n);
  const number = sql`${block.prefix} || case when length((${block.first}::bigint + k)::text) >= ${block.numberLength}::int
    then (${block.first}::bigint + k)::text else lpad((${block.first}::bigint + k)::text, ${block.numberLength}::int, '0') end`;
  const { rows } = await sql<{ count: number; first: string | null; last: string | null }>`
    with c as (select c.*, row_number() over () - 1 as k from (${candidates}) c limit ${n}),
    ins as (
      insert into tbl_cycle_count_task (wh_id, work_q_id, status, sub_type, zone, from_location, to_location, location_id,
        hu_id, item_number, lot_number, expiration_date, stored_attribute_id, uom, logic_qty, percent, tran_type,
        start_date, end_date, create_by)
      select ${whId}, ${number}, 'N', ${origin.subType}, c.zone, ${origin.fromLocation ?? null}, ${origin.toLocation ?? null},
        c.location_id, c.hu_id, c.item_number, c.lot_number, c.expiration_date, c.stored_attribute_id, c.uom, c.logic_qty,
        ${origin.percent ?? null}::int, ${origin.tranType ?? null}, ${origin.startDate ?? null}::date,
        ${origin.endDate ?? null}::date, ${user.name}
      from c order by k
      returning work_q_id)
    select count(*)::int as count, min(work_q_id) as first, max(work_q_id) as last from ins`.execute(trx);
  const answer = rows[0];
  return { count: answer?.count ?? 0, firstWorkQId: answer?.first ?? null, lastWorkQId: answer?.last ?? null };
}

/** One generation at a time per warehouse (the open-task check and the insert see each other's tasks). */
async function lockGeneration(trx: Trx, whId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`cycle-count:${whId}`})::bigint)`.execute(trx);
}

/** No open task for the same key (location, item, lot, pallet, attributes) of ledger row s. */
const noOpenTask = sql`not exists (select 1 from tbl_cycle_count_task o
  where o.wh_id = s.wh_id and o.location_id = s.location_id and o.status = 'N' and o.item_number = s.item_number
    and o.lot_number is not distinct from s.lot_number and o.hu_id is not distinct from s.hu_id
    and o.stored_attribute_id is not distinct from s.stored_attribute_id)`;

/**
 * Per chosen location (a query answering location_id, zone, ord in task order), one task per ledger row there, or one
 * task without item when the location holds nothing; keys with an open task are left out.
 */
function tasksAtLocations(whId: string, chosen: RawBuilder<unknown>) {
  return sql`
    select l.location_id, l.zone, s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id, s.expiration_date,
      s.actual_qty as logic_qty, i.uom
    from (${chosen}) l
    join t_stored_item s on s.wh_id = ${whId} and s.location_id = l.location_id
    join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    where ${noOpenTask}
    union all
    select l.location_id, l.zone, null, null, null, null, null, 0::numeric, null
    from (${chosen}) l
    where not exists (select 1 from t_stored_item s where s.wh_id = ${whId} and s.location_id = l.location_id)
      and not exists (select 1 from tbl_cycle_count_task o where o.wh_id = ${whId} and o.location_id = l.location_id
        and o.status = 'N' and o.item_number is null)
    order by 1, 3 nulls first, 4 nulls first, 5 nulls first, 6 nulls first`;
}

/** `generateCountTaskByLocItem`: one task per ledger row of the item in the zone (location range, lot, pallet). */
export async function generateByLocItem(db: Db, input: LocItemInput, user: SessionUser): Promise<GenerateAnswer> {
  const whId = input.whId;
  requireWarehouse(user, whId);
  const zone = text(input.zone);
  const itemNumber = text(input.itemNumber);
  if (!zone) throw new AppError('countZoneRequired');
  if (!itemNumber) throw new AppError('countItemRequired');
  const from = text(input.fromLocation);
  const to = text(input.toLocation);
  if (from && to && from > to) throw new AppError('dateRangeInvalid', { from: FIELD('fromLocation'), to: FIELD('toLocation') });
  const lot = text(input.lotNumber);
  const hu = text(input.huId);
  return inTransaction(db, async (trx) => {
    const { rows: items } = await sql<{ clientCode: string }>`
      select client_code from t_item_master where wh_id = ${whId} and item_number = ${itemNumber}`.execute(trx);
    const item = items[0];
    if (!item) throw new AppError('itemNotFound', { itemNumber });
    if (!grantsClient(user, whId, item.clientCode, 'write')) throw new AppError('clientsNotGranted', { whId });
    await lockGeneration(trx, whId);
    const candidates = sql`
      select s.location_id, l.zone, s.item_number, s.lot_number, s.hu_id, s.stored_attribute_id, s.expiration_date,
        s.actual_qty as logic_qty, i.uom
      from t_stored_item s
      join t_location l on l.wh_id = s.wh_id and l.location_id = s.location_id
      join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
      where s.wh_id = ${whId} and s.item_number = ${itemNumber} and l.zone = ${zone}
        ${from ? sql`and s.location_id >= ${from}` : sql``} ${to ? sql`and s.location_id <= ${to}` : sql``}
        ${lot ? sql`and s.lot_number = ${lot}` : sql``} ${hu ? sql`and s.hu_id = ${hu}` : sql``}
        and ${noOpenTask}
      order by s.location_id, s.lot_number nulls first, s.hu_id nulls first, s.stored_attribute_id nulls first`;
    return insertTasks(trx, whId, user, { subType: 'LOCITEM', fromLocation: from, toLocation: to }, candidates);
  });
}

/** The percent as an integer 1–100, else the spec's message. */
function percentOf(value: unknown): number {
  const raw = text(value);
  if (!raw || !/^([1-9]\d?|100)$/.test(raw)) throw new AppError('countPercentInvalid');
  return Number(raw);
}

/**
 * Which locations come first when only some are counted: class A, then B, then C, then none; within a class the
 * oldest count first (never counted first); then the location id.
 */
const COUNT_PRIORITY = sql`case l.cycle_count_class when 'A' then 1 when 'B' then 2 when 'C' then 3 else 4 end,
  l.last_count_date nulls first, l.location_id`;

/**
 * `generateCountTaskByPercent`: ceil(percent% × the zone's active locations) locations in COUNT_PRIORITY order,
 * each counted per ledger row (or as a location when empty).
 */
export async function generateByPercent(db: Db, input: PercentInput, user: SessionUser): Promise<GenerateAnswer> {
  const whId = input.whId;
  requireWarehouse(user, whId);
  const zone = text(input.zone);
  if (!zone) throw new AppError('countZoneRequired');
  const percent = percentOf(input.percent);
  requireEveryClient(user, whId);
  return inTransaction(db, async (trx) => {
    await lockGeneration(trx, whId);
    const chosen = sql`
      select l.location_id, l.zone from t_location l
      where l.wh_id = ${whId} and l.zone = ${zone} and l.status = 'A'
      order by ${COUNT_PRIORITY}
      limit (select ceil(count(*) * ${percent}::int / 100.0)::int from t_location
        where wh_id = ${whId} and zone = ${zone} and status = 'A')`;
    return insertTasks(trx, whId, user, { subType: 'PERCENT', percent }, tasksAtLocations(whId, chosen));
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateOf(value: string, field: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new AppError('fieldNotDate', { field: FIELD(field) });
  }
  return value;
}

/**
 * `generateCountTaskByTranType`: the active locations (of the zone when given) that log rows of the type touched
 * (from or to location) between the two dates inclusive, each counted as in percent mode.
 */
export async function generateByTranType(db: Db, input: TranTypeInput, user: SessionUser): Promise<GenerateAnswer> {
  const whId = input.whId;
  requireWarehouse(user, whId);
  const tranType = text(input.tranType);
  if (!tranType) throw new AppError('countTranTypeRequired');
  const types: readonly string[] = CODE_LISTS.tranType;
  if (!types.includes(tranType)) {
    throw new AppError('fieldNotInList', { field: FIELD('tranType'), values: types.join(', ') });
  }
  const start = text(input.startDate);
  const end = text(input.endDate);
  if (!start || !end) throw new AppError('countDatesRequired');
  dateOf(start, 'startDate');
  dateOf(end, 'endDate');
  if (start > end) throw new AppError('dateRangeInvalid', { from: FIELD('startDate'), to: FIELD('endDate') });
  const zone = text(input.zone);
  requireEveryClient(user, whId);
  return inTransaction(db, async (trx) => {
    await lockGeneration(trx, whId);
    const chosen = sql`
      select l.location_id, l.zone from t_location l
      where l.wh_id = ${whId} and l.status = 'A' ${zone ? sql`and l.zone = ${zone}` : sql``}
        and l.location_id in (
          select unnest(array[g.from_location_id, g.to_location_id]) from tran_log g
          where g.wh_id = ${whId} and g.tran_type = ${tranType}
            and g.tran_date >= ${start}::date and g.tran_date < ${end}::date + 1)`;
    return insertTasks(
      trx,
      whId,
      user,
      { subType: 'TRANTYPE', tranType, startDate: start, endDate: end },
      tasksAtLocations(whId, chosen),
    );
  });
}

interface TaskRow {
  id: number;
  workQId: string;
  status: string;
  itemNumber: string | null;
  clientCode: string | null;
}

/**
 * The listed tasks of the warehouse locked in id order; a missing one is `notFound`, one of a client the user does
 * not hold (a task without item: every client) `clientsNotGranted`.
 */
async function lockTasks(trx: Trx, whId: string, ids: readonly number[], user: SessionUser): Promise<TaskRow[]> {
  const unique = [...new Set(ids)];
  const { rows } = await sql<TaskRow>`
    select t.id, t.work_q_id, t.status, t.item_number, i.client_code from tbl_cycle_count_task t
    left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
    where t.wh_id = ${whId} and t.id = any(${unique}::bigint[]) order by t.id for update of t`.execute(trx);
  if (rows.length !== unique.length) throw new AppError('notFound');
  if (!rows.every((r) => grantsClient(user, whId, r.clientCode, 'write'))) throw new AppError('clientsNotGranted', { whId });
  return rows;
}

/** One adjustment line of a count of a serial-controlled item, as the adjustment's insert reads it. */
interface SerialCountLine {
  task_id: number;
  part: number;
  sub: number;
  location_id: string;
  hu_id: string | null;
  item_number: string;
  lot_number: string | null;
  qty: string;
  uom: string | null;
  expiration_date: string | null;
  stored_attribute_id: number | null;
  work_q_id: string;
  serial_numbers: string | null;
}

/**
 * The lines the counts of serial-controlled items make (serials README "Counts"): per counted place (a task's, or a
 * ledger row of a location counted empty) the serials found and not there go up, those there and not found go down
 * (`planCountSerials`): one line up with the first, one line down with the second — so a count that found the right
 * number of units but another serial makes both. When the serials cannot name the ledger's difference (stock from
 * before serials were captured) the difference is one line without serials, typed on it before confirmation.
 */
async function serialCountLines(trx: Trx, whId: string, ids: readonly number[]): Promise<SerialCountLine[]> {
  const { rows } = await sql<{
    taskId: number;
    part: number;
    locationId: string;
    huId: string | null;
    itemNumber: string;
    lotNumber: string | null;
    countedQty: string;
    bookQty: string;
    uom: string | null;
    expirationDate: string | null;
    storedAttributeId: number | null;
    workQId: string;
    serialNumbers: string | null;
  }>`
    select t.id as task_id, 0 as part, t.location_id, t.hu_id, t.item_number, t.lot_number,
      trim_scale(t.cycle_count_qty)::text as counted_qty, trim_scale(t.logic_qty)::text as book_qty, t.uom,
      to_char(t.expiration_date, 'YYYY-MM-DD') as expiration_date, t.stored_attribute_id, t.work_q_id, t.serial_numbers
    from tbl_cycle_count_task t join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
    where t.id = any(${ids as number[]}::bigint[]) and i.serial_control = 'Y'
    union all
    select t.id, s.id, s.location_id, s.hu_id, s.item_number, s.lot_number, '0', trim_scale(s.actual_qty)::text, i.uom,
      to_char(s.expiration_date, 'YYYY-MM-DD'), s.stored_attribute_id, t.work_q_id, null
    from tbl_cycle_count_task t
    join t_stored_item s on s.wh_id = t.wh_id and s.location_id = t.location_id
    join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
    where t.id = any(${ids as number[]}::bigint[]) and t.item_number is null and s.actual_qty > 0 and i.serial_control = 'Y'
    order by 1, 2`.execute(trx);
  const at = await serialsAt(trx, whId, rows);
  const lines: SerialCountLine[] = [];
  for (const r of rows) {
    const line = (sub: number, qty: string, serials: readonly string[] | null): SerialCountLine => ({
      task_id: Number(r.taskId),
      part: Number(r.part),
      sub,
      location_id: r.locationId,
      hu_id: r.huId,
      item_number: r.itemNumber,
      lot_number: r.lotNumber,
      qty,
      uom: r.uom,
      expiration_date: r.expirationDate,
      stored_attribute_id: r.storedAttributeId === null ? null : Number(r.storedAttributeId),
      work_q_id: r.workQId,
      serial_numbers: serials && serials.length > 0 ? serials.join('\n') : null,
    });
    const there = at(r);
    const counted = (r.serialNumbers ?? '').split('\n').filter(Boolean);
    const plan = planCountSerials(counted, there, r.bookQty);
    if (plan) {
      if (plan.up.length > 0) lines.push(line(0, String(plan.up.length), plan.up));
      if (plan.down.length > 0) lines.push(line(1, String(-plan.down.length), plan.down));
    } else if (toMilli(r.countedQty) !== toMilli(r.bookQty)) {
      lines.push(line(0, fromMilli(toMilli(r.countedQty) - toMilli(r.bookQty)), null));
    }
  }
  return lines;
}

/**
 * `generateAdjustmentTask`: the counted (C) tasks listed, or every counted task of the warehouse the user may write,
 * become one adjustment task (N, reason CNT, series ADJUST) with one line per difference — counted − book, signed,
 * in the item's base unit, with the task's lot, expiry, pallet and attributes; a location counted empty gives one
 * negative line per ledger row it holds now. Every task → A with the adjustment's number (null when no task had a
 * difference); their locations' last count date = today.
 */
export async function generateAdjustment(db: Db, input: AdjustmentInput, user: SessionUser): Promise<AdjustmentAnswer> {
  const whId = input.whId;
  requireWarehouse(user, whId);
  return inTransaction(db, async (trx) => {
    let ids: number[];
    if (input.ids && input.ids.length > 0) {
      const tasks = await lockTasks(trx, whId, input.ids, user);
      const open = tasks.find((t) => t.status !== 'C');
      if (open) throw statusRefusal('countTaskNotCounted', open);
      ids = tasks.map((t) => t.id);
    } else {
      const { rows } = await sql<TaskRow>`
        select t.id, t.work_q_id, t.status, t.item_number, i.client_code from tbl_cycle_count_task t
        left join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
        where t.wh_id = ${whId} and t.status = 'C' order by t.id for update of t`.execute(trx);
      ids = rows.filter((r) => grantsClient(user, whId, r.clientCode, 'write')).map((r) => r.id);
    }
    if (ids.length === 0) throw new AppError('countNothingCounted');
    const { rows: ranges } = await sql<{ first: string; last: string }>`
      select min(work_q_id) as first, max(work_q_id) as last from tbl_cycle_count_task where id = any(${ids}::bigint[])`.execute(
      trx,
    );
    const range = ranges[0];
    const attributes = sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`generic_attr_value${i + 1}`)));
    const attributeValues = sql.join(Array.from({ length: 11 }, (_, i) => sql.ref(`a.generic_attr_value${i + 1}`)));
    const serialLines = JSON.stringify(await serialCountLines(trx, whId, ids));
    // Lines of serial-controlled items come planned with their serials (serialCountLines); the others from the counts.
    const lines = sql`
      select t.id as task_id, 0 as part, 0 as sub, t.location_id, t.hu_id, t.item_number, t.lot_number,
        t.cycle_count_qty - t.logic_qty as qty, t.uom, t.expiration_date, t.stored_attribute_id, t.work_q_id,
        null::text as serial_numbers
      from tbl_cycle_count_task t join t_item_master i on i.wh_id = t.wh_id and i.item_number = t.item_number
      where t.id = any(${ids}::bigint[]) and t.cycle_count_qty <> t.logic_qty and i.serial_control <> 'Y'
      union all
      select t.id, s.id, 0, s.location_id, s.hu_id, s.item_number, s.lot_number, -s.actual_qty, i.uom, s.expiration_date,
        s.stored_attribute_id, t.work_q_id, null
      from tbl_cycle_count_task t
      join t_stored_item s on s.wh_id = t.wh_id and s.location_id = t.location_id
      join t_item_master i on i.wh_id = s.wh_id and i.item_number = s.item_number
      where t.id = any(${ids}::bigint[]) and t.item_number is null and s.actual_qty > 0 and i.serial_control <> 'Y'
      union all
      select j.task_id, j.part, j.sub, j.location_id, j.hu_id, j.item_number, j.lot_number, j.qty, j.uom,
        j.expiration_date, j.stored_attribute_id, j.work_q_id, j.serial_numbers
      from json_to_recordset(${serialLines}::json) as j(task_id bigint, part bigint, sub int, location_id varchar,
        hu_id varchar, item_number varchar, lot_number varchar, qty numeric, uom varchar, expiration_date date,
        stored_attribute_id bigint, work_q_id varchar, serial_numbers text)`;
    const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from (${lines}) x`.execute(trx);
    const lineCount = counted[0]?.n ?? 0;
    let taskId: string | null = null;
    if (lineCount > 0) {
      taskId = await takeNextNumber(trx, whId, 'ADJUST');
      const description = systemText('countAdjustment', { first: range?.first ?? '', last: range?.last ?? '' });
      await sql`
        insert into tbl_inv_adjustment (wh_id, task_id, status, reason_id, description, create_by)
        values (${whId}, ${taskId}, 'N', ${COUNT_REASON}, ${description}, ${user.name})`.execute(trx);
      await sql`
        insert into tbl_inv_adjustment_detail (wh_id, task_id, line_number, location_id, hu_id, item_number, lot_number,
          qty, uom, expiration_date, stored_attribute_id, line_remark, serial_numbers, ${attributes})
        select ${whId}, ${taskId}, row_number() over (order by x.task_id, x.part, x.sub), x.location_id, x.hu_id,
          x.item_number, x.lot_number, x.qty, x.uom, x.expiration_date, x.stored_attribute_id, x.work_q_id,
          x.serial_numbers, ${attributeValues}
        from (${lines}) x left join t_stored_attribute a on a.id = x.stored_attribute_id`.execute(trx);
    }
    await sql`
      update tbl_cycle_count_task set status = 'A', adjustment_task_id = ${taskId}, update_time = now()
      where id = any(${ids}::bigint[])`.execute(trx);
    await sql`
      update t_location set last_count_date = current_date, update_time = now()
      where wh_id = ${whId} and location_id in (select location_id from tbl_cycle_count_task where id = any(${ids}::bigint[]))`.execute(
      trx,
    );
    return { adjustmentTaskId: taskId, lines: lineCount, tasks: ids.length };
  });
}

/**
 * `requestRecount`: counted (C) tasks back to N for a second count — the first count kept (first time only), the
 * count cleared, the recount counted. Answers the number of tasks put back.
 */
export async function requestRecount(db: Db, input: RecountInput, user: SessionUser): Promise<number> {
  const whId = input.whId;
  requireWarehouse(user, whId);
  return inTransaction(db, async (trx) => {
    const tasks = await lockTasks(trx, whId, input.ids, user);
    const notCounted = tasks.find((t) => t.status !== 'C');
    if (notCounted) throw statusRefusal('countTaskNotCounted', notCounted);
    const { rows } = await sql<{ id: number }>`
      update tbl_cycle_count_task set status = 'N', first_count_qty = coalesce(first_count_qty, cycle_count_qty),
        cycle_count_qty = null, serial_numbers = null, recount_count = recount_count + 1, count_by = null, count_time = null, update_time = now()
      where id = any(${tasks.map((t) => t.id)}::bigint[]) and status = 'C'
      returning id`.execute(trx);
    return rows.length;
  });
}
