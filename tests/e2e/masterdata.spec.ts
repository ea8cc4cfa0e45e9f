import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, dialog, field, filterList, login, openScreen, rows, shot } from './ui';

const input = (page: Page, testId: string) => dialog(page).getByTestId(testId).locator('input').first();

// An item with an attribute collection and a second unit, and a pallet location, are set up from the master-data
// screens (Chinese, then English) and then found through the lookups a movement or adjustment line dialog calls.

async function submit(page: Page): Promise<void> {
  await dialog(page).getByTestId('dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Calls a lookup as the signed-in user of the page. */
async function lookup<T>(request: APIRequestContext, token: string, name: string, body: object): Promise<T> {
  const res = await request.post(`/api/globalOptions/${name}`, { data: body, headers: { token, lang: 'en_us' } });
  expect(res.status(), name).toBe(200);
  const envelope = (await res.json()) as { code: number; data: T };
  expect(envelope.code, name).toBe(200);
  return envelope.data;
}

test('an item with attributes and a second unit, and a pallet location, are found through the line lookups', async ({ page }) => {
  // Four screens, four forms and a language switch: longer than one screen's flow.
  test.setTimeout(240_000);
  await login(page);

  // 属性集: two attribute types.
  await openScreen(page, '基础资料', '属性集', /\/Wms\/TAttributeCollection/);
  await page.locator('[data-entity="tAttributeCollection"]').getByTestId('add').click();
  await choose(page, 'whId', /^WH01/);
  await input(page, 'field-attributeCollectionId').fill('E2E-ATTR');
  await input(page, 'field-description').fill('端到端颜色尺码');
  await input(page, 'field-attributeType1').fill('颜色');
  await input(page, 'field-attributeType2').fill('尺码');
  await submit(page);

  // 商品: the client and the attribute collection come from lookups of the chosen warehouse.
  await openScreen(page, '基础资料', '商品', /\/Wms\/TItemMaster/);
  await page.locator('[data-entity="tItemMaster"]').getByTestId('add').click();
  await expect(field(page, 'clientCode')).toHaveAttribute('disabled', '');
  await choose(page, 'whId', /^WH01/);
  await choose(page, 'clientCode', 'ACME 艾克美贸易 ACME Trading');
  await input(page, 'field-itemNumber').fill('E2E-SKU-01');
  await input(page, 'field-description').fill('端到端螺丝 M6');
  await input(page, 'field-uom').fill('EA');
  await field(page, 'attributeCollectionId').click();
  await expect(page.getByRole('option', { name: 'E2E-ATTR 端到端颜色尺码' })).toBeVisible();
  await shot(page, '31-item-attribute-lookup-zh');
  await page.getByRole('option', { name: 'E2E-ATTR 端到端颜色尺码' }).click();
  await choose(page, 'lotControl', '是');
  await choose(page, 'serialControl', '否');
  await choose(page, 'isSpecialSize', '否');
  await choose(page, 'useXcarton', '否');
  await choose(page, 'status', '启用');
  await submit(page);
  await filterList(page, 'tItemMaster', { itemNumber: 'E2E-SKU-01' }, 1);
  await expect(rows(page, 'tItemMaster').first()).toContainText('端到端螺丝 M6');

  // English from here on.
  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name: 'English' }).click();

  // Item units: the item is searched as one types; another warehouse clears it.
  await openScreen(page, 'Master data', 'Item units', /\/Wms\/TItemUom/);
  await page.locator('[data-entity="tItemUom"]').getByTestId('add').click();
  await expect(input(page, 'field-itemNumber')).toBeDisabled();
  await choose(page, 'whId', /^WH01/);
  await input(page, 'field-itemNumber').fill('e2e-sku');
  const match = page.getByRole('option', { name: 'E2E-SKU-01 端到端螺丝 M6' });
  await expect(match).toBeVisible();
  await shot(page, '32-item-unit-search-en');
  await match.click();
  await expect(field(page, 'itemNumber')).toHaveAttribute('data-value', 'E2E-SKU-01');
  await expect(input(page, 'field-itemNumber')).toHaveValue('E2E-SKU-01 端到端螺丝 M6');
  await choose(page, 'whId', /^WH02/);
  await expect(field(page, 'itemNumber')).toHaveAttribute('data-value', '');
  await choose(page, 'whId', /^WH01/);
  // A scanned code (typed at once, then Enter) is taken without waiting for the search, and does not submit the form.
  await input(page, 'field-itemNumber').fill('E2E-SKU-01');
  await input(page, 'field-itemNumber').press('Enter');
  await expect(field(page, 'itemNumber')).toHaveAttribute('data-value', 'E2E-SKU-01');
  await expect(dialog(page)).toHaveCount(1);
  // Typed exactly and left: taken as well.
  await input(page, 'field-itemNumber').fill('');
  await input(page, 'field-uom').click();
  await expect(field(page, 'itemNumber')).toHaveAttribute('data-value', '');
  await input(page, 'field-itemNumber').fill('E2E-SKU-01');
  await input(page, 'field-uom').fill('CS');
  await expect(field(page, 'itemNumber')).toHaveAttribute('data-value', 'E2E-SKU-01');
  await input(page, 'field-conversionFactor').fill('12');
  await choose(page, 'status', 'Active');
  await submit(page);

  // Locations: a pallet (H) location.
  await openScreen(page, 'Master data', 'Locations', /\/Wms\/TLocation/);
  await page.locator('[data-entity="tLocation"]').getByTestId('add').click();
  await choose(page, 'whId', /^WH01/);
  await input(page, 'field-locationId').fill('E2E-PL-01');
  await input(page, 'field-description').fill('E2E pallet rack');
  await choose(page, 'status', 'Active');
  await choose(page, 'type', 'Forklift');
  await choose(page, 'itemHuIndicator', 'Pallets');
  await choose(page, 'huFlag', 'Yes');
  await shot(page, '33-pallet-location-en');
  await submit(page);

  // What a line dialog asks once an item and a source location are chosen.
  const token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
  const ask = <T>(name: string, body: object) => lookup<T>(page.request, token, name, { whId: 'WH01', ...body });
  expect(await ask('getSku', { clientCode: 'ACME', keyword: 'E2E-SKU' })).toEqual([
    { optionValue: 'E2E-SKU-01', optionDisplay: 'E2E-SKU-01 端到端螺丝 M6' },
  ]);
  expect(await ask('getItemBaseUom', { itemNumber: 'E2E-SKU-01' })).toEqual([
    { optionValue: 'EA', optionDisplay: 'EA' },
    { optionValue: 'CS', optionDisplay: 'CS (12 EA)' },
  ]);
  expect(await ask('getItemLotCtlAttrCollection', { itemNumber: 'E2E-SKU-01' })).toMatchObject({
    lotControl: 'Y',
    clientCode: 'ACME',
    attributeCollectionId: 'E2E-ATTR',
  });
  expect(await ask('getItemAttributeTypes', { itemNumber: 'E2E-SKU-01' })).toEqual([
    { slot: 1, attributeType: '颜色' },
    { slot: 2, attributeType: '尺码' },
  ]);
  const attributes = { itemNumber: 'E2E-SKU-01', genericAttrValue1: '红', genericAttrValue2: 'L' };
  const first = await ask<{ storedAttributeId: number }>('getStoredAttributeId', attributes);
  expect(first.storedAttributeId).toEqual(expect.any(Number));
  expect(await ask('getStoredAttributeId', attributes)).toEqual(first);
  expect(await ask('getLocation', { keyword: 'E2E-PL' })).toEqual([{ optionValue: 'E2E-PL-01', optionDisplay: 'E2E-PL-01' }]);
  expect(await ask('getLocItemHuIndicate', { locationId: 'E2E-PL-01' })).toEqual({
    locationId: 'E2E-PL-01',
    itemHuIndicate: 'H',
    type: 'F',
  });
  expect(await ask('getDestinationLocation', { locationId: 'E2E-PL-01', keyword: 'E2E-PL' })).toEqual([]);
});
