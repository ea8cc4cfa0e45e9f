/**
 * Order lines (spec 001 §2.5, §5, §7 tOrderDetail) through the client-document line service: the order header is
 * locked first; lines change only while the order is new (N); the item must belong to the order's client. A line may
 * name a lot (lot-controlled items only) and attribute values: allocation honours them.
 */
import { sql } from 'kysely';
import { tOrderDetail } from '../../../shared/entities/tOrderDetail';
import type { Row } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { type ClientDocumentLines, deleteDocumentLines, saveDocumentLine } from '../inventory/documentLines.service';
import { lockChangeableOrder, refuseUnlessHoldReason, refuseUnlessNewOrOnly } from './orders.service';

export const ORDER_LINES: ClientDocumentLines = {
  entity: tOrderDetail,
  table: 't_order_detail',
  docField: 'orderNumber',
  clientHeader: 't_order',
  lockHeader: lockChangeableOrder,
  itemNotOfClient: 'itemNotOfOrderClient',
  // A hold reason is one of the client's HOLD reasons (README "Holds and locks").
  checkLine: (trx, header, row) => refuseUnlessHoldReason(trx, String(row.whId), header.clientCode, row.holdReasonId),
  // Once confirmed (and until allocated) a line changes only its hold reason: held, or cleared for the next release.
  async ownEdit(trx, user, existing, row, header) {
    if (header.status === 'N') return null;
    refuseUnlessNewOrOnly({ ...header, orderNumber: row.orderNumber }, existing, row, ['holdReasonId']);
    await refuseUnlessHoldReason(trx, String(row.whId), header.clientCode, row.holdReasonId);
    await sql`
      update t_order_detail set hold_reason_id = ${(row.holdReasonId as string | null) ?? null}, updated_by = ${user.name},
        update_time = now()
      where id = ${Number(existing.id)}`.execute(trx);
    return Number(existing.id);
  },
};

/** `tOrderDetail/save`: answers the line id, or 0 when the warehouse or client is not the user's (spec: data 0). */
export const saveOrderLine = (db: Db, user: SessionUser, input: Row): Promise<number> =>
  saveDocumentLine(db, user, ORDER_LINES, input);

/** `tOrderDetail/batchDelete` and `delete`: lines of new orders, in one transaction. */
export const deleteOrderLines = (db: Db, user: SessionUser, ids: number[]): Promise<number> =>
  deleteDocumentLines(db, user, ORDER_LINES, ids);
