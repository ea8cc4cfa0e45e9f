import type { FastifyError, FastifyInstance } from 'fastify';
import { BUSINESS_ERROR, type Envelope, type LanguageCode } from '../../shared/wire';
import { AppError, HttpError, pgErrorCode } from './errors';
import { translate } from './i18n';
import { BadInput } from './input';
import { countBusinessError } from './metrics';

/**
 * PostgreSQL's refusals of a value (class 22 data exceptions: invalid byte sequence, invalid text representation,
 * numeric or datetime out of range …) and of its size (class 54 program limits: stack depth, index row size).
 * The checks at the edge and in the services come first; this is the last line of defence, so that a value no
 * check foresaw answers 400 rather than 500.
 */
function databaseRefusedValue(error: unknown): string | null {
  const code = pgErrorCode(error);
  const fromDatabase = typeof error === 'object' && error !== null && 'severity' in error;
  return fromDatabase && code !== undefined && /^(22|54)[0-9A-Z]{3}$/.test(code) ? code : null;
}

/** Fastify's own client errors and the status we answer them with. */
function clientStatus(error: FastifyError): number | null {
  if (error.validation) return 400;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 413;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 400;
  if (databaseRefusedValue(error)) return 400;
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode;
  return null;
}

/** What was wrong with the input, in the request's language; '' when the status says it all. */
function inputProblem(lang: LanguageCode, error: FastifyError): string {
  if (error instanceof BadInput) return translate(lang, error.reason, error.params);
  const sqlState = databaseRefusedValue(error);
  if (sqlState) return translate(lang, 'input.databaseRefused', { sqlState });
  // Say which field was wrong; Ajv's paths are technical but precise.
  const first = error.validation?.[0];
  if (first) return `${first.instancePath || first.params?.missingProperty || ''} ${first.message ?? ''}`.trim();
  return '';
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
      countBusinessError(error.code);
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
      const problem = inputProblem(lang, error);
      const msg = problem ? `${translate(lang, `http.${status}`)}: ${problem}` : translate(lang, `http.${status}`);
      if (status === 400 && databaseRefusedValue(error))
        request.log.warn({ err: error, reqId: request.id }, 'value refused by the database');
      return reply.status(status).send({ code: status, msg, data: null });
    }
    // The id is in the message and the x-request-id header: the console shows it so that a user can quote it.
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: 500, msg: `${translate(lang, 'http.500')} (${request.id})`, data: null });
  });
}
