/**
 * A form field chosen from a list of names (spec 001 §5: the option form's sub process, next sub process — Exit plus
 * the sub-process names — and option name, loaded when the field gains focus), in the kit's field layout, with the
 * required message when it is left empty.
 */
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useState } from 'react';
import { useT } from '../../kit/i18n';
import { SlOption, SlSelect } from '../../kit/sl';

/** A choice: the stored value and what the list shows. */
export interface RfChoice {
  value: string;
  label: string;
}

export interface RfChoiceFieldProps {
  entity: string;
  field: string;
  value: string;
  choices: readonly RfChoice[];
  onChange: (value: string) => void;
  required?: boolean;
  readOnly?: boolean;
  /** Asked when the field gains focus (the list is loaded then). */
  onFocus?: () => void;
  /** Shown instead of the list when it cannot be asked yet (e.g. "choose the warehouse and client first"). */
  placeholder?: string;
}

export function RfChoiceField({
  entity,
  field,
  value,
  choices,
  onChange,
  required,
  readOnly,
  onFocus,
  placeholder,
}: RfChoiceFieldProps) {
  const t = useT();
  const [error, setError] = useState('');
  const label = t(`entity.${entity}.field.${field}`);
  // A choice list loses focus to its own dropdown, so it is checked when a choice is made or cleared.
  const check = (next: string) =>
    setError(required && next === '' ? t('error.fieldRequired', { field: `entity.${entity}.field.${field}` }) : '');
  return (
    <div className={`wharf-field${error ? ' wharf-invalid' : ''}${required ? ' wharf-field--required' : ''}`} data-field={field}>
      <SlSelect
        value={value}
        label={label}
        disabled={readOnly}
        clearable={!required}
        placeholder={placeholder ?? t('kit.lookup.choose')}
        hoist
        data-testid={`field-${field}`}
        onSlFocus={() => onFocus?.()}
        onSlChange={(event) => {
          const next = (event.target as SlSelectElement).value as string;
          onChange(next);
          check(next);
        }}
        onSlBlur={(event) => {
          if (!(event.target as SlSelectElement).open) check(value);
        }}
      >
        {/* A value the list does not offer (any more) still shows itself rather than a blank. */}
        {value && !choices.some((c) => c.value === value) ? <SlOption value={value}>{value}</SlOption> : null}
        {choices.map((c) => (
          <SlOption key={c.value} value={c.value}>
            {c.label}
          </SlOption>
        ))}
      </SlSelect>
      <div className="wharf-field__error" role={error ? 'alert' : undefined} data-testid={`error-${field}`}>
        {error}
      </div>
    </div>
  );
}
