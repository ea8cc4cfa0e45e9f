/** A list's date filter: the kit's date field (yyyy-MM-dd, calendar in the user's language), small and clearable. */
import { localDayInterval, localDayOf } from '../../shared/dayFilter';
import { isCalendarDate } from '../../shared/validation';
import { DateInput } from './DateInput';

export interface DateFilterProps {
  label: string;
  /** yyyy-MM-dd or '' (a time column: the chosen day's interval, shared/dayFilter.ts). */
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /**
   * The column holds times, not dates: the chosen day is sent as the interval from its local midnight to the next, so
   * the rows are those the list shows dated that day in the user's time zone.
   */
  timeColumn?: boolean;
}

export function DateFilter({ label, value, onChange, testId, timeColumn = false }: DateFilterProps) {
  return (
    <DateInput
      size="small"
      label={label}
      value={timeColumn ? localDayOf(value) : value}
      clearable
      testId={testId}
      // A date still being typed stays as typed (a search with it is refused with the field's name).
      onChange={(day) => onChange(timeColumn && isCalendarDate(day) ? localDayInterval(day) : day)}
    />
  );
}
