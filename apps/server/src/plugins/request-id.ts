import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Header that carries a request's id in and out (load balancers and callers may set it). */
export const REQUEST_ID_HEADER = 'x-request-id';

// An id from outside lands in every log line of the request and in a response header: only short
// runs of plain characters are kept, so it can neither forge log fields nor split a header.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is sane, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && SANE_ID.test(given)) return given;
  return randomUUID();
}
