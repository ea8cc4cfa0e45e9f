/**
 * Subscriptions and deliveries as generic entities (README.md here): the subscription's save hook checks the URL and
 * keeps the secret write-only; the routes add a new secret (answered once) and the administrator replay.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import { tWebhookDelivery, tWebhookSubscription } from '../../../shared/entities/webhooks';
import type { CrudBinding, Row, Trx } from '../../crud/crud.types';
import type { Db } from '../../db/connect';
import type { SessionUser } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantsClient } from '../../platform/grants';
import { replayDeliveries, resumeSubscriptions } from './dispatcher';

/** A new secret: 32 random bytes, hex, with a prefix that tells what it is. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;

/** Host names never posted to: cloud metadata services. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.com']);

/**
 * Whether an address literal is link-local (169.254.0.0/16, where cloud metadata services answer, fe80::/10) or
 * unspecified (0.0.0.0, ::) — refused. Loopback and private networks are allowed: the receiver is often on the same
 * host or network, and only an administrator may add subscriptions (docs/integration.md "Webhooks", SSRF).
 */
export function refusedAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(bare)) return true;
  const kind = isIP(bare);
  if (kind === 4) return bare.startsWith('169.254.') || bare === '0.0.0.0';
  if (kind === 6) return /^fe[89ab][0-9a-f]:/.test(bare) || bare === '::' || /^::ffff:169\.254\./.test(bare);
  return false;
}

/** Checks a subscription's URL: http or https, no user or password in it, no link-local or metadata host. */
export function checkWebhookUrl(value: unknown): string {
  const text = String(value ?? '').trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('webhookUrlInvalid', { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('webhookUrlInvalid', { url: text });
  if (url.username !== '' || url.password !== '') throw new AppError('webhookUrlCredentials');
  if (refusedAddress(url.hostname)) throw new AppError('webhookUrlForbidden', { host: url.hostname });
  return url.toString();
}

async function storedSecret(trx: Trx, id: number): Promise<string | null> {
  const { rows } = await sql<{ secret: string }>`select secret from t_webhook_subscription where id = ${id}`.execute(trx);
  return rows[0]?.secret ?? null;
}

/** The subscription's save: URL checked, the secret kept (blank on edit) or generated (blank on add), the creator set. */
async function beforeSaveSubscription(trx: Trx, row: Row, { user, existing }: { user: SessionUser; existing: Row | null }) {
  row.url = checkWebhookUrl(row.url);
  if (row.secret !== null && row.secret !== undefined && String(row.secret).length < 16) {
    throw new AppError('webhookSecretShort');
  }
  if (row.secret === null || row.secret === undefined) {
    row.secret = existing ? await storedSecret(trx, Number(existing.id)) : newSecret();
  }
  if (!existing) {
    row.createdBy = user.id;
    row.createdByName = user.name;
  }
}

export const WEBHOOK_BINDINGS: CrudBinding[] = [
  {
    entity: tWebhookSubscription,
    table: 't_webhook_subscription',
    view: 'v_webhook_subscription',
    beforeSave: beforeSaveSubscription,
  },
  { entity: tWebhookDelivery, table: 't_webhook_delivery', view: 'v_webhook_delivery' },
];

/** `POST /tWebhookSubscription/newSecret`: a new secret for one subscription the user may change, answered once. */
export async function rotateSecret(db: Db, user: SessionUser, id: number): Promise<string | null> {
  const { rows } = await sql<{ whId: string; clientCode: string | null }>`
    select wh_id, client_code from t_webhook_subscription where id = ${id}`.execute(db);
  const sub = rows[0];
  if (!sub || !grantsClient(user, sub.whId, sub.clientCode, 'write')) return null;
  const secret = newSecret();
  await sql`update t_webhook_subscription set secret = ${secret}, update_time = now() where id = ${id}`.execute(db);
  return secret;
}

/** `POST /tWebhookDelivery/replay`: sends the listed deliveries again; 0 when any is not the user's to change. */
export async function replay(db: Db, user: SessionUser, ids: readonly number[], now: Date): Promise<number> {
  const unique = [...new Set(ids)];
  const { rows } = await sql<{ whId: string; clientCode: string | null }>`
    select o.wh_id, o.client_code from t_webhook_delivery d join t_event_outbox o on o.id = d.outbox_id
    where d.id = any(${unique}::bigint[])`.execute(db);
  if (rows.length !== unique.length || !rows.every((r) => grantsClient(user, r.whId, r.clientCode, 'write'))) return 0;
  return replayDeliveries(db, unique, now);
}

/** `POST /tWebhookSubscription/resume`: resumes a paused subscription the user may change; answers 1, else 0. */
export async function resume(db: Db, user: SessionUser, id: number, now: Date): Promise<number> {
  const { rows } = await sql<{ whId: string; clientCode: string | null }>`
    select wh_id, client_code from t_webhook_subscription where id = ${id}`.execute(db);
  const sub = rows[0];
  if (!sub || !grantsClient(user, sub.whId, sub.clientCode, 'write')) return 0;
  return resumeSubscriptions(db, [id], now);
}
