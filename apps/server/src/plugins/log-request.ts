import type { FastifyRequest } from 'fastify';

/** Query parameters that carry what an owner searched for: words of the answers, which the log must not hold. */
const SEARCH_PARAMS = ['search', 'q'];

/** The URL as logged: search terms blanked out (answers are sealed at rest; the log is at rest too). */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SEARCH_PARAMS) if (params.has(name)) params.set(name, '…');
  return `${url.slice(0, at)}?${params}`;
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
