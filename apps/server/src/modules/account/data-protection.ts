import { Readable } from 'node:stream';
import type { DataRequestInput, DataRequestView, RequestType } from '@formsmith/core/account/api';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { dataProtectionRequests, sessions, uploads } from '../../db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../lib/app-error.ts';
import {
  assertRecentProof,
  deleteUser,
  describeDevice,
  findUserById,
  getNotificationSettings,
  getSecuritySettings,
  getTwoFactorStatus,
  type SessionUser,
} from '../auth/index.ts';
import { deleteFormsOfOwner, listForms, removeDeletedFiles } from '../forms/index.ts';
import { commentsByAuthor, submissionBatches } from '../submissions/index.ts';
import { handOverBeforeAccountDeletion, personalWorkspaceId } from '../workspaces/index.ts';

export const CONFIRM_EMAIL_MESSAGE = 'Type your email address to confirm the deletion';
const REQUEST_NOT_FOUND = 'Data protection request not found';

type RequestRow = typeof dataProtectionRequests.$inferSelect;

function toView(row: RequestRow): DataRequestView {
  return {
    id: row.id,
    request_type: row.requestType as RequestType,
    details: row.details,
    status: row.status as DataRequestView['status'],
    created_at: row.createdAt.toISOString(),
    completion_date: row.completionDate?.toISOString() ?? null,
  };
}

export async function listDataRequests(db: DbOrTx, userId: string): Promise<DataRequestView[]> {
  const rows = await db
    .select()
    .from(dataProtectionRequests)
    .where(eq(dataProtectionRequests.userId, userId))
    .orderBy(desc(dataProtectionRequests.createdAt), desc(dataProtectionRequests.id));
  return rows.map(toView);
}

/**
 * Access and portability requests complete at once (the download is built on demand). A deletion
 * request needs the account's email typed again and, since a stolen session knows the email too, a
 * recent proof of identity (403 REAUTH_REQUIRED); then it removes the account and all it owns.
 */
export async function createDataRequest(
  app: FastifyInstance,
  session: SessionUser,
  input: DataRequestInput,
): Promise<{ request: DataRequestView; deleted: boolean }> {
  const userId = session.id;
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized();
  const details = input.details ?? '';
  if (input.request_type !== 'delete') {
    const [row] = await app.db
      .insert(dataProtectionRequests)
      .values({
        userId,
        requestType: input.request_type,
        details,
        status: 'completed',
        completionDate: new Date(),
      })
      .returning();
    return { request: toView(row!), deleted: false };
  }
  const typed = (input.confirm_email ?? '').trim().toLowerCase();
  if (typed !== user.email.toLowerCase()) {
    throw badRequest(CONFIRM_EMAIL_MESSAGE, { confirm_email: CONFIRM_EMAIL_MESSAGE });
  }
  // After the email check, so a typo is fixed in place before the owner is asked to confirm.
  assertRecentProof(app, session);
  const request = await deleteAccount(app, { userId, details });
  return { request, deleted: true };
}

/**
 * Deletes the user; the foreign keys cascade to its forms, submissions, sessions and settings. What
 * it made in workspaces shared with others stays there, handed to another member.
 */
async function deleteAccount(
  app: FastifyInstance,
  input: { userId: string; details: string },
): Promise<DataRequestView> {
  const { request, deleted } = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataProtectionRequests)
      .values({ userId: input.userId, requestType: 'delete', details: input.details, status: 'processing' })
      .returning();
    // First: forms made in shared workspaces stay with the team, not in the list deleted below.
    await handOverBeforeAccountDeletion(tx, input.userId);
    const deleted = await deleteFormsOfOwner(tx, input.userId);
    await deleteUser(tx, input.userId);
    return { request: row!, deleted };
  });
  // Files go after the commit: a failed delete leaves an orphan file, never a dangling row.
  await removeDeletedFiles(app, deleted);
  app.log.info({ requestId: request.id }, 'account deleted on request');
  return toView({ ...request, status: 'completed', completionDate: new Date() });
}

/**
 * Everything the account owns, for an access or portability request of that account, as a stream
 * of JSON text: the account, its forms, settings and sessions first, then every submission of
 * every form, read in batches (a cursor on PostgreSQL) so a large account never sits in memory.
 * Ownership and the request are checked before the first byte, so errors still get their status.
 */
export async function exportAccountData(
  app: FastifyInstance,
  input: { userId: string; requestId: string },
): Promise<Readable> {
  const { db } = app;
  const [request] = await db
    .select()
    .from(dataProtectionRequests)
    .where(
      and(eq(dataProtectionRequests.id, input.requestId), eq(dataProtectionRequests.userId, input.userId)),
    );
  if (!request || request.requestType === 'delete' || request.status !== 'completed') {
    throw notFound(REQUEST_NOT_FOUND);
  }
  const user = await findUserById(db, input.userId);
  if (!user) throw unauthorized();
  // The account's own forms are those of its personal workspace. What it made in a team's
  // workspace belongs to the team (it passes to another member when the account goes), and the
  // team decides who reads those answers: such forms are named, without their answers.
  const personal = await personalWorkspaceId(db, input.userId);
  const made = await listForms(db, { ownerId: input.userId, order: 'oldest', includeTrashed: true });
  const formRows = made.filter((f) => f.workspaceId === personal);
  const teamForms = made.filter((f) => f.workspaceId !== personal);
  const formIds = formRows.map((f) => f.id);
  const uploadRows = formIds.length
    ? await db.select().from(uploads).where(inArray(uploads.formId, formIds))
    : [];
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, input.userId))
    .orderBy(asc(sessions.createdAt));
  const head = {
    exported_at: new Date().toISOString(),
    request: toView(request),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      company: user.company,
      role: user.role === 'admin' ? 'admin' : 'user',
      email_verified: user.emailVerifiedAt !== null,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    forms: formRows.map((f) => ({
      id: f.id,
      title: f.title,
      description: f.description,
      fields: f.fields,
      logo_url: f.logoUrl,
      theme_config: f.themeConfig,
      submit_button_text: f.submitButtonText,
      success_message: f.successMessage,
      is_published: f.isPublished,
      published_at: f.publishedAt?.toISOString() ?? null,
      slug: f.slug,
      access_restriction: f.accessRestriction,
      expiration_date: f.expirationDate?.toISOString() ?? null,
      share_count: f.shareCount,
      submission_count: f.submissionCount,
      notify_on_submission: f.notifyOnSubmission,
      retention_days: f.retentionDays,
      created_at: f.createdAt.toISOString(),
      updated_at: f.updatedAt.toISOString(),
    })),
    forms_made_for_teams: teamForms.map((f) => ({
      id: f.id,
      title: f.title,
      workspace_id: f.workspaceId,
      created_at: f.createdAt.toISOString(),
    })),
    comments: await commentsByAuthor(db, app.keyring, input.userId),
    uploads: uploadRows.map((u) => ({
      id: u.id,
      form_id: u.formId,
      submission_id: u.submissionId,
      field_id: u.fieldId,
      filename: u.filename,
      mime_type: u.mimeType,
      size: u.size,
      created_at: u.createdAt.toISOString(),
    })),
    security_settings: await getSecuritySettings(db, input.userId),
    notification_settings: await getNotificationSettings(db, input.userId),
    // Which second factors and passkeys the account has; never the secret or the recovery codes.
    two_factor: await getTwoFactorStatus(db, input.userId),
    data_protection_requests: await listDataRequests(db, input.userId),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      user_agent: s.userAgent,
      ip: s.ip,
      auth_method: s.authMethod,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      revoked_at: s.revokedAt?.toISOString() ?? null,
    })),
  };
  return Readable.from(accountJson(app, head, formIds), { highWaterMark: 2 });
}

/** The head object with the submissions streamed in as its last member. */
async function* accountJson(app: FastifyInstance, head: Record<string, unknown>, formIds: number[]) {
  const open = JSON.stringify(head, null, 2);
  yield `${open.slice(0, -2)},\n  "submissions": [`;
  let first = true;
  for (const formId of formIds) {
    for await (const batch of submissionBatches(app, formId)) {
      const text = batch
        .map((s) =>
          JSON.stringify({
            id: s.id,
            form_id: s.form_id,
            data: s.data,
            metadata: s.metadata,
            completed: s.completed,
            created_at: new Date(s.created_at).toISOString(),
          }),
        )
        .join(',\n    ');
      yield `${first ? '\n    ' : ',\n    '}${text}`;
      first = false;
    }
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}
