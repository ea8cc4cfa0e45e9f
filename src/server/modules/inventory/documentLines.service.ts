/**
 * Lines of a client's document — PO lines, order lines (spec 001 §2.4, §2.5, §5): the shared line steps of
 * lines.service plus the document's own rules, all in one transaction that locks the document's header first — then
 * the line — so line changes and the document's status changes queue in one order. The item must belong to the
 * document's client.
 */
import { sql } from 'kysely';
import type { ErrorCode } from '../../../shared/errors';
import type { Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsWarehouse } from '../../platform/grants';
import {
  applyStoredAttributeId,
  checkForm,
  formRow,
  type LineDocument,
  type LockedLine,
  lineId,
  lineItem,
  lockEditedLine,
  lockLinesForDelete,
  refuseDuplicateLine,
  removeLines,
  writeLine,
} from './lines.service';

/** A client's document whose lines are saved under its locked header. */
export interface ClientDocumentLines extends LineDocument {
  /** Its header table: what is read about the document is read only by users of its client. */
  clientHeader: string;
  /**
   * Locks the header, refusing a missing one or one whose lines may not change (`purpose`: what is done to its lines);
   * null when its client is not the user's.
   */
  lockHeader(
    trx: Trx,
    user: SessionUser,
    whId: string,
    key: string,
    purpose?: 'add' | 'edit' | 'delete',
  ): Promise<{ clientCode: string; status?: string } | null>;
  /** The refusal of an item of another client (params itemNumber, itemClient, clientCode and the document's key). */
  itemNotOfClient: ErrorCode;
  /**
   * An edit the document rules itself, after the form is checked (a PO line with receipts changes only its quantity):
   * answers the saved line's id, or null to go on with the usual steps.
   */
  ownEdit?(
    trx: Trx,
    user: SessionUser,
    existing: Row,
    row: Row,
    header: { clientCode: string; status?: string },
  ): Promise<number | null>;
  /** The document's own checks of a line about to be written (add or edit), after its item's (an order line's hold reason). */
  checkLine?(trx: Trx, header: { clientCode: string }, row: Row): Promise<void>;
  /** Refuses deleting lines the document keeps (a PO line with receipts). */
  refuseDelete?(lines: readonly LockedLine[]): void;
}

/** The fields a line form writes: every field but the server's (totals, attribute id, who). */
export const formFields = (doc: LineDocument): string[] =>
  Object.entries(doc.entity.fields)
    .filter(([, def]) => !def.readOnly)
    .map(([field]) => field);

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The documents lines (to be edited or deleted) belong to, read without a lock (their headers are locked first). */
async function documentsOfLines(trx: Trx, doc: LineDocument, ids: readonly number[]): Promise<{ whId: string; key: string }[]> {
  const { rows } = await sql<{ whId: string; key: string }>`
    select distinct wh_id, ${sql.ref(snake(doc.docField))} as key from ${sql.table(doc.table)}
    where id = any(${[...ids]}::bigint[]) order by wh_id, key`.execute(trx);
  return rows;
}

/**
 * `<lines>/save`: the spec's check order — form rules, the document (changeable, the user's client), item (active, of
 * the document's client), unit, lot cleared without lot control, duplicate line (add only), stored attribute id — then
 * the save. Answers the line id, or 0 when the warehouse or client is not the user's (spec: data 0 = not allowed).
 */
export async function saveDocumentLine(db: Db, user: SessionUser, doc: ClientDocumentLines, input: Row): Promise<number> {
  const id = lineId(input);
  return inTransaction(db, async (trx) => {
    const row = formRow(doc.entity, input);
    if (id === null) checkForm(doc.entity, row);
    // An edited line keeps its document and number: its keys come from the stored line, whatever the form says.
    const keys =
      id === null ? { whId: String(row.whId), key: String(row[doc.docField]) } : (await documentsOfLines(trx, doc, [id]))[0];
    if (!keys) {
      await lockEditedLine(trx, user, doc, id); // 403 without the edit permission, else notFound
      return 0;
    }
    if (!grantsWarehouse(user, keys.whId)) return 0;
    const header = await doc.lockHeader(trx, user, keys.whId, keys.key, id === null ? 'add' : 'edit');
    const existing = await lockEditedLine(trx, user, doc, id);
    if (!header || !existing) return 0;
    if (id !== null) {
      Object.assign(row, { whId: keys.whId, [doc.docField]: keys.key, lineNumber: existing.lineNumber });
      checkForm(doc.entity, row);
      const own = await doc.ownEdit?.(trx, user, existing, row, header);
      if (own !== undefined && own !== null) return own;
    }

    const item = await lineItem(trx, user, doc, row, 'orderUom');
    if (!item) return 0;
    if (item.clientCode !== header.clientCode) {
      throw new AppError(doc.itemNotOfClient, {
        itemNumber: item.itemNumber,
        itemClient: item.clientCode,
        clientCode: header.clientCode,
        [doc.docField]: keys.key,
      });
    }
    if (id === null) await refuseDuplicateLine(trx, doc, row);
    await doc.checkLine?.(trx, header, row);
    await applyStoredAttributeId(trx, item, row);
    const who = id === null ? 'createdBy' : 'updatedBy';
    row[who] = user.name;
    return writeLine(trx, doc, id, row, [...formFields(doc), 'storedAttributeId', who]);
  });
}

/**
 * `<lines>/batchDelete` and `delete`: lines of changeable documents, in one transaction. 0 when any line is missing or
 * not the user's; the document refuses what it keeps, naming it.
 */
export async function deleteDocumentLines(db: Db, user: SessionUser, doc: ClientDocumentLines, ids: number[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    for (const document of await documentsOfLines(trx, doc, ids)) {
      if (!grantsWarehouse(user, document.whId)) return 0;
      if (!(await doc.lockHeader(trx, user, document.whId, document.key, 'delete'))) return 0;
    }
    const lines = await lockLinesForDelete(trx, user, doc, ids);
    if (!lines) return 0;
    doc.refuseDelete?.(lines);
    return removeLines(trx, doc, lines);
  });
}
