import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/testApp';
import { runIfDue } from './repeat';

/**
 * The rule of jobs run once per period across processes (`repeatOncePerPeriod`, src/server/README.md "Several processes
 * on one PostgreSQL"), one look at a time: on PGlite and PostgreSQL. The three real processes are in
 * tests/multiprocess/multiprocess.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { error: () => undefined };
const once = (job: string, everyMs = 60_000) => ({ db: t.connection.db, job, everyMs, owner: 'test', log: silent });

async function recorded(job: string): Promise<{ runs: number; owner: string } | undefined> {
  const { rows } = await sql<{ runs: number; owner: string }>`
    select runs::int, last_owner as owner from sys_job_run where job = ${job}`.execute(t.connection.db);
  return rows[0];
}

describe('a job run once per period', () => {
  it('runs when never run, then not again within the period, and says when it falls due', async () => {
    let runs = 0;
    const round = async () => {
      runs++;
    };
    expect(await runIfDue(round, once('first'))).toBe(60_000);
    const wait = await runIfDue(round, once('first'));
    expect(runs).toBe(1);
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await recorded('first')).toEqual({ runs: 1, owner: 'test' });
    // Due again once a period has passed since the last run began (the database's clock).
    await sql`update sys_job_run set last_started_at = last_started_at - interval '61 seconds' where job = 'first'`.execute(
      t.connection.db,
    );
    await runIfDue(round, once('first'));
    expect(runs).toBe(2);
    expect((await recorded('first'))?.runs).toBe(2);
  });

  it('runs once when many look at the same moment (in one process; between processes: the lock, tests/multiprocess)', async () => {
    let runs = 0;
    const round = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await Promise.all(Array.from({ length: 5 }, () => runIfDue(round, once('together'))));
    expect(runs).toBe(1);
    expect((await recorded('together'))?.runs).toBe(1);
  });

  it('records nothing when the run fails, so the next look runs it again', async () => {
    await expect(
      runIfDue(async () => {
        throw new Error('cut short');
      }, once('failing')),
    ).rejects.toThrow('cut short');
    expect(await recorded('failing')).toBeUndefined();
    let runs = 0;
    await runIfDue(async () => {
      runs++;
    }, once('failing'));
    expect(runs).toBe(1);
  });
});
