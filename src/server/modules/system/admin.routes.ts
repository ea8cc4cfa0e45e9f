import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sysUser } from '../../../shared/entities/sysUser';
import { AUTHENTICATED } from '../../../shared/permissions';
import { secretProperties } from '../../../shared/secrets';
import { isLanguage, LOCALE_IDS, type PageRequest } from '../../../shared/wire';
import { PageRequestSchema, registerCrudRoutes } from '../../crud/crud.routes';
import { deleteRows } from '../../crud/crud.service';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { registerApiKeyRoutes } from './apiKeys.routes';
import { findLogPage } from './log.service';
import { findAllRoles, findRoleMenus, saveRoleMenus } from './roles.service';
import { SYSTEM_BINDINGS } from './system.bindings';
import { deptTree } from './trees.service';
import {
  changePassword,
  findUserAccess,
  findUserPage,
  grantOptions,
  resetPassword,
  saveUser,
  USER_BINDING,
  type UserSaveInput,
} from './users.service';

const Id = Type.Integer({ minimum: 1 });
const Password = Type.String({ maxLength: 200 });

// Ajv removes unknown properties, so the user form's fields are listed; the shared rules validate them.
const UserSaveBody = Type.Object({
  ...Object.fromEntries(Object.keys(sysUser.fields).map((f) => [f, Type.Optional(Type.Unknown())])),
  id: Type.Optional(Type.Union([Id, Type.String({ maxLength: 20 }), Type.Null()])),
  ...secretProperties({ password: Type.Optional(Password) }),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  warehouses: Type.Optional(
    Type.Array(
      Type.Object({
        whId: Type.String({ minLength: 1, maxLength: 20 }),
        // Null first: with type coercion on, Ajv would turn null into [''] for the array branch.
        clientCodes: Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 30 }), { maxItems: 1000 })]),
      }),
      { maxItems: 1000 },
    ),
  ),
});
const DeleteBody = Type.Array(Type.Object({ id: Id }), { minItems: 1, maxItems: 1000 });

/** Users, roles, departments, menus, dictionary and operation log (spec 000 §7 "System administration"). */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, SYSTEM_BINDINGS);
  registerApiKeyRoutes(app, ctx);

  app.post('/user/findPage', { schema: { body: PageRequestSchema }, config: { permission: 'sys:user:view' } }, async (request) =>
    ok(await findUserPage(ctx.db, request.user!, request.body as PageRequest)),
  );
  app.post(
    '/user/save',
    { schema: { body: UserSaveBody }, config: { permission: 'sys:user:add,sys:user:edit' } },
    async (request) => ok(await saveUser(ctx.db, request.user!, request.body as UserSaveInput)),
  );
  app.post('/user/delete', { schema: { body: DeleteBody }, config: { permission: 'sys:user:delete' } }, async (request) =>
    ok(await deleteRows(ctx.db, USER_BINDING, request.user!, request.body as { id: number }[])),
  );
  app.post(
    '/user/findAccess',
    { schema: { body: Type.Object({ id: Id }) }, config: { permission: 'sys:user:view' } },
    async (request) => ok(await findUserAccess(ctx.db, (request.body as { id: number }).id)),
  );
  app.post('/user/grantOptions', { config: { permission: 'sys:user:view' } }, async (request) =>
    ok(await grantOptions(ctx.db, request.user!)),
  );
  app.post(
    '/user/resetPassword',
    {
      schema: { body: Type.Object({ id: Id, ...secretProperties({ password: Password }) }) },
      config: { permission: 'sys:user:edit' },
    },
    async (request) => {
      const { id, password } = request.body as { id: number; password: string };
      return ok(await resetPassword(ctx, request.user!, id, password));
    },
  );
  app.post(
    '/user/changePassword',
    {
      schema: { body: Type.Object(secretProperties({ oldPassword: Password, newPassword: Password })) },
      config: { permission: AUTHENTICATED, audit: true },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body as { oldPassword: string; newPassword: string };
      await changePassword(ctx, request.user!, oldPassword, newPassword);
      return ok(1);
    },
  );

  app.get('/role/findAll', { config: { permission: 'sys:role:view,sys:user:view' } }, async () => ok(await findAllRoles(ctx.db)));
  app.get(
    '/role/findRoleMenus',
    { schema: { querystring: Type.Object({ roleId: Id }) }, config: { permission: 'sys:role:view' } },
    async (request) => ok(await findRoleMenus(ctx.db, (request.query as { roleId: number }).roleId)),
  );
  app.post(
    '/role/saveRoleMenus',
    {
      schema: { body: Type.Object({ roleId: Id, menuIds: Type.Array(Id, { maxItems: 5000 }) }) },
      config: { permission: 'sys:role:edit' },
    },
    async (request) => {
      const { roleId, menuIds } = request.body as { roleId: number; menuIds: number[] };
      return ok(await saveRoleMenus(ctx.db, request.user!, roleId, menuIds));
    },
  );

  app.get('/dept/findTree', { config: { permission: 'sys:dept:view,sys:user:view' } }, async () => ok(await deptTree(ctx.db)));
  // Spec 000 §7 "Other: … GET /sysDept/hello": the department service's greeting, a probe that a signed-in console
  // reaches the organisation calls (README "Departments"). It reads nothing and changes nothing.
  app.get('/sysDept/hello', { config: { permission: AUTHENTICATED } }, async () => ok('hello'));

  app.post('/log/findPage', { schema: { body: PageRequestSchema }, config: { permission: 'sys:log:view' } }, async (request) =>
    ok(await findLogPage(ctx.db, request.body as PageRequest)),
  );

  // Spec 000 §7 lists both names: the locale id of a language (the caller's own when none is given).
  for (const url of ['/sysOptions/getLocaleId', '/globalOptions1/getLocaleId']) {
    app.post(
      url,
      {
        schema: { body: Type.Object({ language: Type.Optional(Type.String({ maxLength: 10 })) }) },
        config: { permission: AUTHENTICATED },
      },
      async (request) => {
        const asked = (request.body as { language?: string }).language;
        const language = isLanguage(asked) ? asked : request.lang;
        return ok({ language, localeId: LOCALE_IDS[language] });
      },
    );
  }
}
