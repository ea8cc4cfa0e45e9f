/** Theme colour: derives Shoelace's primary palette from one colour and remembers the choice. */
import { DEFAULT_THEME_COLOR, STORAGE_KEYS, session } from './session';

type Rgb = readonly [number, number, number];

function parseHex(color: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mixRgb(color: Rgb, toward: Rgb, amount: number): Rgb {
  const [r = 0, g = 0, b = 0] = color.map((c, i) => Math.round(c + ((toward[i] ?? 0) - c) * amount));
  return [r, g, b];
}

function mix(color: Rgb, toward: Rgb, amount: number): string {
  const [r, g, b] = mixRgb(color, toward, amount);
  return `rgb(${r} ${g} ${b})`;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG relative luminance of an sRGB colour. */
function luminance(color: Rgb): number {
  const [r = 0, g = 0, b = 0] = color.map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG AA for normal text. */
const AA = 4.5;
/** How light the light tint is (the active tab's and selected rows' background). */
const LIGHT_TINT = 0.9;

/**
 * The chosen colour, darkened just enough that the console's text in it reads at WCAG AA (4.5:1): white text on a
 * filled button, and the colour as text on white and on its own light tint (the active tab, a text button, the login
 * title). A dark enough colour is kept as chosen; the default teal #14889A (4.2:1 on white) becomes a shade darker.
 */
export function readableColor(color: Rgb): Rgb {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const shade = mixRgb(color, BLACK, amount);
    if (contrastRatio(shade, mixRgb(shade, WHITE, LIGHT_TINT)) >= AA) return shade;
  }
  return BLACK;
}

// Shoelace uses step 600 for filled buttons and 500 for focus borders, so the chosen colour (made readable:
// `readableColor`) sits at 600 and the lighter steps are tints (mixed with white), the darker ones shades (mixed with black).
const STEPS: ReadonlyArray<readonly [number, Rgb, number]> = [
  [50, WHITE, 0.94],
  [100, WHITE, 0.86],
  [200, WHITE, 0.72],
  [300, WHITE, 0.54],
  [400, WHITE, 0.34],
  [500, WHITE, 0.14],
  [600, WHITE, 0],
  [700, BLACK, 0.16],
  [800, BLACK, 0.32],
  [900, BLACK, 0.48],
  [950, BLACK, 0.62],
];

/** Normalizes any `#rgb`/`#rrggbb` input to `#RRGGBB`, or null when it is not a colour. */
export function normalizeColor(color: string): string | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** Writes the palette variables on <html>; `--wharf-primary` is what the grid and the shell read. */
export function applyThemeColor(color: string): void {
  const rgb = readableColor(parseHex(color) ?? (parseHex(DEFAULT_THEME_COLOR) as Rgb));
  const style = document.documentElement.style;
  for (const [step, toward, amount] of STEPS) {
    style.setProperty(`--sl-color-primary-${step}`, mix(rgb, toward, amount));
  }
  style.setProperty('--wharf-primary', mix(rgb, WHITE, 0));
  style.setProperty('--wharf-primary-light', mix(rgb, WHITE, LIGHT_TINT));
  // The side menu is a dark shade of the theme colour so it follows the theme but keeps white text readable.
  style.setProperty('--wharf-sidebar', mix(rgb, BLACK, 0.62));
  style.setProperty('--wharf-sidebar-active', mix(rgb, BLACK, 0.35));
}

/** Changes the theme colour, keeping the previous one (spec shell state) and remembering the choice. */
export function setThemeColor(color: string): void {
  const normalized = normalizeColor(color);
  if (!normalized || normalized === session.themeColor) return;
  session.previousThemeColor = session.themeColor;
  session.themeColor = normalized;
  applyThemeColor(normalized);
  try {
    localStorage.setItem(STORAGE_KEYS.themeColor, normalized);
  } catch {
    // Not remembered; harmless.
  }
}
