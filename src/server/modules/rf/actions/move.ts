/**
 * MOVE (README "Seeded flows"): from location → item (number, UPC or GS1; a GS1 lot chooses the row) → quantity →
 * to location → the console's movement task, made and approved in one transaction: the header through the generic
 * `tblInvMovement/save`, the line through `tblInvMovementDetail/save` (`saveLine`: lot, pallet, available stock) and
 * `approvePlannedMove` (`approveMovement`) — permissions tblInvMovement add and edit.
 */
import { sql } from 'kysely';
import { permission } from '../../../../shared/permissions';
import { saveRow } from '../../../crud/crud.service';
import type { CrudBinding } from '../../../crud/crud.types';
import { inTransaction } from '../../../db/transaction';
import { AppError } from '../../../platform/errors';
import { approveMovement } from '../../inventory/execute.service';
import { INVENTORY_BINDINGS } from '../../inventory/inventory.bindings';
import { saveLine } from '../../inventory/lines.service';
import { requireCode, requireQty, scannedItem } from './common';
import type { RfAction } from './types';

const MOVE = [permission('tblInvMovement', 'add'), permission('tblInvMovement', 'edit')] as const;
const HEADER = INVENTORY_BINDINGS.find((b) => b.entity.name === 'tblInvMovement') as CrudBinding;

interface StockRow {
  lotNumber: string | null;
  huId: string | null;
  expirationDate: string | null;
  available: string;
}

export const MOVE_ACTIONS: RfAction[] = [
  {
    kind: 'exec',
    name: 'move.from',
    permission: MOVE,
    doc: 'The source location: active (locationNotActive) with available stock of the client (availableStockZero).',
    async run(ctx) {
      const locationId = requireCode(ctx.input, 'rf.field.locationId', 30);
      const { rows } = await sql<{ status: string; n: number }>`
        select l.status, (select count(*)::int from t_stored_item s where s.wh_id = l.wh_id and s.location_id = l.location_id
          and s.client_code = ${ctx.clientCode} and s.status = 'A' and s.actual_qty - s.unavailable_qty - s.allocated_qty > 0) as n
        from t_location l where l.wh_id = ${ctx.whId} and l.location_id = ${locationId}`.execute(ctx.db);
      if (rows[0]?.status !== 'A') throw new AppError('locationNotActive', { locationId });
      if (!rows[0].n) throw new AppError('availableStockZero');
      const clear = [
        'itemNumber',
        'itemDescription',
        'lotNumber',
        'huId',
        'expirationDate',
        'available',
        'uom',
        'moveQty',
        'toLocation',
      ];
      return { values: { ...Object.fromEntries(clear.map((k) => [k, null])), fromLocation: locationId } };
    },
  },
  {
    kind: 'exec',
    name: 'move.item',
    permission: MOVE,
    doc: 'The item scanned (number, UPC, GS1 GTIN; a GS1 lot or SSCC chooses the stock row) with available stock at the source (availableStockZero); the earliest expiry first.',
    async run(ctx) {
      const { item, gs1 } = await scannedItem(ctx, ctx.input);
      const { rows } = await sql<StockRow>`
        select lot_number, hu_id, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date,
          trim_scale(actual_qty - unavailable_qty - allocated_qty)::text as available
        from t_stored_item
        where wh_id = ${ctx.whId} and location_id = ${ctx.values.fromLocation ?? ''} and item_number = ${item.itemNumber}
          and status = 'A' and actual_qty - unavailable_qty - allocated_qty > 0
          and (${gs1?.lot ?? null}::text is null or lot_number = ${gs1?.lot ?? null})
          and (${gs1?.sscc ?? null}::text is null or hu_id = ${gs1?.sscc ?? null})
        order by expiration_date nulls last, fifo_date, id limit 1`.execute(ctx.db);
      const row = rows[0];
      if (!row) throw new AppError('availableStockZero');
      return {
        values: {
          itemNumber: item.itemNumber,
          itemDescription: item.description ?? '',
          uom: item.uom,
          lotNumber: row.lotNumber,
          huId: row.huId,
          expirationDate: row.expirationDate,
          available: row.available,
          moveQty: gs1?.count ?? row.available,
        },
      };
    },
  },
  {
    kind: 'exec',
    name: 'move.qty',
    permission: MOVE,
    doc: 'The quantity (qtyPositive, base unit), at most what is available now at the source for the chosen stock row (item, lot, pallet; exceedsAvailableStock) — refused here, not at every destination scan; the line save checks again.',
    async run(ctx) {
      const moveQty = requireQty(ctx.input, 'qtyPositive');
      const v = ctx.values;
      const { rows } = await sql<{ available: string; over: boolean }>`
        select trim_scale(coalesce(sum(actual_qty - unavailable_qty - allocated_qty), 0))::text as available,
          ${moveQty}::numeric > coalesce(sum(actual_qty - unavailable_qty - allocated_qty), 0) as over
        from t_stored_item
        where wh_id = ${ctx.whId} and location_id = ${v.fromLocation ?? ''} and item_number = ${v.itemNumber ?? ''}
          and status = 'A' and lot_number is not distinct from ${v.lotNumber ?? null}::text
          and hu_id is not distinct from ${v.huId ?? null}::text`.execute(ctx.db);
      const available = rows[0]?.available ?? '0';
      if (rows[0]?.over !== false) throw new AppError('exceedsAvailableStock', { available });
      return { values: { moveQty, available } };
    },
  },
  {
    kind: 'exec',
    name: 'move.confirm',
    permission: MOVE,
    doc: 'The destination → movement task header (generic save), one line (saveLine: lot, pallet, same location, available) and its approval (approveMovement), one transaction.',
    async run(ctx) {
      const toLocation = requireCode(ctx.input, 'rf.field.locationId', 30);
      const v = ctx.values;
      const taskId = await inTransaction(ctx.db, async (trx) => {
        const id = await saveRow(trx, HEADER, ctx.user, { whId: ctx.whId, description: 'RF' });
        const { rows } = await sql<{ taskId: string }>`select task_id from tbl_inv_movement where id = ${id}`.execute(trx);
        const task = rows[0]?.taskId ?? '';
        await saveLine(trx, ctx.user, 'movement', {
          whId: ctx.whId,
          taskId: task,
          lineNumber: 1,
          itemNumber: v.itemNumber,
          sourceLocationId: v.fromLocation,
          destLocationId: toLocation,
          qty: v.moveQty,
          uom: v.uom,
          lotNumber: v.lotNumber ?? null,
          expirationDate: v.expirationDate ?? null,
          huId: v.huId ?? null,
        });
        await approveMovement(trx, ctx.whId, task, ctx.user);
        return task;
      });
      const clear = [
        'fromLocation',
        'itemNumber',
        'itemDescription',
        'lotNumber',
        'huId',
        'expirationDate',
        'available',
        'uom',
        'moveQty',
        'moveScan',
        'moveItem',
        'toLocation',
      ];
      return {
        values: Object.fromEntries(clear.map((k) => [k, null])),
        message: {
          key: 'rf.msg.moved',
          params: { qty: v.moveQty ?? '', itemNumber: v.itemNumber ?? '', from: v.fromLocation ?? '', to: toLocation, taskId },
        },
      };
    },
  },
];
