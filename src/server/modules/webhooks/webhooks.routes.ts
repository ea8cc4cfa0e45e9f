/**
 * The webhook routes (README.md here): the two generic lists, a subscription's new secret and its resume after a pause,
 * the delivery replay.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { permission } from '../../../shared/permissions';
import { registerCrudRoutes } from '../../crud/crud.routes';
import { closed, countAnswer, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { replay, resume, rotateSecret, WEBHOOK_BINDINGS } from './webhooks.service';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** The new secret, answered this once; null when the subscription is not the caller's to change. */
const SecretAnswer = envelope(closed({ secret: text }));

export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, WEBHOOK_BINDINGS);
  app.post(
    '/tWebhookSubscription/newSecret',
    {
      schema: { body: Type.Object({ id: Id }), response: { 200: SecretAnswer } },
      config: { permission: permission('tWebhookSubscription', 'edit'), audit: true },
    },
    // Answered once: the list shows only its last four characters.
    async (request) => ok({ secret: await rotateSecret(ctx.db, request.user!, (request.body as { id: number }).id) }),
  );
  app.post(
    '/tWebhookSubscription/resume',
    {
      schema: { body: Type.Object({ id: Id }), response: { 200: countAnswer } },
      config: { permission: permission('tWebhookSubscription', 'edit'), audit: true },
    },
    // 1 when it was paused and is resumed; 0 when it was not paused, or not the user's to change.
    async (request) => ok(await resume(ctx.db, request.user!, (request.body as { id: number }).id, ctx.now())),
  );
  app.post(
    '/tWebhookDelivery/replay',
    {
      schema: { body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }), response: { 200: countAnswer } },
      config: { permission: permission('tWebhookDelivery', 'edit'), audit: true },
    },
    async (request) => ok(await replay(ctx.db, request.user!, (request.body as { ids: number[] }).ids, ctx.now())),
  );
}
