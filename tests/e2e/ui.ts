/** What the browser tests share: screenshots, the menu, and the open form dialog of the workspace. */
import { expect, type Locator, type Page } from '@playwright/test';

export const shot = async (page: Page, name: string) => {
  if (process.env.WHARF_E2E_SHOTS !== '0') await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
};

/** Each open tab keeps its screen: the rows of one entity's list only. */
export const rows = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"] [role="row"][row-index]`);

/** The open form dialog (tabs keep theirs mounted), one of its fields, and that field's input. */
export const dialog = (page: Page) => page.locator('[data-testid="form-dialog"][open]');
export const field = (page: Page, name: string) => dialog(page).getByTestId(`field-${name}`);
export const input = (page: Page, name: string) => field(page, name).locator('input').first();

/**
 * Opens a screen from the side menu, expanding its directory when it is closed. After a language switch the menu is
 * read again in the new language: until it is, neither name is there, and a directory clicked in that instant may be
 * the open one (closing it) — so the directory is clicked only when it says it is closed, and the whole is tried
 * again until the screen opens, as a user would.
 */
export async function openScreen(page: Page, directory: string, screen: string, url?: RegExp): Promise<void> {
  const entry = page.locator('.menu-label').getByText(screen, { exact: true });
  const group = page.locator('button.menu-entry.group', {
    has: page.locator('.menu-label').getByText(directory, { exact: true }),
  });
  await expect(async () => {
    if (!(await entry.isVisible()) && (await group.getAttribute('aria-expanded', { timeout: 2000 })) !== 'true')
      await group.click({ timeout: 2000 });
    await entry.click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  if (url) await expect(page).toHaveURL(url);
}

/**
 * Opens a select and picks the option whose text matches. A dialog that has just closed hands the focus back to
 * what opened it, and a select that loses the focus closes: a select opened in that instant closes again, so it is
 * opened again until the option can be clicked, as a user would.
 */
export async function pickOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  const choice = page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .filter({ visible: true })
    .first();
  await expect(async () => {
    if (!(await choice.isVisible())) await select.click();
    await choice.click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a select of the dialog and picks the option whose text matches. */
export const choose = (page: Page, name: string, option: string | RegExp) => pickOption(page, field(page, name), option);

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

/** The administrator of every test server (tests/e2e/startServer.mjs). */
export const ADMIN = { account: 'admin', password: 'Admin#2024' } as const;

/**
 * Signs in without the login form, as the form would leave the browser: an API login (in Chinese, the default
 * language, which the server saves as the user's), its token and account put in the tab's session storage before the
 * console's scripts run, then `path` opened. The form itself has its own tests (console, transfer, warehouses,
 * backup and roles specs use `loginThroughForm`); the others save the form's rendering, ~1 s a test on two cores.
 * The storage is filled once per tab: a sign-out during the test stays signed out.
 */
export async function login(
  page: Page,
  path = '/',
  account: string = ADMIN.account,
  password: string = ADMIN.password,
): Promise<void> {
  const res = await page.request.post('/api/login', { data: { account, password, captcha: '', language: 'zh_cn' } });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, `login ${account}: ${body.msg}`).toBe(200);
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', '1');
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('user', user);
    },
    { token: body.data.token, user: account },
  );
  await page.goto(path);
  await expect(page.locator('.shell-header')).toBeVisible();
}

/** Signs in through the login screen (Chinese, the default language), from `path`, and waits for the workspace. */
export async function loginThroughForm(
  page: Page,
  path = '/login',
  account: string = ADMIN.account,
  password: string = ADMIN.password,
): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('.shell-header')).toBeVisible();
}

/** Switches the language with the selector of the header, or of the login screen when signed out. */
export async function setLanguage(page: Page, name: '中文' | 'English'): Promise<void> {
  await page.locator('.language-select sl-button').first().click();
  await page.getByRole('menuitemcheckbox', { name }).click();
}

/** A lookup field of the form dialog: the code typed (or scanned) and taken with Enter. */
export async function scan(page: Page, name: string, code: string): Promise<void> {
  await input(page, name).fill(code);
  await input(page, name).press('Enter');
  await expect(field(page, name)).toHaveAttribute('data-value', code);
}

/** Answers the confirmation box with OK. */
export const confirmOk = (page: Page) => page.getByTestId('confirm-ok').click();

/** Submits the form dialog and answers its confirmation (the dialog stays open when the save is refused). */
export async function submit(page: Page): Promise<void> {
  await dialog(page).getByTestId('dialog-submit').click();
  await confirmOk(page);
}

/** Submits the form dialog, confirms, and waits for it to close. */
export async function submitDialog(page: Page): Promise<void> {
  await submit(page);
  await expect(dialog(page)).toHaveCount(0);
}

/** Calls the API with the browser session's own token (as a screen would); expects success and answers `data`. */
export async function callApi<T = unknown>(page: Page, url: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.post(`/api/${url}`, { headers: { token: token ?? '' }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/**
 * The handheld page of the signed-in user, working in WH01 for ACME. The RF place is the user's own (kept in the
 * database, resumed on any device): a dock station's flow left it where the station's last PO was (another client),
 * so a handheld test sets it first, as the handheld's own place menu would; a flow left running elsewhere ends.
 */
export async function openHandheld(page: Page): Promise<void> {
  await callApi(page, 'rfDialog/getRfFunctionProcess', { whId: 'WH01', clientCode: 'ACME' });
  await page.goto('/Core/RfDialog');
}

/** A stock line a test puts in: where, what, how many, and the lot and first attribute value when the item needs them. */
export interface StockLine {
  locationId: string;
  itemNumber: string;
  uom: string;
  qty: string;
  lotNumber?: string;
  expirationDate?: string;
  genericAttrValue1?: string;
}

/**
 * Puts stock in as the office would, with the browser session's token: one adjustment of warehouse WH01 with a line
 * per stock line, confirmed (the ledger's ADJUST). A spec that consumes stock brings its own this way, so that specs
 * sharing the server do not take each other's.
 */
export async function putStock(page: Page, description: string, lines: readonly StockLine[]): Promise<string> {
  const id = await callApi<number>(page, 'tblInvAdjustment/save', { whId: 'WH01', description });
  const tasks = await callApi<{ content: { id: number; taskId: string }[] }>(page, 'tblInvAdjustment/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { whId: 'WH01' },
  });
  const taskId = tasks.content.find((task) => task.id === id)?.taskId ?? '';
  expect(taskId).toMatch(/^AJ\d+$/);
  for (const [n, line] of lines.entries()) {
    await callApi(page, 'tblInvAdjustmentDetail/save', { whId: 'WH01', taskId, lineNumber: n + 1, ...line });
  }
  await callApi(page, 'tblInvAdjustment/confirmInvAdjustment', { whId: 'WH01', taskId });
  return taskId;
}

/** An open purchase order of ACME in WH01 (vendor V-MENGNIU) with one line, made through the API as the office would. */
export async function openPo(
  page: Page,
  poNumber: string,
  line: { itemNumber: string; qty: string; orderUom: string },
): Promise<void> {
  await callApi(page, 'tPoMaster/save', {
    whId: 'WH01',
    clientCode: 'ACME',
    poNumber,
    typeId: 'STD',
    vendorCode: 'V-MENGNIU',
    appointmentStatus: 'N',
  });
  await callApi(page, 'tPoDetail/save', { whId: 'WH01', poNumber, lineNumber: 1, ...line });
}
