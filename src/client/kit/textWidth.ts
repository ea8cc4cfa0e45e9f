/**
 * Text measured in the console's font, so that a column or a field is sized for the words of the current language
 * (a Chinese placeholder, an English header) rather than for a width guessed once for both.
 */
import type { CSSProperties } from 'react';

let context: CanvasRenderingContext2D | null | undefined;
let family = '';
// Measured once per text, size and weight: a list re-renders its filters on every keystroke.
const measured = new Map<string, number>();

/** Width in px of `text` at a font size and weight, in the page's font (the Shoelace inputs' font too). */
export function textWidth(text: string, sizePx: number, weight = 400): number {
  const key = `${weight} ${sizePx} ${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return Math.ceil(text.length * sizePx * 0.6);
  family ||= getComputedStyle(document.body).fontFamily;
  context.font = `${weight} ${sizePx}px ${family}`;
  const width = Math.ceil(context.measureText(text).width);
  measured.set(key, width);
  return width;
}

/** Font size of a Shoelace input or select's text, by the control's size (`--sl-input-font-size-small`/`-medium`). */
const INPUT_FONT_PX = { small: 14, medium: 16 } as const;

/**
 * Style giving a Shoelace input or select the width of the longest of `texts` (its placeholder, its options) as
 * `--wharf-fit-text`; the CSS of the place it sits in adds the control's padding and bounds it (kit.css, filters).
 */
export function fitTextStyle(texts: readonly (string | undefined)[], size: keyof typeof INPUT_FONT_PX = 'small'): CSSProperties {
  const widest = Math.max(0, ...texts.map((text) => (text ? textWidth(text, INPUT_FONT_PX[size]) : 0)));
  return { '--wharf-fit-text': `${widest}px` } as CSSProperties;
}
