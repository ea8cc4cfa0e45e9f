/**
 * A choice from a `/globalOptions/<name>` lookup: a select for short lists, a search box for the long ones
 * (SEARCHABLE_LOOKUPS). The lookup is asked again when a parameter changes (another warehouse or client),
 * and a chosen value the new list no longer offers is cleared — or, for FIRST_CHOSEN_LOOKUPS (the units of the
 * chosen item), the list's first option is chosen.
 */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useEffect, useRef, useState } from 'react';
import { FIRST_CHOSEN_LOOKUPS, type OptionEntry, SEARCHABLE_LOOKUPS } from '../../shared/lookups';
import { useT } from './i18n';
import { LookupSearch } from './LookupSearch';
import { loadOptions, lookupBody } from './lookupOptions';
import { SlOption, SlSelect } from './sl';
import { fitTextStyle } from './textWidth';

export interface LookupSelectProps {
  /** The lookup, e.g. `getCarrier`. */
  name: string;
  /** Request body, e.g. `{ whId: 'WH01', clientCode: 'ACME' }`; empty values are left out. */
  params?: Readonly<Record<string, string>>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Adds a clear button (an optional field, or a filter's "any"). */
  clearable?: boolean;
  invalid?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
  /** Longest code the field holds: a search box takes no more (the server refuses longer search text). */
  maxLength?: number;
  /** Told, with the message to show, that a code typed or scanned into a search box is not in the lookup. */
  onNotFound?: (message: string) => void;
}

const NO_PARAMS: Readonly<Record<string, string>> = {};

/** Warehouse-scoped lookups answer nothing without a warehouse: they wait until one is chosen. */
export function lookupReady(params: Readonly<Record<string, string>>): boolean {
  // Every parameter the form provides must be chosen first (the warehouse, the item of a unit list, the source of
  // a destination list): asking without it would list the wrong things or be refused.
  return Object.values(params).every((value) => value !== '');
}

/**
 * What a list that is not ready asks for: the warehouse only when the warehouse is what is missing (a task's lines
 * have theirs fixed; their unit list waits for the item).
 */
export function waitingForKey(params: Readonly<Record<string, string>>): string {
  const missing = Object.entries(params).find(([, value]) => value === '')?.[0];
  if (missing === 'whId' || missing === undefined) return 'kit.lookup.warehouseFirst';
  return missing === 'itemNumber' ? 'kit.lookup.itemFirst' : 'kit.lookup.fieldsFirst';
}

/** Select or search box of `optionValue`s, shown by `optionDisplay`. */
export function LookupSelect(props: LookupSelectProps) {
  const params = props.params ?? NO_PARAMS;
  const ready = lookupReady(params);
  if (SEARCHABLE_LOOKUPS.has(props.name)) return <LookupSearch {...props} params={params} ready={ready} />;
  return <LookupChoice {...props} params={params} ready={ready} />;
}

function LookupChoice({
  name,
  params,
  ready,
  value,
  onChange,
  onBlur,
  label,
  placeholder,
  disabled,
  clearable,
  invalid,
  testId,
  size = 'medium',
}: LookupSelectProps & { params: Readonly<Record<string, string>>; ready: boolean }) {
  const t = useT();
  const paramsKey = JSON.stringify(lookupBody(params));
  const [loaded, setLoaded] = useState<{ key: string; options: OptionEntry[] } | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  useEffect(() => {
    if (!ready) {
      setLoaded((previous) => (previous ? { key: paramsKey, options: [] } : null));
      return;
    }
    let cancelled = false;
    void loadOptions(name, params).then((options) => {
      if (!cancelled) setLoaded({ key: paramsKey, options });
    });
    return () => {
      cancelled = true;
    };
  }, [name, paramsKey, ready]);

  // The parameters the value was set under. A list for other parameters (another warehouse was chosen) drops a
  // value it lacks; the value a row arrived with is kept as it is, even if no longer offered.
  const origin = useRef({ value, key: paramsKey });
  if (origin.current.value !== value) origin.current = { value, key: paramsKey };
  const chooseFirst = FIRST_CHOSEN_LOOKUPS.has(name);
  useEffect(() => {
    if (!loaded) return;
    const current = latest.current.value;
    const fresh = loaded.key !== origin.current.key;
    if (chooseFirst) {
      // A new item's units: its base unit (the list's first), even if the former item's unit is offered too.
      const first = loaded.options[0]?.optionValue ?? '';
      if ((fresh || !current) && first !== current) latest.current.onChange(first);
      return;
    }
    if (fresh && current && !loaded.options.some((o) => o.optionValue === current)) latest.current.onChange('');
  }, [loaded, chooseFirst]);

  const options = loaded?.options ?? [];
  const choose = placeholder ?? t('kit.lookup.choose');
  const waiting = placeholder ?? t(waitingForKey(params));
  return (
    <SlSelect
      value={value}
      label={label}
      placeholder={ready ? choose : waiting}
      // As wide as the longer of its two placeholders (a filter's field; a form's is as wide as its column).
      style={fitTextStyle([choose, waiting], size)}
      disabled={disabled || !ready}
      clearable={clearable}
      size={size}
      hoist
      data-testid={testId}
      data-user-invalid={invalid ? '' : undefined}
      className={invalid ? 'wharf-invalid' : undefined}
      onSlChange={(event) => onChange((event.target as SlSelectElement).value as string)}
      onSlBlur={() => onBlur?.()}
    >
      {/* A value no longer offered (inactive, or out of the user's grants) still shows its code rather than a blank. */}
      {value && !options.some((o) => o.optionValue === value) ? <SlOption value={value}>{value}</SlOption> : null}
      {options.map((o) => (
        <SlOption key={o.optionValue} value={o.optionValue}>
          {o.optionDisplay}
        </SlOption>
      ))}
    </SlSelect>
  );
}
