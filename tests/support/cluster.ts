/**
 * Several real Wharf server processes on one PostgreSQL database, behind a round-robin proxy: what the multi-process
 * test (tests/multiprocess/multiprocess.test.ts) and the scale-out bench (bench/scaleOut.bench.ts) start. The server is bundled once per
 * run with esbuild, as build.mjs bundles it (dependencies stay in node_modules), into `.tmp/`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as esbuild from 'esbuild';

/** Bundles src/server/main.ts as build.mjs does; answers the script's path. */
export async function buildServer(name: string): Promise<string> {
  const out = path.resolve(`.tmp/${name}-${process.pid}/main.js`);
  await esbuild.build({
    entryPoints: ['src/server/main.ts'],
    outfile: out,
    platform: 'node',
    format: 'esm',
    bundle: true,
    packages: 'external',
    target: 'node20',
    logLevel: 'warning',
  });
  return out;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One server process: its address, what it printed, and whether it has ended. */
export interface Server {
  index: number;
  url: string;
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
  ended: boolean;
}

/** Starts one server process of `script` on `port` with `env` (added to the test's own). */
export function startServer(script: string, index: number, port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    index,
    url: `http://127.0.0.1:${port}`,
    child,
    output: [],
    ended: false,
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  void server.exit.then(() => {
    server.ended = true;
  });
  child.stdout?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  return server;
}

/** Waits until the server answers its public configuration; throws when it ends first or takes over `ms`. */
export async function answers(server: Server, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.ended) throw new Error(`server ${server.index} ended before it answered:\n${server.output.join('')}`);
    try {
      if ((await fetch(`${server.url}/api/config/public`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`server ${server.index} did not answer within ${ms} ms:\n${server.output.join('')}`);
}

/** A round-robin HTTP proxy over the servers still running; names the one that answered in `x-wharf-backend`. */
export interface RoundRobin {
  url: string;
  close(): Promise<void>;
}

export async function startProxy(servers: readonly Server[]): Promise<RoundRobin> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = http.createServer((req, res) => {
    const live = servers.filter((s) => !s.ended);
    const target = live[next++ % live.length];
    if (!target) {
      res.writeHead(503).end();
      return;
    }
    const upstream = http.request(`${target.url}${req.url}`, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-wharf-backend': String(target.index) });
      answer.pipe(res);
    });
    // A server killed mid-request: the client gets a 502 and cannot know whether its change was made.
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Idle client connections stay open for the test's length: closed after the default 5 s, a connection the client
  // was just reusing failed the request (status 0) when a loaded machine ran the client's own timer late.
  proxy.keepAliveTimeout = 120_000;
  proxy.headersTimeout = 130_000;
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      agent.destroy();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

/** An answer of the API: HTTP status, the envelope, and which server answered (through the proxy). */
export interface Answer<T = unknown> {
  status: number;
  body: { code: number | string; errorCode?: string; msg?: string; data: T };
  backend: number | null;
}

/** POSTs (or GETs without a body) one API call to `base`; a connection refused or reset answers status 0. */
export async function call<T = unknown>(base: string, url: string, body?: unknown, token?: string): Promise<Answer<T>> {
  try {
    const res = await fetch(`${base}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        lang: 'en_us',
        ...(token ? { token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const backend = res.headers.get('x-wharf-backend');
    return {
      status: res.status,
      body: (text.startsWith('{') ? JSON.parse(text) : { code: res.status, data: null }) as Answer<T>['body'],
      backend: backend === null ? null : Number(backend),
    };
  } catch {
    return { status: 0, body: { code: 0, data: null as T }, backend: null };
  }
}

/** Removes a run's bundle directory. */
export function removeBuild(script: string): void {
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
}

/** A PgBouncer in front of the test's PostgreSQL (docs/deploy.md "PgBouncer"): its address for a database, and its end. */
export interface Bouncer {
  /** `postgres://…` of `database` through PgBouncer. */
  url(database: string): string;
  output: string[];
  close(): Promise<void>;
}

/**
 * Starts Debian's PgBouncer (`/usr/sbin/pgbouncer`, installed by .ci/run) in transaction mode with `poolSize` server
 * connections per database, in front of the PostgreSQL of WHARF_TEST_DATABASE_URL. It refuses to run as root: under
 * root it runs as the `postgres` user, its directory theirs.
 */
export async function startPgBouncer(poolSize: number): Promise<Bouncer> {
  const target = new URL(process.env.WHARF_TEST_DATABASE_URL as string);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-pgbouncer-'));
  const port = await freePort();
  const config = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432} user=${decodeURIComponent(target.username)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits',
      'unix_socket_dir =',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  fs.chmodSync(dir, 0o755);
  const child = spawn('/usr/sbin/pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const until = Date.now() + 10_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ready) break;
    if (child.exitCode !== null || Date.now() > until) throw new Error(`PgBouncer did not start:\n${output.join('')}`);
    await sleep(50);
  }
  return {
    url: (database) => `postgres://${target.username}@127.0.0.1:${port}/${database}`,
    output,
    close: async () => {
      child.kill('SIGTERM');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
