/**
 * PO lines (spec 001 §2.4, §5, §7 tPoDetail) through the client-document line service: the PO header is locked first;
 * lines change only while the PO is open or receiving (O, R); a line with receipts keeps everything but its quantity,
 * which never goes below what was received, and cannot be deleted.
 */
import { tPoDetail } from '../../../shared/entities/tPoDetail';
import type { Row } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type ClientDocumentLines, deleteDocumentLines, formFields, saveDocumentLine } from '../inventory/documentLines.service';
import { text, writeLine } from '../inventory/lines.service';
import { lockChangeablePo } from './po.service';

/** A line with receipts changes only its quantity: any other field the form changed is refused, naming the line. */
function refuseChangesBesidesQty(existing: Row, row: Row): void {
  const changed = formFields(PO_LINES).some((f) => f !== 'qty' && text(existing[f]) !== text(row[f]));
  if (changed) {
    throw new AppError('poLineHasReceipts', {
      poNumber: String(existing.poNumber),
      lineNumber: Number(existing.lineNumber),
      received: String(existing.qtyReceived),
    });
  }
}

export const PO_LINES: ClientDocumentLines = {
  entity: tPoDetail,
  table: 't_po_detail',
  docField: 'poNumber',
  clientHeader: 't_po_master',
  lockHeader: lockChangeablePo,
  itemNotOfClient: 'itemNotOfPoClient',
  async ownEdit(trx, user, existing, row) {
    if (Number(existing.qtyReceived) <= 0) return null;
    refuseChangesBesidesQty(existing, row);
    if (Number(row.qty) < Number(existing.qtyReceived)) {
      throw new AppError('poLineQtyBelowReceived', {
        poNumber: String(existing.poNumber),
        lineNumber: Number(existing.lineNumber),
        qty: String(row.qty),
        received: String(existing.qtyReceived),
      });
    }
    return writeLine(trx, PO_LINES, Number(existing.id), { qty: row.qty, updatedBy: user.name }, ['qty', 'updatedBy']);
  },
  refuseDelete(lines) {
    const received = lines.find((l) => Number(l.qtyReceived) > 0);
    if (received) {
      throw new AppError('poLineHasReceipts', {
        poNumber: String(received.poNumber),
        lineNumber: received.lineNumber,
        received: String(received.qtyReceived),
      });
    }
  },
};

/** `tPoDetail/save`: answers the line id, or 0 when the warehouse or client is not the user's (spec: data 0). */
export const savePoLine = (db: Db, user: SessionUser, input: Row): Promise<number> => saveDocumentLine(db, user, PO_LINES, input);

/** `tPoDetail/batchDelete` and `delete`: lines without receipts of changeable POs, in one transaction. */
export const deletePoLines = (db: Db, user: SessionUser, ids: number[]): Promise<number> =>
  deleteDocumentLines(db, user, PO_LINES, ids);
