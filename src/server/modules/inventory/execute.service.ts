/**
 * Executing inventory tasks: approving a movement and confirming an adjustment. Each is one transaction over
 * every line — all lines are applied or none — retried on deadlock, with a transaction-log row per ledger change.
 */
import { sql } from 'kysely';
import type { Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { addStock, type StockKey, takeStock, writeTranLog } from './ledger.service';
import { attributeValues, completeTask, lockOpenTask, type TaskHeader, taskLines } from './tasks';

interface LineBase extends Record<string, unknown> {
  lineNumber: number;
  itemNumber: string;
  lotNumber: string | null;
  huId: string | null;
  storedAttributeId: number | null;
  qty: string;
  expirationDate: string | null;
}
interface MovementLine extends LineBase {
  sourceLocationId: string;
  destLocationId: string;
}
interface AdjustmentLine extends LineBase {
  locationId: string;
}

interface LocationInfo {
  locationId: string;
  status: string;
  itemHuIndicator: 'I' | 'H';
}

async function location(trx: Trx, whId: string, locationId: string): Promise<LocationInfo> {
  const { rows } = await sql<LocationInfo>`
    select location_id, status, item_hu_indicator from t_location where wh_id = ${whId} and location_id = ${locationId}`.execute(
    trx,
  );
  const row = rows[0];
  if (!row || row.status !== 'A') throw new AppError('locationNotActive', { locationId });
  return row;
}

const blank = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/** Sorts lines by the ledger row they take from, so concurrent tasks lock rows in one order (fewer deadlocks). */
function lockOrder<L extends LineBase>(lines: L[], from: (line: L) => string): L[] {
  const key = (l: L) =>
    [from(l), l.itemNumber, l.lotNumber ?? '', l.huId ?? '', l.storedAttributeId ?? 0, l.lineNumber].join('\u0000');
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function requireLines<L>(trx: Trx, kind: 'movement' | 'adjustment', header: TaskHeader): Promise<L[]> {
  const lines = await taskLines<L>(trx, kind, header);
  if (lines.length === 0) throw new AppError('taskHasNoLines', { taskId: header.taskId });
  return lines;
}

/**
 * `approvePlannedMove`: every line's stock leaves its source and arrives at its destination with lot, expiry, FIFO
 * date, pallet and attributes kept. A pallet (H) destination needs the pallet id; an item (I) destination takes the
 * stock off its pallet.
 */
export async function approveMovement(db: Db, whId: string, taskId: string, userName: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const header = await lockOpenTask(trx, 'movement', whId, taskId);
    const lines = await requireLines<MovementLine>(trx, 'movement', header);
    for (const line of lockOrder(lines, (l) => l.sourceLocationId)) {
      const destination = await location(trx, whId, line.destLocationId);
      await location(trx, whId, line.sourceLocationId);
      if (destination.itemHuIndicator === 'H' && !blank(line.huId)) {
        throw new AppError('palletRequiredAtDestination', { lineNumber: line.lineNumber, locationId: line.destLocationId });
      }
      const context = {
        category: 'INVENTORY' as const,
        tranType: 'MOVE',
        description: `${taskId}/${line.lineNumber}`,
        employeeId: userName,
        controlNumber: taskId,
        lineNumber: line.lineNumber,
        fromLocationId: line.sourceLocationId,
        toLocationId: line.destLocationId,
        attributes: attributeValues(line),
      };
      const source: StockKey = {
        whId,
        locationId: line.sourceLocationId,
        itemNumber: line.itemNumber,
        lotNumber: blank(line.lotNumber),
        huId: blank(line.huId),
        storedAttributeId: line.storedAttributeId,
      };
      const taken = await takeStock(trx, source, line.qty, null);
      const target: StockKey = {
        ...source,
        locationId: line.destLocationId,
        huId: destination.itemHuIndicator === 'H' ? source.huId : null,
      };
      await addStock(trx, target, line.qty, { expirationDate: taken.expirationDate, fifoDate: taken.fifoDate }, null);
      // One log row per line: the quantity moved, from and to.
      await writeTranLog(trx, source, taken.clientCode, line.qty, context);
    }
    await completeTask(trx, 'movement', header, userName);
  });
}

/**
 * `confirmInvAdjustment`: a positive line creates or increases stock, a negative one decreases it (never below
 * zero: refused with the spec's messages), with the task's reason in the transaction log.
 */
export async function confirmAdjustment(db: Db, whId: string, taskId: string, userName: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const header = await lockOpenTask(trx, 'adjustment', whId, taskId);
    const lines = await requireLines<AdjustmentLine>(trx, 'adjustment', header);
    for (const line of lockOrder(lines, (l) => l.locationId)) {
      const place = await location(trx, whId, line.locationId);
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
      const negative = line.qty.startsWith('-');
      const context = {
        category: 'INVENTORY' as const,
        tranType: 'ADJUST',
        description: [taskId, line.lineNumber, header.reasonId].filter(Boolean).join('/'),
        employeeId: userName,
        controlNumber: taskId,
        lineNumber: line.lineNumber,
        fromLocationId: negative ? line.locationId : null,
        toLocationId: negative ? null : line.locationId,
        attributes: attributeValues(line),
      };
      if (negative) {
        await takeStock(trx, key, line.qty.slice(1), context, { none: 'notAvailableStock', short: 'greaterThanAvailableStock' });
      } else {
        await addStock(trx, key, line.qty, { expirationDate: line.expirationDate }, context);
      }
    }
    await completeTask(trx, 'adjustment', header, userName);
  });
}
