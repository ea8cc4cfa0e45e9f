// `npm test` after the type check and lint: the browser tests (build, then Playwright), then the API tests (vitest).
// One after the other, not side by side: on two cores each suite alone keeps both busy (two browsers with their
// servers; two test files of PGlite, which runs in the test process), and side by side every test took longer than
// the sum — a CI run measured 26.7 minutes with them together (chromium 20.4 core-minutes, the PGlite API pass 13.3
// where it takes 8.4 alone), and the API tests starved behind the browsers ran into their time limits (issue 31,
// docs/testing.md). With WHARF_NODE24 (a Node 24 binary, set by .ci/run) and PostgreSQL the API suite runs as two
// passes, one after the other: PGlite on the machine's Node, then PostgreSQL on Node 24 — each Node line and each
// database gets the whole API suite once, in two passes instead of three. At once (four test files on two cores) they
// took 8.8 minutes, their test processes 13.3 core-minutes; alone they take about 4 and 3. Each line is prefixed with its suite; the exit code is the first failure's.
// The API tests of one project (postgres when it runs, else pglite) check every answer against the API description
// (tests/conformance.mjs): a mismatch, or an /api route no suite answered, fails the run. At the end, the slowest test
// files and tests of both suites, the conformance findings and a one-line summary (tests/summary.mjs), from their
// JSON reports. docs/testing.md has the budget and what keeps the suites within it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { answersDir, conformanceFailed, prepareAnswers, readConformance } from './conformance.mjs';
import { printSummary } from './summary.mjs';

const runStarted = Date.now();
const REPORTS = path.resolve('.tmp/reports');
const e2eReport = path.join(REPORTS, 'e2e.json');
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
const answers = answersDir();
prepareAnswers(answers);
const times = { e2e: 0, api: 0, total: 0 };

/** Runs a command with its output prefixed; resolves to its exit code (its time kept in `times`). */
function run(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('close', (code, signal) => {
      times[name] = Date.now() - started;
      const minutes = (times[name] / 60_000).toFixed(1);
      console.log(`[${name}] finished in ${minutes} min: ${signal ?? `exit ${code}`}`);
      resolve(code ?? 1);
    });
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const postgres = Boolean(process.env.WHARF_TEST_DATABASE_URL);
// One project records (both run the same files): postgres, the database of production, when it runs.
const record = { WHARF_RECORD_ANSWERS: answers, WHARF_RECORD_PROJECTS: postgres ? 'postgres' : 'pglite' };

/** One vitest run of the API suites (`projects`: none for every project) on a Node binary, its report in `report`. */
function apiRun(name, node, projects, report) {
  const vitest = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return run(name, node, [...vitest, ...projects.flatMap((project) => ['--project', project])], record);
}
const node24 = process.env.WHARF_NODE24;
const apiRuns =
  node24 && postgres
    ? [
        { name: 'api-pglite', node: process.execPath, projects: ['pglite'] },
        { name: 'api-postgres', node: node24, projects: ['postgres'] },
      ]
    : [{ name: 'api', node: process.execPath, projects: [] }];
const apiReports = apiRuns.map(({ name }) => path.join(REPORTS, `${name}.json`));
const e2eCode = await run('build', process.execPath, ['build.mjs']).then((code) =>
  code === 0 ? run('e2e', npx, ['playwright', 'test'], { WHARF_E2E_REPORT: e2eReport }) : code,
);
const apiStarted = Date.now();
const apiCodes = [];
for (const [i, { name, node, projects }] of apiRuns.entries()) apiCodes.push(await apiRun(name, node, projects, apiReports[i]));
times.api = Date.now() - apiStarted;
const codes = [e2eCode, ...apiCodes];
times.total = Date.now() - runStarted;
// The description must not drift from the answers: a mismatch, a route never answered, or no answers at all fails.
const conformance = readConformance(answers);
codes.push(conformance && !conformanceFailed(conformance) ? 0 : 1);
try {
  const nodeVersion = (node) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const apiParts = apiRuns.map(({ name, node, projects }, i) => ({
    name: projects.length ? `${projects.join(', ')} on Node ${nodeVersion(node)}` : `Node ${nodeVersion(node)}`,
    report: apiReports[i],
    ms: times[name] ?? 0,
  }));
  printSummary({ apiParts, apiMs: times.api, e2eReport, root: process.cwd(), times, conformance });
} catch (error) {
  // The summary only reports: a report it cannot read never changes the outcome of the tests.
  console.log(`No summary: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(codes.find((code) => code !== 0) ?? 0);
