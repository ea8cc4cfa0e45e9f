import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

/**
 * The conformance recorder (server README "The API description"): with `WHARF_RECORD_ANSWERS=<dir>` set, every answer
 * of an API route is checked against the description the server serves, and one line per answer is appended to
 * `<dir>/answers-<pid>.jsonl` (`tests/apiConformance.mjs` runs the API suites so and reports). Off by default: a
 * server never loads it otherwise.
 */

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

export interface AnswerCheck {
  /** `POST /api/po/save` */
  route: string;
  status: number;
  /** Empty when the answer matches its description. */
  problems: string[];
}

const DOCUMENT_ID = 'wharf-openapi';
/** JSON pointer escaping of one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Checks answers against one description; validators compiled once per response schema. */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(document as object, DOCUMENT_ID);
  }

  /** Every operation of the description, as `METHOD path`. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
  }

  /** The operations of the generic entity engine (`x-wharf-engine: generic`, crud.routes.ts). */
  genericOperations(): string[] {
    return Object.entries(this.document.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op as Record<string, unknown>)['x-wharf-engine'] === 'generic')
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
  }

  /**
   * One answer: its status and content type must be described, and a JSON body (`sent`, the parsed answer; `data`, what
   * the handler answered as JSON.stringify would send it) must match the schema, with nothing dropped on the way.
   */
  check(method: string, url: string, status: number, contentType: string, sent: unknown, data?: unknown): AnswerCheck {
    const route = `${method} ${url}`;
    const problems: string[] = [];
    const operation = this.document.paths[url]?.[method.toLowerCase()];
    if (!operation) return { route, status, problems: ['route not in the description'] };
    const described = operation.responses?.[String(status)] ? String(status) : 'default';
    const response = operation.responses?.[described];
    if (!response) return { route, status, problems: [`status ${status} not described`] };
    const type = contentType.split(';')[0]?.trim() ?? '';
    const content = response.content?.[type];
    if (!content) return { route, status, problems: [`content type ${type || '(none)'} not described for ${status}`] };
    if (type !== 'application/json') return { route, status, problems };
    const key = `${url}|${method}|${described}|${type}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const where = ['paths', url, method.toLowerCase(), 'responses', described, 'content', type, 'schema'];
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${where.map(pointer).join('/')}` });
      this.validators.set(key, validate);
    }
    for (const [label, body] of data === undefined
      ? [['answer', sent]]
      : [
          ['answer', sent],
          ['handler data', data],
        ]) {
      if (!validate(body))
        problems.push(`${label}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`);
    }
    if (data !== undefined && !isDeepStrictEqual(sent, data))
      problems.push('the serialised answer differs from the handler data');
    return { route, status, problems };
  }
}

/** The described path of a route: the /wmsApi alias serves the /api routes. */
const describedUrl = (url: string) => url.replace(/^\/wmsApi\//, '/api/');

/** Installs the recorder on an app (before its routes are added). */
export function installAnswerRecorder(app: FastifyInstance, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `answers-${process.pid}.jsonl`);
  let checker: AnswerChecker | null = null;
  const handlerData = new WeakMap<object, unknown>();
  app.addHook('onReady', (done) => {
    const document = app.swagger() as unknown as OpenApiDocument;
    checker = new AnswerChecker(document);
    fs.writeFileSync(path.join(dir, 'operations.json'), JSON.stringify(checker.operations()));
    fs.writeFileSync(path.join(dir, 'generic.json'), JSON.stringify(checker.genericOperations()));
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    // What JSON.stringify would have sent (dates as ISO text): the description must describe it as it is.
    if (typeof payload === 'object' && payload !== null) handlerData.set(request, JSON.parse(JSON.stringify(payload)));
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    if (!checker || !url || !/^\/(api|wmsApi)\//.test(url) || url.startsWith('/api/docs')) return done(null, payload);
    const contentType = String(reply.getHeader('content-type') ?? '');
    let sent: unknown;
    if (contentType.includes('json') && typeof payload === 'string') sent = JSON.parse(payload);
    const result = checker.check(
      request.method,
      describedUrl(url),
      reply.statusCode,
      contentType,
      sent,
      handlerData.get(request),
    );
    fs.appendFileSync(file, `${JSON.stringify(result)}\n`);
    done(null, payload);
  });
}
