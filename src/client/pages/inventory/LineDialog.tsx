/**
 * The add/edit dialog of a movement or adjustment line (spec 000 §2, §4, §5): the generic form of the line entity,
 * plus what the chosen item and location decide — lot number and expiry only for a lot-controlled item, the pallet
 * only for a pallet (H) location, 0–11 attribute pairs (type label + value) for the item's attribute collection.
 * Submit order: validate, confirm (the form), then lot and pallet rules, duplicate line (add only), stored attribute
 * id, available stock, save. The server runs the same checks again. The steps every line dialog shares (next line
 * number, item → lot control → attribute pairs, duplicate line, attribute id) are `useLineSteps`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LocationHuIndicate } from '../../../shared/lookups';
import { SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { useT } from '../../kit/i18n';
import { SerialListField, serialListRefusal } from '../../kit/SerialListField';
import { TASK_SCREENS, type TaskKind } from './tasks';
import { lookup, useLineSteps } from './useLineSteps';

type Values = Readonly<Record<string, string>>;

/** What the dialog says about the chosen stock while the user types: nothing yet, a quantity, or what is missing. */
type Availability = { state: 'idle' } | { state: 'missing'; key: string } | { state: 'known'; qty: number };

const STOCK_PAUSE_MS = 250;

export function LineDialog({ kind, ...props }: FormDialogProps & { kind: TaskKind }) {
  const t = useT();
  const screens = TASK_SCREENS[kind];
  const steps = useLineSteps({ open: props.open, row: props.row, linesEntity: screens.lines.name, docField: 'taskId' });
  const { item, attributeTypes, attributes, onItem, clearRefusal } = steps;
  const [indicator, setIndicator] = useState<'I' | 'H'>('I');
  const seenLocation = useRef({ whId: '', location: '' });
  const [values, setValues] = useState<Values>({});
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });

  // A fresh dialog starts without a chosen location.
  useEffect(() => {
    if (!props.open) return;
    setIndicator('I');
    setValues({});
    setAvailability({ state: 'idle' });
    seenLocation.current = { whId: '', location: '' };
  }, [props.open]);

  // Choosing an item loads its lot control and attribute types (the shared steps); the stock location its pallet indicator.
  const onValuesChange = useCallback(
    (values: Values) => {
      const whId = values.whId ?? '';
      const location = values[screens.stockLocationField] ?? '';
      onItem(whId, values.itemNumber ?? '');
      const last = seenLocation.current;
      if (location !== last.location || whId !== last.whId) {
        if (location && whId) {
          void lookup<LocationHuIndicate>('getLocItemHuIndicate', { whId, locationId: location }).then((answer) =>
            setIndicator(answer?.itemHuIndicate === 'H' ? 'H' : 'I'),
          );
        } else {
          setIndicator('I');
        }
      }
      seenLocation.current = { whId, location };
      setValues(values);
      clearRefusal();
    },
    [screens, onItem, clearRefusal],
  );

  const lotControlled = item?.lotControl === 'Y';
  const serialControlled = item?.serialControl === 'Y';
  const hiddenFields = useMemo(() => {
    const hidden = new Set<string>();
    if (!lotControlled) {
      hidden.add('lotNumber');
      hidden.add('expirationDate');
    }
    if (indicator !== 'H') hidden.add('huId');
    if (!serialControlled) hidden.add('serialNumbers');
    return hidden;
  }, [lotControlled, indicator, serialControlled]);

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

  const beforeSave = async (payload: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const text = (field: string) => String(payload[field] ?? '').trim();
    // Lot and pallet rules.
    if (lotControlled && (!text('lotNumber') || !text('expirationDate'))) return steps.refuse('error.lotAndExpiryRequired');
    if (indicator === 'H' && !text('huId')) return steps.refuse('error.palletNotAllowEmpty');
    // A serial-controlled item's serials: one per unit, each once — an adjustment always, a movement when it names some
    // or leaves part of the source behind (checked against the available quantity below; serials README "Movements").
    const serials = text('serialNumbers');
    const units = Math.abs(Number(text('qty')));
    if (serialControlled && (kind === 'adjustment' || serials !== '')) {
      const refusal = serialListRefusal(text('itemNumber'), serials, units);
      if (refusal) return steps.refuse(refusal.key, refusal.params);
    }
    // Duplicate line number (add only), then the stored attribute id of the shown attributes.
    const checked = await steps.check(payload);
    if (!checked) return null;
    const storedAttributeId = (checked.storedAttributeId as number | null) ?? null;
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
      if (available <= 0) return steps.refuse(kind === 'movement' ? 'error.availableStockZero' : 'error.notAvailableStock');
      if (available < Math.abs(qty)) {
        return steps.refuse(kind === 'movement' ? 'error.exceedsAvailableStock' : 'error.greaterThanAvailableStock', {
          available: String(available),
        });
      }
      if (kind === 'movement' && serialControlled && serials === '' && available > qty) {
        return steps.refuse('error.serialsRequiredForMove', {
          itemNumber: text('itemNumber'),
          qty: text('qty'),
          locationId: text(screens.stockLocationField),
        });
      }
    }
    return checked;
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
      row={steps.dialogRow}
      open={props.open && steps.dialogRow !== null}
      hiddenFields={hiddenFields}
      renderField={(field, value, onChange) =>
        field === 'serialNumbers' ? (
          <SerialListField
            value={value}
            needed={Math.abs(Number((values.qty ?? '').trim()))}
            testId="line-serials"
            onChange={onChange}
          />
        ) : null
      }
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
      {steps.view}
    </FormDialog>
  );
}
