/**
 * Server paging of an RF configuration list. Like the kit's useFindPage, but its filters may be chosen values sent as
 * exact (`{value, exact: true}`): a sub process picked from the list is that one, not every name containing it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { permission } from '../../../shared/permissions';
import { type ColumnFilterValue, type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { usePermission } from '../../kit/session';
import { type FindPageState, requestPage } from '../../kit/useFindPage';

export type RfFilters = Record<string, ColumnFilterValue>;

/** A chosen value: `%` (or nothing) is any, a value with `%` a pattern, else exactly that value. */
export function chosen(value: string): ColumnFilterValue {
  const text = value.trim();
  if (text === '' || text.includes('%')) return text === '' ? '%' : text;
  return { value: text, exact: true };
}

/** A typed value: `%` (or nothing) is any, else the rows containing it (`%` a wildcard), as every list's typed filter. */
export function typed(value: string): ColumnFilterValue {
  return value.trim() || '%';
}

export interface RfPageState extends Omit<FindPageState<EntityRow>, 'search'> {
  search: (filters: RfFilters) => void;
}

/** Pages of `entity` rows; the first page loads on mount with `initial`. */
export function useRfPage(entity: string, initialPageSize: number, initial: RfFilters = {}): RfPageState {
  const [rows, setRows] = useState<EntityRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState({ pageNum: 1, pageSize: initialPageSize, filters: initial, version: 0 });
  // Only the latest request may fill the table.
  const latest = useRef(0);
  // Without sys:rfMainProcessDetail:view (the RF screens' Search, spec 001 §6) nothing is asked: the list stays empty.
  const canView = usePermission(permission('rfMainProcessDetail', 'view'));

  useEffect(() => {
    if (!canView) return;
    const ticket = ++latest.current;
    setLoading(true);
    apiPost<PageResult<EntityRow>>(`/${entity}/findPage`, {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      columnFilters: query.filters,
    })
      .then((envelope) => {
        if (ticket !== latest.current || envelope.code !== SUCCESS || !envelope.data) return;
        setRows(envelope.data.content);
        setTotal(envelope.data.totalSize);
      })
      .catch(() => {
        // Reported by the api client.
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [entity, query, canView]);

  const search = useCallback(
    (filters: RfFilters) => setQuery((q) => ({ ...q, pageNum: 1, filters, version: q.version + 1 })),
    [],
  );
  const setPage = useCallback(
    (pageNum: number, pageSize?: number) =>
      setQuery((q) => ({ ...q, pageNum, pageSize: pageSize ?? q.pageSize, version: q.version + 1 })),
    [],
  );
  const reload = useCallback(() => setQuery((q) => ({ ...q, version: q.version + 1 })), []);
  const { filters } = query;
  const loadPage = useCallback(
    (pageNum: number, pageSize: number) =>
      requestPage<EntityRow>(`/${entity}/findPage`, { pageNum, pageSize, columnFilters: filters }),
    [entity, filters],
  );
  return {
    rows,
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    loading,
    filters: {},
    search,
    setPage,
    reload,
    sort: null,
    setSort: () => undefined,
    loadPage,
  };
}
