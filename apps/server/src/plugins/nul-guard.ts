import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/app-error.ts';

/** What a client is told when text holds U+0000, which PostgreSQL cannot store in text or JSON. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

/**
 * The path of the first string (or object key) in `value` that holds a NUL character, or null.
 * Iterative: a body of deeply nested arrays must not overflow the stack.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const join = (key: string) => (path === '' ? key : `${path}.${key}`);
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], join(String(i))]);
      continue;
    }
    for (const key of Object.keys(item)) {
      if (key.includes('\0')) return join(key.replaceAll('\0', '\\u0000'));
      stack.push([(item as Record<string, unknown>)[key], join(key)]);
    }
  }
  return null;
}

/** The first place of a request (path parameter, query parameter, JSON body) that holds a NUL. */
function nulIn(request: FastifyRequest): string | null {
  return (
    findNul(request.params, '') ??
    findNul(request.query, '') ??
    (typeof request.body === 'object' ? findNul(request.body, '') : null) ??
    findNul(request.headers['idempotency-key'], 'Idempotency-Key')
  );
}

/**
 * Refuses, with 400 and the offending field, any request whose path, query or JSON body holds a
 * NUL character: PostgreSQL rejects it in text and jsonb, so it would otherwise fail as a 500
 * wherever it reached the database (a slug, a referrer, a title, an address). Nobody types one,
 * so refusing it loses nothing a person wrote. Bodies read as text (the public page's posts)
 * are checked where they are read (fill-page/body.ts).
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const at = nulIn(request);
    if (at === null) return done();
    // '*' is the page routes' catch-all parameter: the address itself.
    const field = at === '' ? 'body' : at === '*' ? 'path' : at;
    done(badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE }));
  });
}
