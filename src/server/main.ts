import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedDemo } from './demo/demo';
import { startBackupSchedule } from './modules/backup/backup.schedule';
import { backupDir } from './modules/backup/backup.service';
import { startWebhookDispatcher } from './modules/webhooks/dispatcher';
import { startHousekeeping } from './platform/housekeeping';
import { shutDown } from './platform/shutdown';

/** Starts Wharf: database, migrations, first-start seed, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { connection, seed, demo } = await openDatabase(config, seedDemo);
  const { app, ctx, operations } = await buildApp({ config, db: connection.db, logger: true });
  if (!config.captcha) app.log.warn('WHARF_CAPTCHA=off: the login captcha is not checked. Use this for automation only.');

  const stopHousekeeping = startHousekeeping(ctx, app.log);
  const stopBackups = await startBackupSchedule(ctx, app.log);
  // Event webhooks: every process runs a dispatcher; claims keep each delivery to one of them at a time.
  const stopWebhooks = startWebhookDispatcher(ctx, app.log, {
    privateReceivers: config.webhookPrivateReceivers,
    maxAttempts: config.webhookMaxAttempts,
    pauseAfterDead: config.webhookPauseAfter,
  });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Graceful (platform/shutdown.ts): /readyz 503, in-flight requests and jobs finish within WHARF_SHUTDOWN_TIMEOUT.
    const jobs = [stopHousekeeping, stopBackups, stopWebhooks];
    process.exit(await shutDown({ app, operations, jobs, connection, timeoutMs: config.shutdownTimeoutMs }));
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
  const lines = [
    '',
    '  Wharf is running',
    `  Console:   ${address}`,
    `  Database:  ${connection.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Backups:   ${config.backupIntervalMs ? `every ${config.backupIntervalMs / 3_600_000} h, newest ${config.backupKeep} kept` : 'on demand only'}, in ${backupDir(config)}`,
  ];
  if (seed.adminCreated) {
    lines.push(`  Account:   admin`);
    lines.push(
      seed.generatedPassword
        ? `  Password:  ${seed.generatedPassword}   (generated; shown only this once — write it down)`
        : '  Password:  the value of WHARF_ADMIN_PASSWORD',
    );
    if (demo) lines.push('  Demo data: 2 warehouses, 3 clients (WHARF_DEMO=0 skips them)');
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Wharf could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
