/**
 * A date filter that reads the same in every language: the value is typed or shown as yyyy-MM-dd (the native date
 * input shows mm/dd/yyyy to a Chinese user of an English browser), the placeholder says so in the user's language,
 * and the calendar button opens the browser's date picker.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useRef } from 'react';
import { useT } from './i18n';
import { SlIconButton, SlInput } from './sl';

export interface DateFilterProps {
  label: string;
  /** yyyy-MM-dd or ''. */
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

export function DateFilter({ label, value, onChange, testId }: DateFilterProps) {
  const t = useT();
  const picker = useRef<HTMLInputElement>(null);
  return (
    <span className="wharf-date-filter">
      <SlInput
        size="small"
        label={label}
        value={value}
        clearable
        autocomplete="off"
        inputmode="numeric"
        maxlength={10}
        pattern="\d{4}-\d{2}-\d{2}"
        placeholder={t('kit.filter.datePlaceholder')}
        data-testid={testId}
        onSlInput={(event) => onChange((event.target as SlInputElement).value)}
        onSlClear={() => onChange('')}
      >
        <SlIconButton
          slot="suffix"
          name="calendar3"
          label={t('kit.filter.pickDate')}
          data-testid={`${testId}-pick`}
          onClick={() => picker.current?.showPicker()}
        />
      </SlInput>
      <input
        ref={picker}
        className="wharf-date-filter__picker"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    </span>
  );
}
