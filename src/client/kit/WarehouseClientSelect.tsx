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
  /** A form needs both; a list that cannot search without a warehouse needs it only (`'whId'`); a filter neither. */
  required?: boolean | 'whId';
  /** Remember the user's choice, to be offered again the next time (default true). */
  remember?: boolean;
  /** Start from the user's last choice when the value is empty (default: as `remember`); false where the screen offers one itself. */
  offerLast?: boolean;
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

/**
 * The pair to start from: the user's last choice while they still hold that warehouse (its client while the warehouse
 * still serves it), else — `orFirst`, for a list that cannot search without a warehouse — the first warehouse granted
 * to them; null when there is none.
 */
export async function offeredWarehouseClient(user: string, orFirst = false): Promise<WarehouseClient | null> {
  const last = rememberedWarehouseClient(user);
  if (!last && !orFirst) return null;
  const warehouses = await loadOptions('getWhse', { userName: user });
  if (last && warehouses.some((w) => w.optionValue === last.whId)) {
    const clients = last.clientCode ? await loadOptions('getClient', { whId: last.whId }) : [];
    return { whId: last.whId, clientCode: clients.some((c) => c.optionValue === last.clientCode) ? last.clientCode : '' };
  }
  const first = orFirst ? warehouses[0]?.optionValue : undefined;
  return first ? { whId: first, clientCode: '' } : null;
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
  offerLast = remember,
  size = 'small',
  testId = 'filter',
  invalid,
}: WarehouseClientSelectProps) {
  const t = useT();
  const { user } = useSnapshot(session);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  // Offer the last choice again, once, if the user still holds that warehouse.
  useEffect(() => {
    if (!offerLast || !user || latest.current.value.whId) return;
    let cancelled = false;
    void offeredWarehouseClient(user).then((pair) => {
      if (!cancelled && pair && !latest.current.value.whId) latest.current.onChange(pair);
    });
    return () => {
      cancelled = true;
    };
  }, [offerLast, user]);
  const warehouseRequired = Boolean(required);
  const clientRequired = required === true;

  const change = (next: WarehouseClient) => {
    if (next.whId === value.whId && next.clientCode === value.clientCode) return;
    if (remember && user) rememberWarehouseClient(user, next);
    onChange(next);
  };

  return (
    <>
      <div className={`wharf-filter wharf-filter--pair${warehouseRequired ? ' wharf-field--required' : ''}`}>
        <WarehouseSelect
          value={value.whId}
          label={t('kit.warehouseClient.warehouse')}
          placeholder={warehouseRequired ? undefined : t('kit.filter.any')}
          clearable={!warehouseRequired}
          size={size}
          invalid={invalid?.whId}
          testId={`${testId}-whId`}
          onChange={(whId) => change({ whId, clientCode: whId ? value.clientCode : '' })}
        />
      </div>
      <div className={`wharf-filter wharf-filter--pair${clientRequired ? ' wharf-field--required' : ''}`}>
        <LookupSelect
          name="getClient"
          params={{ whId: value.whId }}
          value={value.clientCode}
          label={t('kit.warehouseClient.client')}
          placeholder={value.whId ? (clientRequired ? undefined : t('kit.filter.any')) : undefined}
          clearable={!clientRequired}
          size={size}
          invalid={invalid?.clientCode}
          testId={`${testId}-clientCode`}
          onChange={(clientCode) => change({ whId: value.whId, clientCode })}
        />
      </div>
    </>
  );
}
