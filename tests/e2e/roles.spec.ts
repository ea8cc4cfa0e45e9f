import { expect, type Page, test } from '@playwright/test';
import { loginThroughForm, openScreen, login as signIn } from './ui';

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
// Screens stay open in their tabs: only what the active tab shows counts.
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
const input = (page: Page, testId: string) => visible(page, testId).locator('input').first();
const rows = (page: Page) => page.locator('[role="row"][row-index]:visible');

/** The administrator signs in through the API; the viewer through the form, as a new user would. */
async function login(page: Page, account: string, password: string, home: string): Promise<void> {
  if (account === 'admin') await signIn(page, '/', account, password);
  else await loginThroughForm(page, '/login', account, password);
  await expect(page.locator('.menu-label', { hasText: home })).toBeVisible();
}

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await visible(page, testId).click();
  await page.getByRole('option', { name: option }).click();
}

async function submitAndConfirm(page: Page): Promise<void> {
  await visible(page, 'dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
}

async function toEnglish(page: Page): Promise<void> {
  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name: 'English' }).click();
}

test('a role with only "view" on warehouses gives its user a reduced menu and disabled buttons, in both languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'admin', 'Admin#2024', '系统管理');

  // The role, and its menus chosen on the tree: only the warehouse screen's "view" button.
  await openScreen(page, '系统管理', '角色管理');
  await expect(rows(page).first()).toContainText('admin');
  await visible(page, 'add').click();
  await input(page, 'field-name').fill('仓库只读');
  await input(page, 'field-remark').fill('只能查看仓库');
  await submitAndConfirm(page);
  await expect(rows(page).filter({ hasText: '仓库只读' })).toHaveCount(1);
  await shot(page, 'sys-01-roles-zh');
  await rows(page).filter({ hasText: '仓库只读' }).getByTestId('row-menus').click();
  const dialog = page.getByTestId('role-menus-dialog');
  await expect(dialog.getByTestId('role-menu-tree')).toBeVisible();
  await dialog.getByRole('button', { name: '全部展开' }).click();
  const viewButton = dialog.getByTestId('menu-item-sys:tWhse:view');
  await viewButton.locator('[part="label"]').first().click();
  await expect(viewButton).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('menu-item-sys:tWhse:add')).toHaveAttribute('aria-selected', 'false');
  await shot(page, 'sys-02-role-menus-zh');
  await dialog.getByTestId('role-menus-submit').click();
  await expect(dialog).not.toHaveAttribute('open', '');

  // The user: that role and warehouse WH01 only.
  await openScreen(page, '系统管理', '用户管理');
  await expect(rows(page).first()).toContainText('admin');
  await visible(page, 'add').click();
  await input(page, 'field-name').fill('viewer');
  await input(page, 'field-nickName').fill('王查看');
  await choose(page, 'field-status', '启用');
  await choose(page, 'field-language', '简体中文');
  await input(page, 'field-password').fill('Viewer#2024');
  await page.getByTestId('role-仓库只读').click();
  await page.getByTestId('grant-WH01').click();
  await shot(page, 'sys-03-user-dialog-zh');
  await submitAndConfirm(page);
  const viewerRow = rows(page).filter({ hasText: 'viewer' });
  await expect(viewerRow).toContainText('仓库只读');
  await shot(page, 'sys-04-users-zh');

  // The user signs in: one directory, one screen, and only viewing.
  await page.locator('.header-user').click();
  await page.locator('.user-card-logout').click();
  await page.getByRole('button', { name: '确定' }).click();
  await login(page, 'viewer', 'Viewer#2024', '基础资料');
  await expect(page.locator('.menu-label', { hasText: '系统管理' })).toHaveCount(0);
  await openScreen(page, '基础资料', '仓库');
  await expect(page.locator('.menu-label')).toHaveText(['基础资料', '仓库']);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('WH01');
  await expect(visible(page, 'add')).toHaveAttribute('disabled', '');
  await expect(visible(page, 'batch-delete')).toHaveAttribute('disabled', '');
  await expect(rows(page).first().getByTestId('row-edit')).toHaveAttribute('disabled', '');
  await expect(rows(page).first().getByTestId('row-delete')).toHaveAttribute('disabled', '');
  await shot(page, 'sys-05-viewer-warehouses-zh');

  await toEnglish(page);
  await expect(page.locator('.menu-label')).toHaveText(['Master data', 'Warehouses']);
  await expect(visible(page, 'add')).toContainText('Add');
  await expect(visible(page, 'add')).toHaveAttribute('disabled', '');
  await expect(rows(page).first().getByTestId('row-edit')).toHaveAttribute('disabled', '');
  await shot(page, 'sys-06-viewer-warehouses-en');
});

test('a role name of 50 emoji fits its 50 characters, as the server counts them; a direction control is refused under the field', async ({
  page,
}) => {
  await login(page, 'admin', 'Admin#2024', '系统管理');
  await openScreen(page, '系统管理', '角色管理');
  await expect(rows(page).first()).toContainText('admin');
  await visible(page, 'add').click();
  // The field keeps 50 characters (the input's own maxlength would have stopped at 25 emoji: it counts UTF-16 units).
  await input(page, 'field-name').fill('📦'.repeat(60));
  await expect(input(page, 'field-name')).toHaveValue('📦'.repeat(50));
  await input(page, 'field-remark').fill('invoice\u202Efdp.exe');
  await input(page, 'field-remark').press('Tab');
  await expect(visible(page, 'error-remark')).toHaveText(
    '备注含有不可见的文字方向控制字符（如 U+202E），会让显示的内容与实际不符，请删除',
  );
  await input(page, 'field-remark').fill('emoji');
  await submitAndConfirm(page);
  await expect(rows(page).filter({ hasText: '📦'.repeat(50) })).toHaveCount(1);
});

test('the administration screens in Chinese and English', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin', 'Admin#2024', '系统管理');
  const screens = [
    ['用户管理', 'Users', 'users'],
    ['角色管理', 'Roles', 'roles'],
    ['菜单管理', 'Menus', 'menus'],
    ['机构管理', 'Departments', 'depts'],
    ['字典管理', 'Dictionary', 'dict'],
    ['系统日志', 'Operation log', 'log'],
  ] as const;
  for (const [zh, , name] of screens) {
    await openScreen(page, '系统管理', zh);
    await expect(page.locator('.workspace-tabs')).toContainText(zh);
    if (name === 'menus' || name === 'depts') await visible(page, 'tree').locator('sl-tree-item').first().click();
    else await expect(rows(page).first()).toBeVisible();
    await shot(page, `sys-10-${name}-zh`);
  }
  await toEnglish(page);
  for (const [, en, name] of screens) {
    await openScreen(page, 'System', en);
    if (name === 'menus' || name === 'depts') await visible(page, 'tree').locator('sl-tree-item').first().click();
    else await expect(rows(page).first()).toBeVisible();
    // Screens opened in Chinese follow the switch, code lists included.
    if (name === 'users') await expect(rows(page).first()).toContainText('Enabled');
    await shot(page, `sys-11-${name}-en`);
  }
  // The personal panel's change-password dialog.
  await page.locator('.header-user').click();
  await page.locator('.user-card-password').click();
  const dialog = page.locator('sl-dialog[open][data-testid="password-dialog"]');
  await expect(dialog).toHaveAttribute('label', 'Change password');
  await dialog.getByTestId('password-next').locator('input').fill('short');
  await dialog.getByTestId('password-submit').click();
  await expect(dialog).toContainText('at least one letter and one digit');
  await shot(page, 'sys-12-change-password-en');
});
