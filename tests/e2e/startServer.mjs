// Starts the built server for the browser tests on a copy of a demo database prepared once per test run.
//
// The first server of a run (playwright.config.ts starts one per worker) migrates and seeds a data directory of its
// own, stops, and leaves it as the run's snapshot; every server, that one included, then starts on a copy of it. The
// others wait for the snapshot rather than each seeding its own (~10 s of a core each on two cores).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const port = process.env.PORT;
const run = process.env.WHARF_E2E_RUN ?? 'solo';
const tmp = path.resolve('.tmp');
const snapshot = path.join(tmp, `e2e-snapshot-${run}`);
const ready = path.join(snapshot, '.ready');
const dataDir = path.join(tmp, `e2e-data-${port}`);

const serverEnv = (dir, serverPort) => ({
  ...process.env,
  PORT: serverPort,
  WHARF_DATA_DIR: dir,
  WHARF_CAPTCHA: 'off',
  WHARF_ADMIN_PASSWORD: 'Admin#2024',
  WHARF_LOG_LEVEL: 'warn',
  // A scheduled backup taken in the middle of a test would change the backup list it reads.
  WHARF_BACKUP_INTERVAL: 'off',
  // Webhooks (webhooks.spec.ts): a failed delivery is dead at once, and two in a row pause the subscription, so the
  // browser sees a pause within seconds (private receivers stay refused: the spec's receiver address is refused).
  WHARF_WEBHOOK_MAX_ATTEMPTS: '1',
  WHARF_WEBHOOK_PAUSE_AFTER: '2',
});

/** Waits until the server at `serverPort` answers, or its process ends (then throws). */
async function answers(child, serverPort) {
  let ended = false;
  child.once('exit', () => {
    ended = true;
  });
  for (;;) {
    if (ended) throw new Error(`the server on port ${serverPort} stopped before it answered`);
    try {
      const res = await fetch(`http://127.0.0.1:${serverPort}/api/config/public`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
}

/** Seeds the snapshot with a server of its own, stopped cleanly (its database closed) before it is copied. */
async function prepareSnapshot() {
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : [])
    if (name.startsWith('e2e-snapshot-') && !name.startsWith(`e2e-snapshot-${run}`))
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  // On a port of its own: Playwright waits for the test server's port to answer, and must not take this one for it.
  const seedPort = String(Number(port) + 100);
  const seeding = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit', env: serverEnv(snapshot, seedPort) });
  await answers(seeding, seedPort);
  const stopped = new Promise((resolve) => seeding.once('exit', resolve));
  seeding.kill('SIGTERM');
  await stopped;
  fs.rmSync(path.join(snapshot, 'wharf.lock'), { force: true });
  fs.writeFileSync(ready, new Date().toISOString());
}

fs.mkdirSync(tmp, { recursive: true });
let preparing = false;
try {
  // Whoever makes the lock directory first prepares the snapshot; mkdir is atomic.
  fs.mkdirSync(`${snapshot}.lock`);
  preparing = true;
} catch {
  // Another server of this run prepares it.
}
if (preparing) await prepareSnapshot();
while (!fs.existsSync(ready)) await sleep(200);

fs.rmSync(dataDir, { recursive: true, force: true });
fs.cpSync(snapshot, dataDir, { recursive: true, filter: (source) => source !== ready });
const child = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit', env: serverEnv(dataDir, port) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
