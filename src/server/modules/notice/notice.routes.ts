import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED } from '../../../shared/permissions';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';

/** One notice of the panel, in the caller's language. */
export interface NoticeItem {
  id: number;
  title: string;
  content: string;
  level: 'info' | 'warning';
  publishTime: Date;
}

const LIMIT = 20;

/** The notice panel's list (spec 000 §2): the newest published notices, for every signed-in user. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/notice/findList', { config: { permission: AUTHENTICATED } }, async (request) => {
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
    const notices: NoticeItem[] = rows.map((r) => ({
      id: r.id,
      title: english ? r.titleEn : r.title,
      content: english ? r.contentEn : r.content,
      level: r.level,
      publishTime: r.publishTime,
    }));
    return ok(notices);
  });
}
