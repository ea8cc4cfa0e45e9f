import { expect, test } from '@playwright/test';

// The interactive API reference (issue 28 item 1): Swagger UI served by the server itself, under its own
// Content-Security-Policy, reading the description (/api/docs/json: the document of /api/openapi.json).
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
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  // Swagger UI parses the whole description (1.2 MB, every route's answer described) before it draws: seconds on a
  // loaded machine.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Wharf API', { timeout: 60_000 });
  // One section per module of the description (its tags: 18 with the webhooks).
  const description = (await (await page.request.get('/api/openapi.json')).json()) as { tags: { name: string }[] };
  expect(description.tags.map((tag) => tag.name)).toContain('masterdata');
  await expect(page.locator('.swagger-ui .opblock-tag-section')).toHaveCount(description.tags.length);
  await page.locator('.swagger-ui .opblock-tag[data-tag="masterdata"]').click();
  const findPage = page.locator('.swagger-ui .opblock').filter({ has: page.getByText('/api/tWhse/findPage', { exact: true }) });
  await findPage.locator('.opblock-summary').click();
  await expect(findPage.locator('.opblock-description-wrapper').first()).toContainText('sys:tWhse:view');
  await expect(findPage.getByText('x-permissions')).toBeVisible();
  // The page is ~7,000 px tall with the module open: the shot is the screen showing the operation.
  await page
    .locator('.swagger-ui .opblock-tag[data-tag="masterdata"]')
    .evaluate((element) => element.scrollIntoView({ block: 'start' }));
  if (process.env.WHARF_E2E_SHOTS !== '0') await page.screenshot({ path: 'tests/artifacts/api-docs.png' });
  expect(refused).toEqual([]);
  expect(outside).toEqual([]);
});
