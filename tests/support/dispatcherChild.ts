/**
 * A webhook dispatcher alone in a process of its own, on the database DATABASE_URL (PostgreSQL) or WHARF_DATA_DIR
 * (PGlite) names: the crash test (webhooks.crash.test.ts) kills it with SIGKILL in the middle of a delivery. It waits
 * up to two minutes for an answer, so a hung receiver keeps it mid-delivery until then.
 */
import { connectPglite, connectPostgres } from '../../src/server/db/connect';
import { startWebhookDispatcher } from '../../src/server/modules/webhooks/dispatcher';

const url = process.env.DATABASE_URL;
const connection = url ? connectPostgres(url, 2) : await connectPglite({ dataDir: String(process.env.WHARF_DATA_DIR) });
startWebhookDispatcher({ db: connection.db, now: () => new Date() }, console, {
  pollMs: 20,
  timeoutMs: 120_000,
  leaseMs: 180_000,
  owner: `child-${process.pid}`,
  // The test's receiver is on 127.0.0.1.
  privateReceivers: true,
});
// The dispatcher's timers do not hold the process: this one does, until the kill.
setInterval(() => undefined, 60_000);
