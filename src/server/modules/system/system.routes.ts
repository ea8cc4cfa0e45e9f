import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AUTHENTICATED, PUBLIC } from '../../../shared/permissions';
import { isLanguage, LOCALE_IDS } from '../../../shared/wire';
import {
  boolean,
  closed,
  integer,
  list,
  nullable,
  nullableInteger,
  oneOf,
  string,
  text,
  textsAnswer,
  tree,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { HttpError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { envelope } from '../../platform/openapi';
import { LanguageAnswer, registerAdminRoutes } from './admin.routes';
import { menuTree, navTree } from './system.service';

const USER_VIEW = 'sys:user:view';

/** The spec passes a user name; only one's own name, or an administrator who may view users, is answered. */
function requireSelfOrAdmin(request: FastifyRequest, name: string | undefined): void {
  const user = request.user!;
  if (name && name !== user.name && !user.permissions.has(USER_VIEW)) throw new HttpError(403);
}

const NameQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 50 })) });
const UserNameQuery = Type.Object({ userName: Type.Optional(Type.String({ maxLength: 50 })) });

/** A menu of the navigation or menu tree, its name in the caller's language (shared/wire.ts MenuNode). */
const menuNode = tree('MenuNode', {
  id: integer,
  parentId: integer,
  name: string,
  url: text,
  perms: text,
  type: oneOf([0, 1, 2]),
  icon: text,
  orderNum: integer,
  level: integer,
  hidden: boolean,
  keepAlive: boolean,
});
const MenuTreeAnswer = envelope(list(menuNode));
const PublicConfigAnswer = envelope(closed({ appName: string, filingNumber: string, captcha: boolean }));
const TenantAnswer = envelope(nullable(closed({ tenantName: string })));
const UserProfileAnswer = envelope(
  nullable(
    closed({
      id: integer,
      name: string,
      nickName: text,
      email: text,
      mobile: text,
      status: integer,
      deptId: nullableInteger,
      localeId: nullableInteger,
      language: text,
      roleLabel: string,
    }),
  ),
);

/** Session-user calls of spec 000 §7 "Login and session", plus public console settings. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/config/public', { schema: { response: { 200: PublicConfigAnswer } }, config: { permission: PUBLIC } }, async () =>
    ok({ appName: 'Wharf', filingNumber: ctx.config.filingNumber, captcha: ctx.config.captcha }),
  );

  app.post(
    '/user/findTenantByUser',
    { schema: { body: UserNameQuery, response: { 200: TenantAnswer } }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const { userName } = request.body as { userName?: string };
      requireSelfOrAdmin(request, userName);
      const row = await ctx.db
        .selectFrom('sysUser as u')
        .innerJoin('tenant as t', 't.id', 'u.tenantId')
        .select('t.name as tenantName')
        .where('u.name', '=', userName || request.user!.name)
        .executeTakeFirst();
      return ok(row ?? null);
    },
  );

  app.get(
    '/user/findByName',
    { schema: { querystring: NameQuery, response: { 200: UserProfileAnswer } }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const { name } = request.query as { name?: string };
      requireSelfOrAdmin(request, name);
      const row = await ctx.db
        .selectFrom('sysUser')
        .select(['id', 'name', 'nickName', 'email', 'mobile', 'status', 'deptId', 'localeId', 'language'])
        .where('name', '=', name || request.user!.name)
        .executeTakeFirst();
      if (!row) return ok(null);
      const roles = await ctx.db
        .selectFrom('sysUserRole as ur')
        .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
        .select(['r.name', 'r.remark', 'r.superAdmin'])
        .where('ur.userId', '=', row.id)
        .execute();
      const roleLabel = roles.map((r) => (r.superAdmin ? translate(request.lang, 'role.superAdmin') : r.name)).join(', ');
      return ok({ ...row, roleLabel });
    },
  );

  app.post(
    '/user/changeLanguage',
    {
      schema: { body: Type.Object({ language: Type.String({ maxLength: 10 }) }), response: { 200: LanguageAnswer } },
      // A dock worker may switch the station's screens to their language (kiosk module README).
      config: { permission: AUTHENTICATED, audit: true, kiosk: 'any' },
    },
    async (request) => {
      const { language } = request.body as { language: string };
      if (!isLanguage(language)) throw new HttpError(400);
      await ctx.db
        .updateTable('sysUser')
        .set({ language, localeId: LOCALE_IDS[language], updateTime: ctx.now() })
        .where('id', '=', request.user!.id)
        .execute();
      return ok({ language, localeId: LOCALE_IDS[language] });
    },
  );

  app.get(
    '/user/findPermissions',
    { schema: { querystring: NameQuery, response: { 200: textsAnswer } }, config: { permission: AUTHENTICATED, kiosk: 'any' } },
    async (request) => {
      const { name } = request.query as { name?: string };
      requireSelfOrAdmin(request, name);
      return ok([...request.user!.permissions].sort());
    },
  );

  app.get(
    '/menu/findNavTree',
    { schema: { querystring: UserNameQuery, response: { 200: MenuTreeAnswer } }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const { userName } = request.query as { userName?: string };
      requireSelfOrAdmin(request, userName);
      return ok(await navTree(ctx.db, request.user!, request.lang));
    },
  );

  app.get(
    '/menu/findMenuTree',
    { schema: { response: { 200: MenuTreeAnswer } }, config: { permission: 'sys:menu:view,sys:role:view' } },
    async (request) => ok(await menuTree(ctx.db, request.lang)),
  );
  registerAdminRoutes(app, ctx);
}
