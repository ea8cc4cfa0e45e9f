/** What the browser tests share: screenshots, the menu, and the open form dialog of the workspace. */
import { expect, type Page } from '@playwright/test';

export const shot = (page: Page, name: string) => page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });

/** Each open tab keeps its screen: the rows of one entity's list only. */
export const rows = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"] [role="row"][row-index]`);

/** The open form dialog (tabs keep theirs mounted), one of its fields, and that field's input. */
export const dialog = (page: Page) => page.locator('[data-testid="form-dialog"][open]');
export const field = (page: Page, name: string) => dialog(page).getByTestId(`field-${name}`);
export const input = (page: Page, name: string) => field(page, name).locator('input').first();

/** Opens a screen from the side menu, expanding its directory when needed. */
export async function openScreen(page: Page, directory: string, screen: string, url: RegExp): Promise<void> {
  if (!(await page.locator('.menu-label').getByText(screen, { exact: true }).isVisible()))
    await page.locator('.menu-label', { hasText: directory }).click();
  await page.locator('.menu-label').getByText(screen, { exact: true }).click();
  await expect(page).toHaveURL(url);
}

/** Opens a select of the dialog and picks the option whose text matches. */
export async function choose(page: Page, name: string, option: string | RegExp): Promise<void> {
  await field(page, name).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/**
 * Types filters into a list's filter bar and searches until the list shows `count` rows. A value typed in the same
 * instant as the list reloads after a save can be lost by the controlled input (a known race of the list kit, noted
 * in the README): the filter is typed again, as a user would, rather than failing the test on it.
 */
export async function filterList(page: Page, entity: string, filters: Record<string, string>, count: number): Promise<void> {
  const list = page.locator(`[data-entity="${entity}"]`);
  await expect(async () => {
    for (const [name, value] of Object.entries(filters)) await list.getByTestId(`filter-${name}`).locator('input').fill(value);
    await list.getByTestId('search').click();
    await expect(rows(page, entity)).toHaveCount(count, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** Logs in as the administrator from the login screen (Chinese, the default language) and waits for the workspace. */
export async function login(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('Admin#2024');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('.shell-header')).toBeVisible();
}

/** Switches the language with the selector of the header, or of the login screen when signed out. */
export async function setLanguage(page: Page, name: '中文' | 'English'): Promise<void> {
  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name }).click();
}
