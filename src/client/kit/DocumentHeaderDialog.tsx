/**
 * The add/edit dialog of a document header (a PO, an order). A new document opens its lines at once — entering them
 * is why it was created: after the save, the new row (its number may come from the series) is read back through the
 * entity's search and handed to `openLines`.
 */
import type { ReactNode } from 'react';
import { apiPost } from './api';
import type { EntityRow } from './EntityListPage';
import { FormDialog, type FormDialogProps } from './FormDialog';

export interface DocumentHeaderDialogProps extends FormDialogProps {
  /** The values a new document starts with. */
  newRow: Record<string, unknown>;
  /** Opens the lines screen of the saved new document. */
  openLines: (row: EntityRow) => void;
  children?: ReactNode;
}

export function DocumentHeaderDialog({ newRow, openLines, ...props }: DocumentHeaderDialogProps) {
  const editing = props.row?.id !== undefined && props.row?.id !== null;
  return (
    <FormDialog
      {...props}
      // A new document: the screen's starting values under what the list gives it (its warehouse and client).
      row={editing ? props.row : { ...newRow, ...props.row }}
      onSaved={(saved) => {
        props.onSaved(saved);
        if (editing) return;
        // Newest first: the document just saved is on the first page of its warehouse.
        void apiPost<{ content: EntityRow[] }>(`/${props.entity.name}/findPageByPara`, {
          pageNum: 1,
          pageSize: 20,
          columnFilters: { whId: saved.payload.whId },
        })
          .then((envelope) => envelope.data?.content.find((row) => row.id === saved.id))
          .then((row) => row && openLines(row))
          .catch(() => undefined);
      }}
    />
  );
}
