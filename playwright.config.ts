import { defineConfig } from '@playwright/test';
import { CHROMIUM, LAUNCH_ARGS } from './tests/e2e/browser';

const PORT = Number(process.env.WHARF_E2E_PORT ?? 8199);
// WHARF_E2E_WORKERS runs spec files on that many browsers side by side, each against a server of its own (a copy of
// the run's demo database, tests/e2e/startServer.mjs); the config is read again in each worker, where
// TEST_PARALLEL_INDEX names its server. Two by default: a browser test waits on one page at a time (about one core
// between the browser and its server), so two of them keep two cores busy. (Before the traces' DOM snapshots and
// screencast were dropped, one browser took the two cores: two were slower than one, 28 min against 12.)
const WORKERS = Number(process.env.WHARF_E2E_WORKERS ?? 2);
const workerPort = PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// Names this run's demo-database snapshot (tests/e2e/startServer.mjs); set once here, inherited by the workers.
process.env.WHARF_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const RUN = process.env.WHARF_E2E_RUN;

// Debian's Chromium (Playwright cannot download its own browser here; tests/e2e/browser.ts), against the built server
// on a fresh PGlite data directory with the captcha off.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: WORKERS,
  retries: 0,
  // npm test (tests/run.mjs) also asks for a JSON report, from which it lists the slowest tests at the end.
  reporter: process.env.WHARF_E2E_REPORT ? [['list'], ['json', { outputFile: process.env.WHARF_E2E_REPORT }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${workerPort}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // Shoelace skips its animations (dialogs, drawers, selects, toasts) under reduced motion: less to render and wait for.
    reducedMotion: 'reduce',
    // A failed test keeps its trace of actions, network and console, and the screenshot above; not the trace's DOM
    // snapshots and screencast: recording those for every test (to keep the failed ones') took more than half of
    // the browser's CPU (inbound-flow: 75 s of CPU with them, 34 s without, 33 s with no trace at all).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: LAUNCH_ARGS,
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: 'node tests/e2e/startServer.mjs',
    url: `http://127.0.0.1:${PORT + i}/api/config/public`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT + i), WHARF_E2E_RUN: RUN },
  })),
});
