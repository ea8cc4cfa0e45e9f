/** A choice of the warehouses the signed-in user may use (`globalOptions/getWhse`). */
import { useSnapshot } from 'valtio';
import type { OptionEntry } from '../../shared/lookups';
import { useT } from './i18n';
import { LookupSelect } from './LookupSelect';
import { clearLookupCache, loadOptions } from './lookupOptions';
import { session } from './session';

/** The user's warehouses as options ("WH01 上海浦东仓"), shared by every form and filter. */
export function loadWarehouses(userName: string): Promise<OptionEntry[]> {
  return loadOptions('getWhse', { userName });
}

/** Forgets the loaded lists (after a warehouse was added or the grants changed). */
export function clearWarehouseCache(): void {
  clearLookupCache('getWhse');
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
export function WarehouseSelect({ placeholder, ...props }: WarehouseSelectProps) {
  const t = useT();
  const { user } = useSnapshot(session);
  return (
    <LookupSelect
      name="getWhse"
      params={{ userName: user ?? '' }}
      placeholder={placeholder ?? t('kit.warehouse.placeholder')}
      {...props}
    />
  );
}
