/**
 * The warehouse and client pair of the filter bars (and of forms that work for one client): the client list
 * follows the chosen warehouse, and the last pair a user chose is offered again the next time, on any screen.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from './i18n';
import { LookupSelect } from './LookupSelect';
import { loadOptions } from './lookupOptions';
import { session } from './session';
import { WarehouseSelect } from './WarehouseSelect';

/** A chosen pair; '' = not chosen (a filter's "any"). */
export interface WarehouseClient {
  whId: string;
  clientCode: string;
}

export interface WarehouseClientSelectProps {
  value: WarehouseClient;
  onChange: (value: WarehouseClient) => void;
  /** A form needs both; a filter may leave them empty. */
  required?: boolean;
  /** Start from the user's last choice when the value is empty (default true). */
  remember?: boolean;
  size?: 'small' | 'medium';
  /** Test ids `<testId>-whId` and `<testId>-clientCode`. */
  testId?: string;
  invalid?: { whId?: boolean; clientCode?: boolean };
}

const STORAGE_PREFIX = 'wharf.warehouseClient.';

/** The pair a user chose last, if any. */
export function rememberedWarehouseClient(user: string): WarehouseClient | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_PREFIX + user) ?? 'null') as Partial<WarehouseClient> | null;
    if (!parsed || typeof parsed.whId !== 'string' || !parsed.whId) return null;
    return { whId: parsed.whId, clientCode: typeof parsed.clientCode === 'string' ? parsed.clientCode : '' };
  } catch {
    return null;
  }
}

function rememberWarehouseClient(user: string, value: WarehouseClient): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + user, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the choice is simply not remembered.
  }
}

/** Warehouse select and client select side by side, labelled, in the filter bar's layout. */
export function WarehouseClientSelect({
  value,
  onChange,
  required,
  remember = true,
  size = 'small',
  testId = 'filter',
  invalid,
}: WarehouseClientSelectProps) {
  const t = useT();
  const { user } = useSnapshot(session);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  // Offer the last choice again, once, if the user still holds that warehouse and client.
  useEffect(() => {
    if (!remember || !user || latest.current.value.whId) return;
    const last = rememberedWarehouseClient(user);
    if (!last) return;
    let cancelled = false;
    void (async () => {
      const warehouses = await loadOptions('getWhse', { userName: user });
      if (cancelled || !warehouses.some((w) => w.optionValue === last.whId)) return;
      const clients = last.clientCode ? await loadOptions('getClient', { whId: last.whId }) : [];
      if (cancelled || latest.current.value.whId) return;
      const clientCode = clients.some((c) => c.optionValue === last.clientCode) ? last.clientCode : '';
      latest.current.onChange({ whId: last.whId, clientCode });
    })();
    return () => {
      cancelled = true;
    };
  }, [remember, user]);

  const change = (next: WarehouseClient) => {
    if (next.whId === value.whId && next.clientCode === value.clientCode) return;
    if (remember && user) rememberWarehouseClient(user, next);
    onChange(next);
  };

  return (
    <>
      <div className={`wharf-filter wharf-filter--pair${required ? ' wharf-field--required' : ''}`}>
        <WarehouseSelect
          value={value.whId}
          label={t('kit.warehouseClient.warehouse')}
          placeholder={required ? undefined : t('kit.filter.any')}
          clearable={!required}
          size={size}
          invalid={invalid?.whId}
          testId={`${testId}-whId`}
          onChange={(whId) => change({ whId, clientCode: whId ? value.clientCode : '' })}
        />
      </div>
      <div className={`wharf-filter wharf-filter--pair${required ? ' wharf-field--required' : ''}`}>
        <LookupSelect
          name="getClient"
          params={{ whId: value.whId }}
          value={value.clientCode}
          label={t('kit.warehouseClient.client')}
          placeholder={value.whId ? (required ? undefined : t('kit.filter.any')) : undefined}
          clearable={!required}
          size={size}
          invalid={invalid?.clientCode}
          testId={`${testId}-clientCode`}
          onChange={(clientCode) => change({ whId: value.whId, clientCode })}
        />
      </div>
    </>
  );
}
