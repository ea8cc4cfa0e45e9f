// `npm test` after the type check and lint: the API tests (vitest) and the browser tests (build, then Playwright) run
// side by side. The browser tests mostly wait (animations, debounces, the server's answers: about 0.4 of a core on
// average), the API tests keep both cores busy; one after the other they took ~27 minutes on two cores, side by side
// the longer of the two. Each line is prefixed with its suite; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

/** Runs a command with its output prefixed; resolves to its exit code. */
function run(name, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('close', (code, signal) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${name}] finished in ${minutes} min: ${signal ?? `exit ${code}`}`);
      resolve(code ?? 1);
    });
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const api = run('api', npx, ['vitest', 'run']);
const e2e = run('build', process.execPath, ['build.mjs']).then((code) =>
  code === 0 ? run('e2e', npx, ['playwright', 'test']) : code,
);
const codes = await Promise.all([api, e2e]);
process.exit(codes.find((code) => code !== 0) ?? 0);
