/** A list's date filter: the kit's date field (yyyy-MM-dd, calendar in the user's language), small and clearable. */
import { DateInput } from './DateInput';

export interface DateFilterProps {
  label: string;
  /** yyyy-MM-dd or ''. */
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

export function DateFilter({ label, value, onChange, testId }: DateFilterProps) {
  return <DateInput size="small" label={label} value={value} clearable testId={testId} onChange={onChange} />;
}
