/**
 * The steps every line dialog shares (spec 000 §4, spec 001 §4, §5 — movement, adjustment and PO lines): a new line
 * starts with the document's next line number; choosing an item loads its lot control and its attribute types (0–11
 * pairs of a read-only type label and a value input); on submit, after the form's own rules and the confirmation,
 * the duplicate-line check (add only) and the stored attribute id of the shown values (item attributes empty refused).
 * The dialogs add their own rules around them; the server runs the same checks again.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ATTRIBUTE_SLOTS, type ItemAttributeType, type ItemLotControl } from '../../../shared/lookups';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import type { ExtraColumn } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { SlAlert, SlIcon, SlInput } from '../../kit/sl';
import './inventory.css';

const SLOTS = Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => i + 1);

/** The attribute pairs as list columns: each value hidden (the column chooser shows it), headed by its type label. */
export const ATTRIBUTE_COLUMNS: ExtraColumn[] = SLOTS.flatMap((n) => [
  { field: `genericAttrShow${n}`, headerKey: 'inventory.line.attributeType', headerValues: { n }, minWidth: 110, hidden: n > 2 },
  { field: `genericAttrValue${n}`, headerKey: 'inventory.line.attributeValue', headerValues: { n }, minWidth: 110, hidden: true },
]);

/** A value of a `/globalOptions/*` lookup, or null when it answered nothing. */
export async function lookup<T>(name: string, body: Record<string, unknown>): Promise<T | null> {
  const envelope = await apiPost<T>(`/globalOptions/${name}`, body, { silent: true });
  return envelope.code === SUCCESS ? envelope.data : null;
}

export interface LineStepsOptions {
  open: boolean;
  /** The line being edited, or the new line's fixed values (warehouse and document key). */
  row: Record<string, unknown> | null | undefined;
  /** The line entity's name: `/{name}/findNextLineNumber` and `/{name}/findDuplicateLine`. */
  linesEntity: string;
  /** The field naming the document (`taskId`, `poNumber`). */
  docField: string;
}

export interface LineSteps {
  editing: boolean;
  /** The row the dialog opens with (a new line: with its next line number); null until known. */
  dialogRow: Record<string, unknown> | null;
  /** The chosen item's lot control and attribute types (none until an item is chosen). */
  item: ItemLotControl | null;
  attributeTypes: ItemAttributeType[];
  /** The attribute values as typed, by `genericAttrValue<slot>`. */
  attributes: Readonly<Record<string, string>>;
  /** Tell the steps the form's warehouse and item (from the dialog's `onValuesChange`). */
  onItem: (whId: string, itemNumber: string) => void;
  /** Tells the user why the submit stopped: a toast, and a note in the dialog until a value changes. */
  refuse: (key: string, params?: Record<string, string | number>) => null;
  clearRefusal: () => void;
  /**
   * The shared submit checks: duplicate line (add only), then the attribute values of the item's slots (every other
   * slot null) and their stored attribute id. Null when the submit stops (the user was told why).
   */
  check: (payload: Record<string, unknown>) => Promise<Record<string, unknown> | null>;
  /** The refusal note and the attribute pairs, to show under the form's fields. */
  view: ReactNode;
}

export function useLineSteps({ open, row, linesEntity, docField }: LineStepsOptions): LineSteps {
  const t = useT();
  const [item, setItem] = useState<ItemLotControl | null>(null);
  const [attributeTypes, setAttributeTypes] = useState<ItemAttributeType[]>([]);
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  // The last refusal of the submit checks, kept in the dialog (the toast goes after two seconds) until a value changes.
  const [refusal, setRefusal] = useState('');
  const seen = useRef({ whId: '', itemNumber: '' });
  const editing = row?.id !== undefined && row?.id !== null;

  // A new line starts with the document's next line number; the dialog opens once it is known.
  const [prepared, setPrepared] = useState<Record<string, unknown> | null>(null);
  const whIdOfDoc = String(row?.whId ?? '');
  const keyOfDoc = String(row?.[docField] ?? '');
  useEffect(() => {
    if (!open) {
      setPrepared(null);
      return;
    }
    if (editing) return;
    if (!whIdOfDoc || !keyOfDoc) {
      setPrepared({ ...row });
      return;
    }
    let cancelled = false;
    void apiPost<number>(`/${linesEntity}/findNextLineNumber`, { whId: whIdOfDoc, [docField]: keyOfDoc }, { silent: true })
      .then((answer) => answer.data)
      .catch(() => null)
      .then((next) => {
        if (!cancelled) setPrepared({ ...row, lineNumber: next ?? '' });
      });
    return () => {
      cancelled = true;
    };
  }, [open, row, editing, whIdOfDoc, keyOfDoc, linesEntity, docField]);

  // A fresh dialog starts from the line's own attribute values (or none); lot control defaults to N (spec).
  useEffect(() => {
    if (!open) return;
    setAttributes(
      Object.fromEntries(
        Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => [
          `genericAttrValue${i + 1}`,
          String(row?.[`genericAttrValue${i + 1}`] ?? ''),
        ]),
      ),
    );
    setItem(null);
    setAttributeTypes([]);
    setRefusal('');
    seen.current = { whId: '', itemNumber: '' };
  }, [open, row]);

  const onItem = useCallback((whId: string, itemNumber: string) => {
    const last = seen.current;
    if (itemNumber === last.itemNumber && whId === last.whId) return;
    seen.current = { whId, itemNumber };
    if (itemNumber && whId) {
      void lookup<ItemLotControl>('getItemLotCtlAttrCollection', { whId, itemNumber }).then(setItem);
      void lookup<ItemAttributeType[]>('getItemAttributeTypes', { whId, itemNumber }).then((types) =>
        setAttributeTypes(types ?? []),
      );
    } else {
      setItem(null);
      setAttributeTypes([]);
    }
  }, []);

  const refuse = (key: string, params?: Record<string, string | number>) => {
    const message = t(key, params);
    toast('error', message);
    setRefusal(message);
    return null;
  };
  const clearRefusal = useCallback(() => setRefusal(''), []);

  const check = async (payload: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const text = (field: string) => String(payload[field] ?? '').trim();
    // Duplicate line number (add only).
    if (!editing) {
      const duplicate = await apiPost<boolean>(`/${linesEntity}/findDuplicateLine`, {
        whId: text('whId'),
        [docField]: text(docField),
        lineNumber: text('lineNumber'),
      });
      if (duplicate.code !== SUCCESS) return null;
      if (duplicate.data) return refuse('error.duplicateLineNumber');
    }
    // The values of the item's attribute slots; every other slot is null (a value kept from a former item or from
    // the row before its item changed belongs to no attribute).
    const used = new Set(attributeTypes.map((a) => a.slot));
    const attributeValues = Object.fromEntries(
      Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => {
        const key = `genericAttrValue${i + 1}`;
        return [key, used.has(i + 1) ? (attributes[key] ?? '').trim() : null];
      }),
    );
    // The stored attribute id of the shown attributes. An item without attribute types (no collection, or a
    // collection without types) has none — storedAttributeId is null.
    let storedAttributeId: number | null = null;
    if (attributeTypes.length > 0) {
      if (attributeTypes.some((a) => !attributeValues[`genericAttrValue${a.slot}`])) return refuse('error.itemAttributesEmpty');
      const answer = await apiPost<{ storedAttributeId: number | null }>('/globalOptions/getStoredAttributeId', {
        whId: text('whId'),
        itemNumber: text('itemNumber'),
        ...attributeValues,
      });
      if (answer.code !== SUCCESS) return null;
      storedAttributeId = answer.data?.storedAttributeId ?? null;
      if (storedAttributeId === null) return refuse('error.attributeIdFailed');
    }
    return { ...payload, ...attributeValues, storedAttributeId };
  };

  const view = (
    <>
      {refusal ? (
        <SlAlert open variant="danger" className="inventory-refusal" data-testid="line-refusal">
          <SlIcon slot="icon" name="exclamation-octagon" />
          {refusal}
        </SlAlert>
      ) : null}
      {attributeTypes.length > 0 ? (
        <fieldset className="inventory-attributes" data-testid="attribute-pairs">
          <legend>{t('inventory.line.attributes')}</legend>
          {attributeTypes.map((a) => (
            <div key={a.slot} className="wharf-form__row inventory-attributes__pair">
              <SlInput size="small" value={a.attributeType} readonly data-testid={`attribute-type-${a.slot}`} />
              <SlInput
                size="small"
                value={attributes[`genericAttrValue${a.slot}`] ?? ''}
                placeholder={t('inventory.line.attributeValuePlaceholder')}
                data-testid={`attribute-value-${a.slot}`}
                onSlInput={(event) => {
                  const value = (event.target as SlInputElement).value;
                  setAttributes((current) => ({ ...current, [`genericAttrValue${a.slot}`]: value }));
                }}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );

  return {
    editing,
    dialogRow: editing ? (row ?? null) : prepared,
    item,
    attributeTypes,
    attributes,
    onItem,
    refuse,
    clearRefusal,
    check,
    view,
  };
}
