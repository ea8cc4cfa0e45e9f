import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Db } from '../db/connect';
import { isChange } from './audit';
import type { AppContext } from './context';
import { translate } from './i18n';

/**
 * Idempotent writes (issue 28 item 3; docs/integration.md "Idempotent writes"). Every route that changes something (the
 * routes the operation log records: `isChange`) accepts an `Idempotency-Key` header. The first request with a key
 * inserts the key's row in state `pending` under the unique (principal, key) — one statement, so of two requests at
 * once, on one process or several on one database, exactly one inserts it and runs; the answer is stored (`done`)
 * before it leaves. A repeat with the same key and the same request (method, route, query and body) gets the stored
 * answer, byte for byte, without running anything; one arriving while the first still runs waits for its answer (up to
 * IDEMPOTENCY_WAIT_MS, then 409 "in progress"). The same key with another request is refused (422). An answer of 500
 * (the action's transaction rolled back) forgets the key, so the request can be sent again. Keys are per principal (the
 * signed-in user, or the API key's own user) and kept IDEMPOTENCY_RETENTION_MS (housekeeping purges them).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a replayed answer (and what keeps the operation log from recording the replay as a second change). */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotency-replayed';
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
/** How long a repeat waits for the first request's answer before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 15_000;
/** A key: 1–200 visible ASCII characters (a UUID, an ERP document number …). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

interface Claim {
  id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request claimed (its answer is stored when it is sent); null without a key. */
    idempotency: Claim | null;
  }
}

/** What makes two requests "the same": method, route, query and the validated body. */
function fingerprint(request: FastifyRequest): string {
  const text = JSON.stringify([request.method, request.routeOptions.url, request.query ?? null, request.body ?? null]);
  return createHash('sha256').update(text).digest('hex');
}

type Outcome =
  | { kind: 'run'; claim: Claim }
  | { kind: 'replay'; statusCode: number; contentType: string | null; body: string }
  | { kind: 'refuse'; status: 409 | 422; reason: 'inProgress' | 'keyReused' | 'answerNotKept' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the key, or finds the answer of the request that claimed it (waiting while it runs). */
async function claimKey(db: Db, principal: string, key: string, print: string, now: () => Date): Promise<Outcome> {
  const started = Date.now();
  for (let round = 0; ; round++) {
    const inserted = await db
      .insertInto('sysIdempotency')
      .values({ principal, idemKey: key, fingerprint: print, state: 'pending', createTime: now() })
      .onConflict((oc) => oc.columns(['principal', 'idemKey']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { kind: 'run', claim: { id: String(inserted.id) } };
    const row = await db
      .selectFrom('sysIdempotency')
      .select(['fingerprint', 'state', 'statusCode', 'contentType', 'body'])
      .where('principal', '=', principal)
      .where('idemKey', '=', key)
      .executeTakeFirst();
    // Gone between the two statements (the first request failed and forgot it, or the purge): claim it again.
    if (!row) continue;
    if (row.fingerprint !== print) return { kind: 'refuse', status: 422, reason: 'keyReused' };
    if (row.state === 'done') {
      if (row.body === null || row.statusCode === null) return { kind: 'refuse', status: 409, reason: 'answerNotKept' };
      return { kind: 'replay', statusCode: row.statusCode, contentType: row.contentType, body: row.body };
    }
    if (Date.now() - started >= IDEMPOTENCY_WAIT_MS) return { kind: 'refuse', status: 409, reason: 'inProgress' };
    // Polls: the first request may run on another process; 10 ms, growing to 200 ms.
    await pause(Math.min(200, 10 * 2 ** Math.min(round, 5)));
  }
}

/** Stores the answer of a claimed request (or forgets the key after a 500) before the answer leaves. */
async function storeAnswer(db: Db, claim: Claim, reply: FastifyReply, payload: unknown, now: Date): Promise<void> {
  if (reply.statusCode >= 500) {
    await db.deleteFrom('sysIdempotency').where('id', '=', claim.id).execute();
    return;
  }
  const contentType = reply.getHeader('content-type');
  const body = typeof payload === 'string' ? payload : null;
  await db
    .updateTable('sysIdempotency')
    .set({
      state: 'done',
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      // Only text answers (every JSON envelope) are kept; a file answer is not, and a repeat is told so (409).
      body,
      doneTime: now,
    })
    .where('id', '=', claim.id)
    .execute();
}

/** Installs the idempotency hooks on an API scope (after the guard: the principal is the request's user). */
export function installIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || request.user === null) return done();
    const { permission, audit } = request.routeOptions.config;
    if (request.method === 'GET' || request.method === 'HEAD' || !isChange(permission, audit)) return done();
    const refuse = (status: 400 | 409 | 422, reason: string) =>
      reply.status(status).send({
        code: status,
        msg: translate(request.lang, `idempotency.${reason}`),
        data: null,
        errorCode: `idempotency.${reason}`,
      });
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      refuse(400, 'keyInvalid');
      return;
    }
    claimKey(ctx.db, `u${request.user.id}`, key, fingerprint(request), ctx.now).then(
      (outcome) => {
        if (outcome.kind === 'run') {
          request.idempotency = outcome.claim;
          return done();
        }
        if (outcome.kind === 'refuse') return void refuse(outcome.status, outcome.reason);
        reply.status(outcome.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
        if (outcome.contentType) reply.header('content-type', outcome.contentType);
        reply.send(outcome.body);
      },
      (error: Error) => done(error),
    );
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    request.idempotency = null;
    storeAnswer(ctx.db, claim, reply, payload, ctx.now()).then(
      () => done(null, payload),
      (error: Error) => {
        // The change is made; its answer still goes out. A repeat then waits and is answered 409 (in progress).
        request.log.error({ err: error, reqId: request.id }, 'storing an idempotent answer failed');
        done(null, payload);
      },
    );
  });
}
