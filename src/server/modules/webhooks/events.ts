/**
 * The transactional outbox (issue 28 item 5; README.md here): a business change records its event with
 * `recordEvent(trx, …)` inside its own transaction, so the event exists exactly when the change does (a rolled-back
 * change leaves no event, a committed one always has it). The dispatcher (dispatcher.ts) delivers it afterwards.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { WebhookEventType } from '../../../shared/webhooks';
import type { Trx } from '../../crud/crud.types';

export interface BusinessEvent {
  type: WebhookEventType;
  /** The warehouse of the change. */
  warehouse: string;
  /** The client whose stock or document changed (null: none, e.g. a count of an empty location). */
  client: string | null;
  /** Small: codes, numbers and quantities; receivers read details through the API. */
  payload: Record<string, unknown>;
}

/**
 * Benchmarks only (bench/webhooks.bench.ts measures an action with and without its outbox write): `on` false skips the
 * writes. Nothing else turns it off; the server never does.
 */
export const outboxForBench = { on: true };

/** Writes one event to the outbox in the caller's transaction; answers its id (a uuid receivers dedupe on). */
export async function recordEvent(trx: Trx, event: BusinessEvent): Promise<string> {
  const id = randomUUID();
  if (!outboxForBench.on) return id;
  await sql`
    insert into t_event_outbox (event_id, event_type, wh_id, client_code, payload)
    values (${id}::uuid, ${event.type}, ${event.warehouse}, ${event.client}, ${JSON.stringify(event.payload)}::jsonb)`.execute(
    trx,
  );
  return id;
}

/** Several events of one change in one statement (a wave release, a count adjusting many rows). */
export async function recordEvents(trx: Trx, events: readonly BusinessEvent[]): Promise<void> {
  if (events.length === 0 || !outboxForBench.on) return;
  await sql`
    insert into t_event_outbox (event_id, event_type, wh_id, client_code, payload)
    select * from unnest(${events.map(() => randomUUID())}::uuid[], ${events.map((e) => e.type)}::varchar[],
      ${events.map((e) => e.warehouse)}::varchar[], ${events.map((e) => e.client)}::varchar[],
      ${events.map((e) => JSON.stringify(e.payload))}::jsonb[])`.execute(trx);
}

/** One event per client of the lines (sorted by client), each with that client's lines: a task may hold several. */
export function eventsByClient<L extends { clientCode: string | null }>(
  type: WebhookEventType,
  warehouse: string,
  lines: readonly L[],
  payload: (lines: L[]) => Record<string, unknown>,
): BusinessEvent[] {
  const clients = [...new Set(lines.map((l) => l.clientCode))].sort((a, b) => String(a).localeCompare(String(b)));
  return clients.map((client) => ({ type, warehouse, client, payload: payload(lines.filter((l) => l.clientCode === client)) }));
}
