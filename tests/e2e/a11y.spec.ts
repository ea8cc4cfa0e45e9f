import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { rowButton } from './grid';
import { dialog, login, openHandheld, openPo, openScreen, pickOption, setLanguage, shot } from './ui';

// Issue 27 item 9: no critical or serious axe-core finding on the screens a clerk works in, in Chinese and in English —
// the login page, the home page, two lists (POs with their rows' menu, orders), a dialog (a new PO), the two desks (receiving,
// packing) and the RF station on a 360 × 640 handheld. The kit's components carry the fixes (tool and pager buttons
// named by their icon's label, the pager's fields and the login fields by a Shoelace label out of sight, a readable
// theme shade, tabs without a button inside, Shoelace's own words in Chinese), so each screen built on them passes.

// axe takes a field scrolled out of its container for hidden, and then its label for missing (label-title-only): the
// window is tall enough to show a whole list screen, its pager included.
test.use({ viewport: { width: 1440, height: 1200 } });

type Lang = 'zh' | 'en';
/** Each language's pass opens a PO of its own at the receiving desk. */
const PO: Record<Lang, string> = { zh: 'A11Y-PO-1', en: 'A11Y-PO-2' };

const list = (page: Page, entity: string) => page.locator(`[data-entity="${entity}"]`);

/** Opens a list screen and waits for its first row: axe checks the rows and their buttons too. */
async function openList(page: Page, url: string, entity: string): Promise<void> {
  await page.goto(url);
  await expect(list(page, entity).locator('[role="row"][row-index]').first()).toBeVisible();
}

async function workspace(page: Page, lang: Lang): Promise<void> {
  // The home page: the dashboard (issue 29), then the spec's carousel one tab away.
  await page.goto('/');
  await expect(page.getByTestId('dash-receipts')).toBeVisible();
  await expectAccessible(page, `home dashboard ${lang}`);
  await page.getByTestId('home-tab-about').click();
  await expect(page.locator('.home-carousel')).toBeVisible();
  await expectAccessible(page, `home ${lang}`);

  // The PO list with a row's menu open (its folded actions).
  await openList(page, '/Wms/TPoMaster', 'tPoMaster');
  await rowButton(list(page, 'tPoMaster').locator('[role="row"][row-index="0"]'), 'edit');
  await expectAccessible(page, `PO list and row menu ${lang}`);
  await page.keyboard.press('Escape');
  await expect(page.locator('.wharf-row-menu')).toHaveCount(0);
  await list(page, 'tPoMaster').getByTestId('add').click();
  await expect(dialog(page)).toBeVisible();
  // The dialog's close button speaks the console's language (Shoelace's own words, localized).
  await expect(dialog(page).locator('[part~="close-button"]').locator('button')).toHaveAttribute(
    'aria-label',
    lang === 'zh' ? '关闭' : 'Close',
  );
  await expectAccessible(page, `new PO dialog ${lang}`);
  await shot(page, `a11y-new-po-${lang}`);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  await openList(page, '/Wms/TOrder', 'tOrder');
  await expectAccessible(page, `order list ${lang}`);

  await page.goto(`/Wms/Receiving?poNumber=${PO[lang]}&whId=WH01`);
  await expect(page.getByTestId('receiving-page').locator('[role="row"][row-index]').first()).toBeVisible();
  await expectAccessible(page, `receiving desk ${lang}`);

  await page.goto('/Wms/CartonPick');
  const desk = page.getByTestId('carton-pick-page');
  await pickOption(page, desk.getByTestId('pack-whId'), /^WH01/);
  await pickOption(page, desk.getByTestId('pack-wave'), /DEMO-WV-3/);
  await pickOption(page, desk.getByTestId('pack-order'), /DEMO-SO-3/);
  await expectAccessible(page, `packing desk ${lang}`);
  await shot(page, `a11y-packing-desk-${lang}`);
}

test('the login page has no critical or serious accessibility finding, in Chinese and in English', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await expectAccessible(page, 'login zh');
  await setLanguage(page, 'English');
  await expect(page.getByPlaceholder('Account')).toBeVisible();
  await expectAccessible(page, 'login en');
});

// One test per language and one for the handheld: each a few minutes of axe runs on a loaded machine, within its own
// time limit.
test('the workspace’s screens have no critical or serious accessibility finding, in Chinese', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, '/');
  await openPo(page, PO.zh, { itemNumber: 'ACME-0001', qty: '10', orderUom: 'CUP' });
  await workspace(page, 'zh');
});

test('the workspace’s screens have no critical or serious accessibility finding, in English', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, '/');
  await openPo(page, PO.en, { itemNumber: 'ACME-0001', qty: '10', orderUom: 'CUP' });
  await setLanguage(page, 'English');
  await expect(page.locator('.shell-header')).toContainText('English');
  try {
    await workspace(page, 'en');
  } finally {
    // The language is the user's (kept in the profile): the next test starts in Chinese again.
    await page.goto('/');
    await setLanguage(page, '中文');
  }
});

test('the RF station on a handheld has no critical or serious accessibility finding, in English and in Chinese', async ({
  page,
}) => {
  await login(page, '/');
  await setLanguage(page, 'English');
  await expect(page.locator('.shell-header')).toContainText('English');
  await page.setViewportSize({ width: 360, height: 640 });
  await openHandheld(page);
  await expect(page.getByTestId('rf-home')).toBeVisible();
  await expectAccessible(page, 'RF station en');
  await page.setViewportSize({ width: 1440, height: 1200 });
  await page.goto('/');
  await setLanguage(page, '中文');
  await expect(page.locator('.shell-header')).toContainText('中文');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/Core/RfDialog');
  await expect(page.getByTestId('rf-home')).toBeVisible();
  await expectAccessible(page, 'RF station zh');
});

test('a workspace tab closes with its close mark or, focused, with Delete (no button inside the tab)', async ({ page }) => {
  await login(page, '/');
  await openScreen(page, '入库管理', '采购订单', /\/Wms\/TPoMaster/);
  await openScreen(page, '基础资料', '库位', /\/Wms\/TLocation/);
  const tab = (name: string) => page.locator('.workspace-tab-group sl-tab', { hasText: name });
  await expect(tab('采购订单')).toBeVisible();
  // Nothing focusable inside a tab: the mark is for the mouse.
  expect(await tab('库位').locator('button, [tabindex="0"]').count()).toBe(0);
  await tab('库位').getByTestId('tab-close').click();
  await expect(tab('库位')).toHaveCount(0);
  await expect(tab('采购订单')).toBeVisible();
  await tab('采购订单').focus();
  await page.keyboard.press('Delete');
  await expect(tab('采购订单')).toHaveCount(0);
  await expect(page).not.toHaveURL(/TPoMaster/);
});
