/** Warehouse grants of a user: a tick per warehouse, and within a ticked one the clients (none chosen = all). */
import type SlCheckboxElement from '@shoelace-style/shoelace/dist/components/checkbox/checkbox.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { useT } from '../../kit/i18n';
import { SlCheckbox, SlOption, SlSelect } from '../../kit/sl';
import type { GrantOption } from './adminApi';

export interface WarehouseGrantPickerProps {
  options: readonly GrantOption[];
  /** whId → client codes (null = every client); a warehouse absent is not granted. */
  value: Readonly<Record<string, string[] | null>>;
  onChange: (next: Record<string, string[] | null>) => void;
}

export function WarehouseGrantPicker({ options, value, onChange }: WarehouseGrantPickerProps) {
  const t = useT();
  if (options.length === 0) return <div className="sys-empty">{t('sys.user.noWarehouses')}</div>;
  return (
    <div className="sys-grants" data-testid="grant-picker">
      {options.map((wh) => {
        const granted = wh.whId in value;
        const clients = value[wh.whId] ?? [];
        return (
          <div key={wh.whId} className="sys-grant">
            <SlCheckbox
              checked={granted}
              data-testid={`grant-${wh.whId}`}
              onSlChange={(event) => {
                const next = { ...value };
                if ((event.target as SlCheckboxElement).checked) next[wh.whId] = null;
                else delete next[wh.whId];
                onChange(next);
              }}
            >
              {wh.whId} {wh.name}
            </SlCheckbox>
            <SlSelect
              size="small"
              multiple
              clearable
              hoist
              maxOptionsVisible={4}
              disabled={!granted || wh.clients.length === 0}
              value={clients}
              placeholder={t('sys.user.allClients')}
              data-testid={`grant-clients-${wh.whId}`}
              onSlChange={(event) => {
                const chosen = (event.target as SlSelectElement).value;
                const list = Array.isArray(chosen) ? chosen : chosen ? [chosen] : [];
                onChange({ ...value, [wh.whId]: list.length > 0 ? list : null });
              }}
            >
              {wh.clients.map((c) => (
                <SlOption key={c.clientCode} value={c.clientCode}>
                  {c.clientCode} {c.name}
                </SlOption>
              ))}
            </SlSelect>
          </div>
        );
      })}
    </div>
  );
}
