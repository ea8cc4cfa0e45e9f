#!/usr/bin/env node
/**
 * The conformance run, ad hoc (server README "The API description"; `npm test` checks the same on one project, see
 * tests/run.mjs): the API suites with every answer checked against the description the server serves, on every
 * project run (`WHARF_RECORD_ANSWERS`, src/server/platform/answerRecorder.ts), then a report (tests/conformance.mjs):
 * the answers that do not match (the run fails), and the routes no suite answered (listed; a run of some files leaves
 * many unanswered, so they fail only `npm test`).
 *
 *   node tests/apiConformance.mjs [vitest arguments…]   (e.g. `--project pglite`, or test files)
 */
import { spawnSync } from 'node:child_process';
import { answersDir, conformanceFailed, prepareAnswers, printConformance, readConformance } from './conformance.mjs';

const dir = answersDir();
prepareAnswers(dir);
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, WHARF_RECORD_ANSWERS: dir, WHARF_RECORD_PROJECTS: '' },
});
const report = readConformance(dir);
console.log('');
if (report) printConformance(report);
else console.log('[conformance] no answers recorded');
process.exit(!report || conformanceFailed(report, { strict: false }) || run.status !== 0 ? 1 : 0);
