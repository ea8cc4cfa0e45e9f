import { expect, test } from '@playwright/test';
import { login, setLanguage, shot } from './ui';

const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    groupId: 7,
    rowNumber: i + 3,
    importStatus: i < 2 ? 'E' : 'V',
    errorMsg: i < 2 ? '库位类型：不是允许的代码（F、S、I、M）；库区：库区 NO-SUCH-ZONE 不存在' : null,
    locationId: `ZH-IMP-0${i + 1}`,
    description: '导入库位 Imported location',
    status: 'A',
    type: i === 0 ? 'Q' : 'M',
    huFlag: 'N',
    itemHuIndicator: 'I',
    zone: 'PAL',
    pickingFlow: '100',
  }));

test('mock layout', async ({ page }) => {
  await page.route('**/api/tblTempExcelImport*/findGroups', (route) =>
    route.fulfill({ json: { code: 200, msg: null, data: [{ groupId: 7, whId: 'WH01', createDate: new Date().toISOString(), createBy: 'admin', total: 5, counts: { N: 0, E: 2, V: 3, S: 0 } }] } }),
  );
  await page.route('**/api/tblTempExcelImport*/findPage', (route) =>
    route.fulfill({ json: { code: 200, msg: null, data: { content: rowsOf(5), totalSize: 5, pageNum: 1, pageSize: 20 } } }),
  );
  await page.route('**/api/user/findPermissions*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const extra = ['Location', 'ItemMaster'].flatMap((t) => ['view', 'add', 'delete'].map((a) => `sys:tblTempExcelImport${t}:${a}`));
    route.fulfill({ json: { ...body, data: [...body.data, ...extra] } });
  });
  await login(page);
  await page.goto('/Wms/ExcelImport');
  await expect(page.getByTestId('import-counts')).toBeVisible();
  await page.waitForTimeout(800);
  await shot(page, 'mock-import-zh');
  await setLanguage(page, 'English');
  await page.waitForTimeout(1200);
  await shot(page, 'mock-import-en');
});
