import type { ErrorCode, ErrorParams } from '../../shared/errors';

/** An expected business refusal: answered as HTTP 200, code -10000, with a localized message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A transport-level refusal answered with an HTTP status (401, 403, 405 …). */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** PostgreSQL error codes we translate into business refusals. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';
export const PG_NUMERIC_OUT_OF_RANGE = '22003';

export function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
