import { expect, type Page, test } from '@playwright/test';
import { callApi, confirmOk, login, openScreen, pickOption, setLanguage, shot } from './ui';

// Screens stay open in their tabs: only what the active tab shows counts.
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
const keyRow = (page: Page, name: string) =>
  page.locator('[data-entity="apiKey"] [role="row"][row-index]').filter({ hasText: name });

/** A call made with an API key instead of a session, as an integration makes it. */
async function withKey(page: Page, key: string): Promise<number> {
  const res = await page.request.get('/api/user/findPermissions', { headers: { authorization: `Bearer ${key}` } });
  return res.status();
}

/** Creates a key on the Integrations screen, reads it from the dialog that shows it once, and answers it. */
async function createKey(page: Page, name: string, role: string, lang: 'zh' | 'en'): Promise<string> {
  await visible(page, 'add').click();
  const form = page.getByTestId('api-key-dialog');
  await form.getByTestId('api-key-name').locator('input').fill(name);
  await pickOption(page, form.getByTestId('api-key-role'), role);
  await form.getByTestId('grant-WH01').click();
  await form
    .getByTestId('api-key-remark')
    .locator('input')
    .fill(lang === 'zh' ? 'ERP 订单同步' : 'ERP order sync');
  await shot(page, `integrations-01-new-key-${lang}`);
  await form.getByTestId('api-key-ok').click();
  const shown = page.getByTestId('api-key-shown');
  await expect(shown).toHaveAttribute('open', '');
  const key = await shown.getByTestId('api-key-value').locator('input').inputValue();
  expect(key).toMatch(/^wharf_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await shot(page, `integrations-02-key-shown-${lang}`);
  await shown.getByTestId('api-key-done').click();
  await expect(shown).toHaveCount(0);
  return key;
}

test('Integrations: an administrator creates an API key shown once, the key works, and is revoked — in both languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page);
  const stamp = Date.now().toString(36);
  const role = `erp-${stamp}`;
  await callApi(page, 'role/save', { name: role, remark: 'ERP' });

  await openScreen(page, '系统管理', '系统集成');
  const zhKey = await createKey(page, `erp-zh-${stamp}`, role, 'zh');
  const zhRow = keyRow(page, `erp-zh-${stamp}`);
  await expect(zhRow).toContainText('有效');
  await expect(zhRow).toContainText(zhKey.slice(0, 18));
  // The list holds the prefix only: the key itself is nowhere on the screen any more.
  await expect(page.getByText(zhKey)).toHaveCount(0);
  expect(await withKey(page, zhKey)).toBe(200);
  await shot(page, 'integrations-03-list-zh');
  await zhRow.getByTestId('row-revoke').click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await shot(page, 'integrations-04-revoke-zh');
  await confirmOk(page);
  await expect(zhRow).toContainText('已吊销');
  expect(await withKey(page, zhKey)).toBe(401);

  await setLanguage(page, 'English');
  await openScreen(page, 'System', 'Integrations');
  const enKey = await createKey(page, `erp-en-${stamp}`, role, 'en');
  const enRow = keyRow(page, `erp-en-${stamp}`);
  await expect(enRow).toContainText('Active');
  expect(await withKey(page, enKey)).toBe(200);
  await enRow.getByTestId('row-revoke').click();
  await confirmOk(page);
  await expect(enRow).toContainText('Revoked');
  await expect(keyRow(page, `erp-zh-${stamp}`)).toContainText('Revoked');
  await shot(page, 'integrations-03-list-en');
  expect(await withKey(page, enKey)).toBe(401);
});
