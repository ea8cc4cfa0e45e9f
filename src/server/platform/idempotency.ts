import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { LanguageCode } from '../../shared/wire';
import { type CommitHook, type RunOnConnection, withCommitHook } from '../db/commitHook';
import type { Db } from '../db/connect';
import { isChange } from './audit';
import type { AppContext } from './context';
import { translate } from './i18n';

/**
 * Idempotent writes (issue 28 item 3; docs/integration.md "Idempotent writes"). Every route that changes something (the
 * routes the operation log records: `isChange`) accepts an `Idempotency-Key` header. The first request with a key
 * inserts the key's row in state `pending` under the unique (principal, key) — one statement, so of two requests at
 * once, on one process or several on one database, exactly one inserts it and runs. A repeat with the same key and the
 * same request (method, route, query and body) gets the stored answer, byte for byte, without running anything; one
 * arriving while the first still runs waits for its answer (up to IDEMPOTENCY_WAIT_MS, then 409 "in progress"). The
 * same key with another request is refused (422). Keys are per principal (the signed-in user, or the API key's own
 * user) and kept IDEMPOTENCY_RETENTION_MS (housekeeping purges them).
 *
 * Exact across crashes: the claim is marked `committed` **in the business transaction itself**, by the driver's commit
 * hook (db/commitHook.ts) — before every commit, and around every autocommit write, of the request's handler — so the
 * row says whether the change happened whatever dies when:
 * - `pending` and older than the lease (`config.idempotencyLeaseMs`): the request died before committing anything; a
 *   repeat takes the claim over (a new owner) and runs. A first request that was only slow finds its claim gone at its
 *   commit and rolls back (409 `idempotency.claimLost`): one effect still;
 * - `committed` without an answer, once its request ended (a 500 after the commit) or its lease passed (the process
 *   died between the commit and storing the answer): the repeat is refused, 409 `idempotency.answerLost` — done, read
 *   the document — and never runs again;
 * - a 500 while still `pending` (rolled back, nothing committed) forgets the key, so the request can be sent again.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a replayed answer (and what keeps the operation log from recording the replay as a second change). */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotency-replayed';
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
/** How long a repeat waits for the first request's answer before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 15_000;
/** A key: 1–200 visible ASCII characters (a UUID, an ERP document number …). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The claim of a running request: its row, and the owner token a takeover replaces. */
export interface Claim {
  id: string;
  owner: string;
  /** Until the answer is stored: the request's writes mark the row `committed` with them. */
  open: boolean;
  /** The mark is made (later commits of the same request need not make it again). */
  committed: boolean;
}

/** The claim was taken over by a repeat (this request outlived its lease): its change is rolled back. */
export class ClaimLost extends Error {
  constructor() {
    super('idempotency claim taken over');
    this.name = 'ClaimLost';
  }
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

type Refusal = 'inProgress' | 'keyReused' | 'answerNotKept' | 'answerLost' | 'claimLost';

type Outcome =
  | { kind: 'run'; claim: Claim }
  | { kind: 'replay'; statusCode: number; contentType: string | null; body: string }
  | { kind: 'refuse'; status: 409 | 422; reason: Refusal };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newClaim = (id: string, owner: string): Claim => ({ id, owner, open: true, committed: false });

/** Claims the key, or finds the answer of the request that claimed it (waiting while it runs). */
export async function claimKey(
  db: Db,
  principal: string,
  key: string,
  print: string,
  now: () => Date,
  leaseMs: number,
): Promise<Outcome> {
  const started = Date.now();
  for (let round = 0; ; round++) {
    const owner = randomUUID();
    const at = now();
    const inserted = await db
      .insertInto('sysIdempotency')
      .values({ principal, idemKey: key, fingerprint: print, state: 'pending', owner, claimTime: at, createTime: at })
      .onConflict((oc) => oc.columns(['principal', 'idemKey']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { kind: 'run', claim: newClaim(String(inserted.id), owner) };
    const row = await db
      .selectFrom('sysIdempotency')
      .select(['id', 'fingerprint', 'state', 'statusCode', 'contentType', 'body', 'owner', 'claimTime', 'doneTime'])
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
    const leaseOver = at.getTime() - new Date(row.claimTime).getTime() >= leaseMs;
    // The change committed and its request is over (a 500 after the commit, or its process died): done, answer lost.
    if (row.state === 'committed' && (row.doneTime !== null || leaseOver)) {
      return { kind: 'refuse', status: 409, reason: 'answerLost' };
    }
    if (row.state === 'pending' && leaseOver) {
      // Its request died before committing anything: take the claim over and run. Of several repeats, one wins (the
      // owner it read is gone for the others), and the old request, were it alive, fails its own commit.
      const taken = await db
        .updateTable('sysIdempotency')
        .set({ owner, claimTime: at })
        .where('id', '=', row.id)
        .where('owner', '=', row.owner)
        .where('state', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (taken) return { kind: 'run', claim: newClaim(String(taken.id), owner) };
      continue;
    }
    if (Date.now() - started >= IDEMPOTENCY_WAIT_MS) return { kind: 'refuse', status: 409, reason: 'inProgress' };
    // Polls: the first request may run on another process; 10 ms, growing to 200 ms.
    await pause(Math.min(200, 10 * 2 ** Math.min(round, 5)));
  }
}

/** The mark the driver runs before each commit of the claimed request's writes (db/commitHook.ts). */
export function commitHookOf(claim: Claim): CommitHook {
  return {
    active: () => claim.open && !claim.committed,
    async beforeCommit(run: RunOnConnection) {
      // Raw, on the committing connection: under the ORM, so no camel-case names here.
      const { numAffectedRows } = await run(
        CompiledQuery.raw(
          `update sys_idempotency set state = 'committed' where id = $1 and owner = $2 and state in ('pending', 'committed')`,
          [claim.id, claim.owner],
        ),
      );
      if (numAffectedRows !== 1n) throw new ClaimLost();
    },
    // Only once the commit went through: a commit failing after the mark (a serialization failure) rolls it back too,
    // and the retry marks again.
    afterCommit() {
      claim.committed = true;
    },
  };
}

/** Stores the answer of a claimed request (or, after a 500, forgets the key or records that the request ended). */
async function storeAnswer(db: Db, claim: Claim, reply: FastifyReply, payload: unknown, now: Date): Promise<void> {
  // First: the writes below (and any later one of this request) are not the request's change.
  claim.open = false;
  if (reply.statusCode >= 500) {
    // Still pending: rolled back, nothing committed — the key is forgotten and the request may be sent again.
    const gone = await db
      .deleteFrom('sysIdempotency')
      .where('id', '=', claim.id)
      .where('owner', '=', claim.owner)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (gone.numDeletedRows > 0n) return;
    // Committed, then failed: the key is kept (a repeat is refused at once, answerLost), never a second effect.
    await db
      .updateTable('sysIdempotency')
      .set({ doneTime: now })
      .where('id', '=', claim.id)
      .where('owner', '=', claim.owner)
      .where('state', '=', 'committed')
      .execute();
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
    // Not after a takeover: the row is the new owner's.
    .where('owner', '=', claim.owner)
    .where('state', '<>', 'done')
    .execute();
}

function refuse(reply: FastifyReply, lang: LanguageCode, status: 400 | 409 | 422, reason: Refusal | 'keyInvalid') {
  return reply.status(status).send({
    code: status,
    msg: translate(lang, `idempotency.${reason}`),
    data: null,
    errorCode: `idempotency.${reason}`,
  });
}

/**
 * Installs the idempotency hooks on an API scope (after the guard: the principal is the request's user; before the
 * routes: their handlers run with the claim's commit hook).
 */
export function installIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function idempotentHandler(request, reply) {
      const claim = request.idempotency;
      if (!claim) return handler.call(this, request, reply);
      const result = withCommitHook(commitHookOf(claim), () => handler.call(this, request, reply));
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (error instanceof ClaimLost) return refuse(reply, request.lang, 409, 'claimLost');
        throw error;
      });
    };
  });
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || request.user === null) return done();
    const { permission, audit } = request.routeOptions.config;
    if (request.method === 'GET' || request.method === 'HEAD' || !isChange(permission, audit)) return done();
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      refuse(reply, request.lang, 400, 'keyInvalid');
      return;
    }
    claimKey(ctx.db, `u${request.user.id}`, key, fingerprint(request), ctx.now, ctx.config.idempotencyLeaseMs).then(
      (outcome) => {
        if (outcome.kind === 'run') {
          request.idempotency = outcome.claim;
          return done();
        }
        if (outcome.kind === 'refuse') return void refuse(reply, request.lang, outcome.status, outcome.reason);
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
        // The answer still goes out. The row stays `committed` (a repeat after the lease: answerLost) or `pending`
        // (nothing committed: a repeat after the lease runs it).
        request.log.error({ err: error, reqId: request.id }, 'storing an idempotent answer failed');
        done(null, payload);
      },
    );
  });
}
