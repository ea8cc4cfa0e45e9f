// Bundles and runs every benchmark in bench/ (TypeScript, like the server).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as esbuild from 'esbuild';

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
  execFileSync(process.execPath, [out], { stdio: 'inherit' });
}
