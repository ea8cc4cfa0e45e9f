/**
 * A Wharf server in a process of its own, as production runs it: `src/server/main.ts` bundled by esbuild the way
 * build.mjs bundles it (dependencies left in node_modules), started with `node` on a free port, on a copy of the
 * test database — PostgreSQL (the `postgres` project) or a PGlite data directory copied from the template.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as esbuild from 'esbuild';
import { inject } from 'vitest';
import { copyPgliteTemplate, createPostgresCopy } from './templates';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Kills the process if it still runs and removes its data directory. */
  dispose(): Promise<void>;
}

/** The server bundle, built once per test process. */
let bundle: Promise<string> | null = null;
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const out = path.resolve(`.tmp/serverProcess-${process.pid}.mjs`);
    await esbuild.build({
      entryPoints: ['src/server/main.ts'],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      target: 'node20',
      logLevel: 'warning',
    });
    return out;
  })();
  return bundle;
}

/** A port nothing listens on now (the system's choice, released at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a server on a fresh copy of the test database and waits until `/healthz` answers. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  let dataDir: string | null = null;
  const database: Record<string, string> = {};
  if (process.env.WHARF_TEST_DB === 'postgres') {
    database.DATABASE_URL = await createPostgresCopy(inject('pgTemplate'), `${inject('pgTemplate')}_proc${port}`);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-proc-'));
    copyPgliteTemplate(dataDir);
    database.WHARF_DATA_DIR = dataDir;
  }
  const child = spawn(process.execPath, [await serverBundle()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WHARF_CAPTCHA: 'off',
      WHARF_LOG_LEVEL: 'warn',
      WHARF_BACKUP_INTERVAL: 'off',
      WHARF_PUBLIC_DIR: path.resolve('.tmp/no-console'),
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? '')));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (ended) throw new Error(`the server process ended before it answered:\n${output}`);
    const answered = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) break;
    await sleep(100);
  }
  return {
    child,
    port,
    url,
    exited,
    output: () => output,
    async dispose() {
      if (!ended) {
        child.kill('SIGKILL');
        await exited;
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
