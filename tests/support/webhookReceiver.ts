import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests are answered with (default 204); 0 keeps them waiting for an answer (a hung receiver). */
  answer: (status: number) => void;
  close: () => Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 at a random port, keeping every request it gets (webhook tests and bench). */
export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  let status = 204;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (status !== 0) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
