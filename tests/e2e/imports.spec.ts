import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { confirmOk, login, pickOption, rows, setLanguage, shot } from './ui';

type Cells = (string | number | boolean | Date | null)[];
type Messages = Record<string, string>;

const messages = (language: 'zh_cn' | 'en_us'): Messages => JSON.parse(readFileSync(`locales/${language}.json`, 'utf8'));
const zh = messages('zh_cn');
const en = messages('en_us');

/** Clicks a button that downloads a workbook, and reads the workbook's first sheet. */
async function downloadSheet(page: Page, testId: string): Promise<Cells[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return (await readSheet(readFileSync(await download.path()))) as Cells[];
}

/** A workbook of the sheet's two header rows and the given rows (values by field key, in the key row's order). */
async function workbook(header: readonly Cells[], data: readonly Record<string, string>[]): Promise<Buffer> {
  const keys = (header[1] ?? []).map(String);
  const text = (value: unknown) => ({ value: value === null || value === undefined ? '' : String(value), type: String });
  return writeXlsxFile([
    ...header.slice(0, 2).map((row) => row.map(text)),
    ...data.map((row) => keys.map((key) => text(row[key]))),
  ]).toBuffer();
}

/** A sheet's data rows as objects by field key. */
function records(sheet: readonly Cells[]): Record<string, string>[] {
  const keys = (sheet[1] ?? []).map(String);
  return sheet
    .slice(2)
    .map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i] === null || row[i] === undefined ? '' : String(row[i])])));
}

async function chooseFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await expect(page.getByTestId('import-file-name')).toHaveText(name);
}

const toast = (page: Page, text: string) => page.locator('sl-alert', { hasText: text }).first();
const count = (page: Page, status: string) => page.getByTestId(`import-count-${status}`);

/** Imports (or re-imports) the chosen file and waits for the outcome line. */
async function runImport(page: Page, button: 'import-start' | 'import-reimport', outcome: RegExp): Promise<void> {
  await page.getByTestId(button).click();
  await expect(page.getByTestId('import-outcome')).toContainText(outcome);
}

async function commit(page: Page, outcome: RegExp): Promise<void> {
  await page.getByTestId('import-commit').click();
  await confirmOk(page);
  await expect(page.getByTestId('import-outcome')).toContainText(outcome);
}

test('locations: template, import with two row errors, commit, error file fixed and re-imported (Chinese)', async ({ page }) => {
  const m = zh;
  await login(page);
  await page.goto('/Wms/ExcelImport');
  await pickOption(page, page.getByTestId('import-type'), '库位');
  // The user's first warehouse is chosen.
  await expect.poll(() => page.getByTestId('import-warehouse').evaluate((el) => (el as HTMLSelectElement).value)).toBe('WH01');

  // The spec's file messages.
  await page.getByTestId('import-start').click();
  await expect(toast(page, '未选择文件')).toBeVisible();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
  await expect(toast(page, '文件格式不正确，请上传 xls 或 xlsx 格式')).toBeVisible();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'old.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
  await expect(toast(page, '另存为')).toBeVisible();

  // The template: Chinese labels (required marked), the key row, one example row.
  const template = await downloadSheet(page, 'import-template');
  expect(template[0]?.[0]).toBe(`${m['entity.tLocation.field.locationId']} *`);
  expect(template[1]?.slice(0, 3)).toEqual(['locationId', 'description', 'shortLocationId']);
  const [example = {}] = records(template);
  expect(example.locationId).toBe('IMP-01-01');

  const good = ['ZH-IMP-01', 'ZH-IMP-02', 'ZH-IMP-03'].map((locationId) => ({ ...example, locationId }));
  const bad = [
    { ...example, locationId: 'ZH-IMP-04', type: 'Q', description: '=SUM(1,2)' },
    { ...example, locationId: 'ZH-IMP-05', zone: 'NO-SUCH-ZONE' },
  ];
  await chooseFile(page, 'locations.xlsx', await workbook(template, [...good, ...bad]));
  await runImport(page, 'import-start', /导入 5 行，有效 3 行，错误 2 行/);
  await expect(count(page, 'V')).toContainText('3');
  await expect(count(page, 'E')).toContainText('2');
  // The preview opens on the error rows; each message names its column.
  const preview = rows(page, 'tblTempExcelImportLocation');
  await expect(preview).toHaveCount(2);
  await expect(preview.filter({ hasText: 'ZH-IMP-04' })).toContainText(m['entity.tLocation.field.type']!);
  await expect(preview.filter({ hasText: 'ZH-IMP-05' })).toContainText(m['entity.tLocation.field.zone']!);
  await shot(page, 'import-preview-zh');

  await commit(page, /提交 3 行/);
  await expect(count(page, 'S')).toContainText('3');

  // The error file: the two rows with their row numbers and messages, the formula-like text escaped.
  const errors = await downloadSheet(page, 'import-errors');
  expect(errors[1]?.[0]).toBe('rowNumber');
  expect(errors[1]?.at(-1)).toBe('errorMsg');
  const failed = records(errors);
  expect(failed.map((row) => row.locationId).sort()).toEqual(['ZH-IMP-04', 'ZH-IMP-05']);
  expect(failed.find((row) => row.locationId === 'ZH-IMP-04')?.description).toBe("'=SUM(1,2)");
  expect(failed.every((row) => /^\d+$/.test(row.rowNumber ?? '') && (row.errorMsg ?? '') !== '')).toBe(true);

  // Fixed, and re-imported into the same group: the error rows are replaced, then committed.
  const fixed = failed.map((row) => ({ ...row, type: 'M', zone: example.zone ?? '' }));
  await chooseFile(page, 'locations-fixed.xlsx', await workbook(errors, fixed));
  await runImport(page, 'import-reimport', /导入 2 行，有效 2 行，错误 0 行/);
  await commit(page, /提交 2 行/);
  await expect(count(page, 'S')).toContainText('5');
  await expect(count(page, 'E')).toContainText('0');
  await shot(page, 'import-committed-zh');
});

test('items in English: template, one row error, commit, fix and re-import', async ({ page }) => {
  const m = en;
  await login(page);
  await setLanguage(page, 'English');
  await page.goto('/Wms/ExcelImport');
  await pickOption(page, page.getByTestId('import-type'), 'Items');
  const template = await downloadSheet(page, 'import-template');
  expect(template[0]).toContain(`${m['entity.tItemMaster.field.lotControl']} *`);
  const [example = {}] = records(template);

  const items = [
    { ...example, itemNumber: 'EN-IMP-1' },
    { ...example, itemNumber: 'EN-IMP-2', lotControl: 'X' },
    { ...example, itemNumber: 'EN-IMP-3' },
  ];
  await chooseFile(page, 'items.xlsx', await workbook(template, items));
  await runImport(page, 'import-start', /3 rows imported, 2 valid, 1 with errors/);
  const preview = rows(page, 'tblTempExcelImportItemMaster');
  await expect(preview).toHaveCount(1);
  await expect(preview.first()).toContainText(m['entity.tItemMaster.field.lotControl']!);
  await shot(page, 'import-preview-en');
  await commit(page, /Committed: 2 rows,/);

  const errors = await downloadSheet(page, 'import-errors');
  const fixed = records(errors).map((row) => ({ ...row, lotControl: 'N' }));
  await chooseFile(page, 'items-fixed.xlsx', await workbook(errors, fixed));
  await runImport(page, 'import-reimport', /1 row imported, 1 valid, 0 with errors/);
  await commit(page, /Committed: 1 row,/);
  await expect(count(page, 'S')).toContainText('3');
  await shot(page, 'import-committed-en');

  // Deleting the group (the spec's delete confirmation) takes its staging rows; the items stay.
  await page.getByTestId('import-delete').click();
  await expect(page.locator('.wharf-confirm')).toContainText('Do you confirm the deletion?');
  await confirmOk(page);
  await expect(toast(page, '3 rows of the group deleted')).toBeVisible();
});
