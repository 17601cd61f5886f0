import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value must not reach the log (the log is at rest, and read by more people
 * than the database): words an owner searched for (answers are sealed at rest), and every
 * parameter that carries a credential: a sign-in or verification token, a resume link's token, an
 * access code, a key, a signature. The email of a sign-in link is personal data, so it goes too.
 */
const SECRET_PARAMS = new Set([
  'search',
  'q',
  'token',
  'resume',
  'code',
  'access_code',
  'accesscode',
  'key',
  'api_key',
  'apikey',
  'secret',
  'password',
  'signature',
  'sig',
  'email',
  'altcha',
]);

/** Path segments followed by a token: `/magic-link/<token>`, `/api/auth/verify/<token>`, … */
const TOKEN_SEGMENT_AFTER = [
  'magic-link',
  'verify',
  'verify_email',
  'verify-email',
  'reset-password',
  'invitations',
];

const REDACTED = '…';

const TOKEN_SEGMENT = new RegExp(`/(${TOKEN_SEGMENT_AFTER.join('|')})/[^/?#\\s"\\\\]+`, 'gi');
// A secret parameter anywhere in a line: `?token=…`, `&resume=…`, also inside a message or an
// error that quotes a URL (the value ends at the next separator, quote, backslash or space).
const SECRET_PARAM = new RegExp(`([?&](?:${[...SECRET_PARAMS].join('|')})=)[^&#\\s"\\\\]*`, 'gi');

/** Redacts token path segments and secret query parameters wherever they occur in text. */
export function redactSecrets(text: string): string {
  // Most lines hold neither; the cheap test keeps the common line at one scan.
  if (!text.includes('/') && !text.includes('=')) return text;
  return text.replace(TOKEN_SEGMENT, `/$1/${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** The URL as logged: token path segments and secret query parameters replaced by '…'. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(TOKEN_SEGMENT, `/$1/${REDACTED}`);
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, REDACTED);
  }
  return `${path}?${params}`;
}

/** Fastify's request log entry (method, url, host, remote address), with loggedUrl. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
