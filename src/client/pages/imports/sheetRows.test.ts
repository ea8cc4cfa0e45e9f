import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { cellText, mapSheet, normalizeLabel, type SheetColumn } from './sheetRows';

const COLUMNS: SheetColumn[] = [
  { key: 'whId', labels: ['仓库', 'Warehouse'] },
  { key: 'locationId', labels: ['库位', 'Location'] },
  { key: 'capacityQty', labels: ['容量', 'Capacity qty'] },
  { key: 'lastCountDate', labels: ['最近盘点日期', 'Last count date'] },
];

describe('reading an import sheet', () => {
  it('maps columns by the key row of the template, whatever the language of the labels above it', () => {
    const sheet = [
      ['Location *', 'Warehouse *', 'Something else'],
      ['locationId', 'whId', 'errorMsg'],
      ['A-01', 'WH01', 'old error'],
    ];
    expect(mapSheet(sheet, COLUMNS)).toEqual({
      ok: true,
      keys: ['locationId', 'whId'],
      rows: [{ rowNo: 3, values: { locationId: 'A-01', whId: 'WH01' } }],
      by: 'keys',
    });
  });

  it('maps columns by their Chinese or English labels when the key row was deleted', () => {
    const zh = mapSheet(
      [
        ['库位 *', '仓库'],
        ['A-01', 'WH01'],
      ],
      COLUMNS,
    );
    const en = mapSheet(
      [
        ['  warehouse ', 'LOCATION*'],
        ['WH01', 'A-01'],
      ],
      COLUMNS,
    );
    expect(zh).toMatchObject({ ok: true, by: 'labels', rows: [{ rowNo: 2, values: { locationId: 'A-01', whId: 'WH01' } }] });
    expect(en).toMatchObject({ ok: true, by: 'labels', rows: [{ rowNo: 2, values: { locationId: 'A-01', whId: 'WH01' } }] });
  });

  it('takes keys in the first row as the header, skips empty rows and keeps Excel row numbers', () => {
    const result = mapSheet(
      [
        ['whId', 'locationId'],
        ['WH01', 'A-01'],
        [null, ''],
        ['WH01', 'A-02'],
      ],
      COLUMNS,
    );
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { rowNo: 2, values: { whId: 'WH01', locationId: 'A-01' } },
        { rowNo: 4, values: { whId: 'WH01', locationId: 'A-02' } },
      ],
    });
  });

  it('reads the first of two columns of one field, and refuses a sheet with no column of the type', () => {
    expect(
      mapSheet(
        [
          ['whId', 'whId'],
          ['A', 'B'],
        ],
        COLUMNS,
      ),
    ).toMatchObject({ rows: [{ values: { whId: 'A' } }] });
    expect(
      mapSheet(
        [
          ['itemNumber', 'qty'],
          ['X', '1'],
        ],
        COLUMNS,
      ),
    ).toEqual({ ok: false, reason: 'noColumns' });
    expect(mapSheet([], COLUMNS)).toEqual({ ok: false, reason: 'noColumns' });
  });

  it('converts cells: dates to YYYY-MM-DD, numbers as read, booleans to Y/N, escaped formulas back', () => {
    expect(cellText(new Date(Date.UTC(2024, 4, 6)))).toBe('2024-05-06');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(0.001)).toBe('0.001');
    expect(cellText(true)).toBe('Y');
    expect(cellText(false)).toBe('N');
    expect(cellText("'=1+1")).toBe('=1+1');
    expect(cellText('  A-01 ')).toBe('A-01');
    expect(cellText(null)).toBe('');
    expect(cellText(Number.NaN)).toBe('');
  });

  it('reads an Excel date cell as the day the sheet shows', async () => {
    const buffer = await writeXlsxFile([
      [{ value: 'lastCountDate' }, { value: 'capacityQty' }],
      [
        { value: new Date(Date.UTC(2024, 11, 31)), type: Date, format: 'yyyy-mm-dd' },
        { value: 1.25, type: Number },
      ],
    ]).toBuffer();
    const result = mapSheet(await readSheet(buffer), COLUMNS);
    expect(result).toMatchObject({
      ok: true,
      rows: [{ rowNo: 2, values: { lastCountDate: '2024-12-31', capacityQty: '1.25' } }],
    });
  });

  it('normalizes labels for comparison', () => {
    expect(normalizeLabel(' Capacity   Qty * ')).toBe('capacity qty');
  });
});
