import { describe, expect, it } from 'vitest';
import type { ImportAnswer, ImportRequest } from '../../../shared/imports';
import { requestRow, uploadRows } from './uploadRows';

const sheet = Array.from({ length: 5 }, (_, i) => ({ rowNo: i + 3, values: { locationId: `L${i}` } }));

function server(refuseCall?: number) {
  const calls: ImportRequest[] = [];
  const send = async (request: ImportRequest): Promise<ImportAnswer | null> => {
    calls.push(request);
    if (calls.length === refuseCall) return null;
    const n = request.rows.length;
    return { groupId: request.groupId ?? 41, received: n, valid: n - 1, errors: 1, skipped: 0, errorRows: [] };
  };
  return { calls, send };
}

describe('sending a sheet in batches', () => {
  it('sends the first batch without a group and the next ones with the group answered, reporting progress', async () => {
    const { calls, send } = server();
    const progress: string[] = [];
    const totals = await uploadRows(sheet, {
      whId: 'WH01',
      batchRows: 2,
      send,
      onProgress: (s, t) => progress.push(`${s}/${t}`),
    });
    expect(calls.map((c) => [c.groupId, c.rows.length, c.replaceErrors])).toEqual([
      [undefined, 2, undefined],
      [41, 2, undefined],
      [41, 1, undefined],
    ]);
    expect(calls.every((c) => c.whId === 'WH01')).toBe(true);
    expect(progress).toEqual(['0/5', '2/5', '4/5', '5/5']);
    expect(totals).toEqual({ groupId: 41, received: 5, valid: 2, errors: 3, skipped: 0 });
  });

  it('re-imports into a group: the group on every batch, replacing its error rows once, first', async () => {
    const { calls, send } = server();
    await uploadRows(sheet, { whId: 'WH01', groupId: 7, batchRows: 3, send, onProgress: () => undefined });
    expect(calls.map((c) => [c.groupId, c.replaceErrors])).toEqual([
      [7, true],
      [7, undefined],
    ]);
  });

  it('stops at a refused batch', async () => {
    const { calls, send } = server(2);
    expect(await uploadRows(sheet, { whId: 'WH01', batchRows: 2, send, onProgress: () => undefined })).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("numbers a row by the error file's row number column, else by its sheet row", () => {
    expect(requestRow({ rowNo: 3, values: { rowNumber: '17', locationId: 'A' } })).toEqual({ locationId: 'A', rowNumber: 17 });
    expect(requestRow({ rowNo: 3, values: { rowNumber: 'x', locationId: 'A' } })).toEqual({ locationId: 'A', rowNumber: 3 });
    expect(requestRow({ rowNo: 4, values: { locationId: 'B' } })).toEqual({ locationId: 'B', rowNumber: 4 });
  });
});
