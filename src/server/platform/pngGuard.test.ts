/**
 * The PNG gate (pngGuard.ts) on hostile files built by hand (tests/support/png.ts): a decompression bomb is refused from
 * its header in well under 100 ms, animated PNGs, second images, trailing data, wrong CRCs, formats a pad never writes
 * and image data of the wrong size are refused; a signature as the station exports it passes.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, pngBomb, pngChunk, pngFile, pngHeader } from '../../../tests/support/png';
import { checkPng, PngRefused } from './pngGuard';

const LIMITS = { maxBytes: 300 * 1024, maxWidth: 2000, maxHeight: 1000 };
const IEND = pngChunk('IEND', new Uint8Array());

/** An RGBA signature as a canvas exports it: transparent, with a dark stroke across (filter byte 0 per row). */
function signature(width: number, height: number): Buffer {
  const rowBytes = width * 4 + 1;
  const rows = Buffer.alloc(rowBytes * height);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + (height / 4) * Math.sin(x / 40));
    for (let dy = -2; dy <= 2; dy++) {
      const at = (y + dy) * rowBytes + 1 + x * 4;
      rows.set([20, 20, 60, 255], at);
    }
  }
  return encodePng(width, height, 6, rows);
}

const refusal = (bytes: Uint8Array): PngRefused => {
  try {
    checkPng(bytes, LIMITS);
  } catch (error) {
    if (error instanceof PngRefused) return error;
    throw error;
  }
  throw new Error('the PNG was accepted');
};

/** The CPU milliseconds `work` takes in this process: a machine loaded by other work does not stretch them, as it does the clock's. */
function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** Grey 8-bit scanlines of `width` × `height`, deflated. */
const greyData = (width: number, height: number) => deflateSync(Buffer.alloc((width + 1) * height));

describe('checkPng', () => {
  it('refuses a 20,000 × 20,000 bomb from its header in under 100 ms, naming its dimensions', () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(LIMITS.maxBytes);
    let refused = refusal(bomb);
    expect(cpuMs(() => (refused = refusal(bomb)))).toBeLessThan(100);
    expect(refused.problem).toBe('dimensions');
    expect(refused.size).toEqual({ width: 20_000, height: 20_000 });
    expect(refusal(pngBomb(2001, 10)).problem).toBe('dimensions');
    expect(refusal(pngBomb(10, 1001)).problem).toBe('dimensions');
  });

  it('passes a signature as the station exports it, at the largest size', () => {
    const png = signature(2000, 1000);
    expect(checkPng(png, LIMITS)).toMatchObject({ width: 2000, height: 1000 });
    expect(checkPng(signature(1600, 900), LIMITS)).toMatchObject({ width: 1600, height: 900 });
  });

  it('refuses an animated PNG, a second image, data after IEND and a second zlib stream', () => {
    const header = pngHeader(20, 10, 0);
    const data = pngChunk('IDAT', greyData(20, 10));
    const actl = pngChunk('acTL', Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]));
    expect(refusal(pngFile([header, actl, data, IEND])).reason).toMatch(/animated/);
    expect(refusal(pngFile([header, data, pngChunk('fdAT', Buffer.alloc(8)), IEND])).reason).toMatch(/animated/);
    // Two runs of image data with another chunk between them.
    const split = greyData(20, 10);
    const half = Math.floor(split.length / 2);
    const twoRuns = [
      pngChunk('IDAT', split.subarray(0, half)),
      pngChunk('tEXt', Buffer.from('a\0b')),
      pngChunk('IDAT', split.subarray(half)),
    ];
    expect(refusal(pngFile([header, ...twoRuns, IEND])).reason).toMatch(/second run/);
    // One run in two chunks is one image.
    expect(
      checkPng(pngFile([header, pngChunk('IDAT', split.subarray(0, half)), pngChunk('IDAT', split.subarray(half)), IEND]), LIMITS)
        .width,
    ).toBe(20);
    expect(refusal(pngFile([header, data, pngHeader(20, 10, 0), data, IEND])).reason).toMatch(/second IHDR/);
    expect(refusal(Buffer.concat([pngFile([header, data, IEND]), Buffer.from('trailing')])).reason).toMatch(/after IEND/);
    expect(refusal(pngFile([header, data, IEND, pngChunk('IDAT', greyData(20, 10))])).reason).toMatch(/after IEND/);
    const twoStreams = pngChunk('IDAT', Buffer.concat([greyData(20, 10), greyData(20, 10)]));
    expect(refusal(pngFile([header, twoStreams, IEND])).reason).toMatch(/after the end of the image data/);
  });

  it('refuses wrong CRCs, cut files, image data larger or smaller than the header says, unknown filters', () => {
    const header = pngHeader(20, 10, 0);
    const good = pngFile([header, pngChunk('IDAT', greyData(20, 10)), IEND]);
    const badCrc = Buffer.from(good);
    badCrc[good.length - 20] = (badCrc[good.length - 20] ?? 0) ^ 0xff;
    expect(refusal(badCrc).reason).toMatch(/CRC|image data/);
    const badHeaderCrc = Buffer.from(good);
    badHeaderCrc[29] = (badHeaderCrc[29] ?? 0) ^ 1;
    expect(refusal(badHeaderCrc).reason).toMatch(/CRC/);
    expect(refusal(good.subarray(0, good.length - 6)).reason).toMatch(/cut short|past the end/);
    // A header of 20 × 10 over 20 × 11 rows (one row more): refused at the bound, before inflating further.
    expect(refusal(pngFile([header, pngChunk('IDAT', greyData(20, 11)), IEND])).reason).toMatch(/image data/);
    expect(refusal(pngFile([header, pngChunk('IDAT', greyData(20, 9)), IEND])).reason).toMatch(/image data/);
    // A bomb disguised under a small header: 10 × 10 claimed, 50 MB of zeros inside.
    const disguised = pngFile([
      pngHeader(10, 10, 0),
      pngChunk('IDAT', deflateSync(Buffer.alloc(50_000_000), { level: 9 })),
      IEND,
    ]);
    expect(cpuMs(() => expect(refusal(disguised).reason).toMatch(/image data/))).toBeLessThan(100);
    const rows = Buffer.alloc(21 * 10);
    rows[21 * 3] = 9;
    expect(refusal(pngFile([header, pngChunk('IDAT', deflateSync(rows)), IEND])).reason).toMatch(/filter/);
    expect(refusal(Buffer.from('GIF89a not a png at all')).reason).toMatch(/signature/);
    expect(refusal(pngFile([pngChunk('IDAT', greyData(20, 10)), header, IEND])).reason).toMatch(/first chunk/);
    expect(refusal(pngFile([header, pngChunk('IDAT', greyData(20, 10))])).reason).toMatch(/no IEND/);
    expect(refusal(pngFile([header, IEND])).reason).toMatch(/no image data/);
  });

  it('refuses formats a signature pad never writes and chunks it cannot read', () => {
    const data = (bytesPerRow: number, height: number) => pngChunk('IDAT', deflateSync(Buffer.alloc((bytesPerRow + 1) * height)));
    expect(refusal(pngFile([pngHeader(20, 10, 6, { bitDepth: 16 }), data(160, 10), IEND])).reason).toMatch(/bit depth 16/);
    expect(refusal(pngFile([pngHeader(20, 10, 2, { bitDepth: 4 }), data(30, 10), IEND])).reason).toMatch(/bit depth 4/);
    expect(refusal(pngFile([pngHeader(20, 10, 5), data(20, 10), IEND])).reason).toMatch(/colour type 5/);
    expect(refusal(pngFile([pngHeader(20, 10, 0, { interlace: 1 }), data(20, 10), IEND])).reason).toMatch(/interlaced/);
    expect(refusal(pngFile([pngHeader(20, 10, 3), data(20, 10), IEND])).reason).toMatch(/without PLTE/);
    expect(refusal(pngFile([pngHeader(0, 10, 0), data(0, 10), IEND])).reason).toMatch(/zero/);
    expect(refusal(pngFile([pngHeader(20, 10, 0), pngChunk('ABCD', Buffer.alloc(1)), data(20, 10), IEND])).reason).toMatch(
      /critical/,
    );
    // A palette image with its palette, and ancillary chunks, pass.
    const plte = pngChunk('PLTE', Buffer.from([0, 0, 0, 255, 255, 255]));
    const text = pngChunk('tEXt', Buffer.from('Software\0pad'));
    expect(checkPng(pngFile([pngHeader(20, 10, 3), plte, text, data(20, 10), IEND]), LIMITS).height).toBe(10);
    expect(checkPng(pngFile([pngHeader(20, 10, 0, { bitDepth: 1 }), data(3, 10), IEND]), LIMITS).width).toBe(20);
  });
});

describe('checkPng: the ink (issue 25 item 10)', () => {
  const INK = { ...LIMITS, minInk: 75 };
  const width = 300;
  const height = 40;

  /** A row filtered with PNG filter `type` (1 Sub, 2 Up, 3 Average, 4 Paeth) against the row above: the encoder's side. */
  function filtered(type: number, row: Uint8Array, above: Uint8Array, step: number): Uint8Array {
    const out = new Uint8Array(row.length + 1);
    out[0] = type;
    for (let i = 0; i < row.length; i++) {
      const left = i >= step ? (row[i - step] ?? 0) : 0;
      const up = above[i] ?? 0;
      const upLeft = i >= step ? (above[i - step] ?? 0) : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][type] ?? 0;
      out[i + 1] = ((row[i] ?? 0) - predicted) & 0xff;
    }
    return out;
  }

  /**
   * A PNG of `colorType` whose pixels are `ink(x, y)` (true: dark ink, false: background), its rows filtered in turn
   * with each of the five filters; `pixel` writes one pixel's samples, `extra` adds PLTE / tRNS chunks.
   */
  function drawn(
    colorType: number,
    bitDepth: number,
    samplesPerPixel: number,
    pixel: (inked: boolean) => number[],
    ink: (x: number, y: number) => boolean,
    extra: Uint8Array[] = [],
  ): Buffer {
    const rowBytes = Math.ceil((width * samplesPerPixel * bitDepth) / 8);
    const step = Math.max(1, (samplesPerPixel * bitDepth) / 8);
    let above = new Uint8Array(rowBytes);
    const rows: Uint8Array[] = [];
    for (let y = 0; y < height; y++) {
      const row = new Uint8Array(rowBytes);
      for (let x = 0; x < width; x++) {
        const samples = pixel(ink(x, y));
        if (bitDepth === 8) row.set(samples, x * samplesPerPixel);
        else {
          const bit = x * bitDepth;
          row[bit >> 3] = (row[bit >> 3] ?? 0) | ((samples[0] ?? 0) << (8 - bitDepth - (bit & 7)));
        }
      }
      rows.push(filtered(y % 5, row, above, step));
      above = row;
    }
    return pngFile([
      pngHeader(width, height, colorType, { bitDepth }),
      ...extra,
      pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
      IEND,
    ]);
  }

  /** A line `length` pixels long, one pixel high, across row 20. */
  const line = (length: number) => (x: number, y: number) => y === 20 && x < length;
  const refusedFor = (bytes: Uint8Array) => {
    try {
      checkPng(bytes, INK);
      return null;
    } catch (error) {
      if (error instanceof PngRefused) return error.problem;
      throw error;
    }
  };

  it('refuses a blank image and a dot; passes the least ink, in every format a signature may come in', () => {
    const formats: [string, (ink: (x: number, y: number) => boolean) => Buffer][] = [
      ['RGBA, transparent background', (ink) => drawn(6, 8, 4, (on) => (on ? [16, 36, 62, 255] : [0, 0, 0, 0]), ink)],
      ['RGB, white background', (ink) => drawn(2, 8, 3, (on) => (on ? [20, 20, 20] : [255, 255, 255]), ink)],
      ['grey and alpha', (ink) => drawn(4, 8, 2, (on) => (on ? [0, 255] : [0, 0]), ink)],
      ['grey, 1 bit', (ink) => drawn(0, 1, 1, (on) => [on ? 0 : 1], ink)],
      [
        'palette, 4 bits, transparent background (tRNS)',
        (ink) =>
          drawn(3, 4, 1, (on) => [on ? 1 : 0], ink, [
            pngChunk('PLTE', new Uint8Array([0, 0, 0, 10, 20, 60])),
            pngChunk('tRNS', new Uint8Array([0])),
          ]),
      ],
      [
        'RGB, a keyed transparent black background (tRNS)',
        (ink) =>
          drawn(2, 8, 3, (on) => (on ? [30, 30, 90] : [0, 0, 0]), ink, [pngChunk('tRNS', new Uint8Array([0, 0, 0, 0, 0, 0]))]),
      ],
    ];
    for (const [name, make] of formats) {
      expect(refusedFor(make(() => false)), `${name}: blank`).toBe('blank');
      expect(refusedFor(make((x, y) => Math.abs(x - 150) <= 1 && Math.abs(y - 20) <= 1)), `${name}: a dot`).toBe('blank');
      expect(refusedFor(make(line(74))), `${name}: 74 px`).toBe('blank');
      expect(refusedFor(make(line(75))), `${name}: 75 px`).toBe(null);
      // Without minInk nothing is counted: a blank image is a valid PNG.
      expect(
        checkPng(
          make(() => false),
          LIMITS,
        ),
      ).toMatchObject({ width, height });
    }
  });

  it('reads the largest signature through in well under a second', () => {
    const png = signature(2000, 1000);
    expect(refusedFor(png)).toBe(null);
    const ms = cpuMs(() => {
      // More ink asked than it has: every row is read.
      try {
        checkPng(png, { ...LIMITS, minInk: 2000 * 1000 });
        throw new Error('accepted');
      } catch (error) {
        expect((error as PngRefused).problem).toBe('blank');
      }
    });
    expect(ms).toBeLessThan(1000);
  });
});
