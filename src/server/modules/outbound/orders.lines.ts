/**
 * Order lines (spec 001 §2.5, §5, §7 tOrderDetail) through the client-document line service: the order header is
 * locked first; lines change only while the order is new (N); the item must belong to the order's client. A line may
 * name a lot (lot-controlled items only) and attribute values: allocation honours them.
 */
import { tOrderDetail } from '../../../shared/entities/tOrderDetail';
import type { Row } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { type ClientDocumentLines, deleteDocumentLines, saveDocumentLine } from '../inventory/documentLines.service';
import { lockChangeableOrder } from './orders.service';

export const ORDER_LINES: ClientDocumentLines = {
  entity: tOrderDetail,
  table: 't_order_detail',
  docField: 'orderNumber',
  clientHeader: 't_order',
  lockHeader: lockChangeableOrder,
  itemNotOfClient: 'itemNotOfOrderClient',
};

/** `tOrderDetail/save`: answers the line id, or 0 when the warehouse or client is not the user's (spec: data 0). */
export const saveOrderLine = (db: Db, user: SessionUser, input: Row): Promise<number> =>
  saveDocumentLine(db, user, ORDER_LINES, input);

/** `tOrderDetail/batchDelete` and `delete`: lines of new orders, in one transaction. */
export const deleteOrderLines = (db: Db, user: SessionUser, ids: number[]): Promise<number> =>
  deleteDocumentLines(db, user, ORDER_LINES, ids);
