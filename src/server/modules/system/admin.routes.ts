import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sysUser } from '../../../shared/entities/sysUser';
import { AUTHENTICATED } from '../../../shared/permissions';
import { secretProperties } from '../../../shared/secrets';
import { isLanguage, LANGUAGES, LOCALE_IDS, type PageRequest } from '../../../shared/wire';
import { entityRowSchema, PageRequestSchema, registerCrudRoutes } from '../../crud/crud.routes';
import { deleteRows } from '../../crud/crud.service';
import {
  accessAnswer,
  boolean,
  changedIdAnswer,
  closed,
  constantAnswer,
  countAnswer,
  grantOptionsAnswer,
  idAnswer,
  integer,
  isoTime,
  list,
  oneOf,
  page,
  roleOption,
  string,
  text,
  tree,
  withFields,
} from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
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

/** A language and its locale id. */
export const LanguageAnswer = envelope(closed({ language: oneOf(LANGUAGES), localeId: integer }));
/** A page of users with their role names, department and whether a dock-station PIN and badge are set. */
const UserPageAnswer = envelope(
  page(
    withFields(entityRowSchema(sysUser), { roleNames: string, deptName: text, pinSet: boolean, badgeSet: boolean }, [
      'roleNames',
      'deptName',
      'pinSet',
      'badgeSet',
    ]),
  ),
);
const DeptTreeAnswer = envelope(list(tree('DeptNode', { id: integer, parentId: integer, name: string, orderNum: integer })));
const LogPageAnswer = envelope(
  page(closed({ id: integer, userName: text, operation: string, method: string, params: text, time: isoTime, ip: text })),
);

/** Users, roles, departments, menus, dictionary and operation log (spec 000 §7 "System administration"). */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCrudRoutes(app, ctx, SYSTEM_BINDINGS);
  registerApiKeyRoutes(app, ctx);

  app.post(
    '/user/findPage',
    { schema: { body: PageRequestSchema, response: { 200: UserPageAnswer } }, config: { permission: 'sys:user:view' } },
    async (request) => ok(await findUserPage(ctx.db, request.user!, request.body as PageRequest)),
  );
  app.post(
    '/user/save',
    { schema: { body: UserSaveBody, response: { 200: idAnswer } }, config: { permission: 'sys:user:add,sys:user:edit' } },
    async (request) => ok(await saveUser(ctx.db, request.user!, request.body as UserSaveInput)),
  );
  app.post(
    '/user/delete',
    { schema: { body: DeleteBody, response: { 200: countAnswer } }, config: { permission: 'sys:user:delete' } },
    async (request) => ok(await deleteRows(ctx.db, USER_BINDING, request.user!, request.body as { id: number }[])),
  );
  app.post(
    '/user/findAccess',
    { schema: { body: Type.Object({ id: Id }), response: { 200: accessAnswer } }, config: { permission: 'sys:user:view' } },
    async (request) => ok(await findUserAccess(ctx.db, (request.body as { id: number }).id)),
  );
  app.post(
    '/user/grantOptions',
    { schema: { response: { 200: grantOptionsAnswer } }, config: { permission: 'sys:user:view' } },
    async (request) => ok(await grantOptions(ctx.db, request.user!)),
  );
  app.post(
    '/user/resetPassword',
    {
      schema: { body: Type.Object({ id: Id, ...secretProperties({ password: Password }) }), response: { 200: changedIdAnswer } },
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
      schema: {
        body: Type.Object(secretProperties({ oldPassword: Password, newPassword: Password })),
        response: { 200: constantAnswer(1) },
      },
      config: { permission: AUTHENTICATED, audit: true },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body as { oldPassword: string; newPassword: string };
      await changePassword(ctx, request.user!, oldPassword, newPassword);
      return ok(1);
    },
  );

  app.get(
    '/role/findAll',
    { schema: { response: { 200: envelope(list(roleOption)) } }, config: { permission: 'sys:role:view,sys:user:view' } },
    async () => ok(await findAllRoles(ctx.db)),
  );
  app.get(
    '/role/findRoleMenus',
    {
      schema: { querystring: Type.Object({ roleId: Id }), response: { 200: envelope(list(integer)) } },
      config: { permission: 'sys:role:view' },
    },
    async (request) => ok(await findRoleMenus(ctx.db, (request.query as { roleId: number }).roleId)),
  );
  app.post(
    '/role/saveRoleMenus',
    {
      schema: {
        body: Type.Object({ roleId: Id, menuIds: Type.Array(Id, { maxItems: 5000 }) }),
        response: { 200: changedIdAnswer },
      },
      config: { permission: 'sys:role:edit' },
    },
    async (request) => {
      const { roleId, menuIds } = request.body as { roleId: number; menuIds: number[] };
      return ok(await saveRoleMenus(ctx.db, request.user!, roleId, menuIds));
    },
  );

  app.get(
    '/dept/findTree',
    { schema: { response: { 200: DeptTreeAnswer } }, config: { permission: 'sys:dept:view,sys:user:view' } },
    async () => ok(await deptTree(ctx.db)),
  );
  // Spec 000 §7 "Other: … GET /sysDept/hello": the department service's greeting, a probe that a signed-in console
  // reaches the organisation calls (README "Departments"). It reads nothing and changes nothing.
  app.get(
    '/sysDept/hello',
    { schema: { response: { 200: constantAnswer('hello') } }, config: { permission: AUTHENTICATED } },
    async () => ok('hello'),
  );

  app.post(
    '/log/findPage',
    { schema: { body: PageRequestSchema, response: { 200: LogPageAnswer } }, config: { permission: 'sys:log:view' } },
    async (request) => ok(await findLogPage(ctx.db, request.body as PageRequest)),
  );

  // Spec 000 §7 lists both names: the locale id of a language (the caller's own when none is given).
  for (const url of ['/sysOptions/getLocaleId', '/globalOptions1/getLocaleId']) {
    app.post(
      url,
      {
        schema: {
          body: Type.Object({ language: Type.Optional(Type.String({ maxLength: 10 })) }),
          response: { 200: LanguageAnswer },
        },
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
