/**
 * The analytic reports (issue 29 item 2; src/server/modules/reports/README.md): each report is a definition — its
 * filters, its columns, its chart — shared by the server (one route `/report/<name>` per definition, its SQL beside it
 * in `modules/reports/definitions.ts`) and the console (one screen, `pages/reports/ReportPage.tsx`, parameterised by
 * the definition). Labels come from the locale files by convention: `rpt.<name>.title`, `rpt.column.<field>`,
 * `rpt.filter.<filter>`, `rpt.bucket.<bucket>`.
 */

/** The reports, in menu order. */
export const REPORT_NAMES = [
  'inboundVolume',
  'dockToStock',
  'stockValue',
  'stockAgeing',
  'locationUse',
  'tranVolume',
  'outboundVolume',
  'orderCycle',
  'fillRate',
  'pickProductivity',
  'countAccuracy',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** A report's menu url: `Wms/Rpt<Name>` (the console's registry maps each to the one report screen). */
export function reportUrl(name: ReportName): string {
  return `Wms/Rpt${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** The filters a report may take. `whId` is always required; a date range is required where the report has one. */
export type ReportFilterName = 'whId' | 'clientCode' | 'dateFrom' | 'dateTo' | 'zone' | 'itemNumber' | 'groupBy';

/**
 * The dimensions a report can be grouped by (`groupBy`): stock by zone, client or item category; count accuracy by
 * count day, zone or item. Each definition lists its own (`groups`).
 */
export const REPORT_GROUPS = ['zone', 'client', 'category', 'day', 'item'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest date range a report reads (a year and a day: a leap year's whole year). */
export const REPORT_MAX_DAYS = 366;

/** What the console sends; the definition says which apply. Dates are yyyy-MM-dd (days of the database's zone). */
export interface ReportRequest {
  whId: string;
  clientCode?: string;
  dateFrom?: string;
  dateTo?: string;
  zone?: string;
  itemNumber?: string;
  groupBy?: ReportGroup;
}

/**
 * How a column's value reads: text as it is, a code through its code list (`code.<codes>.<value>`), a bucket through
 * `rpt.bucket.<value>`, a day (yyyy-MM-dd), a time (yyyy-MM-dd HH:mm, the database's zone), numbers in the user's
 * language (decimals arrive as text: numeric).
 */
export type ReportColumnKind = 'text' | 'code' | 'bucket' | 'day' | 'time' | 'integer' | 'decimal' | 'hours' | 'percent';

export interface ReportColumn {
  field: string;
  kind: ReportColumnKind;
  /** The code list of a `code` column. */
  codes?: string;
}

/** Matches the chart kit's kinds (src/client/charts/Chart.tsx). */
export type ReportChartKind = 'bar' | 'stackedBar' | 'line' | 'pie';

/**
 * The chart of a report, drawn from its rows: the categories are the values of `category` in row order; either one
 * series per `values` field, or (`pivot`) one series per distinct value of `pivot.series` with the `pivot.value` of
 * each (category, series) pair — inbound quantity by day stacked by vendor.
 */
export interface ReportChart {
  kind: ReportChartKind;
  category: string;
  values?: readonly string[];
  pivot?: { series: string; value: string };
  horizontal?: boolean;
}

export interface ReportDefinition {
  name: ReportName;
  /** The menu url of its screen: `reportUrl(name)` (written out, so that the console's registry keeps only the names). */
  url: string;
  /** Its view permission `sys:<resource>:view`. */
  resource: string;
  filters: readonly ReportFilterName[];
  /**
   * The report's `groupBy` choices (with the filter `groupBy`), the first one the default when none is sent. Its
   * `groupKey` column holds the group's value and is headed by the group's name (`rpt.groupBy.<group>`).
   */
  groups?: readonly ReportGroup[];
  /** Filters that must be given (besides whId). */
  required: readonly ReportFilterName[];
  columns: readonly ReportColumn[];
  chart: ReportChart;
}

/** What every report answers: its rows (values by column field; decimals as text), at most `REPORT_ROW_LIMIT`. */
export interface ReportAnswer {
  rows: Record<string, string | number | null>[];
  truncated: boolean;
}

/** The most rows a report answers (a table people read and a chart people look at, not an extract). */
export const REPORT_ROW_LIMIT = 2000;

const range = ['dateFrom', 'dateTo'] as const;

export const REPORTS: Readonly<Record<ReportName, ReportDefinition>> = {
  inboundVolume: {
    name: 'inboundVolume',
    url: 'Wms/RptInboundVolume',
    resource: 'rptInboundVolume',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'day', kind: 'day' },
      { field: 'vendorCode', kind: 'text' },
      { field: 'vendorName', kind: 'text' },
      { field: 'receipts', kind: 'integer' },
      { field: 'lines', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
    ],
    chart: { kind: 'stackedBar', category: 'day', pivot: { series: 'vendorCode', value: 'qty' } },
  },
  dockToStock: {
    name: 'dockToStock',
    url: 'Wms/RptDockToStock',
    resource: 'rptDockToStock',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'bucket', kind: 'bucket' },
      { field: 'lines', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
      { field: 'share', kind: 'percent' },
      { field: 'avgHours', kind: 'hours' },
      { field: 'maxHours', kind: 'hours' },
    ],
    chart: { kind: 'bar', category: 'bucket', values: ['lines'] },
  },
  stockValue: {
    name: 'stockValue',
    url: 'Wms/RptStockValue',
    resource: 'rptStockValue',
    filters: ['whId', 'clientCode', 'zone', 'itemNumber', 'groupBy'],
    groups: ['zone', 'client', 'category'],
    required: [],
    columns: [
      { field: 'groupKey', kind: 'text' },
      { field: 'items', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
      { field: 'value', kind: 'decimal' },
      { field: 'unpricedQty', kind: 'decimal' },
    ],
    chart: { kind: 'bar', category: 'groupKey', values: ['value'], horizontal: true },
  },
  stockAgeing: {
    name: 'stockAgeing',
    url: 'Wms/RptStockAgeing',
    resource: 'rptStockAgeing',
    filters: ['whId', 'clientCode', 'zone', 'itemNumber'],
    required: [],
    columns: [
      { field: 'bucket', kind: 'bucket' },
      { field: 'rowCount', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
      { field: 'value', kind: 'decimal' },
      { field: 'share', kind: 'percent' },
    ],
    chart: { kind: 'bar', category: 'bucket', values: ['qty'] },
  },
  locationUse: {
    name: 'locationUse',
    url: 'Wms/RptLocationUse',
    resource: 'rptLocationUse',
    filters: ['whId', 'clientCode', 'zone'],
    required: [],
    columns: [
      { field: 'zone', kind: 'text' },
      { field: 'locations', kind: 'integer' },
      { field: 'occupied', kind: 'integer' },
      { field: 'empty', kind: 'integer' },
      { field: 'share', kind: 'percent' },
    ],
    chart: { kind: 'stackedBar', category: 'zone', values: ['occupied', 'empty'], horizontal: true },
  },
  tranVolume: {
    name: 'tranVolume',
    url: 'Wms/RptTranVolume',
    resource: 'rptTranVolume',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'day', kind: 'day' },
      { field: 'tranType', kind: 'code', codes: 'tranType' },
      { field: 'transactions', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
    ],
    chart: { kind: 'stackedBar', category: 'day', pivot: { series: 'tranType', value: 'transactions' } },
  },
  outboundVolume: {
    name: 'outboundVolume',
    url: 'Wms/RptOutboundVolume',
    resource: 'rptOutboundVolume',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'day', kind: 'day' },
      { field: 'carrierCode', kind: 'text' },
      { field: 'carrierName', kind: 'text' },
      { field: 'deliveries', kind: 'integer' },
      { field: 'orders', kind: 'integer' },
      { field: 'orderLines', kind: 'integer' },
      { field: 'cartons', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
    ],
    chart: { kind: 'stackedBar', category: 'day', pivot: { series: 'carrierCode', value: 'qty' } },
  },
  orderCycle: {
    name: 'orderCycle',
    url: 'Wms/RptOrderCycle',
    resource: 'rptOrderCycle',
    filters: ['whId', 'clientCode', ...range],
    required: range,
    columns: [
      { field: 'bucket', kind: 'bucket' },
      { field: 'orders', kind: 'integer' },
      { field: 'share', kind: 'percent' },
      { field: 'avgHours', kind: 'hours' },
      { field: 'maxHours', kind: 'hours' },
    ],
    chart: { kind: 'bar', category: 'bucket', values: ['orders'] },
  },
  fillRate: {
    name: 'fillRate',
    url: 'Wms/RptFillRate',
    resource: 'rptFillRate',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'day', kind: 'day' },
      { field: 'orderLines', kind: 'integer' },
      { field: 'completeLines', kind: 'integer' },
      { field: 'shortLines', kind: 'integer' },
      { field: 'orderedQty', kind: 'decimal' },
      { field: 'shippedQty', kind: 'decimal' },
      { field: 'lineFillRate', kind: 'percent' },
      { field: 'qtyFillRate', kind: 'percent' },
    ],
    chart: { kind: 'line', category: 'day', values: ['lineFillRate', 'qtyFillRate'] },
  },
  pickProductivity: {
    name: 'pickProductivity',
    url: 'Wms/RptPickProductivity',
    resource: 'rptPickProductivity',
    filters: ['whId', 'clientCode', ...range, 'itemNumber'],
    required: range,
    columns: [
      { field: 'picker', kind: 'text' },
      { field: 'pickLines', kind: 'integer' },
      { field: 'qty', kind: 'decimal' },
      { field: 'orders', kind: 'integer' },
      { field: 'waves', kind: 'integer' },
      { field: 'firstPick', kind: 'time' },
      { field: 'lastPick', kind: 'time' },
      { field: 'activeHours', kind: 'hours' },
      { field: 'linesPerHour', kind: 'decimal' },
    ],
    chart: { kind: 'bar', category: 'picker', values: ['pickLines'], horizontal: true },
  },
  countAccuracy: {
    name: 'countAccuracy',
    url: 'Wms/RptCountAccuracy',
    resource: 'rptCountAccuracy',
    filters: ['whId', 'clientCode', ...range, 'zone', 'itemNumber', 'groupBy'],
    groups: ['day', 'zone', 'item'],
    required: range,
    columns: [
      { field: 'groupKey', kind: 'text' },
      { field: 'locations', kind: 'integer' },
      { field: 'exactLocations', kind: 'integer' },
      { field: 'locationAccuracy', kind: 'percent' },
      { field: 'countLines', kind: 'integer' },
      { field: 'diffLines', kind: 'integer' },
      { field: 'accuracy', kind: 'percent' },
      { field: 'varianceQty', kind: 'decimal' },
      { field: 'varianceValue', kind: 'decimal' },
    ],
    chart: { kind: 'bar', category: 'groupKey', values: ['locationAccuracy', 'accuracy'] },
  },
};

/**
 * Buckets of hours between two bounds: `h<a>to<b>` for a ≤ hours < b, `h<last>plus` beyond the last bound, and the
 * bucket of what has not happened yet (`pending`, no hours). Dock-to-stock and the order cycle share them (their SQL
 * shares `hoursBucket` in definitions.ts).
 */
export function hourBuckets(bounds: readonly number[], pending: string): string[] {
  const edges = [0, ...bounds];
  return [...bounds.map((b, i) => `h${edges[i]}to${b}`), `h${bounds.at(-1)}plus`, pending];
}
/** Dock-to-stock: hours from receipt to the putaway that completed it; `waiting`: not put away yet. */
export const DOCK_TO_STOCK_HOURS = [1, 4, 8, 24, 48] as const;
export const DOCK_TO_STOCK_BUCKETS = hourBuckets(DOCK_TO_STOCK_HOURS, 'waiting');
/** Order cycle: hours from the order's entry to its shipment; `open`: entered on the days, not shipped yet. */
export const ORDER_CYCLE_HOURS = [4, 8, 24, 48, 72] as const;
export const ORDER_CYCLE_BUCKETS = hourBuckets(ORDER_CYCLE_HOURS, 'open');
/** Stock ageing buckets (days since the row's FIFO date). */
export const AGEING_BUCKETS = ['d0to30', 'd31to60', 'd61to90', 'd91to180', 'd181to365', 'd365plus'] as const;
