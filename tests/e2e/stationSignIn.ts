/** A dock station for a browser test: enrolled, bound to WH01 with the flows asked, and signed in by the admin's badge. */
import { type Browser, expect, type Page } from '@playwright/test';
import { STATION, scan } from './kioskStation';
import { callApi } from './ui';

export async function signedInStation(browser: Browser, office: Page, flows: string, language: 'zh_cn' | 'en_us'): Promise<Page> {
  const context = await browser.newContext(STATION);
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  await expect(kiosk.getByTestId('kiosk-enrol-code')).toHaveText(/^[A-Z0-9]{4}-?[A-Z0-9]{4}$/);
  const code = ((await kiosk.getByTestId('kiosk-enrol-code').textContent()) ?? '').trim();
  const id = await callApi<number>(office, 'tKioskStation/save', {
    whId: 'WH01',
    stationName: `E2E-RF-${Date.now() % 100000}`,
    flows,
    language,
    idleSeconds: 300,
  });
  await callApi(office, 'tKioskStation/bind', { id, code });
  const users = await callApi<{ content: { id: number; name: string }[] }>(office, 'user/findPage', {
    pageNum: 1,
    pageSize: 20,
    columnFilters: { name: 'admin' },
  });
  const badge = `R${Date.now() % 1000000}`;
  await callApi(office, 'user/setBadge', { id: users.content.find((u) => u.name === 'admin')?.id, badge });
  await expect(kiosk.getByTestId('kiosk-signin')).toBeVisible({ timeout: 15_000 });
  await expect(kiosk.getByTestId('kiosk-badge')).toBeFocused();
  await scan(kiosk, badge);
  await expect(kiosk.locator('[data-testid^="kiosk-tile-"]').first()).toBeVisible();
  return kiosk;
}
