import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColor } from './theme';

const WHITE = [255, 255, 255] as const;
const tint = (c: readonly [number, number, number]) =>
  c.map((v) => Math.round(v + (255 - v) * 0.9)) as unknown as readonly [number, number, number];

describe('the theme palette reads at WCAG AA', () => {
  it('darkens the default teal, 4.2:1 on white, until its text reads at 4.5:1 on white and on its light tint', () => {
    const teal = [0x14, 0x88, 0x9a] as const;
    expect(contrastRatio(teal, WHITE)).toBeLessThan(4.5);
    const shade = readableColor(teal);
    expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, tint(shade))).toBeGreaterThanOrEqual(4.5);
    // Just enough: still the teal, not a near-black.
    expect(contrastRatio(shade, WHITE)).toBeLessThan(6);
  });

  it('keeps a colour dark enough as chosen (the picker shows the same colour the console uses)', () => {
    expect(readableColor([0xc2, 0x18, 0x5b])).toEqual([0xc2, 0x18, 0x5b]);
    expect(readableColor([0x37, 0x47, 0x4f])).toEqual([0x37, 0x47, 0x4f]);
  });

  it('makes every swatch of the picker readable', () => {
    for (const hex of ['#14889A', '#409EFF', '#1F6FEB', '#2E7D32', '#6A4C93', '#C2185B', '#D35400', '#37474F']) {
      const n = Number.parseInt(hex.slice(1), 16);
      const shade = readableColor([(n >> 16) & 255, (n >> 8) & 255, n & 255]);
      expect(contrastRatio(shade, tint(shade)), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
