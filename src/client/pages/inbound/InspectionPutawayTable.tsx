/**
 * The tables of the inspection and putaway desks: a whole answer (at most 1000 rows, the server's cap) shown through
 * the kit's DataTable, paged in the browser, with code columns shown as their labels.
 */
import { useMemo, useState } from 'react';
import { DataTable, type RowAction, type TableColumn } from '../../kit/DataTable';
import { useT } from '../../kit/i18n';

export type DeskRow = { id: number } & Record<string, unknown>;

/** A column: its locale key, and for a code its list (shown as labels, never letters). */
export interface DeskColumn {
  field: string;
  headerKey: string;
  codeList?: string;
  minWidth?: number;
}

export interface LocalTableProps {
  tableId: string;
  columns: readonly DeskColumn[];
  rows: DeskRow[];
  loading?: boolean;
  onRefresh: () => void;
  actions?: readonly RowAction<DeskRow>[];
  onSelectionChange?: (rows: DeskRow[]) => void;
  toolbar?: React.ReactNode;
  /** The desk section's heading, shown above the table; also the name of its Excel export. */
  title: string;
  height?: number;
}

export function LocalTable({ columns, rows, title, ...props }: LocalTableProps) {
  const t = useT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const tableColumns = useMemo<TableColumn<DeskRow>[]>(
    () =>
      columns.map((c) => ({
        field: c.field,
        headerKey: c.headerKey,
        minWidth: c.minWidth,
        ...(c.codeList
          ? {
              format: (value: unknown) =>
                value === null || value === undefined || value === '' ? '' : t(`code.${c.codeList}.${String(value)}`),
            }
          : {}),
      })),
    [columns, t],
  );
  const pageNum = Math.min(page.pageNum, Math.max(1, Math.ceil(rows.length / page.pageSize)));
  // One array per page of rows, not per render: the grid takes a new array as new rows.
  const shown = useMemo(() => rows.slice((pageNum - 1) * page.pageSize, pageNum * page.pageSize), [rows, pageNum, page.pageSize]);
  return (
    <>
      <h3 className="inbound-desk__title">{title}</h3>
      <DataTable<DeskRow>
        {...props}
        exportName={title}
        columns={tableColumns}
        rows={shown}
        allRows={rows}
        total={rows.length}
        pageNum={pageNum}
        pageSize={page.pageSize}
        onPageChange={(n, size) => setPage({ pageNum: n, pageSize: size })}
      />
    </>
  );
}
