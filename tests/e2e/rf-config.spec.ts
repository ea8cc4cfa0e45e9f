import { expect, type Locator, type Page, test } from '@playwright/test';
import { callApi, choose, field, input, login, pickOption, rows, setLanguage, shot, submitDialog } from './ui';

// RF configuration (issue 15, spec 001 §2.1–§2.3), one short walk per language on its own names:
// 0. through the API: the walk's resources (title, prompt, option; both locales) and two dialogs A and B of WH01/ACME;
// 1. the sub process detail screen: Add Function Key without a sub process chosen warns about the required fields;
//    opened with warehouse, client and sub process in the route it searches at once;
// 2. the title cell leads to the resource screen (name, type %), which shows the title's two locales;
// 3. back on the detail screen, Add Function Key opens the option screen for A (option name %), which searches at
//    once; Add: the form starts with the warehouse, client and sub process, F1 leads to B, the option name is chosen
//    from the option resources (loaded on focus); the list shows the new key, its option name a link.

interface Texts {
  lang: 'zh' | 'en';
  requiredFields: string;
}

const ZH: Texts = { lang: 'zh', requiredFields: '请先选择仓库、客户和子流程' };
const EN: Texts = { lang: 'en', requiredFields: 'Required fields: choose the warehouse' };

/** The value a Shoelace select holds (a property, not an attribute). */
const selectValue = (select: Locator) => expect.poll(() => select.evaluate((el) => (el as HTMLSelectElement).value));

/** Goes to a route inside the app, as a link does (no reload: the bundle and the session stay). */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), url);
  await expect(page).toHaveURL(url);
}

const visible = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"]`).filter({ visible: true });
const listRows = (page: Page, entity: string) => rows(page, entity).filter({ visible: true });

async function prepare(page: Page, x: Texts): Promise<{ a: string; b: string; option: string; titleName: string }> {
  const tag = `E2E_${x.lang.toUpperCase()}`;
  const names = { a: `${tag}_A`, b: `${tag}_B`, option: `${tag}_OPT`, titleName: `${tag}_TITLE` };
  for (const [name, type, zh, en] of [
    [names.titleName, 'title', '收货', 'Receive'],
    [`${tag}_PROMPT`, 'prompt', '请扫描库位', 'Scan the location'],
    [names.option, 'option', '下一步', 'Next'],
  ] as const) {
    await callApi(page, 'rfProcessResource/save', { name, type, localeId: '2052', text: zh });
    await callApi(page, 'rfProcessResource/save', { name, type, localeId: '1033', text: en });
  }
  for (const sub of [names.a, names.b])
    await callApi(page, 'rfSubProcessDetail/save', {
      whId: 'WH01',
      clientCode: 'ACME',
      subProcessName: sub,
      dialogTitle: names.titleName,
      dialogPrompt: `${tag}_PROMPT`,
      dialogInputField: 'locationId',
      dialogOptionName: names.option,
    });
  return names;
}

async function walk(page: Page, x: Texts): Promise<void> {
  const names = await prepare(page, x);

  // Step 1: the required-fields warning, then the automatic search from the route.
  await navigate(page, `/Wms/RfSubProcessDetail?t=${Date.now()}`);
  const details = visible(page, 'rfSubProcessDetail');
  await details.getByTestId('add-function-key').click();
  await expect(page.locator('sl-alert').filter({ hasText: x.requiredFields }).first()).toBeVisible();
  await selectValue(details.getByTestId('filter-subProcessName')).toBe('%');
  await navigate(page, `/Wms/RfSubProcessDetail?whId=WH01&clientCode=ACME&subProcessName=${names.a}&t=${Date.now()}`);
  await expect(listRows(page, 'rfSubProcessDetail')).toHaveCount(1);
  await expect(listRows(page, 'rfSubProcessDetail')).toContainText(names.a);
  await shot(page, `rf-config-detail-${x.lang}`);

  // Step 2: the title cell leads to its resources, any type.
  await details.getByTestId('link-dialogTitle').first().click();
  await expect(page).toHaveURL(new RegExp(`/Wms/RfProcessResourceDetail\\?name=${names.titleName}&type=%25`));
  await expect(listRows(page, 'rfProcessResource')).toHaveCount(2);
  await expect(listRows(page, 'rfProcessResource').first()).toContainText(names.titleName);
  await selectValue(visible(page, 'rfProcessResource').getByTestId('filter-type')).toBe('%');
  await shot(page, `rf-config-resource-${x.lang}`);

  // Step 3: back to the dialog, Add Function Key, and a new F1 key leading to B.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/Wms\/RfSubProcessDetail\?whId=WH01/);
  await expect(listRows(page, 'rfSubProcessDetail')).toHaveCount(1);
  await visible(page, 'rfSubProcessDetail').getByTestId('add-function-key').click();
  await expect(page).toHaveURL(new RegExp(`/Wms/RfSubProcessOption\\?whId=WH01&clientCode=ACME&subProcessName=${names.a}`));
  const options = visible(page, 'rfSubProcessOption');
  await selectValue(options.getByTestId('filter-subProcessName')).toBe(names.a);
  await expect(listRows(page, 'rfSubProcessOption')).toHaveCount(0);
  await options.getByTestId('add').click();
  await selectValue(field(page, 'subProcessName')).toBe(names.a);
  await selectValue(field(page, 'whId')).toBe('WH01');
  await choose(page, 'functionKey', 'F1');
  await choose(page, 'nextSubProcessName', names.b);
  await pickOption(page, field(page, 'dialogOptionName'), new RegExp(`^${names.option}`));
  await input(page, 'dialogOptionDescription').fill(x.lang === 'zh' ? '下一步' : 'Next step');
  await shot(page, `rf-config-option-form-${x.lang}`);
  await submitDialog(page);
  await expect(listRows(page, 'rfSubProcessOption')).toHaveCount(1);
  await expect(listRows(page, 'rfSubProcessOption')).toContainText(names.b);
  await expect(options.getByTestId('link-dialogOptionName').first()).toHaveText(names.option);
  await shot(page, `rf-config-option-${x.lang}`);
}

test('RF configuration in Chinese: dialog, its resources, a new function key', async ({ page }) => {
  await login(page);
  await walk(page, ZH);
});

test('RF configuration in English: dialog, its resources, a new function key', async ({ page }) => {
  await login(page);
  await setLanguage(page, 'English');
  await walk(page, EN);
});
