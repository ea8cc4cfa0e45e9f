import { describe, expect, it } from 'vitest';
import { type ChartInk, chartConfig, type FillOf, PALETTE } from './chartOptions';

const ink: ChartInk = { text: '#333', grid: '#eee' };
const integer = (value: number) => String(Math.round(value));
/** Plain colours, and a marker where the drawing would lay a pattern. */
const fillOf: FillOf = (index, patterned) => (patterned ? `pattern:${index}` : (PALETTE[index] ?? ''));

type Callbacks = { label: (item: { dataset: { label?: string }; raw: unknown; label: string }) => string };

describe('chart configuration', () => {
  it('draws bars over the categories, one dataset per series, values formatted as the user reads them', () => {
    const config = chartConfig(
      { kind: 'bar', categories: ['2026-11-25', '2026-11-26'], series: [{ name: 'Receipts', values: [3, null] }] },
      (value) => `${value} pcs`,
      ink,
      fillOf,
    );
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['2026-11-25', '2026-11-26']);
    expect(config.data.datasets).toHaveLength(1);
    expect(config.data.datasets[0]).toMatchObject({ label: 'Receipts', data: [3, null], backgroundColor: PALETTE[0] });
    // A lone series: no legend, no pattern (its colour means nothing).
    expect(config.options?.plugins?.legend?.display).toBe(false);
    const y = config.options?.scales?.y as { ticks: { callback: (v: number) => string } };
    expect(y.ticks.callback(12)).toBe('12 pcs');
    const tooltip = config.options?.plugins?.tooltip?.callbacks as unknown as Callbacks;
    expect(tooltip.label({ dataset: { label: 'Receipts' }, raw: 3, label: '2026-11-25' })).toBe('Receipts: 3 pcs');
  });

  it('stacks and patterns several series, with a legend, in the colour-blind-safe palette', () => {
    const config = chartConfig(
      {
        kind: 'stackedBar',
        categories: ['A', 'B'],
        series: [
          { name: 'Picked', values: [1, 2] },
          { name: 'Short', values: [0, 1] },
        ],
      },
      integer,
      ink,
      fillOf,
    );
    expect(config.options?.plugins?.legend?.display).toBe(true);
    expect(config.data.datasets.map((d) => d.backgroundColor)).toEqual(['pattern:0', 'pattern:1']);
    expect(config.data.datasets.map((d) => d.borderColor)).toEqual([PALETTE[0], PALETTE[1]]);
    expect(config.data.datasets.map((d) => (d as { stack?: string }).stack)).toEqual(['total', 'total']);
    expect(config.options?.scales?.x).toMatchObject({ stacked: true });
  });

  it('turns bars sideways, never a line', () => {
    const bars = chartConfig(
      { kind: 'bar', categories: ['x'], series: [{ name: 's', values: [1] }], horizontal: true },
      integer,
      ink,
      fillOf,
    );
    expect(bars.options).toMatchObject({ indexAxis: 'y' });
    expect(bars.options?.scales?.x).toMatchObject({ beginAtZero: true });
    const line = chartConfig(
      { kind: 'line', categories: ['x'], series: [{ name: 's', values: [1] }], horizontal: true },
      integer,
      ink,
      fillOf,
    );
    expect(line.type).toBe('line');
    expect(line.options).toMatchObject({ indexAxis: 'x' });
  });

  it('makes a doughnut of the first series, one patterned slice per category, labelled with its formatted value', () => {
    const config = chartConfig(
      { kind: 'pie', categories: ['SF', 'JD'], series: [{ name: 'Deliveries', values: [3, 1] }] },
      integer,
      ink,
      fillOf,
    );
    expect(config.type).toBe('doughnut');
    expect(config.data.datasets[0]).toMatchObject({ data: [3, 1], backgroundColor: ['pattern:0', 'pattern:1'] });
    const tooltip = config.options?.plugins?.tooltip?.callbacks as unknown as Callbacks;
    expect(tooltip.label({ dataset: { label: 'Deliveries' }, raw: 3, label: 'SF' })).toBe('SF: 3');
  });
});
