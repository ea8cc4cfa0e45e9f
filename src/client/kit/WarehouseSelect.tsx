/** A choice of the warehouses the signed-in user may use (`globalOptions/getWhse`). */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { OptionEntry } from '../../shared/lookups';
import { SUCCESS } from '../../shared/wire';
import { apiPost } from './api';
import { useT } from './i18n';
import { session } from './session';
import { SlOption, SlSelect } from './sl';

// One request per user and page load: every form and filter on every tab shares the answer.
const cache = new Map<string, Promise<OptionEntry[]>>();

/** The user's warehouses, loaded once and shared; a failed load is retried on the next call. */
export function loadWarehouses(userName: string): Promise<OptionEntry[]> {
  let pending = cache.get(userName);
  if (!pending) {
    pending = apiPost<OptionEntry[]>('/globalOptions/getWhse', { userName }).then(
      (envelope) => (envelope.code === SUCCESS && Array.isArray(envelope.data) ? envelope.data : []),
      () => [],
    );
    pending.then((list) => {
      if (list.length === 0) cache.delete(userName);
    });
    cache.set(userName, pending);
  }
  return pending;
}

/** Forgets the loaded lists (after a warehouse was added or the grants changed). */
export function clearWarehouseCache(): void {
  cache.clear();
}

export interface WarehouseSelectProps {
  value: string;
  onChange: (whId: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  label?: string;
  placeholder?: string;
  /** Adds an empty choice (filters: "any warehouse"). */
  clearable?: boolean;
  invalid?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
}

/** Select of `whId` values, each shown as "whId name". */
export function WarehouseSelect({
  value,
  onChange,
  onBlur,
  disabled,
  label,
  placeholder,
  clearable,
  invalid,
  testId,
  size = 'medium',
}: WarehouseSelectProps) {
  const t = useT();
  const { user } = useSnapshot(session);
  const [options, setOptions] = useState<OptionEntry[]>([]);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    void loadWarehouses(user).then((list) => {
      if (!cancelled) setOptions(list);
    });
    return () => {
      cancelled = true;
    };
  }, [user]);

  // Shoelace's select separates multiple values by spaces; whIds are `[A-Za-z0-9_-]+` so they are safe.
  return (
    <SlSelect
      value={value}
      label={label}
      placeholder={placeholder ?? t('kit.warehouse.placeholder')}
      disabled={disabled}
      clearable={clearable}
      size={size}
      hoist
      data-testid={testId}
      data-user-invalid={invalid ? '' : undefined}
      className={invalid ? 'wharf-invalid' : undefined}
      onSlChange={(event) => onChange((event.target as SlSelectElement).value as string)}
      onSlBlur={() => onBlur?.()}
    >
      {/* A warehouse the user lost access to still shows its id rather than a blank. */}
      {value && !options.some((o) => o.optionValue === value) ? <SlOption value={value}>{value}</SlOption> : null}
      {options.map((o) => (
        <SlOption key={o.optionValue} value={o.optionValue}>
          {o.optionDisplay}
        </SlOption>
      ))}
    </SlSelect>
  );
}
