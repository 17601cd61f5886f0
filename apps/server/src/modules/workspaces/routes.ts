import { Readable } from 'node:stream';
import { workspaceListSchema, workspaceSchema } from '@formsmith/core/workspaces/api';
import { auditPageSchema, auditQuerySchema } from '@formsmith/core/workspaces/audit';
import {
  invitationBody,
  invitationPeekSchema,
  invitationSchema,
  memberListSchema,
  memberRoleBody,
  memberSchema,
  workspaceNameBody,
} from '@formsmith/core/workspaces/members';
import { memberNotificationsBody, memberNotificationsSchema } from '@formsmith/core/workspaces/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { parseFormId } from '../../lib/form-id.ts';
import { currentUser, workspaceRoleOf } from '../../plugins/authenticate.ts';
import { auditCsvLines, readAuditPage } from '../audit/index.ts';
import type { CheckedMember } from './access.ts';
import {
  acceptInvitation,
  inviteMember,
  peekInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
import {
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  listMembers,
  removeMember,
  renameWorkspace,
} from './members.ts';
import { readNotifications, saveNotifications } from './notifications.ts';
import { listWorkspaces } from './service.ts';

const tags = ['workspaces'];
const idParams = z.object({ id: z.string() });
const memberParams = idParams.extend({ userId: z.string() });
const invitationParams = idParams.extend({ invitationId: z.string() });
const tokenParams = z.object({ token: z.string().max(200) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace a route names by `:id` (the authenticate hook has already checked the role). */
function workspaceOf(request: FastifyRequest): number {
  const id = parseFormId((request.params as { id: string }).id);
  if (id === null) throw notFound('Workspace not found');
  return id;
}

/** A member or invitation id from the path; anything not a uuid names nothing. */
function uuidOf(raw: string, missing: string): string {
  if (!UUID.test(raw)) throw notFound(missing);
  return raw.toLowerCase();
}

/** The caller as the authenticate hook checked them against the workspace of `:id`. */
const checkedMember = (request: FastifyRequest): CheckedMember => ({
  userId: currentUser(request).id,
  role: workspaceRoleOf(request),
});

const noContent = (reply: FastifyReply) => reply.status(204).send(null);

/**
 * Workspaces, their members and invitations. Members and invitations are managed by a signed-in
 * member (API keys never: a leaked key must not let anyone in); `role` is what the route needs.
 */
const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspaces',
    {
      onRequest: app.authenticate,
      config: { scope: 'forms:read' as const, role: 'viewer' as const },
      schema: {
        tags,
        summary: 'Your workspaces',
        description: 'The workspaces you belong to, your personal one first, with your role in each.',
        response: { 200: workspaceListSchema },
      },
    },
    async (request) => listWorkspaces(app, { userId: currentUser(request).id }),
  );
  app.post(
    '/workspaces',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Make a workspace',
        description: 'A workspace for a team, with you as its owner.',
        body: workspaceNameBody,
        response: { 201: workspaceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(app, currentUser(request).id, request.body)),
  );
  app.patch(
    '/workspaces/:id',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: 'Rename a workspace',
        params: idParams,
        body: workspaceNameBody,
        response: { 200: workspaceSchema },
      },
    },
    async (request) => renameWorkspace(app, checkedMember(request), workspaceOf(request), request.body),
  );
  app.delete(
    '/workspaces/:id',
    {
      onRequest: app.authenticate,
      config: { role: 'owner' as const },
      schema: {
        tags,
        summary: 'Delete a workspace',
        description: 'Only an empty team workspace: its forms (the trash counts) are deleted or moved first.',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteWorkspace(app, workspaceOf(request));
      return noContent(reply);
    },
  );
  app.get(
    '/workspaces/:id/members',
    {
      onRequest: app.authenticate,
      config: { role: 'viewer' as const },
      schema: {
        tags,
        summary: 'The members of a workspace',
        description: 'Owners first. Owners and admins also get the invitations not yet accepted.',
        params: idParams,
        response: { 200: memberListSchema },
      },
    },
    async (request) => listMembers(app, checkedMember(request), workspaceOf(request)),
  );
  app.patch(
    '/workspaces/:id/members/:userId',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: "Change a member's role",
        description:
          'Making or unmaking an owner takes an owner; the last owner keeps the role (409 LAST_OWNER).',
        params: memberParams,
        body: memberRoleBody,
        response: { 200: z.object({ members: z.array(memberSchema) }) },
      },
    },
    async (request) => ({
      members: await changeMemberRole(
        app,
        checkedMember(request),
        workspaceOf(request),
        uuidOf(request.params.userId, 'Member not found'),
        request.body,
      ),
    }),
  );
  app.delete(
    '/workspaces/:id/members/:userId',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: 'Remove a member',
        description: 'Their sessions and API keys lose the workspace on their next request.',
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = uuidOf(request.params.userId, 'Member not found');
      await removeMember(app, checkedMember(request), workspaceOf(request), userId);
      return noContent(reply);
    },
  );
  app.post(
    '/workspaces/:id/leave',
    {
      onRequest: app.authenticate,
      config: { role: 'viewer' as const },
      schema: {
        tags,
        summary: 'Leave a workspace',
        description:
          'The last owner cannot leave (409 LAST_OWNER); nor can anyone leave their personal workspace.',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(app, checkedMember(request), workspaceOf(request));
      return noContent(reply);
    },
  );
  app.get(
    '/workspaces/:id/notifications',
    {
      onRequest: app.authenticate,
      config: { role: 'viewer' as const },
      schema: {
        tags,
        summary: 'Your mail choices in a workspace',
        description:
          'New submissions (`all` forms, `mine`: the forms you created, or `none`), mentions and assignments. What you never chose reads as before there were choices: `mine`, on, on.',
        params: idParams,
        response: { 200: memberNotificationsSchema },
      },
    },
    async (request) => readNotifications(app.db, workspaceOf(request), currentUser(request).id),
  );
  app.put(
    '/workspaces/:id/notifications',
    {
      onRequest: app.authenticate,
      config: { role: 'viewer' as const },
      schema: {
        tags,
        summary: 'Change your mail choices in a workspace',
        description:
          'Any subset of `submissions`, `mentions` and `assigned`; what is left out stays as it was.',
        params: idParams,
        body: memberNotificationsBody,
        response: { 200: memberNotificationsSchema },
      },
    },
    async (request) => saveNotifications(app.db, workspaceOf(request), currentUser(request).id, request.body),
  );
  app.post(
    '/workspaces/:id/invitations',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: 'Invite someone by email',
        description:
          'Mails a single-use link valid for 7 days. Inviting the same address again sends a new link and retires the old one.',
        params: idParams,
        body: invitationBody,
        response: { 201: invitationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteMember(app, checkedMember(request), workspaceOf(request), request.body)),
  );
  app.post(
    '/workspaces/:id/invitations/:invitationId/resend',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: 'Send an invitation again',
        description: 'A new link, valid for 7 more days; the old link stops working.',
        params: invitationParams,
        response: { 200: invitationSchema },
      },
    },
    async (request) =>
      resendInvitation(
        app,
        checkedMember(request),
        workspaceOf(request),
        uuidOf(request.params.invitationId, 'Invitation not found'),
      ),
  );
  app.delete(
    '/workspaces/:id/invitations/:invitationId',
    {
      onRequest: app.authenticate,
      config: { role: 'admin' as const },
      schema: {
        tags,
        summary: 'Revoke an invitation',
        params: invitationParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const invitationId = uuidOf(request.params.invitationId, 'Invitation not found');
      await revokeInvitation(app, workspaceOf(request), invitationId);
      return noContent(reply);
    },
  );
  const audit = { scope: 'audit:read' as const, role: 'admin' as const };
  app.get(
    '/workspaces/:id/audit',
    {
      onRequest: app.authenticate,
      config: audit,
      schema: {
        tags,
        summary: "A workspace's audit log",
        description:
          'Who did what, when, from which address and through what (a session or an API key), newest first. Filter by action, actor and days (from/to, inclusive); page with `before`.',
        params: idParams,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => readAuditPage(app.db, workspaceOf(request), request.query),
  );
  app.get(
    '/workspaces/:id/audit/export',
    {
      onRequest: app.authenticate,
      config: audit,
      schema: {
        tags,
        summary: "Download a workspace's audit log as CSV",
        description: 'The whole log the same filters select, newest first.',
        params: idParams,
        querystring: auditQuerySchema,
      },
    },
    async (request, reply) => {
      const id = workspaceOf(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${id}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsvLines(app.db, id, request.query)));
    },
  );
  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers',
        description: 'Open to anyone holding the link: the workspace, who invited, the address and the role.',
        security: [],
        params: tokenParams,
        response: { 200: invitationPeekSchema },
      },
    },
    async (request) => peekInvitation(app, request.params.token),
  );
  app.post(
    '/invitations/:token/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Accept an invitation',
        description: 'As the signed-in account, which must have the address the invitation was sent to.',
        params: tokenParams,
        response: { 200: workspaceSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { workspaceId } = await acceptInvitation(app, user, request.params.token);
      const { workspaces } = await listWorkspaces(app, { userId: user.id });
      return workspaces.find((w) => w.id === workspaceId)!;
    },
  );
};

export default workspacesRoutes;
