import { expect, test } from '@playwright/test';
import { rowButton } from './grid';
import { callApi, choose, confirmOk, dialog, input, login, openScreen, rows, setLanguage, shot, submitDialog } from './ui';

// Webhooks (issue 28 item 5) in Chinese: an administrator adds a subscription through the form (warehouse, URL,
// events, active), the list shows the secret masked, New secret shows a new one once. Then a stock hold makes an event
// that the server's dispatcher refuses to post to (a loopback address: the e2e server does not allow private
// receivers); in English the delivery log shows the refused try in words. Two dead letters in a row pause the
// subscription (the e2e server: one try, pause after two): the list shows the paused badge, since when and why, in
// English and Chinese, and Resume (confirmed) sets it running again.

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

  // Edit shows as a button; New secret and Resume are in the row's menu.
  await (await rowButton(row, 'newSecret')).click();
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
  for (let i = 0; i < 2; i++) {
    await callApi(page, 'tStoredItem/holdReleaseInventory', { ids: [id], hold: true, reasonId: 'QA' });
    await callApi(page, 'tStoredItem/holdReleaseInventory', { ids: [id], hold: false, reasonId: null });
  }

  await setLanguage(page, 'English');
  await openScreen(page, 'System', 'Webhook deliveries', /Wms\/TWebhookDelivery/);
  const log = rows(page, 'tWebhookDelivery').filter({ hasText: URL });
  // The list reads afresh on Search until the dispatcher has tried.
  await expect(async () => {
    await page.getByTestId('search').click({ timeout: 2000 });
    await expect(log.filter({ hasText: 'Stock held' }).first()).toContainText(/Pending|Failed/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(log.filter({ hasText: 'Stock held' }).first()).toContainText(
    'Address refused: 127.0.0.1 resolves to 127.0.0.1 (loopback)',
  );
  await shot(page, 'webhooks-03-deliveries-en');

  // Two dead letters in a row: the subscription pauses (read afresh until the dispatcher has tried both).
  await openScreen(page, 'System', 'Webhooks', /Wms\/TWebhookSubscription/);
  const subscription = rows(page, 'tWebhookSubscription').filter({ hasText: URL });
  await expect(subscription).toContainText('Stock held');
  await expect(async () => {
    await page.getByTestId('search').click({ timeout: 2000 });
    await expect(subscription.getByTestId('webhook-paused')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const paused = subscription.getByTestId('webhook-paused');
  await expect(paused).toContainText('Paused');
  await expect(paused).toContainText(/since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}, after 2 dead letters in a row: Address refused/);
  await shot(page, 'webhooks-04-paused-en');

  await setLanguage(page, '中文');
  await openScreen(page, '系统管理', '事件订阅', /Wms\/TWebhookSubscription/);
  const zhRow = rows(page, 'tWebhookSubscription').filter({ hasText: URL });
  await expect(zhRow.getByTestId('webhook-paused')).toContainText('已暂停');
  await expect(zhRow.getByTestId('webhook-paused')).toContainText('此前连续 2 次投递最终失败：地址被拒绝');
  await shot(page, 'webhooks-05-paused-zh');
  await (await rowButton(zhRow, 'resume')).click();
  await confirmOk(page);
  await expect(zhRow.getByTestId('webhook-running')).toHaveText('正常');
  await expect(zhRow.getByTestId('webhook-paused')).toHaveCount(0);
  await shot(page, 'webhooks-06-resumed-zh');
  await expect(dialog(page)).toHaveCount(0);
});
