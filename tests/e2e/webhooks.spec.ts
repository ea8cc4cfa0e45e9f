import { expect, test } from '@playwright/test';
import { callApi, choose, confirmOk, dialog, input, login, openScreen, rows, setLanguage, shot, submitDialog } from './ui';

// Webhooks (issue 28 item 5) in Chinese: an administrator adds a subscription through the form (warehouse, URL,
// events, active), the list shows the secret masked, New secret shows a new one once. Then a stock hold makes an event
// that the server's dispatcher tries to post to a receiver that is not there; in English the delivery log shows the
// failed try (error, tries), and the subscriptions screen in English.

const URL = 'http://127.0.0.1:9/e2e-webhook';

test('add a webhook, show its new secret once, and read the delivery log, in Chinese and English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await openScreen(page, '系统管理', '事件订阅', /Wms\/TWebhookSubscription/);
  await page.getByTestId('add').click();
  await choose(page, 'whId', /^WH01/);
  await input(page, 'url').fill(URL);
  await choose(page, 'events', '库存已冻结');
  await page.keyboard.press('Escape');
  await choose(page, 'active', '是');
  await shot(page, 'webhooks-01-add-zh');
  await submitDialog(page);
  const list = rows(page, 'tWebhookSubscription');
  const row = list.filter({ hasText: URL });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\*{4}[0-9a-f]{4}/);
  await expect(row).toContainText('库存已冻结');

  await row.getByTestId('row-newSecret').click();
  await confirmOk(page);
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[0-9a-f]{64}$/);
  const value = (await secret.textContent()) ?? '';
  await shot(page, 'webhooks-02-secret-zh');
  await page.getByTestId('webhook-secret-dialog').locator('[part="close-button"]').click();
  await expect(page.getByTestId('webhook-secret-dialog')).toHaveCount(0);
  // Shown once: the list holds only its last four characters.
  await expect(row).toContainText(`****${value.slice(-4)}`);
  await expect(page.getByText(value)).toHaveCount(0);

  // An event: one demo stock row of WH01 held. The server's dispatcher posts it to nobody and logs the failure.
  const stock = await callApi<{ content: { id: number }[] }>(page, 'tStoredItem/findPage', {
    pageNum: 1,
    pageSize: 1,
    columnFilters: { whId: 'WH01', status: 'A' },
  });
  const id = stock.content[0]?.id;
  await callApi(page, 'tStoredItem/holdReleaseInventory', { ids: [id], hold: true, reasonId: 'QA' });
  await callApi(page, 'tStoredItem/holdReleaseInventory', { ids: [id], hold: false, reasonId: null });

  await setLanguage(page, 'English');
  await openScreen(page, 'System', 'Webhook deliveries', /Wms\/TWebhookDelivery/);
  const log = rows(page, 'tWebhookDelivery').filter({ hasText: URL });
  // The list reads afresh on Search until the dispatcher has tried.
  await expect(async () => {
    await page.getByTestId('search').click({ timeout: 2000 });
    await expect(log.filter({ hasText: 'Stock held' })).toContainText(/Pending|Failed/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(log.filter({ hasText: 'Stock held' })).toContainText('TypeError');
  await shot(page, 'webhooks-03-deliveries-en');

  await openScreen(page, 'System', 'Webhooks', /Wms\/TWebhookSubscription/);
  await expect(rows(page, 'tWebhookSubscription').filter({ hasText: URL })).toContainText('Stock held');
  await shot(page, 'webhooks-04-list-en');
  await expect(dialog(page)).toHaveCount(0);
});
