/**
 * The generic data table of every list screen (spec 000 §2): server paging, multiple row selection, an
 * operation column, and a toolbar with refresh, column chooser, Excel export and the signature shortcut.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { PageSort } from '../../shared/wire';
import { toast } from './api';
import { ColumnChooser } from './ColumnChooser';
import { collectPages, EXPORT_MAX_ROWS, exportExcel, exportFileName, type PageLoader } from './exportExcel';
import {
  AgGridReact,
  type ColDef,
  type ColumnResizedEvent,
  type GetRowIdParams,
  type GridApi,
  gridTheme,
  type ICellRendererParams,
  type RowSelectionOptions,
  type SortChangedEvent,
  type SortComparatorFn,
} from './grid';
import { useT } from './i18n';
import { PHONE_QUERY, useMediaQuery } from './media';
import { Pager } from './Pager';
import { operationColumnWidth, type RowAction, RowActionsCell, type RowActionsCellParams } from './RowActionsCell';
import { session, useHasScreen } from './session';
import { ToolButton } from './ToolButton';
import {
  applyColumnPrefs,
  type ColumnPrefs,
  type ColumnWidths,
  cellText,
  diffColumnPrefs,
  type EffectiveColumn,
  loadColumnPrefs,
  loadColumnWidths,
  saveColumnPrefs,
  saveColumnWidths,
  type TableColumn,
} from './tableState';
import { textWidth } from './textWidth';
import { PAGE_SIZES } from './useFindPage';
import './kit.css';

export type { RowAction } from './RowActionsCell';
export type { TableColumn } from './tableState';

/** Rows carry the server's id; it identifies them across pages and reloads. */
export interface TableRow {
  id?: number | string;
}

export interface DataTableProps<Row extends TableRow> {
  /** Key of the remembered column settings (localStorage). */
  tableId: string;
  columns: readonly TableColumn<Row>[];
  rows: Row[];
  total: number;
  pageNum: number;
  pageSize: number;
  loading?: boolean;
  onPageChange: (pageNum: number, pageSize: number) => void;
  onRefresh: () => void;
  /** Buttons of the operation column; none → no operation column. */
  actions?: readonly RowAction<Row>[];
  onSelectionChange?: (rows: Row[]) => void;
  /**
   * Grid height in px: the generic table's 440 (spec 000 §9), or TABLE_HEIGHT.list (560) on the list screens of spec 001
   * (§9 "Table max height 560"); a screen with two tables may ask less (README "Table height").
   */
  height?: number;
  /** Base name of the exported file (without extension). */
  exportName: string;
  /** The screen's own buttons (add, batch delete …), shown left of the table tools. */
  toolbar?: ReactNode;
  /** The column the rows are sorted by on the server; with `onSortChange`, sortable columns sort on a header click. */
  sort?: PageSort | null;
  onSortChange?: (sort: PageSort | null) => void;
  /** What the empty table says instead of "No data" (e.g. that a warehouse must be chosen first). */
  emptyText?: string;
  /**
   * Any page of the list shown (same call, filters and sort): the Excel export writes every row matching the filters,
   * not only the page on screen (`pagedTableProps` passes it).
   */
  loadPage?: PageLoader<Row>;
  /** Every row of a list the screen pages itself (`rows` is the page shown): the Excel export writes them all. */
  allRows?: readonly Row[];
  /**
   * The column a row is known by (a document number, a code): pinned left, whole, before the others, on every screen
   * width. Default (or hidden by the user): the first shown column.
   */
  keyColumn?: string;
  /** Every row is on the one page (a document's lines): the pager shows the total, no page size or pages. */
  wholeList?: boolean;
}

/** The grid heights of the spec: the generic table (spec 000 §9) and the list screens of spec 001 (§9). */
export const TABLE_HEIGHT = { generic: 440, list: 560 } as const;

const OPERATION_COLUMN = '__actions';
/** The signing tool the toolbar's signature shortcut opens (spec 000 §2). */
const SIGNATURE_SCREEN = 'Core/Signature';
const rowSelection: RowSelectionOptions = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  // A click on a row (e.g. to copy a value) must not silently change what batch delete would remove.
  enableClickSelection: false,
};

// Locked to the left edge: the pinned key column comes after the check boxes. Pinned for good (`lockPinned`), like the
// operation column on a phone: when the pinned columns leave the others less than 50 px, AG Grid unpins columns, the
// right ones first, which sent a phone's row actions to the far end of the sideways scroll; locked, only the key goes.
const selectionColumnDef = {
  pinned: 'left' as const,
  lockPinned: true,
  lockPosition: 'left' as const,
  width: 48,
  minWidth: 48,
  maxWidth: 48,
  resizable: false,
};

/** On a phone the check box column is the check box and the cell padding: 8 px more for the rest. */
const phoneSelectionColumnDef = { ...selectionColumnDef, width: 40, minWidth: 40, maxWidth: 40 };

const defaultColDef: ColDef = {
  // The order comes from the server across all pages; sorting one page in the browser would mislead.
  sortable: false,
  resizable: true,
  suppressMovable: true,
  flex: 1,
};

/** Room around a header's text: the cell padding each side, the resize handle, and the sort arrow when sortable. */
const HEADER_PADDING = 40;
const SORT_ICON = 20;
/** A phone's key column: the header cell's padding (12 px each side) and a little room, no resize handle. */
const PHONE_HEADER_PADDING = 28;
/**
 * The key column's width on a phone when its header is shorter, so that a code shows. On a 360 px screen it leaves, beside
 * the check boxes and the one-button operation column, the 50 px of scrolling columns (and a scroll bar) that AG Grid
 * requires to keep them all pinned. A longer header wraps onto two lines, its longest word whole; on a narrower grid AG
 * Grid unpins the key column, never the row actions (see selectionColumnDef).
 */
const PHONE_KEY_WIDTH = 110;

/** Width in px of a header label in the grid's header font, so that no language's header is cut off. */
function headerTextWidth(text: string): number {
  return textWidth(text, 13, 600);
}

/** What a header may wrap between: spaces, and any two Chinese characters (or full-width signs). */
const HEADER_WORDS = /[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+/g;

/**
 * The key column's width on a phone: its header's longest word whole (and the sort arrow), the rest wrapped; a table
 * without row actions gives it their room too.
 */
function phoneKeyWidth(headerName: string, sortable: boolean, width: number, withActions: boolean): number {
  const longestWord = Math.max(0, ...(headerName.match(HEADER_WORDS) ?? []).map(headerTextWidth));
  const room = PHONE_KEY_WIDTH + (withActions ? 0 : operationColumnWidth(1, true));
  return Math.min(width, Math.max(room, longestWord + PHONE_HEADER_PADDING + (sortable ? SORT_ICON : 0)));
}

/** The cell padding each side of the key column's text (Quartz: 2 × spacing) and its borders. */
const CELL_PADDING = 2 * 12 + 2;
/** A pinned key column on a wide screen never takes more than this, however long its values. */
const MAX_KEY_WIDTH = 320;
/**
 * What AG Grid leaves the scrolling columns at the least (its MIN_CENTER_VIEWPORT_WIDTH: pinned columns leaving less
 * are unpinned), the grid's borders and a vertical scroll bar.
 */
const CENTER_MIN = 50 + 2 + 16;

/** Width in px of the widest of a column's values on the page shown, in the grid's cell font. */
function widestCell<Row>(column: TableColumn<Row> | undefined, rows: readonly Row[]): number {
  if (!column) return 0;
  return Math.max(0, ...rows.map((row) => textWidth(cellText(column, row), 13)));
}

/** Follows an element's width (0 until it is laid out). */
function useWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

/** What pins the key column left, `width` wide; on a phone its header wraps and the header row grows to fit it. */
function pinnedKey<Row>(width: number, compact: boolean): ColDef<Row> {
  return {
    pinned: 'left',
    flex: 0,
    width,
    minWidth: width,
    ...(compact ? { wrapHeaderText: true, autoHeaderHeight: true } : {}),
  };
}

function getRowId<Row extends TableRow>(params: GetRowIdParams<Row>): string {
  return String(params.data.id);
}

/** Server-paged table; the screen owns the rows and paging state (see useFindPage). */
export function DataTable<Row extends TableRow>({
  tableId,
  columns,
  rows,
  total,
  pageNum,
  pageSize,
  loading,
  onPageChange,
  onRefresh,
  actions,
  onSelectionChange,
  height = TABLE_HEIGHT.generic,
  exportName,
  toolbar,
  sort,
  onSortChange,
  emptyText,
  loadPage,
  allRows,
  keyColumn,
  wholeList,
}: DataTableProps<Row>) {
  const t = useT();
  const { language } = useSnapshot(session);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => loadColumnPrefs(tableId));
  // Widths the user dragged columns to: kept like the sort, so a reopened tab shows the table as it was left.
  const [widths, setWidths] = useState<ColumnWidths>(() => loadColumnWidths(tableId));
  const [chooserOpen, setChooserOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Rows fetched so far and the total of an export of every row ("Exporting 1,000 / 1,040…").
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [gridRef, gridWidth] = useWidth();
  const [, setLocation] = useLocation();
  const canSign = useHasScreen(SIGNATURE_SCREEN);
  const compact = useMediaQuery(PHONE_QUERY);

  // The rows arrive sorted by the server: the grid's own sort only keeps their order (AG Grid reverses a
  // comparator's answer when descending, hence the sign).
  const position = useRef(new Map<unknown, number>());
  position.current = new Map(rows.map((row, i) => [row.id, i]));
  const serverOrder = useCallback<SortComparatorFn<Row>>(
    (_a, _b, nodeA, nodeB, descending) =>
      ((position.current.get(nodeA.data?.id) ?? 0) - (position.current.get(nodeB.data?.id) ?? 0)) * (descending ? -1 : 1),
    [],
  );

  const effective = useMemo(() => applyColumnPrefs(columns, prefs), [columns, prefs]);
  const byField = useMemo(() => new Map(columns.map((c) => [c.field, c])), [columns]);
  const labelOf = useCallback(
    (c: EffectiveColumn) => c.label ?? t(byField.get(c.field)?.headerKey ?? c.field, byField.get(c.field)?.headerValues),
    [t, byField],
  );

  // The key column (the screen's, else the first shown) stays in view when a wide table scrolls sideways, as the
  // operation column does on the right (issue 10 item 10); a document list pins its number, not its warehouse (issue
  // 27 item 7).
  const keyField = useMemo(
    () => (effective.find((c) => c.visible && c.field === keyColumn) ?? effective.find((c) => c.visible))?.field,
    [effective, keyColumn],
  );
  // Its values whole: as wide as the widest on the page (a number, so the columns change only when it does).
  const keyText = widestCell(keyField ? byField.get(keyField) : undefined, rows) + CELL_PADDING;
  const withActions = Boolean(actions && actions.length > 0);
  // On a phone, what the check boxes, the row menu and AG Grid's least scrolling room leave it (before the grid is
  // measured: the width that suits a 360 px screen). Wider screens never read it: resizing a window changes no column.
  const phoneRoom =
    compact && gridWidth > 0
      ? gridWidth - phoneSelectionColumnDef.width - (withActions ? operationColumnWidth(1, true) : 0) - CENTER_MIN
      : PHONE_KEY_WIDTH;

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const defs: ColDef<Row>[] = effective.map((c) => {
      const column = byField.get(c.field);
      const sortable = Boolean(column?.sortable && onSortChange);
      const headerName = labelOf(c);
      const minWidth = Math.max(c.minWidth, headerTextWidth(headerName) + HEADER_PADDING + (sortable ? SORT_ICON : 0));
      const dragged = widths[c.field];
      return {
        colId: c.field,
        headerName,
        hide: !c.visible,
        // Never narrower than its header in the current language ("Warehouse", not "Wareho…").
        minWidth,
        // Pinned, it takes its own width rather than a share of the screen (flex), so a phone keeps room for the rest.
        // A dragged width holds (no longer a share of the screen); never narrower than the header.
        ...(dragged ? { width: Math.max(dragged, minWidth), flex: 0 } : {}),
        ...(c.field === keyField
          ? pinnedKey(
              compact
                ? Math.max(phoneKeyWidth(headerName, sortable, minWidth, withActions), Math.min(keyText, phoneRoom))
                : Math.max(minWidth, dragged ?? Math.min(keyText, MAX_KEY_WIDTH)),
              compact,
            )
          : {}),
        valueGetter: (params) => (column && params.data ? cellText(column, params.data) : ''),
        ...(column?.render
          ? { cellRenderer: ({ data }: ICellRendererParams<Row>) => (data ? column.render?.(data) : null) }
          : {}),
        sortable,
        sort: sortable && sort?.field === c.field ? sort.order : null,
        comparator: serverOrder,
      };
    });
    if (actions && withActions) {
      const width = operationColumnWidth(actions.length, compact);
      const params: RowActionsCellParams<Row> = { actions, compact };
      defs.push({
        colId: OPERATION_COLUMN,
        // On a phone the column is one menu button wide: its icon says what the header would.
        headerName: compact ? '' : t('kit.table.operation'),
        pinned: 'right',
        // On a phone always in view, one button wide (see selectionColumnDef). Wider screens keep AG Grid's choice: a
        // row of buttons pinned on a tablet could leave the data a sliver.
        lockPinned: compact,
        width,
        minWidth: width,
        maxWidth: width,
        flex: 0,
        resizable: false,
        cellRenderer: RowActionsCell,
        cellRendererParams: params,
        cellClass: 'wharf-row-actions-cell',
      });
    }
    return defs;
  }, [
    effective,
    byField,
    labelOf,
    actions,
    t,
    sort,
    onSortChange,
    serverOrder,
    compact,
    keyField,
    keyText,
    phoneRoom,
    withActions,
    widths,
  ]);
  // New column definitions re-render the rendered cells: a grid made when the language changed, before that language's
  // messages arrived, kept its code labels in the old language (AG Grid keeps the cells of a column it already has).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `columnDefs` is the signal, not an input.
  useEffect(() => {
    apiRef.current?.refreshCells({ force: true });
  }, [columnDefs]);

  // A column dragged to a new width keeps it (saved when the drag ends).
  const columnResized = useCallback(
    (event: ColumnResizedEvent<Row>) => {
      if (!event.finished || event.source !== 'uiColumnResized') return;
      // The column dragged (AG Grid may also have resized its flexing neighbours: those keep flexing).
      const changed = (event.column ? [event.column] : (event.columns ?? [])).filter(
        (column) => column.getColId() !== OPERATION_COLUMN,
      );
      if (changed.length === 0) return;
      setWidths((current) => {
        const next = { ...current };
        for (const column of changed) next[column.getColId()] = column.getActualWidth();
        saveColumnWidths(tableId, next);
        return next;
      });
    },
    [tableId],
  );

  // A header click asks the server for the rows in that order (every page, not only the one shown).
  const sortChanged = useCallback(
    (event: SortChangedEvent<Row>) => {
      if (!onSortChange || event.source !== 'uiColumnSorted') return;
      // The columns the click changed: the one now sorted, and the one it replaces (its sort cleared).
      const sorted = event.columns?.find((column) => column.getSort());
      const order = sorted?.getSort();
      onSortChange(sorted && order ? { field: sorted.getColId(), order } : null);
    },
    [onSortChange],
  );

  // Rebuilt per language only (`t` changes identity every render); the grid is re-created on a language
  // change anyway (see its key), since AG Grid reads localeText once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language stands for t
  const localeText = useMemo(() => ({ noRowsToShow: t('kit.table.noRows'), loadingOoo: t('kit.table.loading') }), [language]);

  // The grid's own empty text, replaced where the screen says why it is empty. A new text shows the next time the
  // grid is empty (after a load), which is when it changes.
  const overlayParams = useMemo(() => (emptyText ? { noRows: { overlayText: emptyText } } : undefined), [emptyText]);

  // Reported only when the selection changed: the grid updates its rows whenever a screen passes a new array (a
  // page sliced from a whole answer is one per render), and a screen that keeps the selection in its state renders
  // again on every report — a report per render would never end, and would starve every other tab's loading.
  const reported = useRef<readonly Row[]>([]);
  const reportSelection = useCallback(() => {
    if (!onSelectionChange || !apiRef.current) return;
    const selected = apiRef.current.getSelectedRows();
    const last = reported.current;
    if (selected.length === last.length && selected.every((row, i) => row === last[i])) return;
    reported.current = selected;
    onSelectionChange(selected);
  }, [onSelectionChange]);

  const applyChooser = (edited: EffectiveColumn[]) => {
    const next = diffColumnPrefs(columns, edited, (c) => t(c.headerKey, c.headerValues));
    saveColumnPrefs(tableId, next);
    setPrefs(next);
    setChooserOpen(false);
  };

  const resetChooser = () => {
    saveColumnPrefs(tableId, {});
    setPrefs({});
    saveColumnWidths(tableId, {});
    setWidths({});
    setChooserOpen(false);
  };

  /**
   * The rows the export writes: every row matching the list's filters (issue 27 item 6) — those of the screen's own
   * paging, the page when it holds them all, else page after page of the same list call, its progress shown. Null when
   * there is nothing to write (said in a toast).
   */
  const rowsToExport = async (): Promise<readonly Row[] | null> => {
    if (allRows) return allRows;
    if (rows.length >= total) return rows;
    if (!loadPage) {
      // A screen that cannot ask for the other pages: the page shown, and the user told so.
      toast('warning', t('kit.export.pageOnly', { count: rows.length, total }));
      return rows;
    }
    if (total > EXPORT_MAX_ROWS) {
      toast('warning', t('kit.export.tooMany', { total, max: EXPORT_MAX_ROWS }));
      return null;
    }
    setProgress({ done: 0, total });
    try {
      const collected = await collectPages(loadPage, (done, all) => setProgress({ done, total: all }));
      if ('tooMany' in collected) toast('warning', t('kit.export.tooMany', { total: collected.tooMany, max: EXPORT_MAX_ROWS }));
      return 'rows' in collected ? collected.rows : null;
    } finally {
      setProgress(null);
    }
  };

  const exportRows = async () => {
    if (exporting) return;
    if (rows.length === 0 && !allRows?.length) {
      toast('warning', t('kit.export.noData'));
      return;
    }
    const visible = effective.filter((c) => c.visible);
    setExporting(true);
    try {
      const data = await rowsToExport();
      if (!data) return;
      await exportExcel(
        exportFileName(exportName),
        visible.map((c) => {
          const column = byField.get(c.field);
          return {
            header: labelOf(c),
            widthPx: c.minWidth,
            text: (row: Row) => (column ? cellText(column, row) : ''),
            ...(column?.type ? { type: column.type } : {}),
          };
        }),
        data,
      );
      toast('success', t('kit.export.done', { count: data.length }));
    } catch (error) {
      console.error('Excel export failed', error);
      toast('error', t('kit.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="wharf-table" data-table-id={tableId}>
      <div className="wharf-table__toolbar">
        <div className="wharf-table__toolbar-start">{toolbar}</div>
        <div className="wharf-table__tools">
          {progress ? (
            <span className="wharf-table__progress" role="status" data-testid="export-progress">
              {t('kit.export.progress', progress)}
            </span>
          ) : null}
          <ToolButton label={t('kit.table.refresh')} icon="arrow-clockwise" testId="refresh" onClick={onRefresh} />
          <ToolButton
            label={t('kit.table.columns')}
            icon="layout-three-columns"
            testId="columns"
            onClick={() => setChooserOpen(true)}
          />
          <ToolButton
            label={t('kit.table.export')}
            icon="file-earmark-spreadsheet"
            testId="export"
            loading={exporting}
            onClick={() => void exportRows()}
          />
          <ToolButton
            label={t('kit.table.signature')}
            icon="pen"
            testId="signature"
            disabled={!canSign}
            // Spec 000 §2 "Core/Signature (opened with a date query parameter)": the time of opening, so that a
            // repeated visit is a new one, like every navigation between screens (spec 001 §2).
            onClick={() => setLocation(`/${SIGNATURE_SCREEN}?date=${Date.now()}`)}
          />
        </div>
      </div>
      <div className="wharf-table__grid" ref={gridRef} style={{ height }}>
        <AgGridReact<Row>
          key={language}
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          rowSelection={rowSelection}
          selectionColumnDef={compact ? phoneSelectionColumnDef : selectionColumnDef}
          loading={loading}
          localeText={localeText}
          overlayComponentParams={overlayParams}
          suppressCellFocus
          // Every column of a row is in the page, scrolled into view or not: the browser's find, a screen reader and a
          // row's text read the whole row (rows stay virtualised; the widest list has ~30 columns).
          suppressColumnVirtualisation
          onGridReady={(event) => {
            apiRef.current = event.api;
          }}
          onGridPreDestroyed={() => {
            apiRef.current = null;
          }}
          onSelectionChanged={reportSelection}
          onRowDataUpdated={reportSelection}
          onSortChanged={sortChanged}
          onColumnResized={columnResized}
        />
      </div>
      <Pager
        total={total}
        pageNum={pageNum}
        pageSize={pageSize}
        // A screen's own size (8 on line screens) is offered beside the usual ones.
        pageSizes={(PAGE_SIZES as readonly number[]).includes(pageSize) ? PAGE_SIZES : [pageSize, ...PAGE_SIZES]}
        disabled={loading}
        whole={wholeList}
        onChange={onPageChange}
      />
      <ColumnChooser
        open={chooserOpen}
        columns={effective}
        defaultLabel={(field) => t(byField.get(field)?.headerKey ?? field, byField.get(field)?.headerValues)}
        onApply={applyChooser}
        onReset={resetChooser}
        onClose={() => setChooserOpen(false)}
      />
    </div>
  );
}
