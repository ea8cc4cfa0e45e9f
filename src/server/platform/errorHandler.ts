import type { FastifyError, FastifyInstance } from 'fastify';
import { BUSINESS_ERROR, type Envelope, type LanguageCode } from '../../shared/wire';
import { AppError, HttpError } from './errors';
import { translate } from './i18n';

/** Fastify's own client errors and the status we answer them with. */
function clientStatus(error: FastifyError): number | null {
  if (error.validation) return 400;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 413;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 400;
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode;
  return null;
}

/** The JSON 404 of the API, localized. */
export function notFoundBody(lang: LanguageCode, url: string): Envelope<null> {
  return { code: 404, msg: `${translate(lang, 'http.404')}: ${url}`, data: null };
}

/** One error handler: business refusals, HTTP refusals, bad input, and hidden internals for the rest. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'zh_cn';
    if (error instanceof AppError) {
      const body: Envelope<null> = {
        code: BUSINESS_ERROR,
        msg: translate(lang, `error.${error.code}`, error.params),
        data: null,
        errorCode: error.code,
      };
      return reply.status(200).send(body);
    }
    const status = error instanceof HttpError ? error.status : clientStatus(error);
    if (status !== null) {
      let msg = translate(lang, `http.${status}`);
      // Say which field was wrong; Ajv's paths are technical but precise.
      if (error.validation?.[0])
        msg +=
          `: ${error.validation[0].instancePath || error.validation[0].params?.missingProperty || ''} ${error.validation[0].message ?? ''}`.trimEnd();
      return reply.status(status).send({ code: status, msg, data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: 500, msg: `${translate(lang, 'http.500')} (${request.id})`, data: null });
  });
}
