/**
 * The add/edit dialog of a movement or adjustment line (spec 000 §2, §4, §5): the generic form of the line entity,
 * plus what the chosen item and location decide — lot number and expiry only for a lot-controlled item, the pallet
 * only for a pallet (H) location, 0–11 attribute pairs (type label + value) for the item's attribute collection.
 * Submit order: validate, confirm (the form), then lot and pallet rules, duplicate line (add only), stored attribute
 * id, available stock, save. The server runs the same checks again.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ATTRIBUTE_SLOTS, type ItemAttributeType, type ItemLotControl, type LocationHuIndicate } from '../../../shared/lookups';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { SlInput } from '../../kit/sl';
import { TASK_SCREENS, type TaskKind } from './tasks';

type Values = Readonly<Record<string, string>>;

async function lookup<T>(name: string, body: Record<string, unknown>): Promise<T | null> {
  const envelope = await apiPost<T>(`/globalOptions/${name}`, body, { silent: true });
  return envelope.code === SUCCESS ? envelope.data : null;
}

export function LineDialog({ kind, ...props }: FormDialogProps & { kind: TaskKind }) {
  const t = useT();
  const screens = TASK_SCREENS[kind];
  const [item, setItem] = useState<ItemLotControl | null>(null);
  const [attributeTypes, setAttributeTypes] = useState<ItemAttributeType[]>([]);
  const [indicator, setIndicator] = useState<'I' | 'H'>('I');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const seen = useRef({ whId: '', itemNumber: '', location: '' });

  // A fresh dialog starts from the line's own attribute values (or none); lot control defaults to N (spec).
  useEffect(() => {
    if (!props.open) return;
    const row = props.row ?? {};
    setAttributes(
      Object.fromEntries(
        Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => [
          `genericAttrValue${i + 1}`,
          String(row[`genericAttrValue${i + 1}`] ?? ''),
        ]),
      ),
    );
    setItem(null);
    setAttributeTypes([]);
    setIndicator('I');
    seen.current = { whId: '', itemNumber: '', location: '' };
  }, [props.open, props.row]);

  // Choosing an item loads its lot control and attribute types; choosing the stock location its pallet indicator.
  const onValuesChange = useCallback(
    (values: Values) => {
      const whId = values.whId ?? '';
      const itemNumber = values.itemNumber ?? '';
      const location = values[screens.stockLocationField] ?? '';
      const last = seen.current;
      if (itemNumber !== last.itemNumber || whId !== last.whId) {
        if (itemNumber && whId) {
          void lookup<ItemLotControl>('getItemLotCtlAttrCollection', { whId, itemNumber }).then(setItem);
          void lookup<ItemAttributeType[]>('getItemAttributeTypes', { whId, itemNumber }).then((types) =>
            setAttributeTypes(types ?? []),
          );
        } else {
          setItem(null);
          setAttributeTypes([]);
        }
      }
      if (location !== last.location || whId !== last.whId) {
        if (location && whId) {
          void lookup<LocationHuIndicate>('getLocItemHuIndicate', { whId, locationId: location }).then((answer) =>
            setIndicator(answer?.itemHuIndicate === 'H' ? 'H' : 'I'),
          );
        } else {
          setIndicator('I');
        }
      }
      seen.current = { whId, itemNumber, location };
    },
    [screens],
  );

  const lotControlled = item?.lotControl === 'Y';
  const hiddenFields = useMemo(() => {
    const hidden = new Set<string>();
    if (!lotControlled) {
      hidden.add('lotNumber');
      hidden.add('expirationDate');
    }
    if (indicator !== 'H') hidden.add('huId');
    return hidden;
  }, [lotControlled, indicator]);

  const refuse = (key: string, values?: Record<string, string | number>) => {
    toast('error', t(key, values));
    return null;
  };

  const beforeSave = async (payload: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const text = (field: string) => String(payload[field] ?? '').trim();
    // Lot and pallet rules.
    if (lotControlled && (!text('lotNumber') || !text('expirationDate'))) return refuse('error.lotAndExpiryRequired');
    if (indicator === 'H' && !text('huId')) return refuse('error.palletNotAllowEmpty');
    // Duplicate line number (add only).
    const editing = props.row?.id !== undefined && props.row?.id !== null;
    if (!editing) {
      const duplicate = await apiPost<boolean>(`/${screens.lines.name}/findDuplicateLine`, {
        whId: text('whId'),
        taskId: text('taskId'),
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
    // The stored attribute id of the shown attributes. Spec 000 §4: an item without attribute types (no collection,
    // or a collection without types) has none — storedAttributeId is null.
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
    }
    // Available stock: a movement always, an adjustment only when it takes stock away.
    const qty = Number(text('qty'));
    if (kind === 'movement' || qty < 0) {
      const stock = await apiPost<{ availableQty: string }[]>('/tStoredItem/findAvailableStockQty', {
        whId: text('whId'),
        locationId: text(screens.stockLocationField),
        itemNumber: text('itemNumber'),
        lotNumber: lotControlled ? text('lotNumber') : null,
        huId: indicator === 'H' ? text('huId') : null,
        storedAttributeId,
      });
      if (stock.code !== SUCCESS) return null;
      const available = (stock.data ?? []).reduce((sum, row) => sum + Number(row.availableQty), 0);
      if (available <= 0) return refuse(kind === 'movement' ? 'error.availableStockZero' : 'error.notAvailableStock');
      if (available < Math.abs(qty)) {
        return refuse(kind === 'movement' ? 'error.exceedsAvailableStock' : 'error.greaterThanAvailableStock', {
          available: String(available),
        });
      }
    }
    return { ...payload, ...attributeValues, storedAttributeId };
  };

  return (
    <FormDialog {...props} hiddenFields={hiddenFields} onValuesChange={onValuesChange} beforeSave={beforeSave}>
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
    </FormDialog>
  );
}
