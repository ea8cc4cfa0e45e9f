/**
 * Graceful shutdown with a real server process (issue 30 item 2): a request in flight when SIGTERM arrives — its body
 * still on its way, so the server is in the middle of it — completes with its answer; from the signal on, new
 * connections are refused; the process exits 0 well within WHARF_SHUTDOWN_TIMEOUT.
 */
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../tests/support/serverProcess';
import { TEST_ADMIN_PASSWORD } from '../../../tests/support/templates';
import { DATABASE_CLOSE_MS } from './shutdown';

const TIMEOUT_S = 8;
let server: ServerProcess | null = null;
afterAll(() => server?.dispose());

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

it('finishes the request in flight at SIGTERM, refuses new connections, and exits 0 within the timeout', {
  timeout: 400_000,
}, async () => {
  server = await startServerProcess({ WHARF_SHUTDOWN_TIMEOUT: String(TIMEOUT_S) });
  const { port, url } = server;
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };

  // A warehouse list whose body arrives in two parts: the server holds the request until the second.
  const body = Buffer.from(JSON.stringify({ pageNum: 1, pageSize: 10 }));
  let finishBody = (): void => {};
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tWhse/findPage',
        headers: { 'content-type': 'application/json', 'content-length': body.length, token: data.token, lang: 'en_us' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += String(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
      },
    );
    request.once('error', reject);
    request.write(body.subarray(0, 5));
    finishBody = () => request.end(body.subarray(5));
  });
  // The headers and the first bytes are at the server: the request is in flight.
  await sleep(300);
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  await expect.poll(() => refused(port), { timeout: 5000, interval: 50 }).toBe(true);
  finishBody();
  const res = await answer;
  expect(res.status).toBe(200);
  // The answer closes its keep-alive connection, which would otherwise hold the shutdown until the client let go.
  expect(res.connection).toBe('close');
  expect(JSON.parse(res.body)).toMatchObject({ code: 200, data: { totalSize: expect.any(Number), content: expect.any(Array) } });
  expect(await server.exited).toBe(0);
  // Within the limit: the drain's timeout and the database's close after it (platform/shutdown.ts).
  expect(Date.now() - signalled).toBeLessThan(TIMEOUT_S * 1000 + DATABASE_CLOSE_MS);
  expect(server.output()).not.toMatch(/"level":(50|60)/);
});
