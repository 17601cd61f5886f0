import {
  accountAccessSchema,
  dataRequestBody,
  dataRequestListSchema,
  dataRequestSchema,
  accountIdParamsSchema as idParams,
  notificationSettingsBody,
  notificationSettingsSchema,
  recentSubmissionListSchema,
  revokeAccessBody,
  searchQuery,
  searchResultSchema,
  securitySettingsBody,
  securitySettingsSchema,
  sessionListSchema,
} from '@formsmith/core/account/api';
import { messageSchema } from '@formsmith/core/http';
import { workspaceQuerySchema } from '@formsmith/core/workspaces/api';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { callerOf, currentUser } from '../../plugins/authenticate.ts';
import { getNotificationSettings, getSecuritySettings, revokeSession } from '../auth/index.ts';
import { listAccountAccess, revokeAccountAccess } from './access.ts';
import { createDataRequest, exportAccountData, listDataRequests } from './data-protection.ts';
import { ensureDemoForm } from './demo.ts';
import { listRecentSubmissions, searchAccount } from './search.ts';
import { listLiveSessions } from './sessions-list.ts';
import { changeNotificationSettings, changeSecuritySettings } from './settings-service.ts';

const SESSION_NOT_FOUND = 'Session not found';
const REQUEST_NOT_FOUND = 'Data protection request not found';

/** The signed-in user's settings, privacy requests, sessions, search and notifications feed. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await ensureDemoForm(app.db);

  await app.register(async (scope) => {
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.addHook('onRequest', app.authenticate);
    const tags = ['account'];

    s.get(
      '/security/settings',
      { schema: { tags, response: { 200: securitySettingsSchema } } },
      async (request) => getSecuritySettings(app.db, currentUser(request).id),
    );

    s.put(
      '/security/settings',
      { schema: { tags, body: securitySettingsBody, response: { 200: securitySettingsSchema } } },
      async (request) =>
        changeSecuritySettings(app, { session: currentUser(request), ip: request.ip, body: request.body }),
    );

    s.get(
      '/account/notifications',
      { schema: { tags, response: { 200: notificationSettingsSchema } } },
      async (request) => getNotificationSettings(app.db, currentUser(request).id),
    );

    s.put(
      '/account/notifications',
      { schema: { tags, body: notificationSettingsBody, response: { 200: notificationSettingsSchema } } },
      async (request) =>
        changeNotificationSettings(app, {
          session: currentUser(request),
          ip: request.ip,
          body: request.body,
        }),
    );

    s.get(
      '/account/notifications/recent',
      {
        config: { role: 'viewer' },
        schema: {
          tags,
          description:
            'The latest 20 submissions to the forms of your workspaces, or of the one `workspace_id` names.',
          querystring: workspaceQuerySchema,
          response: { 200: recentSubmissionListSchema },
        },
      },
      async (request) =>
        listRecentSubmissions(app.db, { caller: callerOf(request), workspaceId: request.query.workspace_id }),
    );

    s.get(
      '/security/data-protection/requests',
      { schema: { tags, response: { 200: dataRequestListSchema } } },
      async (request) => listDataRequests(app.db, currentUser(request).id),
    );

    s.post(
      '/security/data-protection/requests',
      {
        schema: {
          tags,
          description:
            'Access and portability requests complete at once (201). A deletion request needs the ' +
            "account's email in confirm_email and a recent proof of identity (403 REAUTH_REQUIRED), " +
            'then deletes the account and all it owns (200).',
          body: dataRequestBody,
          response: { 200: dataRequestSchema, 201: dataRequestSchema },
        },
      },
      async (request, reply) => {
        const { request: created, deleted } = await createDataRequest(
          app,
          currentUser(request),
          request.body,
        );
        return reply.status(deleted ? 200 : 201).send(created);
      },
    );

    s.get(
      '/security/data-protection/requests/:id/download',
      { schema: { tags, params: idParams } },
      async (request, reply) => {
        if (!isUuid(request.params.id)) throw notFound(REQUEST_NOT_FOUND);
        const stream = await exportAccountData(app, {
          userId: currentUser(request).id,
          requestId: request.params.id,
        });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="formsmith-data-${day}.json"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    s.get(
      '/account/sessions',
      { schema: { tags, response: { 200: sessionListSchema } } },
      async (request) => {
        const user = currentUser(request);
        return listLiveSessions(app.db, { userId: user.id, currentSessionId: user.sessionId });
      },
    );

    s.delete(
      '/account/sessions/:id',
      {
        schema: {
          tags,
          params: idParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        // Someone else's session answers exactly like a missing one.
        if (!isUuid(id) || !(await revokeSession(app.db, { sessionId: id, userId: user.id }))) {
          throw notFound(SESSION_NOT_FOUND);
        }
        return { message: 'Session revoked' };
      },
    );

    s.get(
      '/account/access',
      {
        schema: {
          tags,
          summary: 'Your passkeys and API keys: what besides the password can get into the account',
          response: { 200: accountAccessSchema },
        },
      },
      async (request) => listAccountAccess(app, currentUser(request).id),
    );

    s.post(
      '/account/access/revoke',
      {
        config: { reauth: true },
        schema: {
          tags,
          summary: 'Revoke chosen passkeys and API keys at once (as after a password reset)',
          description:
            'All or nothing: an id that is missing or not yours answers 404 and nothing is revoked.',
          body: revokeAccessBody,
          response: { 200: accountAccessSchema },
        },
      },
      async (request) =>
        revokeAccountAccess(app, {
          userId: currentUser(request).id,
          passkeyIds: request.body.passkey_ids,
          apiKeyIds: request.body.api_key_ids,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
    );

    s.get(
      '/account/search',
      {
        config: { role: 'viewer' },
        schema: { tags, querystring: searchQuery, response: { 200: searchResultSchema } },
      },
      async (request) =>
        searchAccount(app.db, app.keyring, {
          caller: callerOf(request),
          workspaceId: request.query.workspace_id,
          q: request.query.q,
        }),
    );
  });
};

export default accountRoutes;
