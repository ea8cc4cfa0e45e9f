// The conformance check of the API description (src/server/README.md, "The API description"), shared by `npm test`
// (tests/run.mjs, tests/summary.mjs) and the ad-hoc run (tests/apiConformance.mjs): the API suites record every answer
// checked against the description (`WHARF_RECORD_ANSWERS=<dir>`, src/server/platform/answerRecorder.ts: one
// `answers-<pid>.jsonl` per worker and the described operations in `operations.json`); this reads them back.
import fs from 'node:fs';
import path from 'node:path';

/** Where the suites record their answers unless `WHARF_RECORD_ANSWERS` says otherwise. */
export const answersDir = () => path.resolve(process.env.WHARF_RECORD_ANSWERS ?? '.tmp/answers');

/** Empties the directory before a run: answers are appended, a previous run's would count again. */
export function prepareAnswers(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * The report of a run: answers checked, the distinct mismatches (`METHOD /path status: problem` → how many answers),
 * and the described routes no suite answered. A route counts as answered when its handler answered (HTTP 200: its data
 * or a business refusal): the 401 and 403 every route gives the security walk, or a 400 of bad input, never reach the
 * answer its schema describes. Null when nothing was recorded (no suite ran a server). Written to
 * `<dir>/report.json` too.
 */
export function readConformance(dir) {
  const operationsFile = path.join(dir, 'operations.json');
  if (!fs.existsSync(operationsFile)) return null;
  const operations = JSON.parse(fs.readFileSync(operationsFile, 'utf8'));
  const genericFile = path.join(dir, 'generic.json');
  const generic = new Set(fs.existsSync(genericFile) ? JSON.parse(fs.readFileSync(genericFile, 'utf8')) : []);
  const answered = new Map();
  const handled = new Set();
  const problems = new Map();
  for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('answers-'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const answer = JSON.parse(line);
      answered.set(answer.route, (answered.get(answer.route) ?? 0) + 1);
      if (answer.status === 200) handled.add(answer.route);
      for (const problem of answer.problems) {
        const key = `${answer.route} ${answer.status}: ${problem}`;
        problems.set(key, (problems.get(key) ?? 0) + 1);
      }
    }
  }
  const report = {
    total: [...answered.values()].reduce((a, b) => a + b, 0),
    answered: operations.filter((op) => handled.has(op)).length,
    operations: operations.length,
    problems: Object.fromEntries(problems),
    // A hand-written route never answered fails the run; an entity's route of the generic engine (one handler, one
    // schema builder for all) is listed only.
    never: operations.filter((op) => !handled.has(op) && !generic.has(op)).sort(),
    neverGeneric: operations.filter((op) => !handled.has(op) && generic.has(op)).sort(),
  };
  fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 2));
  return report;
}

/** The report's failures: every mismatch and (for a run of every suite) every route no suite answered. */
export function conformanceFailed(report, { strict = true } = {}) {
  return Object.keys(report.problems).length > 0 || (strict && report.never.length > 0);
}

/** Prints the report: the figures, each mismatch (with how many answers) and each route never answered. */
export function printConformance(report, log = console.log) {
  const problems = Object.entries(report.problems);
  log(`[conformance] ${report.total} answers checked; ${report.answered} of ${report.operations} described routes answered`);
  log(`[conformance] ${problems.length} distinct mismatches`);
  for (const [problem, count] of problems) log(`  ${problem} (×${count})`);
  const never = `${report.never.length} routes never answered by the suites (no HTTP 200 from their handler)`;
  log(`[conformance] ${never}${report.never.length ? ':' : ''}`);
  for (const op of report.never) log(`  ${op}`);
  const generic = report.neverGeneric ?? [];
  log(
    `[conformance] ${generic.length} routes of the generic entity engine never answered (listed, not failing)${generic.length ? ':' : ''}`,
  );
  for (const op of generic) log(`  ${op}`);
}

/** The summary's part: `conformance 12987 answers, 0 mismatches, 0 routes never answered`. */
export function conformanceLine(report) {
  if (!report) return 'conformance: no answers recorded';
  const problems = Object.keys(report.problems).length;
  return `conformance ${report.total} answers, ${problems} mismatch${problems === 1 ? '' : 'es'}, ${report.never.length} route${report.never.length === 1 ? '' : 's'} never answered`;
}
