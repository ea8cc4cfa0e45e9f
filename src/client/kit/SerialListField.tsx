/**
 * The serial list of a serial-controlled quantity (one serial per base unit): a text area, one serial a line (commas,
 * semicolons and spaces separate too), with "1 of 2 entered" under it, and the check said before the server is asked
 * (a serial typed twice, then the count). Used by the receive dialog, the console pick dialog, the packing desk and the
 * movement and adjustment line dialogs.
 */
import { Suspense, useEffect, useState } from 'react';
import type { ItemLotControl } from '../../shared/lookups';
import { repeatedSerial, splitSerials } from '../../shared/serials';
import { SUCCESS } from '../../shared/wire';
import { apiPost } from './api';
import { useT } from './i18n';
import { SlTextarea } from './sl';

/**
 * Whether an item is serial-controlled (`getItemLotCtlAttrCollection`), read when the warehouse or item changes; false
 * while unknown, for no item, or when the look-up fails (the server checks again).
 */
export function useSerialItem(whId: string, itemNumber: string): boolean {
  const [serialItem, setSerialItem] = useState(false);
  useEffect(() => {
    setSerialItem(false);
    if (!whId || !itemNumber) return;
    let cancelled = false;
    void apiPost<ItemLotControl>('/globalOptions/getItemLotCtlAttrCollection', { whId, itemNumber }, { silent: true })
      .then((envelope) => {
        if (!cancelled) setSerialItem(envelope.code === SUCCESS && envelope.data?.serialControl === 'Y');
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [whId, itemNumber]);
  return serialItem;
}

/** The serials typed must be `needed` (base units), each once: the first rule broken (message key and values), or null. */
export function serialListRefusal(
  itemNumber: string,
  value: string,
  needed: number,
): { key: string; params: Record<string, string | number> } | null {
  const serials = splitSerials(value);
  const repeated = repeatedSerial(serials);
  if (repeated !== null) return { key: 'error.serialTwice', params: { serialNumber: repeated, itemNumber } };
  if (serials.length !== needed) {
    return { key: 'error.serialCountMismatch', params: { itemNumber, qty: needed, count: serials.length } };
  }
  return null;
}

/** The serials typed must be `needed` (base units), each once: the message of the first rule broken, or ''. */
export function serialListProblem(t: ReturnType<typeof useT>, itemNumber: string, value: string, needed: number): string {
  const refusal = serialListRefusal(itemNumber, value, needed);
  return refusal ? t(refusal.key, refusal.params) : '';
}

export interface SerialListFieldProps {
  value: string;
  /** Serials needed: the quantity in base units (NaN or 0 while the quantity is not typed yet). */
  needed: number;
  testId: string;
  onChange: (value: string) => void;
  size?: 'small' | 'medium';
}

export function SerialListField({ value, needed, testId, onChange, size }: SerialListFieldProps) {
  const t = useT();
  const count = splitSerials(value).length;
  const shown = Number.isFinite(needed) ? needed : 0;
  return (
    // The textarea loads on first use: it suspends here, not the whole screen (whose grid would lose its rows).
    <Suspense fallback={null}>
      <SlTextarea
        label={t('kit.serials.label')}
        value={value}
        size={size}
        rows={Math.min(Math.max(Number.isInteger(shown) ? shown : 1, 2), 8)}
        resize="auto"
        helpText={t('kit.serials.count', { count, needed: shown })}
        data-testid={testId}
        onSlInput={(event) => onChange((event.target as HTMLTextAreaElement).value)}
      />
    </Suspense>
  );
}
