import { expect, type Page, type Route, test } from '@playwright/test';
import { dialog, login, openScreen, rows, setLanguage, shot } from './ui';

// The console's shared behaviour (spec 000 §2, §8, §9): transport errors on the login screen, the error page of a failed
// request with its way back, the table toolbar's signature shortcut, dialogs a click beside them does not close, and the
// built-in role's remark in the user's language.

/** Answers a call with an HTTP failure status and the server's envelope. */
const failWith = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code: status, msg: 'failed', data: null }) });

/** Answers a call as the server answers an unexpected failure: 500, its request id in the header and the message. */
const serverFailure = (id: string) => (route: Route) =>
  route.fulfill({
    status: 500,
    headers: { 'x-request-id': id },
    contentType: 'application/json',
    body: JSON.stringify({ code: 500, msg: `Internal server error (${id})`, data: null }),
  });

/** A click on the dimmed page beside the open dialog. */
const clickBeside = async (page: Page) => {
  await page.mouse.click(8, 450);
  await page.waitForTimeout(300);
};

test('the login screen shows the message of a transport error, in both languages', async ({ page }) => {
  await page.route('**/api/login', failWith(500));
  await page.goto('/login');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('Admin#2024');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('login-transport-error')).toContainText('服务器内部错误');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'console-01-login-500-zh');

  // The server cannot be reached at all: no response, and the login screen says so.
  await page.unroute('**/api/login');
  await page.route('**/api/login', (route) => route.abort('connectionrefused'));
  await setLanguage(page, 'English');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('login-transport-error')).toContainText(
    'Cannot reach the server; check the network and try again',
  );
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'console-02-login-unreachable-en');

  // Once the server answers, the same screen logs in and the message is gone.
  await page.unroute('**/api/login');
  await setLanguage(page, '中文');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('.shell-header')).toBeVisible();
});

test('the login screen shows the captcha image, and the server’s message once an address asked for too many', async ({
  page,
}) => {
  // The browser tests' server has the captcha off: its public configuration says on, the images are the server's own.
  await page.route('**/api/config/public', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { captcha: boolean } };
    await route.fulfill({ response, json: { ...answer, data: { ...answer.data, captcha: true } } });
  });
  await page.goto('/login');
  const image = page.locator('.captcha-image img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await page.locator('.captcha-image').click();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // Use up this address's minute (60 images), then ask for one more from the screen.
  await page.evaluate(async () => {
    for (let i = 0; i < 60; i++) await fetch(`/api/captcha.jpg?t=burst${i}`);
  });
  await page.locator('.captcha-image').click();
  await expect(page.getByTestId('captcha-error')).toContainText('此地址请求验证码过于频繁，请');
  await expect(image).toHaveCount(0);
  await shot(page, 'console-captcha-throttled-zh');
  await setLanguage(page, 'English');
  await page.locator('.captcha-image').click();
  await expect(page.getByTestId('captcha-error')).toContainText('Too many verification codes requested from this address');
  await shot(page, 'console-captcha-throttled-en');
});

test('a failed request shows the error page of its status, which leads back to the screen, in both languages', async ({
  page,
}) => {
  await login(page);
  await openScreen(page, '基础资料', '仓库', /\/Wms\/TWhse$/);
  const list = page.locator('[data-entity="tWhse"]');
  await expect(rows(page, 'tWhse').first()).toBeVisible();

  await page.route('**/api/tWhse/findPage', failWith(403));
  await list.getByTestId('refresh').click();
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.locator('.error-page')).toContainText('拒绝访问');
  await shot(page, 'console-03-error-403-zh');
  await page.unroute('**/api/tWhse/findPage');
  await page.getByRole('button', { name: '返回上一页' }).click();
  await expect(page).toHaveURL(/\/Wms\/TWhse$/);
  await expect(rows(page, 'tWhse').first()).toBeVisible();

  // A server failure names its request id, small, for the user to quote; a 4xx page names none.
  await page.route('**/api/tWhse/findPage', serverFailure('ref-zh-0042'));
  await list.getByTestId('refresh').click();
  await expect(page).toHaveURL(/\/error\/500\?ref=ref-zh-0042$/);
  await expect(page.locator('.error-reference')).toHaveText('参考编号：ref-zh-0042');
  await shot(page, 'console-03b-error-500-zh');
  await page.unroute('**/api/tWhse/findPage');
  await page.getByRole('button', { name: '返回上一页' }).click();
  await expect(rows(page, 'tWhse').first()).toBeVisible();

  await setLanguage(page, 'English');
  await page.route('**/api/tWhse/findPage', failWith(400));
  await list.getByTestId('refresh').click();
  await expect(page).toHaveURL(/\/error\/400$/);
  await expect(page.locator('.error-page')).toContainText('Bad request');
  await expect(page.locator('.error-reference')).toHaveCount(0);
  await shot(page, 'console-04-error-400-en');
  await page.unroute('**/api/tWhse/findPage');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/Wms\/TWhse$/);
  await expect(rows(page, 'tWhse').first()).toBeVisible();

  await page.route('**/api/tWhse/findPage', serverFailure('ref-en-0043'));
  await list.getByTestId('refresh').click();
  await expect(page.locator('.error-reference')).toHaveText('Reference: ref-en-0043');
  await shot(page, 'console-04b-error-500-en');
  await page.unroute('**/api/tWhse/findPage');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(rows(page, 'tWhse').first()).toBeVisible();
});

test('the table toolbar opens the signing tool, dialogs ignore a click beside them, and the built-in role reads in both languages', async ({
  page,
}) => {
  await login(page);
  await openScreen(page, '系统管理', '角色管理', /\/sys\/role$/);
  const roles = page.locator('[data-entity="role"]');
  const admin = rows(page, 'role').filter({ hasText: 'admin' }).first();
  await expect(admin).toContainText('超级管理员');
  await expect(admin).not.toContainText('role.superAdmin');

  // The add form and the column chooser stay open on a click beside them; Escape closes them.
  await roles.getByTestId('add').click();
  await expect(dialog(page)).toHaveCount(1);
  await clickBeside(page);
  await expect(dialog(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await roles.getByTestId('columns').click();
  const chooser = page.locator('.wharf-column-chooser[open]');
  await expect(chooser).toHaveCount(1);
  await clickBeside(page);
  await expect(chooser).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);
  await shot(page, 'console-05-roles-zh');

  // The edit form shows the remark's text too, and saving it unchanged keeps the key (the list still translates it).
  await admin.getByTestId('row-edit').click();
  await expect(dialog(page).getByTestId('field-remark').locator('input')).toHaveValue('超级管理员');
  const saved = page.waitForRequest((request) => request.url().endsWith('/api/role/save'));
  await dialog(page).getByTestId('dialog-submit').click();
  await page.getByTestId('confirm-ok').click();
  expect(((await saved).postDataJSON() as { remark: string }).remark).toBe('role.superAdmin');
  await expect(dialog(page)).toHaveCount(0);

  // The signature shortcut opens Core/Signature with a date parameter.
  await roles.getByTestId('signature').click();
  await expect(page).toHaveURL(/\/Core\/Signature\?date=\d+$/);
  await expect(page.getByTestId('signature-drop')).toContainText('选择要签名的 PDF 文件');
  await shot(page, 'console-06-signature-zh');

  await setLanguage(page, 'English');
  await expect(page.getByTestId('signature-drop')).toContainText('Choose the PDF file to sign');
  await shot(page, 'console-07-signature-en');
  await openScreen(page, 'System', 'Roles', /\/sys\/role$/);
  await expect(rows(page, 'role').filter({ hasText: 'admin' }).first()).toContainText('Super administrator');
  await shot(page, 'console-08-roles-en');
});
