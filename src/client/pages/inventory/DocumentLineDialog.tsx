/**
 * The add/edit dialog of a document line — a PO line or an order line (spec 001 §2.4, §2.5, §4, §5): line number on
 * add only (the document's next number), item (only the document's client's items) → its units (the base unit chosen
 * first) → lot number only for a lot-controlled item → one read-only type label and value input per attribute type;
 * the optional fields folded under "more". Submit order: validate, confirm, duplicate line (add only), stored
 * attribute id, save, close, reload — the shared line steps; the server runs them again.
 */
import { useCallback, useMemo } from 'react';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { FormField } from '../../kit/FormField';
import { useLineSteps } from './useLineSteps';

export interface DocumentLineDialogProps extends FormDialogProps {
  /** The lines' entity (`tPoDetail`, `tOrderDetail`) and the field naming their document (`poNumber`, `orderNumber`). */
  linesEntity: string;
  docField: string;
  /** The document's client: the item list holds only its items (the server refuses another client's). */
  clientCode: string;
  /** Fields naming the document that the dialog shows read-only (spec 001 §2.5: warehouse and order number). */
  shownFields?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();
const noop = (): void => undefined;

export function DocumentLineDialog({ linesEntity, docField, clientCode, shownFields = NONE, ...props }: DocumentLineDialogProps) {
  const steps = useLineSteps({ open: props.open, row: props.row, linesEntity, docField });
  const { onItem, clearRefusal, editing, item } = steps;
  const onValuesChange = useCallback(
    (values: Readonly<Record<string, string>>) => {
      onItem(values.whId ?? '', values.itemNumber ?? '');
      clearRefusal();
    },
    [onItem, clearRefusal],
  );
  const lotControlled = item?.lotControl === 'Y';
  const hiddenFields = useMemo(() => {
    const hidden = new Set<string>();
    if (!lotControlled) hidden.add('lotNumber');
    // Spec 001 §2.4: edit mode hides the line number (a line keeps its number).
    if (editing) hidden.add('lineNumber');
    return hidden;
  }, [lotControlled, editing]);
  const { entity } = props;
  const renderField = useCallback(
    (field: string, value: string) => {
      const def = entity.fields[field];
      if (!shownFields.has(field) || !def) return null;
      // Zero width, grown to the column: the field never widens the form's grid column past the dialog.
      return (
        <div style={{ width: 0, minWidth: '100%' }}>
          <FormField entity={entity.name} field={field} def={def} value={value} readOnly onChange={noop} onCheck={noop} />
        </div>
      );
    },
    [entity, shownFields],
  );
  const lookupContext = useMemo(() => ({ clientCode }), [clientCode]);

  return (
    <FormDialog
      {...props}
      row={steps.dialogRow}
      open={props.open && steps.dialogRow !== null}
      hiddenFields={hiddenFields}
      renderField={renderField}
      onValuesChange={onValuesChange}
      lookupContext={lookupContext}
      beforeSave={steps.check}
    >
      {steps.view}
    </FormDialog>
  );
}
