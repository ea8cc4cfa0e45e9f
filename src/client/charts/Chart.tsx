import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../kit/i18n';
import type { Drawing } from './chartjs';
import { type ChartData, type ChartInk, type ChartSeries, chartConfig, type ValueFormat } from './chartOptions';
import './charts.css';

export type { ChartKind, ChartSeries, ValueFormat } from './chartOptions';

export interface ChartProps extends ChartData {
  /** Localized: the chart's accessible name and the caption of its data table. */
  title: string;
  /** Default 'integer'. */
  format?: ValueFormat;
  /** Pixels; default 280. */
  height?: number;
}

/** Numbers as the user's language writes them, for axes, tooltips and the data table alike. */
function useValueFormat(format: ValueFormat): (value: number) => string {
  const intl = useIntl();
  return useMemo(() => {
    if (format === 'percent') return (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
    if (format === 'integer') return (value: number) => intl.formatNumber(value, { maximumFractionDigits: 0 });
    return (value: number) => intl.formatNumber(value, { maximumFractionDigits: format === 'hours' ? 1 : 2 });
  }, [intl, format]);
}

/** The theme's colours at draw time (light or dark console); the chart follows them like the rest of the page. */
function readInk(element: HTMLElement): ChartInk {
  const style = getComputedStyle(element);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: value('--sl-color-neutral-700', '#3f3f46'), grid: value('--sl-color-neutral-200', '#e4e4e7') };
}

/**
 * True once the element comes into the viewport (and stays true): Chart.js (64 KB) then loads.
 * A dashboard whose charts sit below the fold costs a handheld or a user who never scrolls there nothing. Printing
 * draws them too.
 */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(target);
    const beforePrint = () => setNear(true);
    window.addEventListener('beforeprint', beforePrint);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
    };
  }, [element, near]);
  return near;
}

/**
 * A chart with its figures as a table (README): the drawing is hidden from screen readers, which read the table
 * under it instead; sighted users open it to read exact values. Chart.js loads when the first chart comes into view.
 */
export function Chart({ title, format = 'integer', height = 280, ...data }: ChartProps) {
  const t = useT();
  const intl = useIntl();
  const formatValue = useValueFormat(format);
  const host = useRef<HTMLCanvasElement>(null);
  const figure = useRef<HTMLElement>(null);
  const near = useNearViewport(figure);
  const drawing = useRef<Drawing | null>(null);
  // Bumped when a drawing is made: the figures are drawn into each new one.
  const [drawings, setDrawings] = useState(0);
  const [failed, setFailed] = useState(false);
  const empty = data.categories.length === 0 || data.series.length === 0;
  const locale = intl.locale;

  // One drawing per chart and language (Chart.js formats its own numbers in it).
  useEffect(() => {
    const element = host.current;
    if (!element || empty || !near) return;
    let live = true;
    import('./chartjs').then(
      ({ createDrawing }) => {
        if (!live) return;
        drawing.current = createDrawing(element, locale);
        setFailed(false);
        setDrawings((n) => n + 1);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      drawing.current?.dispose();
      drawing.current = null;
    };
  }, [empty, locale, near]);

  const { kind, categories, series, horizontal } = data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawings` is the signal that a new drawing exists.
  useEffect(() => {
    if (!drawing.current || !host.current) return;
    import('./chartjs').then(({ fillOf }) => {
      if (!drawing.current || !host.current) return;
      const ink = readInk(host.current);
      drawing.current.draw(chartConfig({ kind, categories, series, horizontal }, formatValue, ink, fillOf));
    });
  }, [drawings, kind, categories, series, horizontal, formatValue]);

  return (
    <figure ref={figure} className="chart" aria-label={title}>
      {empty ? (
        <p className="chart-empty">{t('chart.noData')}</p>
      ) : failed ? (
        <p className="chart-empty">{t('chart.failed')}</p>
      ) : (
        <div className="chart-drawing" style={{ height }} aria-hidden="true">
          <canvas ref={host} />
        </div>
      )}
      {!empty && <DataTable title={title} data={data} formatValue={formatValue} />}
    </figure>
  );
}

/** The chart's numbers, one row per category and a column per series. */
function DataTable({ title, data, formatValue }: { title: string; data: ChartData; formatValue: (value: number) => string }) {
  const t = useT();
  const series: ChartSeries[] = data.series;
  return (
    <details className="chart-table">
      <summary>{t('chart.dataTable')}</summary>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.category')}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category, row) => (
            <tr key={category}>
              <th scope="row">{category}</th>
              {series.map((s) => {
                const value = s.values[row];
                return <td key={s.name}>{value === null || value === undefined ? '—' : formatValue(value)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
