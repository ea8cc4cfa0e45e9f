import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { inspectZip, isOleWorkbook, XLSX_LIMITS } from './zipGuard';

interface Entry {
  name: string;
  data: Uint8Array;
  /** The inflated size the central directory claims (a bomb claims what it will inflate to). */
  declaredSize?: number;
}

/** A stored (uncompressed) zip archive, written by hand: local headers, central directory, end record. */
function makeZip(entries: readonly Entry[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new Uint8Array(30 + name.length + entry.data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(entry.data, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.declaredSize ?? entry.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((sum, c) => sum + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const xml = (text: string) => new TextEncoder().encode(text);
const workbookParts = (sheetSize?: number): Entry[] => [
  { name: '[Content_Types].xml', data: xml('<Types/>') },
  { name: 'xl/workbook.xml', data: xml('<workbook/>') },
  { name: 'xl/worksheets/sheet1.xml', data: xml('<worksheet/>'), declaredSize: sheetSize },
];

describe('zip guard of an uploaded .xlsx', () => {
  it('accepts a workbook written by write-excel-file', async () => {
    const buffer = await writeXlsxFile([[{ value: 'locationId' }], [{ value: 'A-01' }]]).toBuffer();
    const verdict = inspectZip(new Uint8Array(buffer));
    expect(verdict.ok).toBe(true);
  });

  it('accepts a small archive with the parts of a workbook, and sums what its entries declare', () => {
    expect(inspectZip(makeZip(workbookParts()))).toEqual({ ok: true, entries: 3, totalBytes: 8 + 11 + 12 });
  });

  it('refuses a bomb: entries declaring a huge inflated size', () => {
    expect(inspectZip(makeZip(workbookParts(4_000_000_000)))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('refuses an archive inflating far beyond its size, even under the absolute cap', () => {
    expect(inspectZip(makeZip(workbookParts(XLSX_LIMITS.ratioFloorBytes + 1)))).toEqual({ ok: false, reason: 'ratio' });
  });

  it('refuses an archive of too many entries', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `x${i}`, data: xml('x') }));
    expect(inspectZip(makeZip(many), { ...XLSX_LIMITS, maxEntries: 20 })).toEqual({ ok: false, reason: 'tooManyEntries' });
  });

  it('refuses a zip that is not a workbook, a truncated file and a file that is no zip at all', () => {
    expect(inspectZip(makeZip([{ name: 'a.txt', data: xml('hello') }]))).toEqual({ ok: false, reason: 'notXlsx' });
    const whole = makeZip(workbookParts());
    expect(inspectZip(whole.subarray(0, whole.length - 10))).toEqual({ ok: false, reason: 'malformed' });
    expect(inspectZip(xml('locationId,description\nA-01,x\n'))).toEqual({ ok: false, reason: 'notZip' });
  });

  it('refuses a central directory pointing past its own start', () => {
    const zip = makeZip(workbookParts());
    const view = new DataView(zip.buffer);
    // The end record's directory offset moved forward by one byte: the first header signature no longer matches.
    view.setUint32(zip.length - 6, view.getUint32(zip.length - 6, true) + 1, true);
    expect(inspectZip(zip).ok).toBe(false);
  });

  it('recognises an old .xls workbook by its signature', () => {
    expect(isOleWorkbook(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(true);
    expect(isOleWorkbook(makeZip(workbookParts()))).toBe(false);
  });
});
