import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED } from '../../../shared/permissions';
import type { Notice } from '../../../shared/wire.shell';
import { closed, integer, isoTime, list, oneOf, string } from '../../platform/answerSchemas';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { envelope } from '../../platform/openapi';

const LIMIT = 20;

/** Notices in the caller's language (shared/wire.shell.ts Notice). */
const NoticesAnswer = envelope(
  list(closed({ id: integer, title: string, content: string, level: oneOf(['info', 'warning']), publishTime: isoTime })),
);

/** The notice panel's list (spec 000 §2): the newest published notices, for every signed-in user. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/notice/findList',
    { schema: { response: { 200: NoticesAnswer } }, config: { permission: AUTHENTICATED } },
    async (request) => {
      const english = request.lang === 'en_us';
      const rows = await ctx.db
        .selectFrom('sysNotice')
        .select(['id', 'title', 'titleEn', 'content', 'contentEn', 'level', 'publishTime'])
        .where('status', '=', 1)
        .where('publishTime', '<=', ctx.now())
        .orderBy('publishTime', 'desc')
        .orderBy('id', 'desc')
        .limit(LIMIT)
        .execute();
      const notices: Notice[] = rows.map((r) => ({
        id: r.id,
        title: english ? r.titleEn : r.title,
        content: english ? r.contentEn : r.content,
        level: r.level,
        publishTime: r.publishTime.toISOString(),
      }));
      return ok(notices);
    },
  );
}
