/** Calls, routes and query values of the RF configuration screens (spec 001 §2.1–§2.3, §7 "RF"). */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { RfResourceName, RfResourceType } from '../../../shared/rfConfig';
import { SUCCESS } from '../../../shared/wire';
import { apiGet } from '../../kit/api';
import { screenUrl } from '../../kit/screenUrl';
import { useScreenShown } from '../../kit/useScreenShown';

export const RF_URLS = {
  detail: 'Wms/RfSubProcessDetail',
  option: 'Wms/RfSubProcessOption',
  resource: 'Wms/RfProcessResourceDetail',
} as const;

/** Spec 001 §9: any value of a filter. */
export const ANY = '%';

/** The resource screen for one name, any type (spec 001 §2.1, §2.2 link cells; name % to add one). */
export const resourceUrl = (name: string): string => screenUrl(`/${RF_URLS.resource}`, { name, type: ANY });

/** The option screen for a sub process of a warehouse and client (spec 001 §2.2: option name cell, Add Function Key). */
export const optionUrl = (whId: string, clientCode: string, subProcessName: string, dialogOptionName: string): string =>
  screenUrl(`/${RF_URLS.option}`, { whId, clientCode, subProcessName, dialogOptionName });

/** The sub-process names of a warehouse and client ([] until both are chosen). */
export async function loadSubProcessNames(whId: string, clientCode: string): Promise<string[]> {
  if (!whId || !clientCode || whId === ANY || clientCode === ANY) return [];
  const envelope = await apiGet<string[]>('/rfSubProcessDetail/getSubProcessNames', { whId, clientCode }, { silent: true });
  return envelope.code === SUCCESS && Array.isArray(envelope.data) ? envelope.data : [];
}

/** The process resource names of one type, with their text in the user's language. */
export async function loadResourceNames(type: RfResourceType): Promise<RfResourceName[]> {
  const envelope = await apiGet<RfResourceName[]>('/rfProcessResource/getProcessResources', { type }, { silent: true });
  return envelope.code === SUCCESS && Array.isArray(envelope.data) ? envelope.data : [];
}

/** The sub-process names of the chosen pair, asked again when the pair (or `version`) changes. */
export function useSubProcessNames(whId: string, clientCode: string, version = 0): string[] {
  const [names, setNames] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again after a save
  useEffect(() => {
    let cancelled = false;
    void loadSubProcessNames(whId, clientCode)
      .then((list) => {
        if (!cancelled) setNames(list);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [whId, clientCode, version]);
  return names;
}

/**
 * The route's query values each time the screen is shown with them (a link carries a new timestamp `t`): the tab
 * stays mounted while others show, so a visit is told by the timestamp, not by mounting.
 */
export function useRouteVisit<K extends string>(
  url: string,
  keys: readonly K[],
  onVisit: (values: Record<K, string>) => void,
): void {
  const shown = useScreenShown(url);
  const search = useSearch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: search stands for the values; onVisit is the latest handler
  useEffect(() => {
    if (!shown) return;
    const params = new URLSearchParams(search);
    if (!keys.every((k) => (params.get(k) ?? '') !== '')) return;
    onVisit(Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>);
  }, [shown, search]);
}
