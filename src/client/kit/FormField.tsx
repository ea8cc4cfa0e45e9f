/** One field of an entity form, rendered by its FieldDef type, with its validation message underneath. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import type { ReactNode } from 'react';
import type { FieldDef } from '../../shared/entities/defineEntity';
import { clipText } from '../../shared/validation';
import { DateInput } from './DateInput';
import { useT } from './i18n';
import { LookupSelect } from './LookupSelect';
import { SlInput, SlOption, SlSelect } from './sl';
import { WarehouseSelect } from './WarehouseSelect';

export interface FormFieldProps {
  entity: string;
  field: string;
  def: FieldDef;
  value: string;
  /** The form's values: a lookup takes its parameters from them (`LookupRef.params`). */
  form?: Readonly<Record<string, string>>;
  /** The translated validation message, if the value is refused. */
  error?: string;
  /** Keys cannot change once saved: shown, but not editable. */
  readOnly?: boolean;
  onChange: (value: string) => void;
  /** Asks for the value to be validated: text fields on blur, choice lists once a choice is made. */
  onCheck: (value: string) => void;
  /** Shows a problem found while the user works the field (a scanned code the lookup does not have). */
  onProblem?: (message: string) => void;
}

/** Labelled control for `entity.<entity>.field.<field>`; test id `field-<field>`. */
export function FormField({ entity, field, def, value, form, error, readOnly, onChange, onCheck, onProblem }: FormFieldProps) {
  const t = useT();
  const label = t(`entity.${entity}.field.${field}`);
  const testId = `field-${field}`;
  const invalid = Boolean(error);
  const className = `wharf-field${invalid ? ' wharf-invalid' : ''}${def.required ? ' wharf-field--required' : ''}`;

  // A choice list loses focus to its own dropdown when it opens, so it is checked on change, not on blur.
  const choose = (next: string) => {
    onChange(next);
    onCheck(next);
  };

  let control: ReactNode;
  if (def.lookup === 'warehouse') {
    control = (
      <WarehouseSelect
        value={value}
        label={label}
        disabled={readOnly}
        clearable={!def.required}
        invalid={invalid}
        testId={testId}
        onChange={choose}
      />
    );
  } else if (def.lookup) {
    const params = {
      ...def.lookup.fixed,
      ...Object.fromEntries(Object.entries(def.lookup.params ?? {}).map(([key, source]) => [key, form?.[source] ?? ''])),
    };
    control = (
      <LookupSelect
        name={def.lookup.name}
        params={params}
        value={value}
        label={label}
        disabled={readOnly}
        clearable={!def.required}
        invalid={invalid}
        testId={testId}
        maxLength={def.max}
        onChange={choose}
        onNotFound={onProblem}
      />
    );
  } else if (def.type === 'code') {
    const list = def.codeList ?? field;
    control = (
      <SlSelect
        // Shoelace keeps the label it showed for the chosen option; a new language's label needs a fresh select.
        key={t(`code.${list}.${def.codes?.[0] ?? ''}`)}
        // A multi-choice field holds its codes comma-separated, in the list's order (defineEntity `multiple`).
        multiple={def.multiple}
        maxOptionsVisible={def.multiple ? 0 : undefined}
        value={def.multiple ? value.split(',').filter(Boolean) : value}
        label={label}
        disabled={readOnly}
        clearable={!def.required}
        hoist
        data-testid={testId}
        onSlChange={(event) => {
          const chosen = (event.target as SlSelectElement).value;
          choose(Array.isArray(chosen) ? (def.codes ?? []).filter((code) => chosen.includes(code)).join(',') : chosen);
        }}
      >
        {(def.codes ?? []).map((code) => (
          <SlOption key={code} value={code}>
            {t(`code.${list}.${code}`)}
          </SlOption>
        ))}
      </SlSelect>
    );
  } else if (def.type === 'date') {
    control = (
      <DateInput
        label={label}
        value={value}
        readOnly={readOnly}
        clearable={!def.required}
        testId={testId}
        onChange={onChange}
        onBlur={onCheck}
      />
    );
  } else {
    const numeric = def.type === 'int' || def.type === 'decimal';
    control = (
      <SlInput
        value={value}
        label={label}
        readonly={readOnly}
        // A number the server gives when left empty: said beside the field while it may still be typed.
        helpText={def.autoNumber && !readOnly ? t('kit.form.autoNumberHint') : undefined}
        inputmode={def.type === 'int' ? 'numeric' : def.type === 'decimal' ? 'decimal' : undefined}
        autocomplete="off"
        className={numeric ? 'wharf-field__numeric' : undefined}
        data-testid={testId}
        onSlInput={(event) => {
          // The field's size in characters, as the server counts them: the input's own maxlength counts UTF-16
          // units, so it would stop a name of emoji at half its size.
          const input = event.target as SlInputElement;
          const clipped = def.type === 'text' && def.max !== undefined ? clipText(input.value, def.max) : input.value;
          if (clipped !== input.value) input.value = clipped;
          onChange(clipped);
        }}
        onSlBlur={(event) => onCheck((event.target as SlInputElement).value)}
      />
    );
  }

  return (
    <div className={className} data-field={field}>
      {control}
      <div className="wharf-field__error" role={invalid ? 'alert' : undefined} data-testid={`error-${field}`}>
        {error ?? ''}
      </div>
    </div>
  );
}
