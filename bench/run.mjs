// Bundles and runs every benchmark in bench/ (TypeScript, like the server).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as esbuild from 'esbuild';

/**
 * The V8 flags the server runs with (package.json `start:built`): a bench measures the server as it is started. A young
 * generation of 64 MB makes garbage-collection pauses rarer in a process that holds PGlite (README "API against raw
 * SQL").
 */
const SERVER_FLAGS = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts['start:built'].split(' ')
  .filter((word) => word.startsWith('--'));

const benches = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !process.env.BENCH_FILE || f === `${process.env.BENCH_FILE}.bench.ts`); // BENCH_FILE=receiving runs one
fs.mkdirSync('.tmp/bench', { recursive: true });
for (const file of benches) {
  const out = `.tmp/bench/${file.replace(/\.ts$/, '.mjs')}`;
  await esbuild.build({
    entryPoints: [`bench/${file}`],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    logLevel: 'warning',
  });
  console.log(`\n== ${file}`);
  execFileSync(process.execPath, [...SERVER_FLAGS, out], { stdio: 'inherit' });
}
