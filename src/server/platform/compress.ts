import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more time than the bytes it saves. */
export const COMPRESS_THRESHOLD = 1024;
/** Above this the work goes to libuv's thread pool instead of the event loop. */
const ASYNC_ABOVE = 64 * 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in from an `Accept-Encoding` header: brotli, else gzip, else none. A coding listed with
 * `q=0` is refused; `*` admits both unless they are refused by name.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isNaN(weight) ? 0 : weight);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

// Brotli quality 4 compresses a page of rows about as well as gzip -6 in a fraction of its time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressSync = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);

/** Compresses a body in the given encoding (synchronously when small: it is faster than a thread-pool round trip). */
export async function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= ASYNC_ABOVE) return compressSync(body, encoding);
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body, GZIP);
}

/** Appends `accept-encoding` to a reply's `Vary` header once. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = current === undefined ? '' : String(current);
  if (list.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(list)) return;
  reply.header('vary', list ? `${list}, accept-encoding` : 'accept-encoding');
}

/**
 * The UTF-8 size of a body, without encoding a string: a string is at least as many bytes as its length, so only a
 * short one is measured. (Encoding every answer just to compare its size cost more than the check itself.)
 */
function byteSize(payload: string | Buffer): number {
  if (typeof payload !== 'string') return payload.length;
  return payload.length >= COMPRESS_THRESHOLD ? payload.length : Buffer.byteLength(payload);
}

/**
 * Compresses the scope's answers above COMPRESS_THRESHOLD in brotli or gzip, as the request's `Accept-Encoding`
 * allows. Install it last in a scope: onSend hooks run in order, and earlier ones (the operation log) read the text.
 * Streams (files, exports) and answers already encoded pass untouched.
 */
export function installCompression(app: FastifyInstance): void {
  // A callback hook: most answers pass untouched, and small ones are compressed without a promise.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
    if (reply.getHeader('content-encoding')) return done(null, payload);
    varyOnEncoding(reply);
    if (byteSize(payload) < COMPRESS_THRESHOLD) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type !== '' && !/json|text|javascript|xml|svg/i.test(type)) return done(null, payload);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length <= ASYNC_ABOVE) return done(null, compressSync(body, encoding));
    compressBody(body, encoding).then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}
