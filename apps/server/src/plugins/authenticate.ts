import type { ApiKeyScope } from '@formsmith/core/api-keys/api';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, unauthorized } from '../lib/app-error.ts';
import { parseFormId } from '../lib/form-id.ts';
import { type KeyScopes, missingScope, type ScopeNeed } from '../lib/key-scopes.ts';
import { setRequestActor } from '../lib/request-actor.ts';
import { hashToken } from '../lib/tokens.ts';
import { isApiKey, useApiKey } from '../modules/api-keys/index.ts';
import { assertRecentProof, findSessionUser, type SessionUser } from '../modules/auth/index.ts';
import {
  assertSeesAnswers,
  authorize,
  type Caller,
  type WorkspaceAccess,
  type WorkspaceThing,
} from '../modules/workspaces/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API key scope this owner route needs; routes without one refuse API keys. */
    scope?: ApiKeyScope;
    /**
     * Scopes an API key also needs for some requests of this route, and what for: the service
     * checks them (assertKeyScope), the API reference lists them.
     */
    alsoScopes?: readonly ScopeNeed[];
    /**
     * The route changes how the account signs in or who may act for it: a session must have
     * proved its owner recently (403 REAUTH_REQUIRED otherwise). Such routes take no API key.
     */
    reauth?: boolean;
    /**
     * The role in the workspace this owner route needs (core roles: owner > admin > editor >
     * viewer). A route naming a form, folder or theme by `:id` is checked before its input is
     * read (authorizeRoute); lists and new things use it through callerOf.
     */
    role?: WorkspaceRole;
    /**
     * The route shows a form's answers (submissions, their files and comments, exports): a viewer
     * of a form that shows its viewers only counts gets 403 ANSWERS_HIDDEN (assertSeesAnswers).
     */
    answers?: boolean;
    /**
     * The route is the instance administrator's (the account with role admin): to anyone else it
     * answers 404, as a workspace's routes do to a stranger, before its proof or input is looked at.
     */
    instanceAdmin?: boolean;
  }
  interface FastifyRequest {
    /** Set by the authenticate hook on protected routes. */
    user: SessionUser | null;
    /** The API key the request was made with, when it was made with one. */
    apiKey: { id: string; scopes: ApiKeyScope[]; workspaceId: number } | null;
    /** The workspace of what the route names by `:id`, and the caller's role there, once checked. */
    workspaceAccess: WorkspaceAccess | null;
  }
  interface FastifyInstance {
    /** onRequest hook for protected scopes: 401 unless a live session token or API key is sent. */
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

/**
 * The caller of an owner route for the workspace check: the account, its key's workspace, and the
 * role the route declares (a route declaring none needs the owner's).
 */
export function callerOf(request: FastifyRequest): Caller {
  return {
    userId: currentUser(request).id,
    keyWorkspaceId: request.apiKey?.workspaceId ?? null,
    needs: request.routeOptions.config.role ?? 'owner',
  };
}

/** What a route names by `:id`, from its path: a form, a folder, a theme or a workspace. */
function thingOf(url: string): WorkspaceThing | null {
  if (/\/forms\/:id(\/|$)/.test(url)) return 'form';
  if (url.startsWith('/api/folders/:id')) return 'folder';
  if (url.startsWith('/api/themes/:id')) return 'theme';
  if (url.startsWith('/api/workspaces/:id')) return 'workspace';
  return null;
}

/**
 * The workspace of what the route names by `:id` and the caller's role there, as the
 * authenticate plugin's check found them: a route reads them rather than asking the database again.
 */
export function workspaceAccessOf(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspaceAccess) throw new Error(`${request.routeOptions.url} has no checked workspace role`);
  return request.workspaceAccess;
}

/** The caller's role in the workspace the route names by `:id` (workspaceAccessOf). */
export const workspaceRoleOf = (request: FastifyRequest): WorkspaceRole => workspaceAccessOf(request).role;

/** The scopes of the request's API key, or null when the owner is signed in. */
export function keyScopesOf(request: FastifyRequest): KeyScopes {
  return request.apiKey?.scopes ?? null;
}

/** Tells the audit log who this request acts as. */
function actingAs(request: FastifyRequest): void {
  const user = currentUser(request);
  setRequestActor({
    userId: user.id,
    name: user.name,
    email: user.email,
    via: request.apiKey ? 'api_key' : 'session',
    apiKeyId: request.apiKey?.id ?? null,
    ip: request.ip ?? null,
  });
}

/** 404 on an instance administrator's route (config `instanceAdmin`) for any other account. */
function assertInstanceAdmin(request: FastifyRequest, user: { role: string }): void {
  if (request.routeOptions.config.instanceAdmin && user.role !== 'admin') throw notFound('Not found');
}

const KEY_INVALID = 'This API key is invalid, expired or revoked';

export default fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('workspaceAccess', null);
  const maxAge = { maxAgeSeconds: app.config.sessionMaxAgeSeconds };

  /**
   * An API key stands for its owner on routes that name a scope the key holds. Routes naming no
   * scope (account, sessions, keys, password) never take keys, so a leaked key cannot take over
   * the account.
   */
  async function authenticateKey(request: FastifyRequest, token: string): Promise<void> {
    const row = await useApiKey(app.db, hashToken(token));
    if (!row) throw unauthorized(KEY_INVALID);
    await app.rateLimit('apiKey', row.keyId);
    assertInstanceAdmin(request, row);
    const needed = request.routeOptions.config.scope;
    if (!needed) {
      throw new AppError('API_KEY_NOT_ALLOWED', 403, 'API keys cannot be used here; sign in instead');
    }
    const scopes = row.scopes as ApiKeyScope[];
    if (!scopes.includes(needed)) throw missingScope(needed);
    request.apiKey = { id: row.keyId, scopes, workspaceId: row.workspaceId };
    request.user = {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      sessionId: `api-key:${row.keyId}`,
      authMethod: 'api_key',
      sessionCreatedAt: row.keyCreatedAt,
      provedAt: new Date(0),
      emailVerified: row.emailVerified,
    };
    actingAs(request);
  }

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    // Reads open to anyone treat a key like a session when its scope allows, else as anonymous.
    if (token && isApiKey(token)) {
      await authenticateKey(request, token).catch(() => {
        request.user = null;
      });
      return;
    }
    request.user = token ? await findSessionUser(app.db, token, maxAge) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No authentication token found');
    if (isApiKey(token)) return authenticateKey(request, token);
    const user = await findSessionUser(app.db, token, maxAge);
    if (!user) throw unauthorized('Authentication session has expired. Please log in again.');
    assertInstanceAdmin(request, user);
    request.user = user;
    actingAs(request);
    if (request.routeOptions.config.reauth) assertRecentProof(app, user);
  });

  /**
   * The role check of an owner route naming a form, folder or theme by `:id`, on every request
   * (membership is never cached): 404 for a non-member, 403 FORBIDDEN_ROLE for too small a role.
   * It runs before the input is validated, so a viewer is told no before being told the body is
   * wrong. Public reads (no role declared) and ids that cannot name a row are left to the route.
   * A route that shows answers (`answers`) then refuses a viewer of a counts-only form.
   */
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const role = request.routeOptions.config.role;
    if (!role || !request.user) return;
    const thing = thingOf(request.routeOptions.url ?? '');
    const id = parseFormId((request.params as { id?: string } | undefined)?.id);
    if (thing && id !== null) {
      request.workspaceAccess = await authorize(app.db, callerOf(request), { thing, id });
      if (request.routeOptions.config.answers) assertSeesAnswers(request.workspaceAccess);
    }
  });
});
