/**
 * The webhook dispatcher (README.md here): fans new outbox events out to the subscriptions that match them, claims due
 * deliveries with a lease, posts them signed, and records every try. Any number of server processes may run it on one
 * database: fan-out and claims lock rows with `for update skip locked`, so an event is fanned out once and a delivery
 * is sent by one process at a time. A process killed mid-delivery loses nothing: its claims expire (`claimed_until`)
 * and the next dispatcher sends them again (at least once; receivers dedupe on the event id).
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, type WebhookBody, type WebhookEventType } from '../../../shared/webhooks';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/transaction';
import type { AppContext } from '../../platform/context';
import { grantsClient } from '../../platform/grants';
import { repeatInBackground } from '../../platform/repeat';
import { loadAccessOf } from '../../platform/session';
import { checkedAddresses, pinnedLookup } from './address';

export interface DispatchOptions {
  /** Events fanned out and deliveries claimed per round. */
  batch: number;
  /** How long a claim holds a delivery: longer than `timeoutMs`, so a live dispatcher's claim never expires. */
  leaseMs: number;
  /** Time a receiver has to answer. */
  timeoutMs: number;
  /** Tries before a delivery is dead-lettered (status F). */
  maxAttempts: number;
  /** The wait after the first failed try; doubled after each further one, at most `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Who claims (a process id and a random part), written on the claim. */
  owner: string;
  /** Dead letters in a row (no delivery between) after which a subscription pauses (README "Pause"). */
  pauseAfterDead: number;
  /** Whether receivers on internal addresses (loopback, private networks …) may be posted to (config, README "SSRF"). */
  privateReceivers: boolean;
}

export const DEFAULT_DISPATCH: DispatchOptions = {
  batch: 50,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  maxAttempts: 8,
  backoffMs: 10_000,
  maxBackoffMs: 3_600_000,
  owner: `${process.pid}-${randomUUID().slice(0, 8)}`,
  pauseAfterDead: 5,
  privateReceivers: false,
};

/** The wait before try `attempts + 1` after `attempts` failed ones. */
export const backoff = (attempts: number, o: Pick<DispatchOptions, 'backoffMs' | 'maxBackoffMs'>): number =>
  Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.max(0, attempts - 1));

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the value of the Wharf-Signature header. */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

interface Subscription {
  id: number;
  whId: string;
  clientCode: string | null;
  events: string;
  createdBy: number;
}

/**
 * One round of fan-out: the oldest events not yet fanned out (locked, skipping those another process holds) get one
 * delivery per matching active subscription whose creator may see the event's warehouse and client. Answers the events.
 */
export async function fanOut(db: Db, now: Date, limit = DEFAULT_DISPATCH.batch): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { rows: events } = await sql<{ id: string; eventType: string; whId: string; clientCode: string | null }>`
      select id, event_type, wh_id, client_code from t_event_outbox where not fanned_out
      order by id limit ${limit} for update skip locked`.execute(trx);
    if (events.length === 0) return 0;
    const { rows: subs } = await sql<Subscription>`
      select id, wh_id, client_code, events, created_by from t_webhook_subscription
      where active = 'Y' and wh_id = any(${[...new Set(events.map((e) => e.whId))]}::varchar[])`.execute(trx);
    const access = await loadAccessOf(
      trx,
      subs.map((s) => s.createdBy),
    );
    const pairs: { sub: number; event: string }[] = [];
    for (const event of events) {
      for (const sub of subs) {
        if (sub.whId !== event.whId || !sub.events.split(',').includes(event.eventType)) continue;
        if (sub.clientCode !== null && sub.clientCode !== event.clientCode) continue;
        const creator = access.get(sub.createdBy);
        if (!creator || !grantsClient(creator, event.whId, event.clientCode, 'read')) continue;
        pairs.push({ sub: sub.id, event: event.id });
      }
    }
    if (pairs.length > 0) {
      await sql`
        insert into t_webhook_delivery (subscription_id, outbox_id, next_at)
        select * from unnest(${pairs.map((p) => p.sub)}::int[], ${pairs.map((p) => p.event)}::bigint[],
          array_fill(${now}::timestamptz, array[${pairs.length}::int]))
        on conflict (subscription_id, outbox_id) do nothing`.execute(trx);
    }
    await sql`update t_event_outbox set fanned_out = true where id = any(${events.map((e) => e.id)}::bigint[])`.execute(trx);
    return events.length;
  });
}

interface Claimed {
  id: string;
  attempts: number;
  subscriptionId: number;
  url: string;
  secret: string;
  eventId: string;
  eventType: WebhookEventType;
  whId: string;
  clientCode: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Claims due deliveries (pending, next try due, no live claim) for `leaseMs`; each claim counts as a try. */
export async function claimDue(db: Db, now: Date, o: DispatchOptions): Promise<Claimed[]> {
  const until = new Date(now.getTime() + o.leaseMs);
  const { rows } = await sql<Claimed>`
    with claimed as (
      update t_webhook_delivery set claimed_until = ${until}, claimed_by = ${o.owner}, attempts = attempts + 1,
        update_time = ${now}
      where id in (
        select id from t_webhook_delivery
        where status = 'P' and next_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
          -- A paused subscription's deliveries wait for its resume.
          and subscription_id in (select id from t_webhook_subscription where paused_at is null)
        order by next_at, id limit ${o.batch} for update skip locked)
      returning id, attempts, subscription_id, outbox_id)
    select c.id, c.attempts, c.subscription_id, s.url, s.secret, o.event_id::text as event_id, o.event_type, o.wh_id, o.client_code,
      o.payload, o.created_at
    from claimed c
    join t_webhook_subscription s on s.id = c.subscription_id
    join t_event_outbox o on o.id = c.outbox_id
    order by c.id`.execute(db);
  return rows;
}

/** The JSON a delivery posts. */
export function deliveryBody(
  d: Pick<Claimed, 'eventId' | 'eventType' | 'whId' | 'clientCode' | 'payload' | 'createdAt'>,
): string {
  const body: WebhookBody = {
    id: d.eventId,
    type: d.eventType,
    createdAt: new Date(d.createdAt).toISOString(),
    warehouse: d.whId,
    client: d.clientCode,
    data: d.payload,
  };
  return JSON.stringify(body);
}

type Outcome = 'delivered' | 'retry' | 'dead';

/**
 * Connections kept open between deliveries (a receiver gets a burst of events): a kept connection goes to an address
 * that was checked when it was opened.
 */
const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

/**
 * Posts the body to the URL: the host resolved and checked (address.ts), the connection made to that address, no
 * redirect followed (the address checked is the only one posted to), the answer's body read and dropped. Answers the
 * HTTP status; a refused address, a network error or the timeout throws.
 */
async function post(url: string, headers: Record<string, string>, body: string, o: DispatchOptions): Promise<number> {
  const target = new URL(url);
  const signal = AbortSignal.timeout(o.timeoutMs);
  const addresses = await checkedAddresses(target.hostname, o.privateReceivers);
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        signal,
        agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        // Cut off (the timeout while the body streams): a failed try.
        response.on('close', () => {
          if (!response.complete) reject(new Error('the answer was cut off'));
        });
        response.resume();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Posts one claimed delivery and records the try; answers what became of it. */
async function deliver(db: Db, d: Claimed, now: () => Date, o: DispatchOptions): Promise<Outcome> {
  const body = deliveryBody(d);
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await post(
      d.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Wharf-Webhooks/1',
        [SIGNATURE_HEADER]: signature(d.secret, body, now()),
        [EVENT_ID_HEADER]: d.eventId,
      },
      body,
      o,
    );
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (e) {
    // A refused address is one failed try like any other, its message kept for the screens to translate.
    error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 500) : String(e).slice(0, 500);
  }
  const duration = Math.round(performance.now() - started);
  const at = now();
  const outcome: Outcome = error === null ? 'delivered' : d.attempts >= o.maxAttempts ? 'dead' : 'retry';
  const nextAt = outcome === 'retry' ? new Date(at.getTime() + backoff(d.attempts, o)) : at;
  await inTransaction(db, async (trx) => {
    await sql`
      insert into t_webhook_attempt (delivery_id, attempt, http_status, duration_ms, error, at)
      values (${d.id}, ${d.attempts}, ${status}, ${duration}, ${error}, ${at})`.execute(trx);
    // Only while the claim is ours: a claim that expired meanwhile belongs to whoever took it over.
    const { numAffectedRows } = await sql`
      update t_webhook_delivery set
        status = ${outcome === 'delivered' ? 'D' : outcome === 'dead' ? 'F' : 'P'},
        next_at = ${nextAt}, claimed_until = null, claimed_by = null, last_status = ${status}, last_error = ${error},
        last_duration_ms = ${duration}, delivered_at = ${outcome === 'delivered' ? at : null}, update_time = ${at}
      where id = ${d.id} and claimed_by = ${o.owner} and status = 'P'`.execute(trx);
    if (numAffectedRows !== 1n || outcome === 'retry') return;
    // A success ends the subscription's run of dead letters; a dead letter lengthens it, and the Nth in a row pauses
    // the subscription (README "Pause"): its deliveries wait, nothing is lost, until an administrator resumes it.
    if (outcome === 'delivered') {
      await sql`update t_webhook_subscription set dead_streak = 0 where id = ${d.subscriptionId} and dead_streak <> 0`.execute(
        trx,
      );
    } else {
      await sql`
        update t_webhook_subscription set dead_streak = dead_streak + 1,
          paused_at = case when paused_at is null and dead_streak + 1 >= ${o.pauseAfterDead} then ${at} else paused_at end,
          pause_reason = case when paused_at is null and dead_streak + 1 >= ${o.pauseAfterDead} then ${error}
            else pause_reason end
        where id = ${d.subscriptionId}`.execute(trx);
    }
  });
  return outcome;
}

export interface RoundCounts {
  fannedOut: number;
  delivered: number;
  retried: number;
  dead: number;
}

/** One dispatcher round: fan-out, then the due deliveries sent side by side. */
export async function dispatchOnce(db: Db, now: () => Date, options: Partial<DispatchOptions> = {}): Promise<RoundCounts> {
  const o = { ...DEFAULT_DISPATCH, ...options };
  const counts: RoundCounts = { fannedOut: await fanOut(db, now(), o.batch), delivered: 0, retried: 0, dead: 0 };
  const claimed = await claimDue(db, now(), o);
  const outcomes = await Promise.all(claimed.map((d) => deliver(db, d, now, o)));
  for (const outcome of outcomes) {
    if (outcome === 'delivered') counts.delivered++;
    else if (outcome === 'retry') counts.retried++;
    else counts.dead++;
  }
  return counts;
}

/** How often an idle dispatcher looks for work. */
export const POLL_MS = 1_000;

/** Runs the dispatcher in this process until the answered stop function is called (it waits for the round in progress). */
export function startWebhookDispatcher(
  ctx: Pick<AppContext, 'db' | 'now'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: Partial<DispatchOptions> & { pollMs?: number } = {},
): () => Promise<void> {
  return repeatInBackground(async () => {
    let busy = false;
    try {
      const c = await dispatchOnce(ctx.db, ctx.now, options);
      busy = c.fannedOut + c.delivered + c.retried + c.dead > 0;
      if (c.dead > 0) log.warn({ dead: c.dead }, 'webhook deliveries dead-lettered');
    } catch (error) {
      log.error({ err: error }, 'webhook dispatch failed');
    }
    // Work found: look again at once (a backlog drains at full speed); otherwise wait a poll.
    return busy ? 0 : (options.pollMs ?? POLL_MS);
  }, options.pollMs ?? POLL_MS);
}

/** Sends the deliveries again (administrator replay): pending, due now, tries counted afresh. Answers how many. */
export async function replayDeliveries(db: Db, ids: readonly number[], now: Date): Promise<number> {
  const { numAffectedRows } = await sql`
    update t_webhook_delivery set status = 'P', attempts = 0, next_at = ${now}, claimed_until = null, claimed_by = null,
      delivered_at = null, update_time = ${now}
    where id = any(${ids}::bigint[])`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/**
 * Resumes paused subscriptions (administrator; `POST /tWebhookSubscription/resume`): their waiting deliveries are sent
 * again from the next round, the run of dead letters starts afresh. Answers how many were paused.
 */
export async function resumeSubscriptions(db: Db, ids: readonly number[], now: Date): Promise<number> {
  const { numAffectedRows } = await sql`
    update t_webhook_subscription set paused_at = null, pause_reason = null, dead_streak = 0, update_time = ${now}
    where id = any(${ids}::int[]) and paused_at is not null`.execute(db);
  return Number(numAffectedRows ?? 0);
}
