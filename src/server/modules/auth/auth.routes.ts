import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PUBLIC } from '../../../shared/permissions';
import { LANGUAGES, TOKEN_HEADER } from '../../../shared/wire';
import { closed, nothingAnswer, sessionFields } from '../../platform/answerSchemas';
import { captchaPng } from '../../platform/captchaImage';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { translate } from '../../platform/i18n';
import { binaryAnswer, envelope } from '../../platform/openapi';
import { PUBLIC_BODY_LIMIT } from '../../platform/schemas';
import { issueCaptcha, login, logout } from './auth.service';
import { captchaKey, claimAttempt } from './throttle';

const CAPTCHA_COOKIE = 'wharf_captcha';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** A session's token (for the `token` header) and when it ends at the latest. */
const LoginAnswer = envelope(closed(sessionFields));

const LoginBody = Type.Object({
  account: Type.Optional(Type.String({ maxLength: 50 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  captcha: Type.Optional(Type.String({ maxLength: 10 })),
  language: Type.Optional(Type.Union(LANGUAGES.map((code) => Type.Literal(code)))),
});

/** Captcha, login and logout: the only routes reachable without a session. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/captcha.jpg',
    { schema: { response: binaryAnswer('image/png') }, config: { permission: PUBLIC } },
    async (request, reply) => {
      // Each image is a stored captcha: an address fetching more than a person could read waits, and writes nothing.
      const wait = await claimAttempt(ctx.db, [captchaKey(request.ip)], ctx.now());
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        return reply
          .status(429)
          .header('retry-after', String(seconds))
          .header('cache-control', 'no-store')
          .send({ code: 429, msg: translate(request.lang, 'login.captchaThrottled', { seconds }), data: null });
      }
      const { id, code } = await issueCaptcha(ctx);
      // The captcha travels in an HttpOnly cookie: the login form only sends the code the person read.
      return reply
        .header('set-cookie', `${CAPTCHA_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=120`)
        .header('cache-control', 'no-store')
        .type('image/png')
        .send(captchaPng(code));
    },
  );
  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: LoginAnswer } },
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { permission: PUBLIC, audit: true },
    },
    async (request) =>
      ok(
        await login(ctx, request.body as Record<string, string>, readCookie(request.headers.cookie, CAPTCHA_COOKIE), request.ip),
      ),
  );
  app.post(
    '/logout',
    { schema: { response: { 200: nothingAnswer } }, bodyLimit: PUBLIC_BODY_LIMIT, config: { permission: PUBLIC } },
    async (request) => {
      const token = request.headers[TOKEN_HEADER];
      await logout(ctx, typeof token === 'string' ? token : undefined);
      return ok(null);
    },
  );
}
