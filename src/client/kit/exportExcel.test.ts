import { describe, expect, it } from 'vitest';
import { buildSheetData, exportFileName, sheetColumnWidths } from './exportExcel';

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

  it('converts on-screen widths to character widths', () => {
    expect(sheetColumnWidths(columns)).toEqual([{ width: 20 }, { width: 14 }]);
  });

  it('stamps the file name and removes characters Windows refuses', () => {
    expect(exportFileName('a/b', new Date(2024, 4, 6, 7, 8, 9))).toBe('a_b_20240506070809.xlsx');
  });
});
