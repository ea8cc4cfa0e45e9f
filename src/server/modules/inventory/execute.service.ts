/**
 * Executing inventory tasks: approving a movement and confirming an adjustment. Each is one transaction over
 * every line — all lines are applied or none — with a transaction-log row per ledger change. Before any change the
 * task locks every ledger key it touches (sources and destinations) in one global order, so concurrent tasks queue
 * instead of deadlocking; the deadlock/serialization retry of `inTransaction` stays for what remains.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { type Actor, everyGrant, holdsPermission } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { adjustSerials, followSerials } from '../serials/serials.service';
import { eventsByClient, recordEvents } from '../webhooks/events';
import { ACCEPT_EXPIRED, addDays, today } from './expiry';
import { addStock, fromMilli, lockStockKeys, type StockKey, takeStock, toMilli, writeTranLog } from './ledger.service';
import { attributeValues, completeTask, lockOpenTask, requireLineClients, type TaskLine, taskLines } from './tasks';
import { type MovementLine, movementTaskType } from './taskTypes';

// Who runs a task is the platform's Actor (platform/actor.ts); the modules above keep importing it from here.
export { type Actor, everyGrant };

interface AdjustmentLine extends TaskLine {
  locationId: string;
  /** A serial-controlled item: the serials that leave (negative) or arrive (positive), one a line. */
  serialNumbers: string | null;
}

const moveDocument = (taskId: string, line: TaskLine) => ({ type: 'MOVE', number: taskId, lineNumber: line.lineNumber });

interface LocationInfo {
  locationId: string;
  status: string;
  itemHuIndicator: 'I' | 'H';
  /** The zone's type: A available, Q awaiting inspection, D unqualified (null: a location without zone). */
  zoneType: string | null;
}

/**
 * The task's locations in one query; `at` refuses one that is missing or inactive. They stay locked against deletion
 * (KEY SHARE) until the task commits, so a location is never deleted under stock being put there.
 */
async function locations(trx: Trx, whId: string, ids: string[]): Promise<{ at(locationId: string): LocationInfo }> {
  const { rows } = await sql<LocationInfo>`
    select l.location_id, l.status, l.item_hu_indicator,
      (select z.zone_type from t_zone z where z.wh_id = l.wh_id and z.zone = l.zone) as zone_type
    from t_location l
    where l.wh_id = ${whId} and l.location_id = any(${[...new Set(ids)]}::varchar[])
    order by l.location_id for key share of l`.execute(trx);
  return {
    at(locationId) {
      const row = rows.find((r) => r.locationId === locationId);
      if (row?.status !== 'A') throw new AppError('locationNotActive', { locationId });
      return row;
    },
  };
}

const blank = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/**
 * Expired stock (expiry before today) may enter an available location (zone type A) only for a user holding
 * sys:tblInvAdjustment:acceptExpired (inventory README "Expiry"); into Q or D zones it always may (quarantine).
 */
function refuseExpiredIntoAvailable(
  actor: Actor,
  now: string,
  place: LocationInfo,
  line: TaskLine,
  expirationDate: string | null,
): void {
  if (expirationDate === null || expirationDate >= now || place.zoneType !== 'A') return;
  if (holdsPermission(actor, ACCEPT_EXPIRED)) return;
  throw new AppError('expiredStockToAvailable', {
    lineNumber: line.lineNumber,
    itemNumber: line.itemNumber,
    lotNumber: line.lotNumber ?? '',
    expirationDate,
    locationId: place.locationId,
  });
}

/** Runs one line's step; a refusal names the line (the exception log keeps it). */
async function onLine<T>(line: TaskLine, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError && error.params.lineNumber === undefined) {
      throw new AppError(error.code, { ...error.params, lineNumber: line.lineNumber });
    }
    throw error;
  }
}

/** The open task's lines, refused when empty or when a line's item belongs to a client the actor does not hold. */
async function openTask<L extends TaskLine>(
  trx: Trx,
  kind: 'movement' | 'adjustment',
  whId: string,
  taskId: string,
  actor: Actor,
) {
  const header = await lockOpenTask(trx, kind, whId, taskId);
  const lines = await taskLines<L>(trx, kind, header);
  if (lines.length === 0) throw new AppError('taskHasNoLines', { taskId: header.taskId });
  requireLineClients(actor, whId, lines);
  return { header, lines };
}

/**
 * `approvePlannedMove`: every line's stock leaves its source and arrives at its destination with lot, expiry, FIFO
 * date, pallet and attributes kept. A pallet (H) destination needs the pallet id; an item (I) destination takes the
 * stock off its pallet. A task of another type than MOVE follows its registered definition (taskTypes.ts): a putaway
 * task (inbound's PUTAWAY) logs PUTAWAY under INBOUND and marks its receipts put away.
 */
export async function approveMovement(db: Db, whId: string, taskId: string, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { header, lines } = await openTask<MovementLine>(trx, 'movement', whId, taskId, actor);
    const taskType = movementTaskType((header as typeof header & { taskType?: string }).taskType);
    const places = await locations(
      trx,
      whId,
      lines.flatMap((l) => [l.sourceLocationId, l.destLocationId]),
    );
    const moves = lines.map((line) => {
      const destination = places.at(line.destLocationId);
      places.at(line.sourceLocationId);
      if (destination.itemHuIndicator === 'H' && !blank(line.huId)) {
        throw new AppError('palletRequiredAtDestination', { lineNumber: line.lineNumber, locationId: line.destLocationId });
      }
      const source: StockKey = {
        whId,
        locationId: line.sourceLocationId,
        itemNumber: line.itemNumber,
        lotNumber: blank(line.lotNumber),
        huId: blank(line.huId),
        storedAttributeId: line.storedAttributeId,
      };
      const target: StockKey = {
        ...source,
        locationId: line.destLocationId,
        huId: destination.itemHuIndicator === 'H' ? source.huId : null,
      };
      return { line, source, target };
    });
    await lockStockKeys(
      trx,
      moves.flatMap((m) => [m.source, m.target]),
    );
    const now = await today(trx);
    for (const { line, source, target } of moves) {
      await onLine(line, async () => {
        const taken = await takeStock(trx, source, line.qty, null);
        refuseExpiredIntoAvailable(actor, now, places.at(line.destLocationId), line, taken.expirationDate);
        await addStock(trx, target, line.qty, { expirationDate: taken.expirationDate, fifoDate: taken.fifoDate }, null);
        // One log row per line: the quantity moved, from and to.
        await writeTranLog(trx, source, taken.clientCode, line.qty, {
          category: taskType.category,
          tranType: taskType.tranType,
          description: `${taskId}/${line.lineNumber}`,
          employeeId: actor.name,
          controlNumber: taskId,
          lineNumber: line.lineNumber,
          fromLocationId: line.sourceLocationId,
          toLocationId: line.destLocationId,
          attributes: attributeValues(line),
        });
        await followSerials(
          trx,
          {
            source,
            target,
            serials: line.serialNumbers,
            qty: line.qty,
            receiptRowId: line.receiptRowId === null || line.receiptRowId === undefined ? null : Number(line.receiptRowId),
          },
          taskType.serialEvent,
          moveDocument(taskId, line),
          actor,
        );
      });
    }
    await completeTask(trx, 'movement', header, actor.name);
    await taskType.complete(trx, { whId, taskId, lines: moves.map((m) => m.line) });
  });
}

/**
 * `confirmInvAdjustment`: a positive line creates or increases stock, a negative one decreases it (never below
 * zero: refused with the spec's messages), with the task's reason in the transaction log.
 */
export async function confirmAdjustment(db: Db, whId: string, taskId: string, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { header, lines } = await openTask<AdjustmentLine>(trx, 'adjustment', whId, taskId, actor);
    const places = await locations(
      trx,
      whId,
      lines.map((l) => l.locationId),
    );
    const changes = lines.map((line) => {
      const place = places.at(line.locationId);
      const key: StockKey = {
        whId,
        locationId: line.locationId,
        itemNumber: line.itemNumber,
        lotNumber: blank(line.lotNumber),
        huId: place.itemHuIndicator === 'H' ? blank(line.huId) : null,
        storedAttributeId: line.storedAttributeId,
      };
      if (place.itemHuIndicator === 'H' && !key.huId) {
        throw new AppError('palletNotAllowEmpty', { lineNumber: line.lineNumber });
      }
      return { line, key, place };
    });
    await lockStockKeys(
      trx,
      changes.map((c) => c.key),
    );
    const now = await today(trx);
    for (const { line, key, place } of changes) {
      await onLine(line, async () => {
        const negative = line.qty.startsWith('-');
        const context = {
          category: 'INVENTORY' as const,
          tranType: 'ADJUST',
          description: [taskId, line.lineNumber, header.reasonId].filter(Boolean).join('/'),
          employeeId: actor.name,
          controlNumber: taskId,
          lineNumber: line.lineNumber,
          fromLocationId: negative ? line.locationId : null,
          toLocationId: negative ? null : line.locationId,
          attributes: attributeValues(line),
        };
        await adjustSerials(
          trx,
          key,
          line.clientCode,
          line.qty,
          line.serialNumbers,
          { type: 'ADJUST', number: taskId, lineNumber: line.lineNumber },
          actor,
        );
        if (negative) {
          await takeStock(trx, key, line.qty.slice(1), context, {
            none: 'notAvailableStock',
            short: 'greaterThanAvailableStock',
          });
        } else {
          // Stock of an item with a shelf life and no typed expiry (an item without lot control) is dated like a receipt:
          // today + the shelf life (inventory README "Expiry").
          const shelfLife = line.itemShelfLife ?? 0;
          const expirationDate = line.expirationDate ?? (shelfLife > 0 ? addDays(now, shelfLife) : null);
          refuseExpiredIntoAvailable(actor, now, place, line, expirationDate);
          await addStock(trx, key, line.qty, { expirationDate }, context);
        }
      });
    }
    await completeTask(trx, 'adjustment', header, actor.name);
    // An adjustment generated from a cycle count (cyclecount generateAdjustment) is the count's: count.adjusted.
    const { rows: counts } = await sql<{ workQId: string }>`
      select work_q_id from tbl_cycle_count_task where wh_id = ${whId} and adjustment_task_id = ${taskId} limit 1`.execute(trx);
    await recordEvents(
      trx,
      eventsByClient(counts.length > 0 ? 'count.adjusted' : 'stock.adjusted', whId, lines, (own) => ({
        taskId,
        reasonId: header.reasonId ?? null,
        lines: own.map((l) => ({
          lineNumber: l.lineNumber,
          itemNumber: l.itemNumber,
          lotNumber: blank(l.lotNumber),
          locationId: l.locationId,
          qty: fromMilli(toMilli(l.qty)),
        })),
      })),
    );
  });
}
