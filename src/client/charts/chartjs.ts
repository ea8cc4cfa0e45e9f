/**
 * Chart.js, registered with only what the console draws (bar, line and doughnut charts on category and linear scales,
 * tooltip and legend): ~64 KB gzipped, a chunk of its own that only screens with a chart fetch (README "Size").
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { type ChartConfig, type FillOf, PALETTE } from './chartOptions';

Chart.register(
  BarController,
  LineController,
  DoughnutController,
  BarElement,
  LineElement,
  PointElement,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

export interface Drawing {
  draw(config: ChartConfig): void;
  dispose(): void;
}

/** The eight marks laid over the palette's colours, one per series: none, stripes both ways, dots, grid, cross … */
const MARKS: ((g: CanvasRenderingContext2D, size: number) => void)[] = [
  () => undefined,
  (g, s) => {
    g.moveTo(0, s);
    g.lineTo(s, 0);
  },
  (g, s) => g.arc(s / 2, s / 2, s / 6, 0, Math.PI * 2),
  (g, s) => {
    g.moveTo(0, 0);
    g.lineTo(s, s);
  },
  (g, s) => {
    g.moveTo(s / 2, 0);
    g.lineTo(s / 2, s);
    g.moveTo(0, s / 2);
    g.lineTo(s, s / 2);
  },
  (g, s) => {
    g.moveTo(0, s / 2);
    g.lineTo(s, s / 2);
  },
  (g, s) => {
    g.moveTo(s / 2, 0);
    g.lineTo(s / 2, s);
  },
  (g, s) => {
    g.moveTo(0, 0);
    g.lineTo(s, s);
    g.moveTo(0, s);
    g.lineTo(s, 0);
  },
];

/** A palette colour with its series' mark in white over it: told apart in colour, in grey, and on paper. */
export const fillOf: FillOf = (index, patterned) => {
  const colour = PALETTE[index % PALETTE.length] ?? '#0072B2';
  if (!patterned) return colour;
  const size = 10;
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const g = tile.getContext('2d');
  if (!g) return colour;
  g.fillStyle = colour;
  g.fillRect(0, 0, size, size);
  g.strokeStyle = 'rgba(255,255,255,0.75)';
  g.fillStyle = 'rgba(255,255,255,0.75)';
  g.lineWidth = 1.5;
  g.beginPath();
  MARKS[index % MARKS.length]?.(g, size);
  if (index % MARKS.length === 2) g.fill();
  else g.stroke();
  return g.createPattern(tile, 'repeat') ?? colour;
};

export function createDrawing(canvas: HTMLCanvasElement, locale: string): Drawing {
  let chart: Chart<'bar' | 'line' | 'doughnut', (number | null)[], string> | null = null;
  return {
    draw: (config) => {
      chart?.destroy();
      // Twice the screen's pixels at least: a printed chart stays sharp.
      const options = { ...config.options, locale, devicePixelRatio: Math.max(2, window.devicePixelRatio || 1) };
      chart = new Chart(canvas, { ...config, options } as ChartConfig);
    },
    dispose: () => {
      chart?.destroy();
      chart = null;
    },
  };
}
