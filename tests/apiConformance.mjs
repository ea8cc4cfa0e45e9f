#!/usr/bin/env node
/**
 * The conformance run (server README "The API description"): the API suites with every answer checked against the
 * description the server serves (`WHARF_RECORD_ANSWERS`, src/server/platform/answerRecorder.ts), then a report: the
 * answers that do not match (the run fails), and the routes no suite answered.
 *
 *   node tests/apiConformance.mjs [vitest arguments…]   (e.g. `--project pglite`, or test files)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.env.WHARF_RECORD_ANSWERS ?? '.tmp/answers');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, WHARF_RECORD_ANSWERS: dir },
});

const operations = JSON.parse(fs.readFileSync(path.join(dir, 'operations.json'), 'utf8'));
const answered = new Map();
const problems = new Map();
for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('answers-'))) {
  for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
    if (!line) continue;
    const answer = JSON.parse(line);
    answered.set(answer.route, (answered.get(answer.route) ?? 0) + 1);
    for (const problem of answer.problems) {
      const key = `${answer.route} ${answer.status}: ${problem}`;
      problems.set(key, (problems.get(key) ?? 0) + 1);
    }
  }
}
const never = operations.filter((op) => !answered.has(op));
const total = [...answered.values()].reduce((a, b) => a + b, 0);
console.log(`\n[conformance] ${total} answers checked over ${answered.size} of ${operations.length} described routes`);
console.log(`[conformance] ${problems.size} distinct mismatches`);
for (const [problem, count] of problems) console.log(`  ${problem} (×${count})`);
console.log(`[conformance] ${never.length} routes never answered by the suites:`);
for (const op of never.sort()) console.log(`  ${op}`);
fs.writeFileSync(
  path.join(dir, 'report.json'),
  JSON.stringify(
    { total, answered: answered.size, operations: operations.length, problems: [...problems.keys()], never },
    null,
    2,
  ),
);
process.exit(problems.size > 0 || run.status !== 0 ? 1 : 0);
