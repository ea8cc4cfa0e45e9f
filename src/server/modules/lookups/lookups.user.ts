import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { OptionEntry } from '../../../shared/lookups';
import { AUTHENTICATED } from '../../../shared/permissions';
import type { MenuNode } from '../../../shared/wire';
import { closed, nullable, nullableInteger, optionsAnswer, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { grantScope } from '../../platform/grants';
import { envelope } from '../../platform/openapi';
import { navTree } from '../system/system.service';

const UserNameBody = Type.Object({ userName: Type.Optional(Type.String({ maxLength: 50 })) });
const options = { 200: optionsAnswer };
const LocaleAnswer = envelope(nullable(closed({ localeId: nullableInteger, language: text })));

/** The spec passes the session user's name; another user's name is refused (an administrator may view users). */
function requireSelf(request: FastifyRequest, userName: string | undefined): string {
  const user = request.user!;
  if (userName && userName !== user.name && !user.permissions.has('sys:user:view')) throw new HttpError(403);
  return userName || user.name;
}

/** Menu entries as options: id, and the path of names ("系统管理 / 用户管理"). */
function menuOptions(nodes: MenuNode[], path: string[] = []): OptionEntry[] {
  return nodes.flatMap((node) => {
    const names = [...path, node.name];
    return [{ optionValue: String(node.id), optionDisplay: names.join(' / ') }, ...menuOptions(node.children, names)];
  });
}

/** Lookups about the user rather than a warehouse: warehouses, language, menus, dictionary values. */
export function registerUserLookups(app: FastifyInstance, ctx: AppContext): void {
  const route = { config: { permission: AUTHENTICATED } } as const;

  // The warehouses the user may use (spec 000 §6: the choosers take the session user's name).
  app.post('/globalOptions/getWhse', { ...route, schema: { body: UserNameBody, response: options } }, async (request) => {
    const { userName } = request.body as { userName?: string };
    if (userName && userName !== request.user!.name) throw new HttpError(403);
    const { rows } = await sql<OptionEntry>`
      select wh_id as option_value, concat_ws(' ', wh_id, nullif(name, '')) as option_display
      from t_whse where ${grantScope(request.user!, sql.ref('wh_id'), null)} order by wh_id`.execute(ctx.db);
    return ok(rows);
  });

  app.post(
    '/globalOptions/getLocaleIdByUser',
    { ...route, schema: { body: UserNameBody, response: { 200: LocaleAnswer } } },
    async (request) => {
      const name = requireSelf(request, (request.body as { userName?: string }).userName);
      const row = await ctx.db.selectFrom('sysUser').select(['localeId', 'language']).where('name', '=', name).executeTakeFirst();
      return ok(row ?? null);
    },
  );

  // Directories and screens of the user's navigation tree, e.g. for choosing where a shortcut or notice points.
  app.post('/globalOptions/getMenu', { ...route, schema: { body: UserNameBody, response: options } }, async (request) => {
    requireSelf(request, (request.body as { userName?: string }).userName);
    return ok(menuOptions(await navTree(ctx.db, request.user!, request.lang)));
  });

  // Dictionary values of one type (sys_dict), labelled in the user's language.
  app.post(
    '/globalOptions/getLookup',
    { ...route, schema: { body: Type.Object({ type: Type.String({ maxLength: 50 }) }), response: options } },
    async (request) => {
      const { type } = request.body as { type: string };
      const label = request.lang === 'en_us' ? 'labelEn' : 'label';
      const rows = await ctx.db
        .selectFrom('sysDict')
        .select(['value as optionValue', `${label} as optionDisplay`])
        .where('type', '=', type)
        .orderBy('sort')
        .orderBy('value')
        .execute();
      return ok(rows satisfies OptionEntry[]);
    },
  );
}
