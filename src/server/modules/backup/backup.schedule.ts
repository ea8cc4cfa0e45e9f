import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { createBackup, listBackups, pruneScheduled } from './backup.service';

// setTimeout holds at most 2^31-1 ms (~24.8 days); longer waits are taken in steps.
const MAX_TIMER_MS = 2_147_483_647;
// The first scheduled backup of a data directory that has none waits a minute, so a start is never slowed.
const FIRST_DELAY_MS = 60_000;

/**
 * Scheduled backups (WHARF_BACKUP_INTERVAL), keeping the newest WHARF_BACKUP_KEEP of them. The next one is due
 * an interval after the newest scheduled backup on disk, so restarts neither skip nor repeat one.
 * Returns the stop function for shutdown (it waits for a backup in progress).
 */
export async function startBackupSchedule(ctx: AppContext, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const interval = ctx.config.backupIntervalMs;
  if (interval === null) return async () => {};
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let due: number;

  const wait = () => {
    if (stopped) return;
    timer = setTimeout(tick, Math.min(Math.max(due - Date.now(), 0), MAX_TIMER_MS));
    timer.unref();
  };
  const tick = () => {
    if (Date.now() < due) return wait();
    running = (async () => {
      try {
        const record = await createBackup(ctx.db, ctx.config, ctx.now(), { scheduled: true });
        const removed = await pruneScheduled(ctx.config, ctx.config.backupKeep);
        log.info({ backup: record.name, size: record.size, removed }, 'scheduled backup written');
      } catch (error) {
        log.error({ err: error }, 'scheduled backup failed');
      }
      due = Date.now() + interval;
      wait();
    })();
  };

  // Headers only: a start must not wait for every backup to be read through.
  const newest = (await listBackups(ctx.config, { verify: false })).find((r) => r.scheduled && !r.damaged);
  due = newest ? Date.parse(newest.time) + interval : Date.now() + FIRST_DELAY_MS;
  wait();
  log.info({ next: new Date(Math.max(due, Date.now())).toISOString(), keep: ctx.config.backupKeep }, 'scheduled backups on');
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
