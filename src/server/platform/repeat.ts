import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Db, runsConcurrently } from '../db/connect';

/**
 * Runs `round` in the background of this process, again and again: first after `firstMs`, then after the delay each
 * round answers. Answers the stop function for shutdown: no round starts after it, and it waits for the round in
 * progress. A round logs and swallows its own errors (the next round runs whatever this one did); the timers do not
 * keep the process alive. The webhook dispatcher runs in every process this way; jobs that must run once per period
 * across processes go through `repeatOncePerPeriod` below.
 */
export function repeatInBackground(round: () => Promise<number>, firstMs: number): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    running = (async () => schedule(await round()))();
  };
  schedule(firstMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}

/** A job run once per period across every server process sharing the database (`repeatOncePerPeriod`). */
export interface OncePerPeriod {
  db: Db;
  /** The job's name: its row in `sys_job_run` and its advisory lock. */
  job: string;
  /** The period: a run is due once this long has passed since the last complete run began, whichever process ran it. */
  everyMs: number;
  /** How often each process looks whether the job is due (default: the period, at most a minute). */
  pollMs?: number;
  /** Who runs it, recorded with the run (default: this process). */
  owner?: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The class of the jobs' advisory locks (two-key form: class, hashtext(job)), beside the single-key locks in use. */
const JOB_LOCK_CLASS = 7_262_030;
const DEFAULT_OWNER = `${hostname()}:${process.pid}`;

/**
 * Runs `round` once per period across every process on the database: each process looks every `pollMs` (first after
 * `firstMs`), and a look that finds the job due runs it. The rule, and why it holds under `kill -9`:
 *
 * - A look is one transaction that first takes the job's `pg_try_advisory_xact_lock` (a process that finds it taken
 *   looks again later), then reads the job's `sys_job_run` row; when the last complete run began less than a period
 *   ago, it ends. Otherwise it runs `round` while holding the lock, and records the run (its start, end, owner) in that
 *   same transaction before committing, which releases the lock.
 * - So runs never overlap, and a run is recorded by the transaction that held the lock: the next look of any process
 *   sees it. A process killed mid-run loses its connection; PostgreSQL rolls its transaction back, which frees the lock
 *   and records nothing, and the next look of any process runs the job again. No lease to guess, no leader to elect.
 * - The period is kept in the database, not in a process's timer: restarts, and processes joining or leaving, neither
 *   repeat nor skip a run. The database's clock decides, so the processes' clocks need not agree.
 * - A session-level lock held by a leader was the other choice: a leader killed releases it just as well, but the
 *   period would live in the leader's memory (a new leader runs at once or skips a period) and PgBouncer in transaction
 *   mode cannot hold a session lock; transaction-scoped locks work through it.
 *
 * `round` runs on the pool's other connections, not in the claiming transaction (a backup or a purge is many
 * transactions of its own), and must swallow its own errors; one that escapes is logged and leaves the run unrecorded
 * (due again at the next look). On a database of one connection (PGlite: one process, `wharf.lock`) the look runs the
 * same check without holding a transaction, which would keep the round from the only connection.
 */
export function repeatOncePerPeriod(round: () => Promise<void>, firstMs: number, o: OncePerPeriod): () => Promise<void> {
  const pollMs = o.pollMs ?? Math.min(o.everyMs, 60_000);
  return repeatInBackground(async () => {
    try {
      const dueInMs = await runIfDue(round, o);
      // Look again when the next run falls due, or sooner: another process may run it meanwhile, or die.
      return Math.max(Math.min(dueInMs, pollMs), 10);
    } catch (error) {
      o.log.error({ err: error, job: o.job }, 'scheduled job failed');
      return pollMs;
    }
  }, firstMs);
}

/** One look (see `repeatOncePerPeriod`): runs the job when due; answers the milliseconds until it is due again. */
export async function runIfDue(round: () => Promise<void>, o: OncePerPeriod): Promise<number> {
  const look = async (db: Db): Promise<number> => {
    const { rows } = await sql<{ dueInMs: number | null; startedAt: Date }>`
      select (extract(epoch from (last_started_at - clock_timestamp())) * 1000 + ${o.everyMs})::float8 as due_in_ms,
        clock_timestamp() as started_at
      from (select 1) one left join sys_job_run on job = ${o.job}`.execute(db);
    const dueInMs = rows[0]?.dueInMs ?? null;
    if (dueInMs !== null && dueInMs > 0) return dueInMs;
    await round();
    await sql`
      insert into sys_job_run (job, last_started_at, last_finished_at, last_owner, runs)
      values (${o.job}, ${rows[0]?.startedAt}, clock_timestamp(), ${o.owner ?? DEFAULT_OWNER}, 1)
      on conflict (job) do update set last_started_at = excluded.last_started_at,
        last_finished_at = excluded.last_finished_at, last_owner = excluded.last_owner, runs = sys_job_run.runs + 1`.execute(db);
    return o.everyMs;
  };
  // One look per job at a time in this process (what the database lock does between processes, and all PGlite has).
  const mine = looking.get(o.db) ?? new Set<string>();
  looking.set(o.db, mine);
  if (mine.has(o.job)) return Number.POSITIVE_INFINITY;
  mine.add(o.job);
  try {
    if (!runsConcurrently(o.db)) return await look(o.db);
    return await lookUnderLock(o, look);
  } finally {
    mine.delete(o.job);
  }
}

/** The jobs this process is looking at, per database. */
const looking = new WeakMap<Db, Set<string>>();

/** A look in one transaction that holds the job's lock (PostgreSQL). */
function lookUnderLock(o: OncePerPeriod, look: (db: Db) => Promise<number>): Promise<number> {
  return o.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ got: boolean }>`
      select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}, hashtext(${o.job})) as got`.execute(trx);
    // Another process is running it: look again after a poll.
    if (!rows[0]?.got) return Number.POSITIVE_INFINITY;
    return look(trx);
  });
}
