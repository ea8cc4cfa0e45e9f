import type { FastifyInstance } from 'fastify';
import { permission } from '../../../shared/permissions';
import type { ReportConfig } from '../../../shared/wire.shell';
import { closed, text } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';

/** The reporting frame's settings: where its form posts (WHARF_REPORT_URL), or null when none is set. */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/report/config',
    { schema: { response: { 200: envelope(closed({ url: text })) } }, config: { permission: permission('report', 'view') } },
    async () => {
      const answer: ReportConfig = { url: ctx.config.reportUrl };
      return ok(answer);
    },
  );
}
