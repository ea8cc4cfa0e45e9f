import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { AUTHENTICATED } from '../../../shared/permissions';
import type { AppContext, SessionUser } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';

function granted(user: SessionUser, whId: string): boolean {
  return user.warehouses === 'all' || user.warehouses.includes(whId);
}

/** `/globalOptions/*` lookups, always limited to the caller's warehouse grants. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/globalOptions/getWhse',
    {
      schema: { body: Type.Object({ userName: Type.Optional(Type.String({ maxLength: 50 })) }) },
      config: { permission: AUTHENTICATED },
    },
    async (request) => {
      const user = request.user!;
      const { userName } = request.body as { userName?: string };
      if (userName && userName !== user.name) throw new HttpError(403);
      const scope = user.warehouses === 'all' ? sql`` : sql`where wh_id = any(${user.warehouses}::varchar[])`;
      const { rows } = await sql<{ whId: string; name: string }>`select wh_id, name from t_whse ${scope} order by wh_id`.execute(
        ctx.db,
      );
      return ok(rows);
    },
  );
  app.post(
    '/globalOptions/getClient',
    { schema: { body: Type.Object({ whId: Type.String({ maxLength: 20 }) }) }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const { whId } = request.body as { whId: string };
      if (!granted(request.user!, whId)) return ok([]);
      const { rows } = await sql<{ clientCode: string; name: string }>`
        select client_code, name from t_client where wh_id = ${whId} order by client_code`.execute(ctx.db);
      return ok(rows);
    },
  );
}
