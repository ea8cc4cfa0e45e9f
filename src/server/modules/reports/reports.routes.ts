import type { FastifyInstance } from 'fastify';
import { permission } from '../../../shared/permissions';
import type { ReportConfig } from '../../../shared/wire.shell';
import { closed, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';
import { registerReportEngine } from './reports.engine';

/**
 * The reporting frame's settings (where its form posts: WHARF_REPORT_URL, or null when none is set), and the analytic
 * reports of the engine (`/report/<name>`, reports.engine.ts).
 */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerReportEngine(app, ctx);
  app.get(
    '/report/config',
    { schema: { response: { 200: envelope(closed({ url: text })) } }, config: { permission: permission('report', 'view') } },
    async () => {
      const answer: ReportConfig = { url: ctx.config.reportUrl };
      return ok(answer);
    },
  );
}
