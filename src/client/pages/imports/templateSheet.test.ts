import type { Blob as NodeBlob } from 'node:buffer';
import type Stream from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { getOrderOfSiblings, insertElementMarkupAccordingToOrderOfSiblings } from 'write-excel-file/utility';
import { IMPORT_TYPE_DEFS } from '../../../shared/imports';
import { messageText, sheetColumns, templateColumns } from './importColumns';
import { mapSheet } from './sheetRows';
import {
  columnLetters,
  dataValidationFeature,
  dataValidationsXml,
  errorWorkbook,
  templateWorkbook,
  type Workbook,
} from './templateSheet';

/** What write-excel-file/node writes to (its FileContent type, which it does not export). */
type NodeFileContent = Stream | Buffer | NodeBlob;

const location = IMPORT_TYPE_DEFS.Location;
// A translate function of the test: labels "L:<key>", code labels "<code>!".
const t = (key: string) => (key.startsWith('code.') ? `${key.split('.').pop()}!` : `L:${key}`);

async function write(workbook: Workbook): Promise<Buffer> {
  const order = getOrderOfSiblings('xl/worksheets/sheet{id}.xml', 'worksheet') ?? [];
  const feature = dataValidationFeature<NodeFileContent>(workbook.validations, (xml, element) =>
    insertElementMarkupAccordingToOrderOfSiblings(xml, element, order, 'worksheet'),
  );
  return writeXlsxFile(workbook.data, { columns: workbook.widths }, { features: [feature] }).toBuffer();
}

describe('import template and error file', () => {
  it('writes labels, the key row and the example; the reader maps it back by the keys', async () => {
    const workbook = templateWorkbook(templateColumns(location, t), 'Codes');
    const sheet = await readSheet(await write(workbook));
    expect(sheet[0]?.[0]).toBe('L:entity.tLocation.field.locationId *');
    expect(sheet[1]).toEqual(location.columns.map((c) => c.field));
    const mapped = mapSheet(sheet, sheetColumns(location, []));
    expect(mapped).toMatchObject({ ok: true, by: 'keys', rows: [{ rowNo: 3, values: { locationId: 'IMP-01-01', type: 'M' } }] });
  });

  it('puts a drop-down list of codes on each code column, after the sheet data', async () => {
    const workbook = templateWorkbook(templateColumns(location, t), 'Codes');
    const typeColumn = location.columns.findIndex((c) => c.field === 'type');
    expect(workbook.validations.find((v) => v.column === typeColumn)).toMatchObject({
      codes: ['F', 'S', 'I', 'M'],
      hint: 'F F!, S S!, I I!, M M!',
    });
    const files = unzipSync(new Uint8Array(await write(workbook)));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const letter = columnLetters(typeColumn);
    expect(xml).toContain(`sqref="${letter}3:${letter}10002"><formula1>"F,S,I,M"</formula1>`);
    expect(xml.indexOf('<dataValidations')).toBeGreaterThan(xml.indexOf('</sheetData>'));
  });

  it('escapes the attribute texts of a list and leaves out a list too long for Excel', () => {
    const xml = dataValidationsXml([{ column: 0, codes: ['A', 'B'], title: 'a "b" <c> & d', hint: 'x' }], 3, 10);
    expect(xml).toContain('errorTitle="a &quot;b&quot; &lt;c&gt; &amp; d"');
    expect(dataValidationsXml([{ column: 0, codes: ['X'.repeat(300)], title: 't', hint: 'h' }], 3, 10)).toBe('');
  });

  it('writes the error rows with their row number and message, formulas escaped, and reads them back as they were', async () => {
    const rows = [{ rowNumber: 7, locationId: '=HYPERLINK("http://x")', type: 'Q', errorMsg: 'L:type: not a code' }];
    const extra = { rowNumber: { key: 'rowNumber', label: 'Row' }, error: { key: 'errorMsg', label: 'Error' } };
    const workbook = errorWorkbook(templateColumns(location, t), rows, extra, 'Codes');
    expect(workbook.data[2]?.[1]).toMatchObject({ value: '\'=HYPERLINK("http://x")' });
    const typeColumn = location.columns.findIndex((c) => c.field === 'type');
    expect(workbook.validations.some((v) => v.column === typeColumn + 1)).toBe(true);
    const sheet = await readSheet(await write(workbook));
    expect(sheet[1]?.at(-1)).toBe('errorMsg');
    const mapped = mapSheet(sheet, sheetColumns(location, []));
    expect(mapped).toMatchObject({
      ok: true,
      rows: [{ rowNo: 3, values: { rowNumber: '7', locationId: '=HYPERLINK("http://x")', type: 'Q' } }],
    });
  });

  it('recognises labels in the locale files as written and as the build precompiles them', () => {
    const columns = sheetColumns(location, [
      { 'entity.tLocation.field.type': '库位类型' },
      { 'entity.tLocation.field.type': [{ type: 0, value: 'Location type' }] },
    ]);
    expect(columns.find((c) => c.key === 'type')?.labels).toEqual(['库位类型', 'Location type']);
    expect(
      messageText([
        { type: 0, value: 'a' },
        { type: 1, value: 'n' },
      ]),
    ).toBeNull();
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
