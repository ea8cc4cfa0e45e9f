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
import { SlAlert, SlIcon, SlInput } from '../../kit/sl';
import { TASK_SCREENS, type TaskKind } from './tasks';

type Values = Readonly<Record<string, string>>;

/** What the dialog says about the chosen stock while the user types: nothing yet, a quantity, or what is missing. */
type Availability = { state: 'idle' } | { state: 'missing'; key: string } | { state: 'known'; qty: number };

const STOCK_PAUSE_MS = 250;

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
  const [values, setValues] = useState<Values>({});
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  // The last refusal of the submit checks, kept in the dialog (the toast goes after two seconds) until a value changes.
  const [refusal, setRefusal] = useState('');
  const editing = props.row?.id !== undefined && props.row?.id !== null;
  // A new line starts with the task's next line number; the dialog opens once it is known.
  const [prepared, setPrepared] = useState<Record<string, unknown> | null>(null);
  const whIdOfTask = String(props.row?.whId ?? '');
  const taskIdOfTask = String(props.row?.taskId ?? '');
  useEffect(() => {
    if (!props.open) {
      setPrepared(null);
      return;
    }
    if (editing) return;
    if (!whIdOfTask || !taskIdOfTask) {
      setPrepared({ ...props.row });
      return;
    }
    let cancelled = false;
    void apiPost<number>(
      `/${screens.lines.name}/findNextLineNumber`,
      { whId: whIdOfTask, taskId: taskIdOfTask },
      { silent: true },
    )
      .then((answer) => answer.data)
      .catch(() => null)
      .then((next) => {
        if (!cancelled) setPrepared({ ...props.row, lineNumber: next ?? '' });
      });
    return () => {
      cancelled = true;
    };
  }, [props.open, props.row, editing, whIdOfTask, taskIdOfTask, screens]);

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
    setValues({});
    setAvailability({ state: 'idle' });
    setRefusal('');
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
      setValues(values);
      setRefusal('');
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

  // The available quantity of the chosen stock, asked again (after a pause) whenever what decides it changes.
  const stockWhId = values.whId ?? '';
  const stockItem = (values.itemNumber ?? '').trim();
  const stockLocation = (values[screens.stockLocationField] ?? '').trim();
  const stockLot = lotControlled ? (values.lotNumber ?? '').trim() : null;
  const stockHu = indicator === 'H' ? (values.huId ?? '').trim() : null;
  const attributeKey = JSON.stringify(attributeTypes.map((a) => attributes[`genericAttrValue${a.slot}`] ?? ''));
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributeKey stands for the shown attribute values
  useEffect(() => {
    if (!props.open) return;
    const missing = !stockItem
      ? 'inventory.line.availableNeedsItem'
      : !stockLocation
        ? 'inventory.line.availableNeedsLocation'
        : stockLot === '' || stockHu === ''
          ? 'inventory.line.availableNeedsLot'
          : attributeTypes.some((a) => !(attributes[`genericAttrValue${a.slot}`] ?? '').trim())
            ? 'inventory.line.availableNeedsAttributes'
            : '';
    if (missing) {
      setAvailability({ state: 'missing', key: missing });
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      void (async () => {
        let storedAttributeId: number | null = null;
        if (attributeTypes.length > 0) {
          const answer = await apiPost<{ storedAttributeId: number | null }>(
            '/globalOptions/getStoredAttributeId',
            {
              whId: stockWhId,
              itemNumber: stockItem,
              ...Object.fromEntries(
                attributeTypes.map((a) => [`genericAttrValue${a.slot}`, attributes[`genericAttrValue${a.slot}`]]),
              ),
            },
            { silent: true },
          );
          storedAttributeId = answer.data?.storedAttributeId ?? null;
        }
        const stock = await apiPost<{ availableQty: string }[]>(
          '/tStoredItem/findAvailableStockQty',
          {
            whId: stockWhId,
            locationId: stockLocation,
            itemNumber: stockItem,
            lotNumber: stockLot,
            huId: stockHu,
            storedAttributeId,
          },
          { silent: true },
        );
        if (cancelled || stock.code !== SUCCESS) return;
        setAvailability({ state: 'known', qty: (stock.data ?? []).reduce((sum, row) => sum + Number(row.availableQty), 0) });
      })().catch(() => undefined);
    }, STOCK_PAUSE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [props.open, stockWhId, stockItem, stockLocation, stockLot, stockHu, attributeTypes, attributeKey]);

  const refuse = (key: string, params?: Record<string, string | number>) => {
    const message = t(key, params);
    toast('error', message);
    setRefusal(message);
    return null;
  };

  const beforeSave = async (payload: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const text = (field: string) => String(payload[field] ?? '').trim();
    // Lot and pallet rules.
    if (lotControlled && (!text('lotNumber') || !text('expirationDate'))) return refuse('error.lotAndExpiryRequired');
    if (indicator === 'H' && !text('huId')) return refuse('error.palletNotAllowEmpty');
    // Duplicate line number (add only).
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

  // While the user types: the quantity asked for against the available one, in the words the save would use.
  const typedQty = Number((values.qty ?? '').trim());
  const takes = kind === 'movement' ? typedQty : typedQty < 0 ? -typedQty : 0;
  const short = availability.state === 'known' && takes > 0 && takes > availability.qty;
  const shortMessage =
    availability.state !== 'known'
      ? ''
      : availability.qty <= 0
        ? t(kind === 'movement' ? 'error.availableStockZero' : 'error.notAvailableStock')
        : t(kind === 'movement' ? 'error.exceedsAvailableStock' : 'error.greaterThanAvailableStock', {
            available: String(availability.qty),
          });

  return (
    <FormDialog
      {...props}
      row={editing ? props.row : prepared}
      open={props.open && (editing || prepared !== null)}
      hiddenFields={hiddenFields}
      onValuesChange={onValuesChange}
      beforeSave={beforeSave}
    >
      <div
        className={`inventory-available${short ? ' inventory-available--short' : ''}`}
        data-testid="available-qty"
        data-qty={availability.state === 'known' ? String(availability.qty) : ''}
        aria-live="polite"
      >
        {availability.state === 'known'
          ? t('inventory.line.available', { qty: String(availability.qty) })
          : availability.state === 'missing'
            ? t(availability.key)
            : ''}
        {short ? <span data-testid="available-short"> · {shortMessage}</span> : null}
      </div>
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
    </FormDialog>
  );
}
