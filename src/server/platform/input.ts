/**
 * Input hardening at the edge, for every route (public ones too), before any handler or database work:
 * - JSON nested deeper than MAX_JSON_DEPTH is refused before it is parsed: the prototype-poisoning scan, Ajv,
 *   logging and `String()` of nested arrays all recurse, and a 100,000-deep array would overflow the stack;
 * - a NUL character (U+0000) anywhere in the body, the query or the path is refused: PostgreSQL cannot store it
 *   in text (22021 / 22P05), and no warehouse datum contains one.
 * Both answer 400 with a translated reason naming where the problem is.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorParams } from '../../shared/errors';
import { HttpError } from './errors';

/** Far beyond any body the console sends (a page request nests three levels), far below the stack's limit. */
export const MAX_JSON_DEPTH = 32;

/** A 400 refusal whose reason (a locale key) the error handler translates and appends. */
export class BadInput extends HttpError {
  constructor(
    readonly reason: string,
    readonly params: ErrorParams = {},
  ) {
    super(400);
    this.name = 'BadInput';
  }
}

/** Whether JSON text nests arrays and objects deeper than `limit`, scanned without recursion or parsing. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character (\" does not end the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const NUL = '\u0000';

/** The path (`/lines/0/lotNumber`) of the first string or key holding a NUL character, or null; walked without recursion. */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, at] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return at || '/';
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const path = `${at}/${key}`;
        if (key.includes(NUL)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/** A path fit to be shown in a message: NUL made visible, long keys cut. */
function shown(path: string): string {
  const visible = path.replaceAll(NUL, '\\u0000');
  return visible.length > 80 ? `${visible.slice(0, 80)}…` : visible;
}

/** Installs the depth-checking JSON parser and the NUL check on an app; its child scopes inherit both. */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDeeperThan(body as string, MAX_JSON_DEPTH)) done(new BadInput('input.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
    else parseJson(request, body as string, done);
  });
  // preValidation: after the guard (a request without a token still answers 401), before Ajv and the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const inQuery = nulPath(request.query);
    const path = nulPath(request.params) ?? (inQuery === null ? null : `?${inQuery.slice(1)}`) ?? nulPath(request.body);
    done(path === null ? undefined : new BadInput('input.nulCharacter', { path: shown(path) }));
  });
}
