/** A PNG written by hand for the tests (no image library): signature, IHDR, one IDAT, IEND, each with its CRC. */
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** One chunk: length, type, data and the CRC of type and data. */
export const pngChunk = (type: string, data: Uint8Array) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** The PNG signature followed by these chunks, as they are (build hostile files from `pngChunk`s). */
export const pngFile = (chunks: readonly Uint8Array[]): Buffer =>
  Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), ...chunks]);

/** The IHDR chunk: deflate compression and filter method 0; bit depth 8, no interlace unless told. */
export function pngHeader(
  width: number,
  height: number,
  colorType: number,
  options: { bitDepth?: number; interlace?: number } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([options.bitDepth ?? 8, colorType, 0, 0, options.interlace ?? 0], 8);
  return pngChunk('IHDR', header);
}

/**
 * An 8-bit PNG of `width` × `height` from its raw scanlines (each a filter byte, then the pixels); `colorType` 0 is
 * greyscale, 6 RGBA.
 */
export function encodePng(width: number, height: number, colorType: 0 | 6, rows: Uint8Array): Buffer {
  return pngFile([pngHeader(width, height, colorType), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', new Uint8Array())]);
}

/**
 * A decompression bomb: a 1-bit greyscale PNG of `width` × `height` whose image data is all zeros, deflated at the
 * highest level (20,000 × 20,000: 50 MB of scanlines in about 49 KB, 1.6 GB once a decoder expands it to RGBA).
 */
export function pngBomb(width: number, height: number): Buffer {
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return pngFile([
    pngHeader(width, height, 0, { bitDepth: 1 }),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
