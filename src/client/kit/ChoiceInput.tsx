/**
 * A text field that offers known values under it (issue 27 item 5: the attribute values an item already has): the
 * values containing the typed text open below the field, chosen by click or by arrows and Enter — and any other text
 * may still be typed. Unlike `LookupSearch`, the value is the text as typed, not a code the list must hold.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type KeyboardEvent, useState } from 'react';
import { LookupPopup, OptionList } from './OptionList';
import { SlInput } from './sl';

export interface ChoiceInputProps {
  label: string;
  value: string;
  /** The values offered, in the order shown. */
  choices: readonly string[];
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
  testId: string;
}

/** The offered values matching the typed text (contained, any case); all of them for an empty text or an exact one. */
export function matchingChoices(choices: readonly string[], typed: string): readonly string[] {
  const text = typed.trim().toLowerCase();
  if (text === '' || choices.some((choice) => choice.toLowerCase() === text)) return choices;
  return choices.filter((choice) => choice.toLowerCase().includes(text));
}

/** Combobox with free text; the options are `role="option"` under a `role="listbox"` (test id `<testId>-options`). */
export function ChoiceInput({ label, value, choices, onChange, required, maxLength, testId }: ChoiceInputProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = matchingChoices(choices, value);
  const expanded = open && shown.length > 0;

  const choose = (choice: string) => {
    onChange(choice);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length === 0 ? -1 : (i + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && expanded && shown[active] !== undefined) {
      // Enter takes the highlighted value; it must not also submit the form around the field.
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <LookupPopup open={expanded}>
      <SlInput
        slot="anchor"
        label={label}
        value={value}
        required={required}
        maxlength={maxLength}
        autocomplete="off"
        spellCheck={false}
        data-testid={testId}
        onSlInput={(event) => {
          onChange((event.target as SlInputElement).value);
          setOpen(true);
          setActive(-1);
        }}
        onSlFocus={() => setOpen(true)}
        onSlBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <OptionList
        items={shown}
        keyOf={(choice) => choice}
        labelOf={(choice) => choice}
        active={active}
        onActive={setActive}
        onChoose={choose}
        testId={testId}
        label={label}
      />
    </LookupPopup>
  );
}
