import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { IMPORT_LIMITS } from '../../../shared/imports';
import { checkFileChoice, readImportFile } from './readImportFile';

const COLUMNS = [{ key: 'locationId', labels: ['库位', 'Location'] }];

describe('choosing and reading an import file', () => {
  it("answers the spec's messages: no file, another type, .xls, too large", () => {
    expect(checkFileChoice(null)).toEqual({ ok: false, messageKey: 'error.importFileMissing' });
    expect(checkFileChoice({ name: 'rows.csv', size: 10 })).toEqual({ ok: false, messageKey: 'error.importFileFormat' });
    expect(checkFileChoice({ name: 'OLD.XLS', size: 10 })).toEqual({ ok: false, messageKey: 'error.importXlsNotSupported' });
    expect(checkFileChoice({ name: 'big.xlsx', size: IMPORT_LIMITS.fileBytes + 1 })).toMatchObject({
      messageKey: 'error.importFileTooLarge',
    });
    expect(checkFileChoice({ name: 'ok.XLSX', size: 10 })).toEqual({ ok: true });
  });

  it('refuses a malformed file and an old workbook renamed .xlsx before reading them', async () => {
    const garbage = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'broken.xlsx');
    expect(await readImportFile(garbage, COLUMNS)).toEqual({ ok: false, messageKey: 'error.importException' });
    const ole = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], 'renamed.xlsx');
    expect(await readImportFile(ole, COLUMNS)).toEqual({ ok: false, messageKey: 'error.importXlsNotSupported' });
  });

  it('refuses a sheet without a column of the type, and one without data rows', async () => {
    const file = async (rows: string[][]) =>
      new File([new Uint8Array(await writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer())], 'f.xlsx');
    expect(await readImportFile(await file([['qty'], ['1']]), COLUMNS)).toEqual({
      ok: false,
      messageKey: 'import.msg.noColumns',
    });
    expect(await readImportFile(await file([['库位']]), COLUMNS)).toEqual({ ok: false, messageKey: 'import.msg.noRows' });
  });
});
