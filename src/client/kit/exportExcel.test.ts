import { describe, expect, it } from 'vitest';
import {
  buildSheetData,
  collectPages,
  EXPORT_MAX_ROWS,
  escapeFormula,
  excelDate,
  exportFileName,
  sheetColumnWidths,
  unescapeFormula,
} from './exportExcel';

describe('Excel export', () => {
  const columns = [
    { header: 'Warehouse ID', widthPx: 140, text: (r: { whId: string }) => r.whId },
    { header: 'Name', text: (r: { whId: string }) => `name ${r.whId}` },
  ];

  it('writes a bold header row, then each row as text (leading zeros kept)', () => {
    expect(buildSheetData(columns, [{ whId: '007' }])).toEqual([
      [
        { value: 'Warehouse ID', fontWeight: 'bold' },
        { value: 'Name', fontWeight: 'bold' },
      ],
      [
        { value: '007', type: String },
        { value: 'name 007', type: String },
      ],
    ]);
  });

  it('writes date columns as Excel dates shown yyyy-mm-dd (times with hh:mm:ss), not as their text', () => {
    const dated = [
      { header: 'Delivery date', type: 'date' as const, text: (r: Record<string, string>) => r.day ?? '' },
      { header: 'Created', type: 'dateTime' as const, text: (r: Record<string, string>) => r.time ?? '' },
    ];
    expect(
      buildSheetData(dated, [
        { day: '2026-11-30', time: '2026-11-30 08:09:10' },
        { day: '', time: 'n/a' },
      ]).slice(1),
    ).toEqual([
      [
        { value: new Date(Date.UTC(2026, 10, 30)), type: Date, format: 'yyyy-mm-dd' },
        { value: new Date(Date.UTC(2026, 10, 30, 8, 9, 10)), type: Date, format: 'yyyy-mm-dd hh:mm:ss' },
      ],
      [
        { value: '', type: String },
        { value: 'n/a', type: String },
      ],
    ]);
    expect(excelDate('Nov 30, 2026')).toBeNull();
  });

  it('converts on-screen widths to character widths', () => {
    expect(sheetColumnWidths(columns)).toEqual([{ width: 20 }, { width: 14 }]);
  });

  it('stamps the file name and removes characters Windows refuses', () => {
    expect(exportFileName('a/b', new Date(2024, 4, 6, 7, 8, 9))).toBe('a_b_20240506070809.xlsx');
  });

  it('escapes every text a spreadsheet would run as a formula, and nothing else', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1', '=HYPERLINK("http://x")'])
      expect(escapeFormula(text), text).toBe(`'${text}`);
    for (const text of ['A-01', '-5', '+1.5', '0.001', '', "'quoted", '2024-05-06']) expect(escapeFormula(text), text).toBe(text);
    expect(buildSheetData([{ header: 'h', text: (r: string) => r }], ['=1+1'])[1]).toEqual([{ value: "'=1+1", type: String }]);
  });

  it('reads an escaped text back as it was', () => {
    for (const text of ['=1+1', '-2+3', '@cmd', 'A-01', "'quoted", '-5']) expect(unescapeFormula(escapeFormula(text))).toBe(text);
  });
});

describe('exporting every row of a list (issue 27 item 6)', () => {
  /** A list of `total` rows served `pageSize` at a time, as the list call answers; records the pages asked. */
  const list = (total: number) => {
    const asked: number[] = [];
    const load = async (pageNum: number, pageSize: number) => {
      asked.push(pageNum);
      const content = Array.from({ length: Math.max(0, Math.min(pageSize, total - (pageNum - 1) * pageSize)) }, (_, i) => ({
        id: (pageNum - 1) * pageSize + i + 1,
      }));
      return { content, totalSize: total, pageNum, pageSize };
    };
    return { load, asked };
  };

  it('fetches page after page of the largest size until every row is there, telling the progress', async () => {
    const { load, asked } = list(1040);
    const progress: string[] = [];
    const collected = await collectPages(load, (done, total) => progress.push(`${done}/${total}`));
    expect('rows' in collected && collected.rows.map((r) => r.id)).toEqual(Array.from({ length: 1040 }, (_, i) => i + 1));
    expect(asked).toEqual([1, 2]);
    expect(progress).toEqual(['1000/1040', '1040/1040']);
  });

  it('refuses a list above the limit before fetching more than its first page', async () => {
    const { load, asked } = list(EXPORT_MAX_ROWS + 1);
    expect(await collectPages(load, () => undefined)).toEqual({ tooMany: EXPORT_MAX_ROWS + 1 });
    expect(asked).toEqual([1]);
  });

  it('keeps a row met twice once, and stops at a failed call', async () => {
    const shifted = async (pageNum: number) => ({
      // A row added meanwhile pushed row 2 onto the second page as well.
      content: pageNum === 1 ? [{ id: 1 }, { id: 2 }] : [{ id: 2 }, { id: 3 }],
      totalSize: 3,
      pageNum,
      pageSize: 2,
    });
    expect(await collectPages(shifted, () => undefined, 10, 2)).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(
      await collectPages(
        async () => null,
        () => undefined,
      ),
    ).toEqual({ failed: true });
  });
});
