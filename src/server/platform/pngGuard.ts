/**
 * The one gate for a PNG the server is sent (today: the driver's signature at a dock station). A PNG states its size in
 * its header and stores its pixels deflated, so a 48 KB file can claim 20,000 × 20,000 pixels and expand to 1.6 GB in
 * a decoder (pdf-lib's UPNG decodes the whole image, then converts it to RGBA, then re-deflates it). `checkPng` reads
 * the file's structure before any pixel is decoded and refuses:
 *
 * - a file larger than `maxBytes`, or not a PNG (signature, chunk lengths past the end, chunk CRCs);
 * - dimensions above `maxWidth` × `maxHeight` (read from IHDR: nothing is inflated for a bomb);
 * - an animated PNG (acTL, fcTL, fdAT), more than one image (a second IHDR, a second run of IDAT chunks), anything
 *   after IEND, an unknown critical chunk;
 * - what the PDF renderer does not need to meet: bit depths and colour types a signature pad never writes (16-bit,
 *   interlaced), or a palette image without its palette.
 *
 * Then it inflates the image data with a bound (`maxOutputLength`) of exactly the size the header implies — height ×
 * (1 filter byte + the row's bytes) — and refuses a stream that is larger (zlib stops at the bound), smaller, followed
 * by other bytes, or whose rows name an unknown filter. What passes decodes to at most `maxWidth` × `maxHeight` pixels
 * in any decoder, so the renderer's later decode is bounded by the same numbers.
 *
 * Asked for (`minInk`), it also counts the image's ink — pixels darker than mid-grey once laid over white, whatever the
 * format — and refuses an image with less (`blank`): a blank signature, or a dot (issue 25 item 10).
 */
import { crc32, inflateSync } from 'node:zlib';

export interface PngLimits {
  /** The file's size. */
  maxBytes: number;
  maxWidth: number;
  maxHeight: number;
  /** The least number of ink pixels (see `inkPixels`); none asked when absent. */
  minInk?: number;
}

/**
 * Why a PNG was refused: `dimensions` (too many pixels), `blank` (less ink than `minInk`) or anything else about the
 * file (`invalid`).
 */
export type PngProblem = 'dimensions' | 'blank' | 'invalid';

export class PngRefused extends Error {
  constructor(
    readonly problem: PngProblem,
    /** What was wrong, for logs and tests (never shown to the user: the caller answers its own localized code). */
    readonly reason: string,
    /** The dimensions the header claims (a `dimensions` refusal). */
    readonly size?: { width: number; height: number },
  ) {
    super(`PNG refused (${problem}): ${reason}`);
    this.name = 'PngRefused';
  }
}

declare const passed: unique symbol;

/** A PNG `checkPng` passed (the brand exists for the type checker only): the PDF renderer embeds nothing else. */
export interface CheckedPng {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly [passed]: true;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The bit depths accepted per colour type (PNG spec table 11.1 less 16-bit: a canvas exports 8-bit RGBA; the others
 * are what image tools write for a one-colour drawing). Value: the samples per pixel.
 */
const COLOUR_TYPES: Record<number, { depths: readonly number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8], samples: 1 }, // greyscale
  2: { depths: [8], samples: 3 }, // RGB
  3: { depths: [1, 2, 4, 8], samples: 1 }, // palette
  4: { depths: [8], samples: 2 }, // greyscale and alpha
  6: { depths: [8], samples: 4 }, // RGBA
};

/** Chunks of an animated PNG (APNG): refused, the signature is one still image. */
const ANIMATION = new Set(['acTL', 'fcTL', 'fdAT']);

/** Checks a PNG's structure and image data without decoding its pixels (see the file comment); throws PngRefused. */
export function checkPng(bytes: Uint8Array, limits: PngLimits): CheckedPng {
  const invalid = (reason: string) => new PngRefused('invalid', reason);
  if (bytes.length > limits.maxBytes) throw invalid(`larger than ${limits.maxBytes} bytes`);
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw invalid('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: ImageHeader | undefined;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  let ended = false;
  // The one run of IDAT chunks; once another chunk follows it, a later IDAT would start a second image.
  const idat: Uint8Array[] = [];
  let idatClosed = false;
  let offset = 8;
  while (offset < bytes.length) {
    if (ended) throw invalid('data after IEND');
    if (offset + 12 > bytes.length) throw invalid('a chunk cut short');
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) throw invalid('a chunk type that is not four letters');
    if (length > bytes.length - offset - 12) throw invalid(`chunk ${type} runs past the end`);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) {
      throw invalid(`chunk ${type}: wrong CRC`);
    }
    offset += 12 + length;
    if (type === 'IHDR') {
      if (header) throw invalid('a second IHDR');
      if (offset !== 8 + 12 + 13) throw invalid('IHDR is not the first chunk or not 13 bytes');
      header = readHeader(data, limits);
      continue;
    }
    if (!header) throw invalid('IHDR is not the first chunk');
    if (ANIMATION.has(type)) throw invalid(`animated PNG (${type})`);
    if (type === 'IDAT') {
      if (idatClosed) throw invalid('a second run of image data (more than one image)');
      idat.push(data);
      continue;
    }
    if (idat.length > 0) idatClosed = true;
    if (type === 'PLTE') {
      if (palette || idat.length > 0) throw invalid('PLTE repeated or after the image data');
      if (header.colorType === 0 || header.colorType === 4) throw invalid('a palette in a grey image');
      const most = header.colorType === 3 ? 2 ** header.bitDepth : 256;
      if (length === 0 || length % 3 !== 0 || length / 3 > most) throw invalid('a palette of the wrong size');
      palette = data;
    } else if (type === 'tRNS') {
      transparency = data;
    } else if (type === 'IEND') {
      if (length !== 0) throw invalid('IEND with data');
      ended = true;
    } else if (type.charCodeAt(0) < 0x61) {
      // A lower-case first letter marks an ancillary chunk (text, gamma, transparency…), safe to ignore; an unknown
      // critical chunk means an image we cannot read.
      throw invalid(`unknown critical chunk ${type}`);
    }
  }
  if (!header) throw invalid('no IHDR');
  if (!ended) throw invalid('no IEND');
  if (idat.length === 0) throw invalid('no image data');
  if (header.colorType === 3 && !palette) throw invalid('a palette image without PLTE');
  const samples = COLOUR_TYPES[header.colorType]?.samples ?? 4;
  const rowBytes = Math.ceil((header.width * samples * header.bitDepth) / 8);
  const expected = header.height * (rowBytes + 1);
  const stream = idat.length === 1 ? (idat[0] as Uint8Array) : Buffer.concat(idat);
  let pixels: Buffer;
  let consumed: number;
  try {
    // Inflating stops as soon as the output would pass the size the header implies (ERR_BUFFER_TOO_LARGE).
    const inflated = inflateSync(stream, { maxOutputLength: expected, info: true }) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    pixels = inflated.buffer;
    consumed = inflated.engine.bytesWritten;
  } catch (error) {
    throw invalid(`image data: ${(error as Error).message}`);
  }
  if (pixels.length !== expected) throw invalid(`image data of ${pixels.length} bytes, ${expected} expected`);
  // zlib stops at the end of its stream and ignores what follows: bytes hidden there are refused.
  if (consumed !== stream.length) throw invalid('bytes after the end of the image data');
  for (let row = 0; row < expected; row += rowBytes + 1) {
    if ((pixels[row] ?? 0) > 4) throw invalid('an unknown row filter');
  }
  if (limits.minInk !== undefined) {
    const ink = inkPixels(pixels, header, rowBytes, palette, transparency, limits.minInk);
    if (ink < limits.minInk) throw new PngRefused('blank', `${ink} ink pixels, at least ${limits.minInk} asked`);
  }
  return { bytes, width: header.width, height: header.height } as CheckedPng;
}

/**
 * The ink of an image: its pixels darker than mid-grey when laid over white (alpha × (1 − luminance) above ½), counted
 * until `enough` (an image with more ink needs no more reading). `data` is the checked, inflated image data: each row
 * its filter byte and `rowBytes` bytes, unfiltered here (PNG spec §9).
 */
function inkPixels(
  data: Uint8Array,
  header: ImageHeader,
  rowBytes: number,
  palette: Uint8Array | null,
  transparency: Uint8Array | null,
  enough: number,
): number {
  const { width, bitDepth, colorType } = header;
  const samples = COLOUR_TYPES[colorType]?.samples ?? 4;
  // The filters' byte distance to "the pixel to the left" (at least 1, for depths below 8).
  const step = Math.max(1, (samples * bitDepth) / 8);
  const max = 2 ** bitDepth - 1;
  // A greyscale or RGB image may name one colour transparent (tRNS, 16-bit sample values).
  const key = transparency && (colorType === 0 || colorType === 2) ? transparency : null;
  const keyed = (...values: number[]) =>
    key !== null && values.every((value, i) => ((key[2 * i] ?? 0) << 8) + (key[2 * i + 1] ?? 0) === value);
  // Two rows, swapped: the one unfiltered now and the one above it (zeros above the first).
  let previous = new Uint8Array(rowBytes);
  let row = new Uint8Array(rowBytes);
  let ink = 0;
  for (let start = 0; start < data.length && ink < enough; start += rowBytes + 1) {
    unfilter(data[start] ?? 0, data.subarray(start + 1, start + 1 + rowBytes), row, previous, step);
    // Sample `index` of pixel `x` (a depth below 8 packs several pixels in a byte, leftmost in the high bits).
    const sampleOf = (x: number, index: number) => {
      if (bitDepth === 8) return row[x * samples + index] ?? 0;
      const bit = x * bitDepth;
      return ((row[bit >> 3] ?? 0) >> (8 - bitDepth - (bit & 7))) & max;
    };
    if (colorType === 6 && bitDepth === 8) {
      // What a canvas exports (the station's pad): RGBA, read straight.
      for (let at = 0; at < rowBytes; at += 4) {
        const alpha = (row[at + 3] ?? 0) / 255;
        if (alpha > 0.5 && alpha * (1 - luminance(row[at] ?? 0, row[at + 1] ?? 0, row[at + 2] ?? 0) / 255) > 0.5) ink++;
      }
      [previous, row] = [row, previous];
      continue;
    }
    for (let x = 0; x < width; x++) {
      let grey: number;
      let alpha = 1;
      if (colorType === 3) {
        const entry = sampleOf(x, 0);
        grey = luminance(palette?.[entry * 3] ?? 0, palette?.[entry * 3 + 1] ?? 0, palette?.[entry * 3 + 2] ?? 0) / 255;
        alpha = (transparency?.[entry] ?? 255) / 255;
      } else if (colorType === 2 || colorType === 6) {
        const r = sampleOf(x, 0);
        const g = sampleOf(x, 1);
        const b = sampleOf(x, 2);
        grey = luminance(r, g, b) / 255;
        alpha = colorType === 6 ? sampleOf(x, 3) / 255 : keyed(r, g, b) ? 0 : 1;
      } else {
        const value = sampleOf(x, 0);
        grey = value / max;
        alpha = colorType === 4 ? sampleOf(x, 1) / 255 : keyed(value) ? 0 : 1;
      }
      if (alpha * (1 - grey) > 0.5) ink++;
    }
    [previous, row] = [row, previous];
  }
  return ink;
}

/**
 * Undoes a row's filter (PNG spec §9.2): `row` gets the pixels' bytes from the filtered `raw`, `above` being the row
 * above (unfiltered; zeros for the first), `step` the bytes of a pixel (at least 1). One loop per filter: the checked
 * data of a 2000 × 1000 RGBA image is 8 MB.
 */
function unfilter(filter: number, raw: Uint8Array, row: Uint8Array, above: Uint8Array, step: number): void {
  const n = raw.length;
  const at = (bytes: Uint8Array, i: number) => bytes[i] as number;
  if (filter === 0) {
    row.set(raw);
  } else if (filter === 1) {
    for (let i = 0; i < n; i++) row[i] = (at(raw, i) + (i >= step ? at(row, i - step) : 0)) & 0xff;
  } else if (filter === 2) {
    for (let i = 0; i < n; i++) row[i] = (at(raw, i) + at(above, i)) & 0xff;
  } else if (filter === 3) {
    for (let i = 0; i < n; i++) row[i] = (at(raw, i) + (((i >= step ? at(row, i - step) : 0) + at(above, i)) >> 1)) & 0xff;
  } else {
    for (let i = 0; i < n; i++) {
      const left = i >= step ? at(row, i - step) : 0;
      const up = at(above, i);
      const upLeft = i >= step ? at(above, i - step) : 0;
      const p = left + up - upLeft;
      const pa = Math.abs(p - left);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - upLeft);
      row[i] = (at(raw, i) + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft)) & 0xff;
    }
  }
}

/** Rec. 601 luma of an 8-bit colour. */
const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

interface ImageHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
}

/** IHDR: dimensions within the limits, an accepted format. */
function readHeader(data: Uint8Array, limits: PngLimits): ImageHeader {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const size = { width: view.getUint32(0), height: view.getUint32(4) };
  const invalid = (reason: string) => new PngRefused('invalid', reason);
  const [bitDepth = 0, colorType = 0, compression, filter, interlace] = data.subarray(8);
  if (size.width === 0 || size.height === 0) throw invalid('zero width or height');
  if (size.width > limits.maxWidth || size.height > limits.maxHeight) {
    throw new PngRefused('dimensions', `${size.width} × ${size.height}`, size);
  }
  if (!COLOUR_TYPES[colorType]?.depths.includes(bitDepth)) {
    throw invalid(`colour type ${colorType} at bit depth ${bitDepth} is not accepted`);
  }
  if (compression !== 0 || filter !== 0) throw invalid('unknown compression or filter method');
  if (interlace !== 0) throw invalid('interlaced');
  return { ...size, bitDepth, colorType };
}
