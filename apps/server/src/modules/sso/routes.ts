import {
  emailDomainSchema,
  instanceSsoConnectionBody,
  SSO_MESSAGES,
  ssoConnectionBody,
  ssoConnectionResponse,
  ssoConnectionSchema,
  ssoLinkResponse,
  ssoProvidersResponse,
  ssoSessionResponse,
  ssoStartBody,
  ssoStartResponse,
  teamWorkspaceListSchema,
  workspaceDomainBody,
  workspaceDomainListSchema,
  workspaceDomainSchema,
} from '@formsmith/core/sso/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { currentUser, workspaceAccessOf } from '../../plugins/authenticate.ts';
import { backchannelLogout } from './backchannel-logout.ts';
import {
  deleteDomain,
  getConnection,
  putConnection,
  putDomain,
  readDomains,
  readProviders,
  readTeamWorkspaces,
  removeConnection,
} from './connection-service.ts';
import {
  clearFlowCookie,
  LINK_HANDOFF,
  readFlowCookie,
  SESSION_HANDOFF,
  setFlowCookie,
  setHandoffCookie,
  takeHandoffCookie,
} from './flow-cookie.ts';
import { finishSso, linkSso, type PendingLink, startInstanceSso, startSso } from './sign-in.ts';

const tags = ['workspaces'];
const authTags = ['auth'];
const idParams = z.object({ id: z.string() });
const domainParams = z.object({ domain: z.string().max(300) });
const logoutBody = z.object({
  logout_token: z
    .string({ error: 'logout_token is required' })
    .min(1, 'logout_token is required')
    .max(20_000, 'The logout_token is too long'),
});

function domainOf(raw: string): string {
  const parsed = emailDomainSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]!.message, { domain: parsed.error.issues[0]!.message });
  return parsed.data;
}

/**
 * Single sign-on: a workspace's OpenID Connect provider (its owners), the email domains of
 * workspaces (the instance administrator), and the sign-in through the provider (anyone).
 */
const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitByIp = async (request: FastifyRequest) => app.rateLimit('login', request.ip);
  // Providers post their logout tokens form-encoded (only the routes of this plugin read it).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/workspaces/:id/sso',
    {
      onRequest: app.authenticate,
      config: { role: 'owner' as const },
      schema: {
        tags,
        summary: "The workspace's single sign-on provider",
        description: 'The issuer, client id and choices; the client secret is never answered.',
        params: idParams,
        response: { 200: ssoConnectionResponse },
      },
    },
    async (request) => getConnection(app, workspaceAccessOf(request).workspaceId),
  );
  app.put(
    '/workspaces/:id/sso',
    {
      onRequest: app.authenticate,
      config: { role: 'owner' as const, reauth: true },
      schema: {
        tags,
        summary: 'Connect or change the single sign-on provider',
        description:
          "Reads the issuer's discovery document first: 400 with the reason when the provider cannot be reached or is no OpenID Connect issuer. Leave out client_secret to keep the stored one. Register redirect_uri at the provider.",
        params: idParams,
        body: ssoConnectionBody,
        response: { 200: ssoConnectionSchema },
      },
    },
    async (request) =>
      putConnection(app, {
        owner: workspaceAccessOf(request).workspaceId,
        actorId: currentUser(request).id,
        body: request.body,
      }),
  );
  app.delete(
    '/workspaces/:id/sso',
    {
      onRequest: app.authenticate,
      config: { role: 'owner' as const, reauth: true },
      schema: {
        tags,
        summary: 'Disconnect the single sign-on provider',
        description: 'Members sign in with their password or a login link again; their accounts stay.',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeConnection(app, {
        owner: workspaceAccessOf(request).workspaceId,
        actorId: currentUser(request).id,
      });
      return reply.status(204).send(null);
    },
  );

  // The instance's own provider and the domain picker: the instance administrator only (404 to others).
  app.get(
    '/admin/sso',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true },
      schema: {
        tags,
        summary: "The instance's single sign-on provider (instance administrator)",
        description:
          'The provider anyone may sign in with from the login page; domains lists every email domain given to a workspace. The client secret is never answered.',
        response: { 200: ssoConnectionResponse },
      },
    },
    async () => getConnection(app, null),
  );
  app.put(
    '/admin/sso',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true, reauth: true },
      schema: {
        tags,
        summary: "Connect or change the instance's single sign-on provider (instance administrator)",
        description:
          "Reads the issuer's discovery document first (400 with the reason). Someone signing in through it joins the workspace holding their address's domain, with that workspace's provider's default role, or default_role when the workspace has none. Leave out client_secret to keep the stored one.",
        body: instanceSsoConnectionBody,
        response: { 200: ssoConnectionSchema },
      },
    },
    async (request) =>
      putConnection(app, { owner: null, actorId: currentUser(request).id, body: request.body }),
  );
  app.delete(
    '/admin/sso',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true, reauth: true },
      schema: {
        tags,
        summary: "Remove the instance's single sign-on provider (instance administrator)",
        description:
          'Sign-ins through it stop; the accounts it made stay, with their password reset or login link.',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeConnection(app, { owner: null, actorId: currentUser(request).id });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/admin/workspaces',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true },
      schema: {
        tags,
        summary: 'Team workspaces (instance administrator)',
        description: 'Every team workspace of the instance, to give email domains to.',
        response: { 200: teamWorkspaceListSchema },
      },
    },
    async () => readTeamWorkspaces(app),
  );

  app.get(
    '/admin/domains',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true },
      schema: {
        tags,
        summary: 'Email domains of workspaces (instance administrator)',
        description: 'Every email domain given to a workspace, with the workspace.',
        response: { 200: workspaceDomainListSchema },
      },
    },
    async () => readDomains(app),
  );
  app.put(
    '/admin/domains/:domain',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true, reauth: true },
      schema: {
        tags,
        summary: 'Give an email domain to a workspace (instance administrator)',
        description:
          "Addresses of the domain then sign in with the workspace's provider, and join it on their first sign-in. A domain belongs to one team workspace at most (409).",
        params: domainParams,
        body: workspaceDomainBody,
        response: { 200: workspaceDomainSchema },
      },
    },
    async (request) => putDomain(app, domainOf(request.params.domain), request.body.workspace_id),
  );
  app.delete(
    '/admin/domains/:domain',
    {
      onRequest: app.authenticate,
      config: { instanceAdmin: true, reauth: true },
      schema: {
        tags,
        summary: 'Take an email domain from its workspace (instance administrator)',
        params: domainParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDomain(app, domainOf(request.params.domain));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/sso/providers',
    {
      schema: {
        tags: authTags,
        summary: 'The providers the login page offers by name',
        description: "The instance's own provider when one is connected, named by its issuer's host.",
        response: { 200: ssoProvidersResponse },
      },
    },
    async () => readProviders(app),
  );
  app.post(
    '/auth/sso/instance/start',
    {
      onRequest: limitByIp,
      schema: {
        tags: authTags,
        summary: "Start signing in with the instance's provider",
        description:
          'As /auth/sso/start, for the instance-wide provider whatever the address. 404 with the reason when none is connected.',
        response: { 200: ssoStartResponse },
      },
    },
    async (_request, reply) => {
      const { url, flow } = await startInstanceSso(app);
      setFlowCookie(reply, { keyring: app.keyring, publicUrl: app.config.publicUrl, flow });
      return { authorization_url: url };
    },
  );
  app.post(
    '/auth/sso/start',
    {
      onRequest: limitByIp,
      schema: {
        tags: authTags,
        summary: 'Start signing in with single sign-on',
        description:
          "Finds the workspace by the address's domain and answers its provider's sign-in page, or the instance's provider when the workspace has none (authorization code with PKCE, state and nonce, kept sealed in an httpOnly cookie for the callback). 404 when neither signs in with SSO for the domain.",
        body: ssoStartBody,
        response: { 200: ssoStartResponse },
      },
    },
    async (request, reply) => {
      const { url, flow } = await startSso(app, request.body.email);
      setFlowCookie(reply, { keyring: app.keyring, publicUrl: app.config.publicUrl, flow });
      return { authorization_url: url };
    },
  );
  app.get(
    '/auth/sso/callback',
    {
      onRequest: limitByIp,
      schema: {
        tags: authTags,
        summary: "The provider's redirect back",
        description:
          'Checks the answer (state, nonce, PKCE, the ID token signature, issuer, audience and times) and redirects to /login/sso: with the session waiting for POST /api/auth/sso/session, or with ?error= saying what went wrong.',
        querystring: z.object({}).catchall(z.string()),
        response: { 302: z.null().describe('To /login/sso, with ?error= on failure') },
      },
    },
    async (request, reply) => {
      const publicUrl = app.config.publicUrl;
      const flow = readFlowCookie(request, app.keyring);
      clearFlowCookie(reply, publicUrl);
      const query = (request.raw.url ?? '').split('?')[1] ?? '';
      let location = `${publicUrl}/login/sso`;
      try {
        const outcome = await finishSso(app, {
          flow,
          query,
          meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
        });
        const cookie = { keyring: app.keyring, publicUrl };
        if (outcome.kind === 'session')
          setHandoffCookie(reply, SESSION_HANDOFF, { ...cookie, value: outcome.session });
        else {
          setHandoffCookie(reply, LINK_HANDOFF, { ...cookie, value: outcome.link });
          location += `?link=1&error=${encodeURIComponent(SSO_MESSAGES.linkFirst)}`;
        }
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500)
          request.log.error({ err }, 'single sign-on failed');
        const message = err instanceof AppError && err.statusCode < 500 ? err.message : SSO_MESSAGES.failed;
        location += `?error=${encodeURIComponent(message)}`;
      }
      return reply.status(302).header('location', location).send(null);
    },
  );
  app.post(
    '/auth/sso/session',
    {
      schema: {
        tags: authTags,
        summary: 'Collect the session of a finished single sign-on',
        description:
          'Once, within two minutes of the callback, from the browser that signed in (an httpOnly cookie carries it).',
        response: { 200: ssoSessionResponse },
      },
    },
    async (request, reply) => {
      const session = takeHandoffCookie<z.infer<typeof ssoSessionResponse>>(request, reply, SESSION_HANDOFF, {
        keyring: app.keyring,
        publicUrl: app.config.publicUrl,
      });
      if (!session) throw badRequest(SSO_MESSAGES.stateMismatch);
      return session;
    },
  );
  app.post(
    '/auth/sso/backchannel-logout',
    {
      // Neither the answer nor a failure may be kept by a cache between the provider and us.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      },
      schema: {
        tags: authTags,
        summary: "The provider's back-channel logout",
        description:
          "OpenID Connect Back-Channel Logout: register this address at the provider as the client's back-channel logout URI. The provider posts a signed logout token (form-encoded logout_token) when someone signs out there; the sessions it opened here for that session (sid) or that person (sub) end. 400 with the reason when the token is not valid.",
        consumes: ['application/x-www-form-urlencoded'],
        body: logoutBody,
        response: { 200: z.object({ revoked: z.number().describe('How many sessions ended') }) },
      },
    },
    async (request) => ({ revoked: await backchannelLogout(app, request.body.logout_token) }),
  );
  app.post(
    '/auth/sso/link',
    {
      onRequest: app.authenticate,
      config: { reauth: true },
      schema: {
        tags: authTags,
        summary: "Link the provider's account waiting in this browser to yours",
        description:
          "After a sign-in through the provider found an existing account with the same address (the callback's ?link=1): sign in to that account with its password or a login link in the same browser, then call this. The provider's account is linked (never by address alone) and you join the workspace with its default role.",
        response: { 200: ssoLinkResponse },
      },
    },
    async (request, reply) => {
      const link = takeHandoffCookie<PendingLink>(request, reply, LINK_HANDOFF, {
        keyring: app.keyring,
        publicUrl: app.config.publicUrl,
      });
      return linkSso(app, { user: currentUser(request), link });
    },
  );
};

export default ssoRoutes;
