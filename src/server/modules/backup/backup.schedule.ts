import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { repeatOncePerPeriod } from '../../platform/repeat';
import { createBackup, listBackups, pruneScheduled } from './backup.service';

// setTimeout holds at most 2^31-1 ms (~24.8 days); longer waits are taken in steps (the look comes back sooner).
const MAX_TIMER_MS = 2_147_483_647;
// The first scheduled backup of a data directory that has none waits a minute, so a start is never slowed.
const FIRST_DELAY_MS = 60_000;

/**
 * Scheduled backups (WHARF_BACKUP_INTERVAL), keeping the newest WHARF_BACKUP_KEEP of them: once per interval across
 * every process sharing the database (`repeatOncePerPeriod`, job `backup`), whichever takes it, into that process's
 * backup directory. The next one is due an interval after the last one began (recorded in the database), so restarts
 * neither skip nor repeat one; a database that has recorded none yet (a first start, or one from before the record)
 * takes the first look an interval after the newest scheduled backup on disk.
 * Returns the stop function for shutdown (it waits for a backup in progress).
 */
export async function startBackupSchedule(ctx: AppContext, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const interval = ctx.config.backupIntervalMs;
  if (interval === null) return async () => {};
  // Headers only: a start must not wait for every backup to be read through.
  const newest = (await listBackups(ctx.config, { verify: false })).find((r) => r.scheduled && !r.damaged);
  const due = newest ? Date.parse(newest.time) + interval : Date.now() + FIRST_DELAY_MS;
  const stop = repeatOncePerPeriod(
    async () => {
      try {
        const record = await createBackup(ctx.db, ctx.config, ctx.now(), { scheduled: true });
        const removed = await pruneScheduled(ctx.config, ctx.config.backupKeep);
        log.info({ backup: record.name, size: record.size, removed }, 'scheduled backup written');
      } catch (error) {
        log.error({ err: error }, 'scheduled backup failed');
      }
    },
    Math.min(Math.max(due - Date.now(), 0), MAX_TIMER_MS),
    { db: ctx.db, job: 'backup', everyMs: interval, log },
  );
  log.info({ next: new Date(Math.max(due, Date.now())).toISOString(), keep: ctx.config.backupKeep }, 'scheduled backups on');
  return stop;
}
