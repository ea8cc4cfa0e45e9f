/**
 * The one screen of every analytic report (server modules/reports/README.md): the definition (`shared/reports.ts`)
 * says which filters to show, which columns the table has and how the chart is drawn from the rows. Filters first
 * (warehouse and client, date range — the last 30 days to start —, zone, item, grouping), then the chart (the lead's
 * chart kit, loaded with this screen only), then the figures as a plain table with its caption, exported to Excel by
 * the kit's `exportExcel` as shown (labels, numbers in the user's language). The server enforces the report's view
 * permission and the grants.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import type SlSelectElement from '@shoelace-style/shoelace/dist/components/select/select.component.js';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import {
  REPORT_ROW_LIMIT,
  REPORTS,
  type ReportAnswer,
  type ReportColumn,
  type ReportFilterName,
  type ReportGroup,
  type ReportName,
  type ReportRequest,
} from '../../../shared/reports';
import { SUCCESS } from '../../../shared/wire';
import { Chart, type ChartSeries, type ValueFormat } from '../../charts/Chart';
import { apiPost } from '../../kit/api';
import { DateInput } from '../../kit/DateInput';
import { exportExcel, exportFileName } from '../../kit/exportExcel';
import { useT } from '../../kit/i18n';
import { session } from '../../kit/session';
import { SlButton, SlInput, SlOption, SlSelect } from '../../kit/sl';
import { ToolButton } from '../../kit/ToolButton';
import { offeredWarehouseClient, type WarehouseClient, WarehouseClientSelect } from '../../kit/WarehouseClientSelect';
import './reports.css';

type Cells = ReportAnswer['rows'][number];

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The last 30 days, today included. */
function lastMonth(): { dateFrom: string; dateTo: string } {
  const today = new Date();
  return { dateFrom: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)), dateTo: isoDay(today) };
}

/** Whether the report takes this filter. */
const hasFilter = (name: ReportName, filter: ReportFilterName) => REPORTS[name].filters.includes(filter);

/** The chart kit's number format of a column. */
function valueFormat(column: ReportColumn | undefined): ValueFormat {
  switch (column?.kind) {
    case 'decimal':
      return 'decimal';
    case 'percent':
      return 'percent';
    case 'hours':
      return 'hours';
    default:
      return 'integer';
  }
}

export function ReportPage({ name }: { name: ReportName }) {
  const definition = REPORTS[name];
  const t = useT();
  const intl = useIntl();
  const { user } = useSnapshot(session);
  const has = (filter: ReportFilterName) => hasFilter(name, filter);
  const [pair, setPair] = useState<WarehouseClient>({ whId: '', clientCode: '' });
  const [range, setRange] = useState(lastMonth);
  const [zone, setZone] = useState('');
  const [itemNumber, setItemNumber] = useState('');
  const [groupBy, setGroupBy] = useState<ReportGroup | undefined>(definition.groups?.[0]);
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [shown, setShown] = useState<ReportRequest | null>(null);
  const [loading, setLoading] = useState(false);
  const title = t(`rpt.${name}.title`);

  // The warehouse to start from: the user's last choice, else their first warehouse.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void offeredWarehouseClient(user, true).then((offered) => {
      if (live && offered) setPair((current) => (current.whId ? current : offered));
    });
    return () => {
      live = false;
    };
  }, [user]);

  const request = useMemo((): ReportRequest => {
    const body: ReportRequest = { whId: pair.whId };
    if (hasFilter(name, 'clientCode') && pair.clientCode) body.clientCode = pair.clientCode;
    if (hasFilter(name, 'dateFrom')) Object.assign(body, range);
    if (hasFilter(name, 'zone') && zone.trim()) body.zone = zone.trim();
    if (hasFilter(name, 'itemNumber') && itemNumber.trim()) body.itemNumber = itemNumber.trim();
    if (hasFilter(name, 'groupBy') && groupBy) body.groupBy = groupBy;
    return body;
  }, [name, pair, range, zone, itemNumber, groupBy]);

  const run = useCallback(
    async (body: ReportRequest) => {
      setLoading(true);
      try {
        const envelope = await apiPost<ReportAnswer>(`/report/${name}`, body);
        setAnswer(envelope.code === SUCCESS ? envelope.data : null);
        setShown(envelope.code === SUCCESS ? body : null);
      } finally {
        setLoading(false);
      }
    },
    [name],
  );

  // The figures of the starting filters come at once, when the warehouse is known.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !request.whId) return;
    started.current = true;
    void run(request);
  }, [request, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.whId) void run(request);
  };

  /**
   * The columns of the figures shown: the group's key is headed by the group it was run with (Zone, Item …) and reads
   * as a day when grouped by day.
   */
  const columns = useMemo(
    (): readonly ReportColumn[] =>
      definition.columns.map((column) =>
        column.field === 'groupKey' && shown?.groupBy === 'day' ? { ...column, kind: 'day' } : column,
      ),
    [definition, shown],
  );
  const header = useCallback(
    (column: ReportColumn) =>
      column.field === 'groupKey' && shown?.groupBy ? t(`rpt.groupBy.${shown.groupBy}`) : t(`rpt.column.${column.field}`),
    [shown, t],
  );

  /** A cell as shown: codes and buckets as labels, numbers in the user's language, a blank key as "(none)". */
  const cell = useCallback(
    (column: ReportColumn, row: Cells): string => {
      const value = row[column.field];
      if (value === null || value === undefined) return '';
      switch (column.kind) {
        case 'integer':
          return intl.formatNumber(Number(value), { maximumFractionDigits: 0 });
        case 'decimal':
          return intl.formatNumber(Number(value), { maximumFractionDigits: 3 });
        case 'hours':
          return intl.formatNumber(Number(value), { maximumFractionDigits: 2 });
        case 'percent':
          return intl.formatNumber(Number(value), { style: 'percent', maximumFractionDigits: 1 });
        case 'code':
          return t(`code.${column.codes}.${String(value)}`);
        case 'bucket':
          return t(`rpt.bucket.${String(value)}`);
        case 'day':
        case 'time':
        case 'text':
          return value === '' ? t('rpt.blank') : String(value);
      }
    },
    [intl, t],
  );

  const chart = useMemo(() => {
    const rows = answer?.rows ?? [];
    const spec = definition.chart;
    const columnOf = (field: string) => columns.find((c) => c.field === field);
    const categoryColumn = columnOf(spec.category);
    const label = (field: string, row: Cells) => (columnOf(field) ? cell(columnOf(field)!, row) : String(row[field] ?? ''));
    const categories: string[] = [];
    for (const row of rows) {
      const category = categoryColumn ? cell(categoryColumn, row) : '';
      if (!categories.includes(category)) categories.push(category);
    }
    let series: ChartSeries[];
    let format: ValueFormat;
    if (spec.pivot) {
      const { series: seriesField, value } = spec.pivot;
      const names: string[] = [];
      for (const row of rows) if (!names.includes(label(seriesField, row))) names.push(label(seriesField, row));
      series = names.map((seriesName) => {
        const values: (number | null)[] = categories.map(() => null);
        for (const row of rows) {
          if (label(seriesField, row) !== seriesName) continue;
          const at = categories.indexOf(categoryColumn ? cell(categoryColumn, row) : '');
          values[at] = (values[at] ?? 0) + Number(row[value] ?? 0);
        }
        return { name: seriesName, values };
      });
      format = valueFormat(columnOf(value));
    } else {
      const fields = spec.values ?? [];
      series = fields.map((field) => ({
        name: t(`rpt.column.${field}`),
        values: categories.map((_, i) => (rows[i]?.[field] === null ? null : Number(rows[i]?.[field] ?? 0))),
      }));
      format = valueFormat(columnOf(fields[0] ?? ''));
    }
    return { categories, series, format };
  }, [answer, definition, columns, cell, t]);

  const exportRows = () => {
    if (!answer) return;
    void exportExcel(
      exportFileName(title),
      columns.map((column) => ({
        header: header(column),
        widthPx: column.kind === 'text' ? 160 : 110,
        text: (row: Cells) => cell(column, row),
        ...(column.kind === 'day' ? { type: 'date' as const } : {}),
      })),
      answer.rows,
    );
  };

  return (
    <div className="rpt-page" data-testid={`rpt-${name}`}>
      <form className="rpt-filters" noValidate onSubmit={submit}>
        <WarehouseClientSelect value={pair} onChange={setPair} required="whId" offerLast={false} testId="rpt" />
        {has('dateFrom') ? (
          <>
            <DateInput
              label={t('rpt.filter.dateFrom')}
              value={range.dateFrom}
              onChange={(dateFrom) => setRange((r) => ({ ...r, dateFrom }))}
              testId="rpt-dateFrom"
              size="small"
            />
            <DateInput
              label={t('rpt.filter.dateTo')}
              value={range.dateTo}
              onChange={(dateTo) => setRange((r) => ({ ...r, dateTo }))}
              testId="rpt-dateTo"
              size="small"
            />
          </>
        ) : null}
        {has('zone') ? (
          <SlInput
            size="small"
            label={t('rpt.filter.zone')}
            value={zone}
            maxlength={20}
            autocomplete="off"
            data-testid="rpt-zone"
            onSlInput={(event) => setZone((event.target as SlInputElement).value)}
          />
        ) : null}
        {has('itemNumber') ? (
          <SlInput
            size="small"
            label={t('rpt.filter.itemNumber')}
            value={itemNumber}
            maxlength={50}
            autocomplete="off"
            data-testid="rpt-item"
            onSlInput={(event) => setItemNumber((event.target as SlInputElement).value)}
          />
        ) : null}
        {has('groupBy') ? (
          <SlSelect
            size="small"
            label={t('rpt.filter.groupBy')}
            value={groupBy}
            hoist
            data-testid="rpt-groupBy"
            onSlChange={(event) => setGroupBy((event.target as SlSelectElement).value as ReportGroup)}
          >
            {(definition.groups ?? []).map((g) => (
              <SlOption key={g} value={g}>
                {t(`rpt.groupBy.${g}`)}
              </SlOption>
            ))}
          </SlSelect>
        ) : null}
        <SlButton size="small" variant="primary" type="submit" loading={loading} disabled={!pair.whId} data-testid="rpt-run">
          {t('rpt.run')}
        </SlButton>
        <ToolButton
          label={t('kit.table.export')}
          icon="file-earmark-spreadsheet"
          testId="rpt-export"
          disabled={!answer || answer.rows.length === 0}
          onClick={exportRows}
        />
      </form>
      {answer && shown ? (
        <>
          <h2 className="rpt-title">{title}</h2>
          <Chart
            kind={definition.chart.kind}
            title={title}
            categories={chart.categories}
            series={chart.series}
            format={chart.format}
            horizontal={definition.chart.horizontal}
          />
          {answer.truncated ? <p className="rpt-note">{t('rpt.truncated', { count: REPORT_ROW_LIMIT })}</p> : null}
          {answer.rows.length === 0 ? (
            <p className="rpt-note">{t('rpt.none')}</p>
          ) : (
            <div className="rpt-table-wrap">
              <table className="rpt-table" data-testid="rpt-table">
                <caption>
                  {t('rpt.tableCaption', { title })} · {t('rpt.rows', { count: answer.rows.length })}
                </caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.field} scope="col" className={`rpt-${column.kind}`}>
                        {header(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.rows.map((row, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rows are read-only and never reordered
                    <tr key={i}>
                      {columns.map((column) => (
                        <td key={column.field} className={`rpt-${column.kind}`}>
                          {cell(column, row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : (
        <p className="rpt-note">{t('rpt.hint')}</p>
      )}
    </div>
  );
}
