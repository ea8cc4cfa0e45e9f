/**
 * Graceful shutdown on SIGTERM/SIGINT (issue 30; docs/deploy.md "Stopping and upgrading"): `/readyz` turns 503, the
 * listener closes (new connections are refused; idle keep-alive ones are closed), requests in flight finish and the
 * scheduled jobs stop, all within `WHARF_SHUTDOWN_TIMEOUT`; then the database closes (PGlite checkpoints its log) and
 * the process exits — 0 when everything finished in time, 1 when requests had to be cut off.
 */
import type { FastifyInstance } from 'fastify';
import type { Connection } from '../db/connect';
import type { Operations } from './operations';

/** What closing the database may take beyond the timeout (a PGlite checkpoint of a busy day's log). */
export const DATABASE_CLOSE_MS = 5000;

export interface ShutdownParts {
  app: FastifyInstance;
  operations: Operations;
  /** The scheduled jobs' stop functions (each waits for its run in progress). */
  jobs: readonly (() => Promise<void>)[];
  connection: Connection;
  timeoutMs: number;
}

/** Resolves true when `work` settles within `ms`, false when the time ran out first. */
async function finishes(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Drains and closes the server; answers the exit code. Never throws: a failed step is logged and the next runs. */
export async function shutDown({ app, operations, jobs, connection, timeoutMs }: ShutdownParts): Promise<number> {
  const log = app.log;
  const started = Date.now();
  operations.drain();
  const logFailure = (what: string) => (error: unknown) => log.error({ err: error }, `shutdown: ${what} failed`);
  const drained = await finishes(
    Promise.all([
      app.close().catch(logFailure('closing the server')),
      ...jobs.map((stop) => stop().catch(logFailure('stopping a job'))),
    ]),
    timeoutMs,
  );
  if (!drained) {
    log.warn(`shutdown: requests or jobs still running after ${timeoutMs} ms; their connections are closed`);
    app.server.closeAllConnections();
  }
  // A request cut off may still hold a pooled connection: the database gets a bounded time of its own to close.
  const closed = await finishes(connection.close().catch(logFailure('closing the database')), DATABASE_CLOSE_MS);
  if (!closed) log.warn(`shutdown: the database did not close within ${DATABASE_CLOSE_MS} ms`);
  log.info(`shutdown: done in ${Date.now() - started} ms`);
  return drained && closed ? 0 : 1;
}
