/**
 * Checks an .xlsx file (a zip archive) before it is unpacked: the central directory is read to sum the sizes its entries
 * declare, so that a zip bomb or a malformed file is refused before read-excel-file inflates anything. Pure: bytes in,
 * verdict out.
 */

/** Limits on what an uploaded archive may declare. */
export interface ZipLimits {
  /** At most this many entries (an .xlsx holds about ten; with pictures and many sheets a few hundred). */
  maxEntries: number;
  /** At most this many bytes in all, once inflated. */
  maxTotalBytes: number;
  /** Inflated size / file size, above which an archive is a bomb… */
  maxRatio: number;
  /** …once it declares more than this many bytes in all (small archives of very repetitive XML are harmless). */
  ratioFloorBytes: number;
}

/**
 * An .xlsx of the contract's row limit is a few tens of MB of XML at most; real sheets inflate 5–30×, the most repetitive
 * generated ones ~100×, bombs thousands of times.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 10 * 1024 * 1024,
};

export type ZipVerdict =
  | { ok: true; entries: number; totalBytes: number }
  | {
      ok: false;
      /** What is wrong, for the log (the user is told "Import exception" whatever it is). */
      reason: 'notZip' | 'malformed' | 'zip64' | 'tooManyEntries' | 'tooLarge' | 'ratio' | 'notXlsx';
    };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const MAX_COMMENT = 0xffff;

/** The first bytes of an OLE2 compound file: an old .xls workbook (possibly renamed .xlsx). */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The file is an old binary .xls workbook (OLE2), whatever its name says. */
export function isOleWorkbook(bytes: Uint8Array): boolean {
  return OLE_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** Finds the end-of-central-directory record: the last one within the comment's reach of the end. */
function findEndRecord(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** Reads the central directory of `bytes` and judges the archive against `limits`. */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = XLSX_LIMITS): ZipVerdict {
  if (bytes.byteLength < EOCD_SIZE) return { ok: false, reason: 'notZip' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== LOCAL_SIGNATURE) return { ok: false, reason: 'notZip' };
  const end = findEndRecord(view);
  if (end < 0) return { ok: false, reason: 'malformed' };

  const diskEntries = view.getUint16(end + 8, true);
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 markers: an .xlsx within our limits never needs them, and their sizes live elsewhere.
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return { ok: false, reason: 'zip64' };
  // Multi-disk (spanned) archives are no spreadsheets.
  if (diskEntries !== entries || entries === 0) return { ok: false, reason: 'malformed' };
  if (entries > limits.maxEntries) return { ok: false, reason: 'tooManyEntries' };
  if (directoryOffset + directorySize > end) return { ok: false, reason: 'malformed' };

  let at = directoryOffset;
  let total = 0;
  const names = new Set<string>();
  const decoder = new TextDecoder();
  for (let i = 0; i < entries; i++) {
    if (at + CENTRAL_HEADER_SIZE > end || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      return { ok: false, reason: 'malformed' };
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (compressed === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) return { ok: false, reason: 'zip64' };
    // Every entry's data lies before the central directory.
    if (localOffset + compressed > directoryOffset) return { ok: false, reason: 'malformed' };
    const next = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > end) return { ok: false, reason: 'malformed' };
    names.add(decoder.decode(bytes.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength)));
    total += size;
    if (total > limits.maxTotalBytes) return { ok: false, reason: 'tooLarge' };
    at = next;
  }
  if (total > limits.ratioFloorBytes && total / bytes.byteLength > limits.maxRatio) return { ok: false, reason: 'ratio' };
  // A workbook names its parts in [Content_Types].xml and has a workbook part; any other zip is not a spreadsheet.
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) return { ok: false, reason: 'notXlsx' };
  return { ok: true, entries, totalBytes: total };
}
