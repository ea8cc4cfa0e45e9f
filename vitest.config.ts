import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// The API suites run on a fresh PGlite, and again on PostgreSQL when WHARF_TEST_DATABASE_URL is set.
const projects = [
  { test: { ...shared, name: 'pglite', env: { WHARF_TEST_DB: 'pglite' }, globalSetup: ['tests/support/globalSetup.ts'] } },
];
if (process.env.WHARF_TEST_DATABASE_URL) {
  projects.push({
    test: { ...shared, name: 'postgres', env: { WHARF_TEST_DB: 'postgres' }, globalSetup: ['tests/support/globalSetup.ts'] },
  });
}

// Two test files at a time: vitest's default (cores − 1) runs one on a two-core machine, while the PostgreSQL suites
// spend much of their time waiting on the database server. Each file works on its own database copy.
export default defineConfig({ test: { projects, maxWorkers: 2 } });
