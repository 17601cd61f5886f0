import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.ts';
import { findSessionUser, type SessionUser } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on protected routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook for protected scopes: 401 unless a live bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Like authenticate, but lets anonymous callers through with request.user = null. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** The signed-in user of a protected route; the hook guarantees it is set. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    request.user = token ? await findSessionUser(app.db, token) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No authentication token found');
    const user = await findSessionUser(app.db, token);
    if (!user) throw unauthorized('Authentication session has expired. Please log in again.');
    request.user = user;
  });
});
