// Starts the built server for the browser tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

// One data directory per server: the tests run on two servers side by side (playwright.config.ts).
const dataDir = `.tmp/e2e-data-${process.env.PORT}`;
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    WHARF_DATA_DIR: dataDir,
    WHARF_CAPTCHA: 'off',
    WHARF_ADMIN_PASSWORD: 'Admin#2024',
    WHARF_LOG_LEVEL: 'warn',
    // A scheduled backup taken in the middle of a test would change the backup list it reads.
    WHARF_BACKUP_INTERVAL: 'off',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
