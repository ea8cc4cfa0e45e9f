import { defineConfig } from 'vitest/config';

const shared = {
  include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
  // A limit for a stuck test, not a measure of speed: a test that proves behaviour must not fail because the machine
  // is busy (a property test of 20,000 random ledger moves ran past 30 s on a loaded CI machine). Speed is the
  // benches' (npm run bench).
  testTimeout: 90_000,
  // A file's set-up (its database copy, the app, its fixtures) took over a minute on PGlite in CI runs where the
  // browser suite and the Node 24 run share the two cores: a limit for a stuck set-up, not a measure of speed.
  hookTimeout: 180_000,
  isolate: false,
};

// The conformance check (src/server/README.md "The API description"): with WHARF_RECORD_ANSWERS=<dir>, the servers of
// the suites check every answer against the description and record it there. WHARF_RECORD_PROJECTS names the projects
// that record (comma-separated; empty or unset: every project): `npm test` records on one (tests/run.mjs), since
// both run the same files, and `node tests/apiConformance.mjs` on each it runs.
const recordDir = process.env.WHARF_RECORD_ANSWERS ?? '';
const recordOn = process.env.WHARF_RECORD_PROJECTS?.split(',').filter(Boolean) ?? [];
const recordEnv = (name: string) => ({
  WHARF_RECORD_ANSWERS: recordOn.length === 0 || recordOn.includes(name) ? recordDir : '',
});

// The API suites run on a fresh PGlite, and again on PostgreSQL when WHARF_TEST_DATABASE_URL is set.
const projects = [
  {
    test: {
      ...shared,
      name: 'pglite',
      env: { WHARF_TEST_DB: 'pglite', ...recordEnv('pglite') },
      globalSetup: ['tests/support/globalSetup.ts'],
    },
  },
];
if (process.env.WHARF_TEST_DATABASE_URL) {
  projects.push({
    test: {
      ...shared,
      // Several server processes on one database (tests/multiprocess): PostgreSQL only, as PGlite is one process.
      include: [...shared.include, 'tests/multiprocess/**/*.test.ts'],
      name: 'postgres',
      env: { WHARF_TEST_DB: 'postgres', ...recordEnv('postgres') },
      globalSetup: ['tests/support/globalSetup.ts'],
    },
  });
}

// Two test files at a time: vitest's default (cores − 1) runs one on a two-core machine, while the PostgreSQL suites
// spend much of their time waiting on the database server. Each file works on its own database copy.
// Test files share a worker's loaded modules (isolate: false): importing the server afresh for each of ~140 files cost
// ~10 minutes of the run on two cores. Every file builds its own app on its own database copy, and state kept at module
// level is keyed by database (session cache) or restored by the file that changes it (password cost). A project does
// not inherit the root's `isolate`: it is set in `shared` above (left at the root alone, every file re-imported the
// server in a new process, ~1.5 s a file, and the API suites took 9 minutes instead of 2.5).
export default defineConfig({ test: { projects, maxWorkers: 2 } });
