/** Server paging for a list screen: `{entity}/findPage` with page number, size and column filters. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PageRequest, type PageResult, type PageSort, SUCCESS } from '../../shared/wire';
import { apiPost } from './api';
import { loadSort, saveSort } from './tableState';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Spec 000 §9: the generic table starts at page 1 with 10 rows. */
export const DEFAULT_PAGE_SIZE = 10;

export type Filters = Record<string, string>;

/** No required filter (one constant, so the load effect does not rerun on every render). */
const NO_FILTERS: readonly string[] = [];

export interface FindPageState<Row> {
  rows: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading: boolean;
  /** The filters of the rows shown (not the ones being typed). */
  filters: Filters;
  /** Loads page 1 with new filters. */
  search: (filters: Filters) => void;
  /** Loads another page or page size with the current filters. */
  setPage: (pageNum: number, pageSize?: number) => void;
  /** Loads the current page again (after a save or delete). */
  reload: () => void;
  /** The column the rows are sorted by on the server (null: the entity's own order). */
  sort: PageSort | null;
  /** Sorts by another column (remembered with the table's columns): back to page 1. */
  setSort: (sort: PageSort | null) => void;
  /**
   * Any page of the rows shown — the same call, filters and sort — without showing it (the Excel export of every row);
   * null when the call failed (the api client reported it).
   */
  loadPage: (pageNum: number, pageSize: number) => Promise<PageResult<Row> | null>;
}

/** Drops empty filters: empty means "any", and the server accepts only filterable fields anyway. */
export function cleanFilters(filters: Filters): Filters {
  const clean: Filters = {};
  for (const [field, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed !== '') clean[field] = trimmed;
  }
  return clean;
}

/** One page of a list call, or null when it failed (the api client has reported it). */
export async function requestPage<Row>(url: string, request: PageRequest): Promise<PageResult<Row> | null> {
  const envelope = await apiPost<PageResult<Row>>(url, request).catch(() => null);
  return envelope?.code === SUCCESS && envelope.data ? envelope.data : null;
}

/** Loads pages of `entity` rows; the first page loads on mount. */
export function useFindPage<Row>(
  entity: string,
  initialPageSize: number = DEFAULT_PAGE_SIZE,
  initialFilters: Filters = {},
  /** Key of the table whose remembered sort the pages use (none: the entity's order, no sorting). */
  tableId?: string,
  /** The entity's call answering pages: the generic `findPage`, or its parameterised search. */
  call: 'findPage' | 'findPageByPara' = 'findPage',
  /** Filters the call cannot go without (a parameterised search's warehouse): until they have values, no call, no rows. */
  requiredFilters: readonly string[] = NO_FILTERS,
): FindPageState<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [query, setQuery] = useState(() => ({
    pageNum: 1,
    pageSize: initialPageSize,
    filters: initialFilters,
    sort: tableId ? loadSort(tableId) : null,
    version: 0,
  }));
  const [loading, setLoading] = useState(false);
  // Only the latest request may fill the table: a slow answer to an older search must not overwrite it.
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    if (requiredFilters.some((key) => !query.filters[key])) {
      setRows([]);
      setTotal(0);
      setLoading(false);
      return;
    }
    setLoading(true);
    apiPost<PageResult<Row>>(`/${entity}/${call}`, {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      columnFilters: query.filters,
      ...(query.sort ? { sort: query.sort } : {}),
    })
      .then((envelope) => {
        if (ticket !== latest.current) return;
        if (envelope.code !== SUCCESS || !envelope.data) return;
        const page = envelope.data;
        // After deleting the last rows of the last page, show the page before instead of an empty one.
        if (page.content.length === 0 && page.totalSize > 0 && query.pageNum > 1) {
          const lastPage = Math.max(1, Math.ceil(page.totalSize / query.pageSize));
          setQuery((q) => ({ ...q, pageNum: Math.min(lastPage, q.pageNum - 1), version: q.version + 1 }));
          return;
        }
        setRows(page.content);
        setTotal(page.totalSize);
      })
      .catch(() => {
        // The api client has already reported the failure (toast or error page).
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [entity, call, query, requiredFilters]);

  const search = useCallback((filters: Filters) => {
    setQuery((q) => ({ ...q, pageNum: 1, filters: cleanFilters(filters), version: q.version + 1 }));
  }, []);
  const setPage = useCallback((pageNum: number, pageSize?: number) => {
    setQuery((q) => ({ ...q, pageNum, pageSize: pageSize ?? q.pageSize, version: q.version + 1 }));
  }, []);
  const reload = useCallback(() => {
    setQuery((q) => ({ ...q, version: q.version + 1 }));
  }, []);

  const { filters, sort } = query;
  const loadPage = useCallback(
    (pageNum: number, pageSize: number) =>
      requestPage<Row>(`/${entity}/${call}`, { pageNum, pageSize, columnFilters: filters, ...(sort ? { sort } : {}) }),
    [entity, call, filters, sort],
  );

  const setSort = useCallback(
    (sort: PageSort | null) => {
      if (tableId) saveSort(tableId, sort);
      setQuery((q) => ({ ...q, pageNum: 1, sort, version: q.version + 1 }));
    },
    [tableId],
  );

  return {
    rows,
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    loading,
    filters: query.filters,
    search,
    setPage,
    reload,
    sort: query.sort,
    setSort,
    loadPage,
  };
}

/** What a DataTable showing these pages takes from them: the rows, the pager and the server sort. */
export function pagedTableProps<Row>(page: FindPageState<Row>) {
  return {
    rows: page.rows,
    total: page.total,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    loading: page.loading,
    onPageChange: page.setPage,
    onRefresh: page.reload,
    sort: page.sort,
    onSortChange: page.setSort,
    loadPage: page.loadPage,
  };
}
