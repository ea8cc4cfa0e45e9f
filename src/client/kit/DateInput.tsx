/**
 * A date field that reads the same in every language: the value is typed or shown as yyyy-MM-dd (spec 001 §9),
 * and the calendar button opens our own month calendar, labelled in the user's language. The browser's picker
 * follows the browser's language instead (mm/dd/yyyy and English month names for a Chinese user of an English
 * browser), which is why it is not used.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from './i18n';
import { SlIconButton, SlInput, SlPopup } from './sl';

export interface DateInputProps {
  label?: string;
  /** yyyy-MM-dd or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The field was left (forms validate then). */
  onBlur?: (value: string) => void;
  testId: string;
  readOnly?: boolean;
  clearable?: boolean;
  size?: 'small' | 'medium';
  /** Marks the field required (the label's asterisk); the form checks it. */
  required?: boolean;
  /** A line under the field (e.g. what an empty value means). */
  helpText?: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** The month a value falls in, else the current month (month 0–11). */
function monthOf(value: string): { year: number; month: number } {
  const match = ISO_DATE.exec(value);
  if (match) return { year: Number(match[1]), month: Number(match[2]) - 1 };
  const today = new Date();
  return { year: today.getFullYear(), month: today.getMonth() };
}

export function DateInput({
  label,
  value,
  onChange,
  onBlur,
  testId,
  readOnly,
  clearable,
  size = 'medium',
  required,
  helpText,
}: DateInputProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(() => monthOf(value));
  const wrapper = useRef<HTMLSpanElement>(null);
  // A press anywhere else closes the calendar.
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const toggle = () => {
    if (!open) setShown(monthOf(value));
    setOpen(!open);
  };
  const choose = (iso: string) => {
    onChange(iso);
    onBlur?.(iso);
    setOpen(false);
  };
  return (
    <span className="wharf-date" ref={wrapper}>
      <SlPopup active={open && !readOnly} placement="bottom-end" strategy="fixed" distance={2} flip className="wharf-date__popup">
        <SlInput
          slot="anchor"
          size={size}
          label={label}
          value={value}
          readonly={readOnly}
          required={required}
          helpText={helpText}
          clearable={clearable && !readOnly}
          autocomplete="off"
          inputmode="numeric"
          maxlength={10}
          placeholder={t('kit.filter.datePlaceholder')}
          data-testid={testId}
          onSlInput={(event) => onChange((event.target as SlInputElement).value)}
          onSlBlur={(event) => onBlur?.((event.target as SlInputElement).value)}
          onSlClear={() => choose('')}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape' && open) {
              event.stopPropagation();
              setOpen(false);
            }
          }}
        >
          {readOnly ? null : (
            <SlIconButton
              slot="suffix"
              name="calendar3"
              label={t('kit.filter.pickDate')}
              data-testid={`${testId}-pick`}
              onClick={toggle}
            />
          )}
        </SlInput>
        <Calendar
          year={shown.year}
          month={shown.month}
          selected={value}
          testId={`${testId}-calendar`}
          onMonth={(year, month) => setShown({ year, month })}
          onChoose={choose}
          onClose={() => setOpen(false)}
        />
      </SlPopup>
    </span>
  );
}

interface CalendarProps {
  year: number;
  month: number;
  selected: string;
  testId: string;
  onMonth: (year: number, month: number) => void;
  onChoose: (iso: string) => void;
  onClose: () => void;
}

/** One month as a grid of days; weeks start on Monday in Chinese and on Sunday in English, as people there expect. */
function Calendar({ year, month, selected, testId, onMonth, onChoose, onClose }: CalendarProps) {
  const intl = useIntl();
  const t = useT();
  const firstWeekday = intl.locale.startsWith('zh') ? 1 : 0;
  const weekdays = useMemo(
    // 2023-01-01 was a Sunday: the names of seven days from it, starting at the locale's first weekday.
    () =>
      Array.from({ length: 7 }, (_, i) => intl.formatDate(new Date(2023, 0, 1 + ((i + firstWeekday) % 7)), { weekday: 'short' })),
    [intl, firstWeekday],
  );
  const today = new Date();
  const todayIso = isoOf(today.getFullYear(), today.getMonth(), today.getDate());
  const lead = (new Date(year, month, 1).getDay() - firstWeekday + 7) % 7;
  const days = new Date(year, month + 1, 0).getDate();
  const cells: (number | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  const step = (delta: number) => {
    const next = new Date(year, month + delta, 1);
    onMonth(next.getFullYear(), next.getMonth());
  };
  return (
    <div
      className="wharf-calendar"
      role="dialog"
      aria-label={t('kit.filter.pickDate')}
      data-testid={testId}
      // The field keeps its focus while the user works the calendar.
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="wharf-calendar__head">
        <SlIconButton name="chevron-left" label={t('kit.calendar.previousMonth')} onClick={() => step(-1)} />
        <span className="wharf-calendar__title" data-testid={`${testId}-title`}>
          {intl.formatDate(new Date(year, month, 1), { year: 'numeric', month: 'long' })}
        </span>
        <SlIconButton name="chevron-right" label={t('kit.calendar.nextMonth')} onClick={() => step(1)} />
      </div>
      <div className="wharf-calendar__grid">
        {weekdays.map((name) => (
          <span key={name} className="wharf-calendar__weekday">
            {name}
          </span>
        ))}
        {cells.map((day, i) =>
          day === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day have no identity
            <span key={`blank-${i}`} />
          ) : (
            <button
              key={day}
              type="button"
              className={[
                'wharf-calendar__day',
                isoOf(year, month, day) === selected ? 'wharf-calendar__day--selected' : '',
                isoOf(year, month, day) === todayIso ? 'wharf-calendar__day--today' : '',
              ].join(' ')}
              aria-pressed={isoOf(year, month, day) === selected}
              data-date={isoOf(year, month, day)}
              onClick={() => onChoose(isoOf(year, month, day))}
            >
              {day}
            </button>
          ),
        )}
      </div>
      <div className="wharf-calendar__foot">
        <button type="button" className="wharf-calendar__today" onClick={() => onChoose(todayIso)}>
          {t('kit.calendar.today')}
        </button>
      </div>
    </div>
  );
}
