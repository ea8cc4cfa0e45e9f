// The end of `npm test` (tests/run.mjs): where the time went. Reads the JSON reports the API tests (vitest) and the
// browser tests (Playwright) write beside their console output, and prints the slowest test files and tests of each,
// then the API description's conformance findings (tests/conformance.mjs) when they fail the run, and one line with the
// counts and times of both suites and the conformance figures. A report that is missing (a suite that did not run) is
// said.
import fs from 'node:fs';
import { conformanceFailed, conformanceLine, printConformance } from './conformance.mjs';

/** How many of the slowest to list per kind. */
const SLOWEST = 15;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function printSlowest(title, rows) {
  console.log(`${title}:`);
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`  ${seconds(row.ms).padStart(8)}  ${row.name}`);
  }
}

/** Vitest's JSON reports (one per API run): a file result per test file and project, each with its tests. */
function apiSummary(reports, root) {
  const files = reports
    .flatMap((report) => report.testResults)
    .map((file) => ({
      name: file.name.replace(`${root}/`, ''),
      ms: file.endTime - file.startTime,
      tests: file.assertionResults,
    }));
  printSlowest('Slowest API test files (each database counted apart)', files);
  printSlowest(
    'Slowest API tests',
    files.flatMap((file) => file.tests.map((test) => ({ name: `${file.name} › ${test.title}`, ms: test.duration ?? 0 }))),
  );
  const failures = files.flatMap((file) =>
    file.tests
      .filter((test) => test.status === 'failed')
      .map((test) => ({ name: `${file.name} › ${test.title}`, message: test.failureMessages?.[0] ?? '' })),
  );
  const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
  return { total: sum('numTotalTests'), passed: sum('numPassedTests'), failed: sum('numFailedTests'), failures };
}

/** Playwright's JSON report: suites (files, describe blocks) nesting specs, each spec's tests with their results. */
function e2eSummary(report) {
  const tests = [];
  const failures = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const results = spec.tests.flatMap((test) => test.results);
      const ms = results.reduce((sum, result) => sum + result.duration, 0);
      tests.push({ name: `${file} › ${spec.title}`, ms });
      // A failed try, whether or not a retry then passed (a flaky test is a defect too).
      for (const result of results.filter((r) => r.status !== 'passed' && r.status !== 'skipped')) {
        failures.push({ name: `${file}:${spec.line} › ${spec.title}`, message: result.error?.message ?? result.status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  printSlowest('Slowest browser tests', tests);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { total: expected + unexpected + flaky + skipped, passed: expected, failed: unexpected, flaky, failures };
}

/** Each failed test with the first lines of its error, so that a report cut to its end still names them. */
function printFailures(title, failures) {
  if (!failures?.length) return;
  console.log(`${title}:`);
  for (const failure of failures) {
    console.log(`  ✘ ${failure.name}`);
    const lines = String(failure.message)
      .replaceAll(`${String.fromCharCode(27)}[`, '[')
      .replace(/\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, 6);
    for (const line of lines) console.log(`      ${line.slice(0, 200)}`);
  }
}

/**
 * Prints the slowest lists and the one-line summary. `apiParts` are the API runs (`name`, JSON `report`, wall-clock
 * `ms`: one, or PGlite and PostgreSQL on two Node lines, one after the other), `apiMs` the API suite's wall-clock
 * milliseconds from its first start to its last end, `times` the wall-clock milliseconds run.mjs measured,
 * `conformance` the conformance report (tests/conformance.mjs; null: nothing recorded). A part without its report makes
 * the API counts "no report".
 */
export function printSummary({ apiParts, apiMs, e2eReport, root, times, conformance }) {
  console.log('');
  const apiReports = apiParts.map((part) => readJson(part.report));
  const e2e = readJson(e2eReport);
  const apiCounts = apiReports.every(Boolean) ? apiSummary(apiReports, root) : null;
  const apiRuns = apiParts.map((part) => `${part.name} ${minutes(part.ms)}`).join(', ');
  const e2eCounts = e2e ? e2eSummary(e2e) : null;
  printFailures('Failed API tests', apiCounts?.failures);
  printFailures('Failed browser tests (each failed try)', e2eCounts?.failures);
  if (conformance && conformanceFailed(conformance)) {
    console.log('API description conformance failed:');
    printConformance(conformance, (line) => console.log(`  ${line}`));
  }
  const part = (name, counts, ms) =>
    counts
      ? `${name} ${counts.passed}/${counts.total} passed${counts.failed ? `, ${counts.failed} failed` : ''}${counts.flaky ? `, ${counts.flaky} flaky` : ''} in ${minutes(ms)}`
      : `${name}: no report`;
  console.log(
    `Summary: ${part('API', apiCounts, apiMs)} (${apiRuns}; ${conformanceLine(conformance)}) · ${part('browser', e2eCounts, times.e2e)} · whole run ${minutes(times.total)}`,
  );
}
