/**
 * The chart's figures turned into a Chart.js configuration: pure data in, pure data out, so it is tested without a
 * browser (chartOptions.test.ts) and the drawing module stays a thin shell around Chart.js.
 */
import type { ChartConfiguration } from 'chart.js';

export type ChartKind = 'bar' | 'stackedBar' | 'line' | 'pie';
/** How values read: `percent` takes fractions (0.97 → 97 %), `hours` decimal hours. */
export type ValueFormat = 'integer' | 'decimal' | 'percent' | 'hours';

export interface ChartSeries {
  /** Already localized. */
  name: string;
  /** One value per category; null where there is none (a gap, not a zero). */
  values: (number | null)[];
}

export interface ChartData {
  kind: ChartKind;
  categories: string[];
  series: ChartSeries[];
  horizontal?: boolean;
}

/**
 * Okabe–Ito: eight colours told apart with every common colour-vision deficiency, and of distinct lightness, so a
 * greyscale print still separates neighbours. Yellow (#F0E442) is left out: it vanishes on white paper.
 */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#56B4E9', '#CC79A7', '#000000', '#999999'];

/** Colours the drawing takes from the console's theme (light or dark), read once per draw. */
export interface ChartInk {
  text: string;
  grid: string;
}

/**
 * The fill of the n-th series (or pie slice): its palette colour, with a pattern where several series must be told
 * apart (README "Colours"). The drawing module makes the patterns on a canvas; tests pass plain colours.
 */
export type FillOf = (index: number, patterned: boolean) => string | CanvasPattern;

export type ChartConfig = ChartConfiguration<'bar' | 'line' | 'doughnut', (number | null)[], string>;

const colourOf = (index: number) => PALETTE[index % PALETTE.length] ?? '#0072B2';

export function chartConfig(data: ChartData, format: (value: number) => string, ink: ChartInk, fillOf: FillOf): ChartConfig {
  const several = data.kind === 'pie' ? data.categories.length > 1 : data.series.length > 1;
  const legend = { display: several, position: 'top' as const, labels: { color: ink.text, boxWidth: 14 } };
  const tooltip = {
    callbacks: {
      label: (item: { dataset: { label?: string }; raw: unknown; label: string }) => {
        const value = typeof item.raw === 'number' ? format(item.raw) : '—';
        return data.kind === 'pie' ? `${item.label}: ${value}` : `${item.dataset.label ?? ''}: ${value}`;
      },
    },
  };
  const common = { responsive: true, maintainAspectRatio: false, animation: false as const };
  if (data.kind === 'pie') {
    return {
      type: 'doughnut',
      data: {
        labels: data.categories,
        datasets: [
          {
            label: data.series[0]?.name ?? '',
            data: data.series[0]?.values ?? [],
            backgroundColor: data.categories.map((_, i) => fillOf(i, several)),
            borderColor: ink.text === '' ? '#fff' : 'rgba(255,255,255,0.9)',
          },
        ],
      },
      options: { ...common, plugins: { legend: { ...legend, display: true }, tooltip } },
    };
  }
  const line = data.kind === 'line';
  const stacked = data.kind === 'stackedBar';
  const axis = { ticks: { color: ink.text }, grid: { color: ink.grid } };
  const valueAxis = {
    ...axis,
    stacked,
    beginAtZero: true,
    ticks: { color: ink.text, callback: (v: string | number) => format(Number(v)) },
  };
  const categoryAxis = { ...axis, stacked, grid: { display: false } };
  const horizontal = data.horizontal === true && !line;
  return {
    type: line ? 'line' : 'bar',
    data: {
      labels: data.categories,
      datasets: data.series.map((series, i) => ({
        label: series.name,
        data: series.values,
        borderColor: colourOf(i),
        backgroundColor: line ? colourOf(i) : fillOf(i, several),
        borderWidth: line ? 2 : 1,
        ...(line ? { pointRadius: 3, spanGaps: false } : { maxBarThickness: 48 }),
        ...(stacked ? { stack: 'total' } : {}),
      })),
    },
    options: {
      ...common,
      indexAxis: horizontal ? 'y' : 'x',
      scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: { legend, tooltip },
    },
  } as ChartConfig;
}
