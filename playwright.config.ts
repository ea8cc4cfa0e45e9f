import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.WHARF_E2E_PORT ?? 8199);

// Debian's Chromium (Playwright cannot download its own browser here), against the built server
// on a fresh PGlite data directory with the captcha off.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.WHARF_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  webServer: {
    command: 'node tests/e2e/startServer.mjs',
    url: `http://127.0.0.1:${PORT}/api/config/public`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
  },
});
