import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AUTHENTICATED } from '../../../shared/permissions';
import { ok } from '../../platform/envelope';

/**
 * Lookups of spec 001 §7 whose data belongs to later domains. The routes exist now so the console can call them;
 * each answers an empty list until its tables exist, and is then moved beside the others and filled in:
 * - getAccessToken — the token of an external carrier or label service, shipping
 */
export const LATER_LOOKUPS = ['getAccessToken'] as const;

const AnyBody = Type.Object({
  whId: Type.Optional(Type.String({ maxLength: 20 })),
  clientCode: Type.Optional(Type.String({ maxLength: 30 })),
});

export function registerLaterLookups(app: FastifyInstance): void {
  for (const name of LATER_LOOKUPS) {
    app.post(`/globalOptions/${name}`, { schema: { body: AnyBody }, config: { permission: AUTHENTICATED } }, async () => ok([]));
  }
}
