import { expect, test } from '@playwright/test';
import { shot } from './ui';

// The interactive API reference (issue 28 item 1): Swagger UI served by the server itself, under its own
// Content-Security-Policy, reading the public description at /api/openapi.json.
test('the API reference at /api/docs shows the modules and an operation with its permissions', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${new URL(baseURL ?? '').origin}/`) && !url.startsWith('data:')) outside.push(url);
  });
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Wharf API');
  await expect(page.locator('.swagger-ui .opblock-tag-section')).toHaveCount(17);
  await page.locator('.swagger-ui .opblock-tag[data-tag="masterdata"]').click();
  const findPage = page.locator('.swagger-ui .opblock').filter({ has: page.getByText('/api/tWhse/findPage', { exact: true }) });
  await findPage.locator('.opblock-summary').click();
  await expect(findPage.locator('.opblock-description-wrapper').first()).toContainText('sys:tWhse:view');
  await expect(findPage.getByText('x-permissions')).toBeVisible();
  await findPage.scrollIntoViewIfNeeded();
  await shot(page, 'api-docs');
  expect(refused).toEqual([]);
  expect(outside).toEqual([]);
});
