/**
 * PUTAWAY (README "Seeded flows"): a received pallet, receipt or item (ready for putaway, still at its receiving
 * location) → the quantity → the destination (the putaway suggestion as default) → the putaway screen's services in
 * one transaction: `createPutawayTasks` (permission tReceipt edit) then the movement task's approval
 * `approveMovement` (`tblInvMovement/approvePlannedMove`, permission tblInvMovement edit), which logs PUTAWAY and marks
 * the receipt put away.
 */
import { permission } from '../../../../shared/permissions';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../platform/errors';
import { milli } from '../../inbound/inspection.service';
import { createPutawayTasks, type ReadyReceipt, readyReceipts, suggestPutaway } from '../../inbound/putaway.service';
import { approveMovement } from '../../inventory/execute.service';
import { gs1Of, requireCode, requireQty, requireScan, sameCode } from './common';
import type { RfAction, RfContext } from './types';

const PUTAWAY = [permission('tReceipt', 'edit'), permission('tblInvMovement', 'edit')] as const;

/** The first ready receipt row a scan names: its pallet (or GS1 SSCC), receipt number, or item. */
async function readyRow(ctx: RfContext, code: string): Promise<ReadyReceipt | null> {
  const sscc = gs1Of(code)?.sscc;
  const rows = await readyReceipts(ctx.db, ctx.user, { whId: ctx.whId, clientCode: ctx.clientCode });
  return (
    rows.find((r) => sameCode(r.huId, sscc ?? code)) ??
    rows.find((r) => sameCode(r.receiptId, code)) ??
    rows.find((r) => sameCode(r.itemNumber, code)) ??
    null
  );
}

export const PUTAWAY_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'putaway.receipt',
    permission: PUTAWAY,
    doc: 'A pallet (id or GS1 SSCC), receipt number or item with a receipt row ready for putaway (readyReceipts, rfNothingToPutaway); the suggestion (suggestPutaway) fills the destination default.',
    async run(ctx) {
      const code = requireScan(ctx.input, 'rf.field.code', 60);
      const row = await readyRow(ctx, code);
      if (!row) throw new AppError('rfNothingToPutaway', { code });
      const suggested = await suggestPutaway(ctx.db, ctx.user, { whId: ctx.whId, clientCode: ctx.clientCode, ids: [row.id] });
      return {
        values: {
          receiptRowId: String(row.id),
          receiptId: row.receiptId,
          itemNumber: row.itemNumber,
          itemDescription: row.itemDescription,
          lotNumber: row.lotNumber,
          huId: row.huId,
          sourceLocationId: row.locationId,
          uom: row.uom,
          putQty: row.remainingQty,
          remaining: row.remainingQty,
          suggestedLocation: suggested.find((l) => l.destLocationId)?.destLocationId ?? '',
          destLocationId: null,
        },
      };
    },
  },
  {
    kind: 'list',
    name: 'putaway.ready',
    permission: PUTAWAY,
    doc: 'Receipt rows of the warehouse and client ready for putaway.',
    async list(ctx) {
      const rows = await readyReceipts(ctx.db, ctx.user, { whId: ctx.whId, clientCode: ctx.clientCode });
      return rows.slice(0, 200).map((r) => ({
        value: r.huId ?? r.receiptId,
        label: `${r.receiptId} · ${r.itemNumber}`,
        detail: `${r.locationId} · ${r.remainingQty} ${r.uom}${r.huId ? ` · ${r.huId}` : ''}`,
      }));
    },
  },
  {
    kind: 'exec',
    name: 'putaway.qty',
    permission: PUTAWAY,
    doc: 'The quantity to put away (qtyPositive, base unit), at most what the receipt row has left to put away now (readyReceipts; putawayExceedsReceipt) — refused here, not at every destination scan; the task creation checks again.',
    async run(ctx) {
      const putQty = requireQty(ctx.input, 'qtyPositive');
      const id = Number(ctx.values.receiptRowId);
      const [row] = Number.isSafeInteger(id)
        ? await readyReceipts(ctx.db, ctx.user, { whId: ctx.whId, clientCode: ctx.clientCode, ids: [id] })
        : [];
      const remaining = row?.remainingQty ?? '0';
      if (milli(putQty) > milli(remaining)) {
        throw new AppError('putawayExceedsReceipt', {
          receiptId: row?.receiptId ?? ctx.values.receiptId ?? '',
          lineNumber: row?.lineNumber ?? '',
          remaining: milli(remaining) < 0n ? '0' : remaining,
          qty: putQty,
        });
      }
      return { values: { putQty, remaining } };
    },
  },
  {
    kind: 'exec',
    name: 'putaway.confirm',
    permission: PUTAWAY,
    doc: 'The destination scanned → createPutawayTasks (one line) and approveMovement of that task, one transaction (every check of both services: active storage location, pallet, quantity left, grants).',
    async run(ctx) {
      const destLocationId = requireCode(ctx.input, 'rf.field.locationId', 30);
      const qty = ctx.values.putQty ?? '';
      const receiptRowId = Number(ctx.values.receiptRowId);
      const task = await inTransaction(ctx.db, async (trx) => {
        const made = await createPutawayTasks(trx, ctx.user, { whId: ctx.whId, lines: [{ receiptRowId, destLocationId, qty }] });
        await approveMovement(trx, ctx.whId, made.taskId, ctx.user);
        return made;
      });
      const cleared = [
        'receiptRowId',
        'receiptId',
        'itemNumber',
        'itemDescription',
        'lotNumber',
        'huId',
        'sourceLocationId',
        'uom',
        'putQty',
        'remaining',
        'suggestedLocation',
        'destLocationId',
        'putScan',
      ];
      return {
        values: Object.fromEntries(cleared.map((k) => [k, null])),
        message: {
          key: 'rf.msg.putAway',
          params: { qty, itemNumber: ctx.values.itemNumber ?? '', locationId: destLocationId, taskId: task.taskId },
        },
      };
    },
  },
];
