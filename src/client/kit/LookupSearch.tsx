/**
 * A search-as-you-type box over a long `/globalOptions/*` list (items, locations): the typed text asks the server
 * (`keyword`), the matches open under the field, and a value is set only by choosing one of them — by click,
 * arrows and Enter, or by typing or scanning a code exactly and leaving the field.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LOOKUP_KEYWORD_MAX_LENGTH, LOOKUP_NOT_FOUND, type OptionEntry } from '../../shared/lookups';
import { toast } from './api';
import { useT } from './i18n';
import { loadOptions } from './lookupOptions';
import { LookupPopup, OptionList } from './OptionList';
import { SlInput } from './sl';
import { fitTextStyle } from './textWidth';
import { insertGroupSeparator, isGroupSeparatorKey } from './useWedgeScanner';

export interface LookupSearchProps {
  name: string;
  /** Request body besides keyword and limit (empty values are left out). */
  params: Readonly<Record<string, string>>;
  /** False while a parameter the lookup needs (the warehouse) is missing: nothing is asked, the box is disabled. */
  ready: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
  invalid?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
  /** Longest code the field holds: the box takes no more characters (default: the longest search text the server takes). */
  maxLength?: number;
  /** Told, with the message to show, that a typed or scanned code is not in the lookup; without it, a toast says so. */
  onNotFound?: (message: string) => void;
}

const TYPING_PAUSE_MS = 250;

/** Combobox for the lookups of SEARCHABLE_LOOKUPS; options are `role="option"` under a `role="listbox"`. */
export function LookupSearch({
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
  maxLength = LOOKUP_KEYWORD_MAX_LENGTH,
  onNotFound,
}: LookupSearchProps) {
  const t = useT();
  const [text, setText] = useState(value);
  const [display, setDisplay] = useState(value);
  const [matches, setMatches] = useState<OptionEntry[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** The text the shown matches answer (null before the first search). */
  const [matchesFor, setMatchesFor] = useState<string | null>(null);
  const paramsKey = JSON.stringify(params);
  const latest = useRef({ params, value, onChange });
  latest.current = { params, value, onChange };
  const query = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The parameters the value was set under: a row's value comes with its own parameters; a parameter changed
  // later (another warehouse chosen) may leave the value without a place.
  const origin = useRef({ value, key: paramsKey });
  if (origin.current.value !== value) origin.current = { value, key: paramsKey };

  // Show the chosen value as "code description". A value the new parameters no longer offer (another warehouse
  // was chosen) is cleared; on the first look the row's value is kept as it is, even if it is no longer offered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  useEffect(() => {
    const paramsChanged = origin.current.key !== paramsKey;
    if (!value) {
      setText('');
      setDisplay('');
      return;
    }
    if (!ready) {
      if (paramsChanged) latest.current.onChange('');
      setText(value);
      setDisplay(value);
      return;
    }
    let cancelled = false;
    void loadOptions(name, { ...params, optionValue: value }).then((list) => {
      if (cancelled) return;
      const found = list.find((o) => o.optionValue === value);
      if (!found && paramsChanged) {
        latest.current.onChange('');
        return;
      }
      const shown = found?.optionDisplay ?? value;
      setDisplay(shown);
      setText(shown);
    });
    return () => {
      cancelled = true;
    };
  }, [name, paramsKey, ready, value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    const id = ++query.current;
    void loadOptions(name, { ...latest.current.params, keyword }).then((list) => {
      if (id !== query.current) return; // an answer to text typed before the last key
      setMatches(list);
      setMatchesFor(keyword);
      setActive(0);
      setOpen(true);
    });
  };

  const choose = (option: OptionEntry) => {
    clearTimeout(timer.current);
    query.current++;
    setOpen(false);
    setDisplay(option.optionDisplay);
    setText(option.optionDisplay);
    if (option.optionValue !== latest.current.value) onChange(option.optionValue);
  };

  // Spec 001 §8 ("Item lookup returning nothing: Item Not Found"): said at once, naming the code. The field is left
  // empty — not with the former value, which the code was meant to replace — so a scanner's next code starts afresh.
  const notFound = (typed: string) => {
    const code = LOOKUP_NOT_FOUND[name];
    const message = t('kit.lookup.notFound', { what: code ? `error.${code}` : 'kit.lookup.noMatch', value: typed });
    setText('');
    setDisplay('');
    if (latest.current.value) latest.current.onChange('');
    if (onNotFound) onNotFound(message);
    else toast('error', message);
  };

  // A code typed or scanned in full is taken as it is, even before its search has answered (a scanner types
  // faster than the search runs): the server is asked for exactly that code, and a code it lacks is said at once.
  const takeExact = (typed: string) => {
    const known = matchesFor === typed ? matches.find((o) => o.optionValue.toLowerCase() === typed.toLowerCase()) : undefined;
    if (known) {
      choose(known);
      return;
    }
    clearTimeout(timer.current);
    const id = ++query.current;
    setOpen(false);
    void loadOptions(name, { ...latest.current.params, optionValue: typed }).then((list) => {
      if (id !== query.current) return;
      const found = list.find((o) => o.optionValue === typed);
      if (found) choose(found);
      else notFound(typed);
    });
  };

  const settle = () => {
    const typed = text.trim();
    if (typed === display) {
      clearTimeout(timer.current);
      query.current++;
      setOpen(false);
      return;
    }
    if (typed === '') {
      clearTimeout(timer.current);
      query.current++;
      setOpen(false);
      setDisplay('');
      if (value) onChange('');
      return;
    }
    takeExact(typed);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (isGroupSeparatorKey(event)) {
      // A scanner's GS1 separator sent as a key: kept in the text, where the browser would drop it (issue 25 item 5).
      event.preventDefault();
      const inner = (event.currentTarget as SlInputElement).input;
      if (inner) insertGroupSeparator(inner);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        search(text === display ? '' : text.trim());
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      // Enter chooses; it must not also submit the form around the field.
      const typed = text.trim();
      if (typed === display && !open) return;
      event.preventDefault();
      const pick = open && matchesFor === (typed === display ? '' : typed) ? matches[active] : undefined;
      if (pick) choose(pick);
      else if (typed !== '' && typed !== display) takeExact(typed);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(display);
    }
  };

  return (
    <LookupPopup open={open && !disabled}>
      <SlInput
        slot="anchor"
        value={text}
        label={label}
        placeholder={placeholder ?? t('kit.lookup.search')}
        style={fitTextStyle([placeholder ?? t('kit.lookup.search')], size)}
        disabled={disabled || !ready}
        clearable={clearable}
        size={size}
        autocomplete="off"
        maxlength={maxLength}
        spellCheck={false}
        data-testid={testId}
        data-value={value}
        data-user-invalid={invalid ? '' : undefined}
        className={invalid ? 'wharf-invalid' : undefined}
        onSlInput={(event) => {
          const typed = (event.target as SlInputElement).value;
          setText(typed);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(typed.trim()), TYPING_PAUSE_MS);
        }}
        onSlFocus={(event) => {
          (event.target as SlInputElement).select();
          if (!open) search('');
        }}
        onSlBlur={() => {
          settle();
          onBlur?.();
        }}
        onSlClear={() => {
          setText('');
          setDisplay('');
          setMatches([]);
          if (value) onChange('');
        }}
        onKeyDown={onKeyDown}
      />
      <OptionList
        items={matches}
        keyOf={(option) => option.optionValue}
        labelOf={(option) => option.optionDisplay}
        active={active}
        onActive={setActive}
        onChoose={choose}
        testId={testId}
      >
        {matchesFor !== null && matches.length === 0 ? (
          <div className="wharf-lookup__empty">{t('kit.lookup.noMatch')}</div>
        ) : null}
      </OptionList>
    </LookupPopup>
  );
}
