/**
 * The home dashboard (README), permission sys:dashboard:view, within the user's warehouse and client grants:
 *
 * - `POST /dashboard/tiles` `{whId, clientCode?}` → `DashboardAnswer` (src/shared/dashboard.ts), one SQL statement;
 * - `POST /dashboard/choice` `{}` → the user's remembered `{whId, clientCode}` (still granted), else their first warehouse,
 *   else null;
 * - `POST /dashboard/saveChoice` `{whId, clientCode?}` → the choice remembered on the server (it follows the user to
 *   any machine). A preference of one's own: no operation-log row (a view permission).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DashboardChoice } from '../../../shared/dashboard';
import { permission } from '../../../shared/permissions';
import { list, row } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope, type JsonSchema } from '../../platform/openapi';
import { dashboardChoice, dashboardTiles, saveDashboardChoice } from './dashboard.service';

const ChoiceSchema = Type.Object({
  whId: Type.String({ minLength: 1, maxLength: 20 }),
  clientCode: Type.Optional(Type.String({ maxLength: 30 })),
});

const count: JsonSchema = { type: 'integer', minimum: 0 };
const decimalText: JsonSchema = { type: 'string', description: 'a decimal number as text' };
const isoTime: JsonSchema = { type: 'string', format: 'date-time' };
const dayWeek = row({ today: count, week: count }, ['today', 'week']);
const choice = row({ whId: { type: 'string' }, clientCode: { type: 'string' } }, ['whId', 'clientCode']);

const tilesAnswer = envelope(
  row(
    {
      whId: { type: 'string' },
      clientCode: { type: 'string', description: "'' = every client the user holds" },
      asOf: isoTime,
      dayStart: isoTime,
      weekStart: isoTime,
      timeZone: { type: 'string', description: "the database's time zone, where today and this week are counted" },
      receipts: dayWeek,
      receiptLines: dayWeek,
      putaways: dayWeek,
      picks: dayWeek,
      picksByHour: list(row({ hour: { type: 'integer', minimum: 0, maximum: 23 }, picks: count }, ['hour', 'picks'])),
      ordersByStatus: { type: 'object', additionalProperties: count, description: 'open orders by status' },
      wavesInProgress: count,
      waves: list(
        row(
          {
            waveId: { type: 'string' },
            status: { type: 'string' },
            releasedDate: { type: ['string', 'null'], format: 'date-time' },
            qty: decimalText,
            pickedQty: decimalText,
            shortQty: decimalText,
          },
          ['waveId', 'status', 'releasedDate', 'qty', 'pickedQty', 'shortQty'],
        ),
      ),
      cartonsPacked: dayWeek,
      deliveriesShipped: dayWeek,
      exceptions: row(
        { heldStock: count, shortPicks: count, failedInspectionsToday: count, failedWebhooks: count, refusalsToday: count },
        ['heldStock', 'shortPicks', 'failedInspectionsToday', 'failedWebhooks', 'refusalsToday'],
      ),
      expiringStock: count,
      stations: row({ active: count, online: count }, ['active', 'online']),
    },
    [
      'whId',
      'clientCode',
      'asOf',
      'dayStart',
      'weekStart',
      'timeZone',
      'receipts',
      'receiptLines',
      'putaways',
      'picks',
      'picksByHour',
      'ordersByStatus',
      'wavesInProgress',
      'waves',
      'cartonsPacked',
      'deliveriesShipped',
      'exceptions',
      'expiringStock',
      'stations',
    ],
  ),
);

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { permission: permission('dashboard', 'view') };
  app.post('/dashboard/tiles', { schema: { body: ChoiceSchema, response: { 200: tilesAnswer } }, config }, async (request) =>
    ok(await dashboardTiles(ctx.db, request.user!, request.body as DashboardChoice)),
  );
  app.post(
    '/dashboard/choice',
    { schema: { body: Type.Object({}), response: { 200: envelope({ ...choice, type: ['object', 'null'] }) } }, config },
    async (request) => ok(await dashboardChoice(ctx.db, request.user!)),
  );
  app.post(
    '/dashboard/saveChoice',
    { schema: { body: ChoiceSchema, response: { 200: envelope(choice) } }, config },
    async (request) => ok(await saveDashboardChoice(ctx.db, request.user!, request.body as DashboardChoice)),
  );
}
