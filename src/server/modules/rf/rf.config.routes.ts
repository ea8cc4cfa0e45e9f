/**
 * The RF configuration screens' own calls (spec 001 §7 "RF"; README "Configuration"): the name lists that fill their
 * choice lists, GET with query values as the spec says, behind `sys:rfMainProcessDetail:view`; and the forklift /
 * device lookup `/globalOptions/getFork` of the RF dialog.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { OptionEntry } from '../../../shared/lookups';
import { AUTHENTICATED, permission } from '../../../shared/permissions';
import { RF_LOCALE_OF } from '../../../shared/rf';
import { RF_RESOURCE_TYPES, type RfResourceName } from '../../../shared/rfConfig';
import { closed, list, optionsAnswer, string, textsAnswer } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { grantScope, grantsClient, grantsWarehouse } from '../../platform/grants';
import { envelope } from '../../platform/openapi';

const code = (max: number) => Type.String({ minLength: 1, maxLength: max });
const SubProcessNamesQuery = Type.Object({ whId: code(20), clientCode: code(30) });
const ResourcesQuery = Type.Object({ type: Type.Union(RF_RESOURCE_TYPES.map((t) => Type.Literal(t))) });
const ForkBody = Type.Object({ whId: code(20) });

/** The most names a list answers: a configuration has tens of them, this only bounds the answer. */
const NAME_LIST_CAP = 2000;

/** RfResourceName: a resource name with its text in the user's language. */
const ResourcesAnswer = envelope(list(closed({ name: string, text: string })));
const names = { 200: textsAnswer };

export function registerRfConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const view = { permission: permission('rfMainProcessDetail', 'view') };

  // The sub processes of one warehouse and client: the filter's picker and the option form's "next" choices.
  app.get(
    '/rfSubProcessDetail/getSubProcessNames',
    { schema: { querystring: SubProcessNamesQuery, response: names }, config: view },
    async (request) => {
      const { whId, clientCode } = request.query as { whId: string; clientCode: string };
      const user = request.user!;
      if (!grantsWarehouse(user, whId)) throw new AppError('warehouseNotGranted', { whId });
      if (!grantsClient(user, whId, clientCode, 'read')) throw new AppError('clientNotGranted', { clientCode });
      const { rows } = await sql<{ subProcessName: string }>`
      select sub_process_name from rf_sub_process_detail where wh_id = ${whId} and client_code = ${clientCode}
      order by sub_process_name limit ${NAME_LIST_CAP}`.execute(db);
      return ok(rows.map((r) => r.subProcessName));
    },
  );

  // The resource names of one type, each with its text in the user's language (else the other locale's).
  app.get(
    '/rfProcessResource/getProcessResources',
    { schema: { querystring: ResourcesQuery, response: { 200: ResourcesAnswer } }, config: view },
    async (request) => {
      const { type } = request.query as { type: string };
      const locale = RF_LOCALE_OF[request.lang];
      const { rows } = await sql<RfResourceName>`
      select distinct on (name) name, text from rf_process_resource where type = ${type}
      order by name, (locale_id = ${locale}) desc, locale_id limit ${NAME_LIST_CAP}`.execute(db);
      return ok(rows);
    },
  );

  // The flows a worker may start, by name.
  app.get('/rfMainProcessDetail/getMainProcessNames', { schema: { response: names }, config: view }, async () => {
    const { rows } = await sql<{ mainProcessName: string }>`
      select distinct main_process_name from rf_main_process_detail order by main_process_name limit ${NAME_LIST_CAP}`.execute(
      db,
    );
    return ok(rows.map((r) => r.mainProcessName));
  });

  // The forklifts and handhelds of a granted warehouse, with the user bound to each: "FL-01 前移式叉车 (zhang)".
  app.post(
    '/globalOptions/getFork',
    { schema: { body: ForkBody, response: { 200: optionsAnswer } }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const { whId } = request.body as { whId: string };
      const { rows } = await sql<{ forkId: string; description: string | null; userName: string | null }>`
      select fork_id, description, user_name from rf_fork
      where wh_id = ${whId} and ${grantScope(request.user!, sql.ref('wh_id'), null)}
      order by fork_id limit ${NAME_LIST_CAP}`.execute(db);
      return ok(
        rows.map(
          (r): OptionEntry => ({
            optionValue: r.forkId,
            optionDisplay: [r.forkId, r.description, r.userName ? `(${r.userName})` : null].filter(Boolean).join(' '),
          }),
        ),
      );
    },
  );
}
