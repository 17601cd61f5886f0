import { createReadStream } from 'node:fs';
import {
  fieldAnswersPageSchema,
  fieldAnswersParamsSchema,
  fieldAnswersQuerySchema,
} from '@formsmith/core/analytics/api';
import { ATTACH_PDF_SEALED } from '@formsmith/core/form-settings/api';
import {
  type ExportFormat,
  exportQuerySchema,
  fileParamsSchema,
  formParamsSchema,
  listQuerySchema,
  listResponseSchema,
  type SubmissionSettings,
  settingsBodySchema,
  settingsSchema,
  submissionDetailSchema,
  submissionParamsSchema,
} from '@formsmith/core/submissions/api';
import { bulkDeleteBodySchema, deleteSubmissionsResultSchema } from '@formsmith/core/submissions/delete';
import { PDF_FONT_FAMILIES, PDF_FONT_WEIGHTS, submissionPdfName } from '@formsmith/core/submissions/pdf';
import { syncPageSchema, syncQuerySchema } from '@formsmith/core/submissions/sync';
import {
  commentBody,
  commentListSchema,
  commentParamsSchema,
  commentSchema,
  formMembersSchema,
  triageBody,
  triageSchema,
} from '@formsmith/core/submissions/triage';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error.ts';
import { requireFormId } from '../../lib/form-id.ts';
import { assertKeyScope, SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { currentUser, keyScopesOf, workspaceRoleOf } from '../../plugins/authenticate.ts';
import { FORM_NOT_FOUND, findAnsweredFields, requireOwnedForm, updateForm } from '../forms/index.ts';
import { deleteFormSubmissions } from './delete.ts';
import { exportFormSubmissions, exportOneSubmission } from './export.ts';
import { listFieldAnswers } from './field-answers.ts';
import { FILE_LINK_PATH, findLinkedUpload } from './file-links.ts';
import { sendThumbnail } from './file-thumbnails.ts';
import { contentDisposition, requireSubmissionUpload, sendUpload } from './files.ts';
import { listSubmissions } from './list.ts';
import { fontFile } from './pdf/fonts.ts';
import { submissionPdfOf } from './pdf/index.ts';
import { findSubmission, toWireSubmission } from './repository.ts';
import { summaryReportRoutes } from './summary/routes.ts';
import { listSubmissionsSince } from './sync.ts';
import { addComment, changeTriage, deleteComment, formMembers, listComments, withTriage } from './triage.ts';
import { submissionViewRoutes } from './views-routes.ts';
import { XLSX_TYPE } from './xlsx-export.ts';

const BASE = '/form-submissions/forms/:id';
const tags = ['submissions'];
const read = { scope: 'submissions:read' as const, role: 'viewer' as const };
/** Reads that show answers: refused to a viewer of a form that shows its viewers only counts. */
const answers = { ...read, answers: true };
const remove = { scope: 'submissions:delete' as const, role: 'editor' as const };
/** The team's work on a submission: its stage, assignee and comments. */
const triage = { scope: 'submissions:write' as const, role: 'editor' as const };
/** Settings: keeping submissions for less time deletes some, which with a key needs submissions:delete too. */
const settings = {
  scope: 'submissions:write' as const,
  role: 'editor' as const,
  alsoScopes: [SCOPE_NEEDS.shorterRetention],
};

function attachment(filename: string): string {
  return `attachment; filename="${filename}"`;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: XLSX_TYPE,
};

/** The caller's form named by the :id param; 404 for a bad id, a missing form or anyone else's. */
function ownedForm(app: { db: Parameters<typeof requireOwnedForm>[0] }, request: FastifyRequest) {
  const { id } = request.params as { id: string };
  return requireOwnedForm(app.db, { formId: requireFormId(id), ownerId: currentUser(request).id });
}

const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/forms/:id/submissions',
    {
      config: answers,
      schema: {
        tags,
        summary: 'Sync submissions with a cursor',
        description:
          'Oldest first, for integrations that copy submissions incrementally. Keep `next_cursor` and pass it back as `cursor`: ' +
          'a page never skips a submission, even one stored while you were paging. `has_more` is false when you are up to date.',
        params: formParamsSchema,
        querystring: syncQuerySchema,
        response: { 200: syncPageSchema },
      },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      return listSubmissionsSince(app.db, app.keyring, { formId: form.id, ...request.query });
    },
  );

  app.get(
    `${BASE}/submissions`,
    {
      config: answers,
      schema: {
        tags,
        params: formParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema },
      },
    },
    async (request) =>
      listSubmissions(
        app.db,
        app.keyring,
        await ownedForm(app, request),
        request.query,
        currentUser(request).id,
      ),
  );

  app.get(
    `${BASE}/fields/:fieldId/answers`,
    {
      config: answers,
      schema: {
        tags: ['analytics'],
        summary: "A text question's answers",
        description:
          'The answers to one free-text question (short or long text, email, URL, phone, hidden, colour) ' +
          'of the complete submissions from `start_date` on, newest first: the first page is the analytics ' +
          "page's sample, `q` searches them. A page looks through at most 5,000 submissions: follow " +
          '`next_cursor` (as `after`) to look further. 409 for an end-to-end encrypted form.',
        params: fieldAnswersParamsSchema,
        querystring: fieldAnswersQuerySchema,
        response: { 200: fieldAnswersPageSchema },
      },
    },
    async (request) =>
      listFieldAnswers(app.db, app.keyring, {
        form: await ownedForm(app, request),
        fieldId: request.params.fieldId,
        query: request.query,
      }),
  );

  app.get(
    `${BASE}/submissions/:sid`,
    {
      config: answers,
      schema: { tags, params: submissionParamsSchema, response: { 200: submissionDetailSchema } },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      const row = await findSubmission(app.db, app.keyring, {
        formId: form.id,
        submissionId: request.params.sid,
      });
      if (!row) throw notFound('Submission not found');
      const answered = await findAnsweredFields(app.db, form.id, [row.formVersion]);
      const [withItsTriage] = await withTriage(app.db, [toWireSubmission(row)]);
      return { ...withItsTriage!, fields: answered.get(row.formVersion)! };
    },
  );

  app.patch(
    `${BASE}/submissions/:sid/triage`,
    {
      config: triage,
      schema: {
        tags,
        summary: 'Set a submission’s stage or assignee',
        description:
          'The stage is new, in_progress or done; `assignee_id` is a member of the form’s workspace, or null to unassign.',
        params: submissionParamsSchema,
        body: triageBody,
        response: { 200: triageSchema },
      },
    },
    async (request) =>
      changeTriage(
        app,
        await ownedForm(app, request),
        request.params.sid,
        currentUser(request),
        request.body,
      ),
  );

  app.get(
    `${BASE}/submissions/:sid/comments`,
    {
      config: answers,
      schema: {
        tags,
        summary: 'List a submission’s comments',
        params: submissionParamsSchema,
        response: { 200: commentListSchema },
      },
    },
    async (request) => ({
      items: await listComments(
        app.db,
        app.keyring,
        await ownedForm(app, request),
        request.params.sid,
        currentUser(request).id,
      ),
    }),
  );

  app.post(
    `${BASE}/submissions/:sid/comments`,
    {
      config: triage,
      schema: {
        tags,
        summary: 'Comment on a submission',
        description:
          '`mentions` lists members of the form’s workspace (user ids); each is mailed the comment with a link to the submission.',
        params: submissionParamsSchema,
        body: commentBody,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      const user = currentUser(request);
      const made = await addComment(app, form, request.params.sid, user, request.body);
      return reply.code(201).send(made);
    },
  );

  app.delete(
    `${BASE}/submissions/:sid/comments/:cid`,
    {
      config: triage,
      schema: {
        tags,
        summary: 'Delete a comment',
        description: 'Its author can, and so can an admin or owner of the workspace.',
        params: commentParamsSchema,
      },
    },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      await deleteComment(app.db, form, {
        submissionId: request.params.sid,
        commentId: request.params.cid,
        callerId: currentUser(request).id,
        role: workspaceRoleOf(request),
      });
      return reply.code(204).send();
    },
  );

  app.get(
    `${BASE}/members`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Who can be assigned and mentioned',
        description: 'The members of the form’s workspace, by name.',
        params: formParamsSchema,
        response: { 200: formMembersSchema },
      },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      const members = await formMembers(app.db, form);
      return { items: members.map(({ user_id, name }) => ({ user_id, name })) };
    },
  );

  app.delete(
    `${BASE}/submissions/:sid`,
    {
      config: remove,
      schema: { tags, params: submissionParamsSchema, response: { 200: deleteSubmissionsResultSchema } },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      const result = await deleteFormSubmissions(app, { formId: form.id, ids: [request.params.sid] });
      if (result.deleted === 0) throw notFound('Submission not found');
      return result;
    },
  );

  app.post(
    `${BASE}/submissions/bulk-delete`,
    {
      config: remove,
      schema: {
        tags,
        params: formParamsSchema,
        body: bulkDeleteBodySchema,
        response: { 200: deleteSubmissionsResultSchema },
      },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      return deleteFormSubmissions(app, { formId: form.id, ids: request.body.ids });
    },
  );

  app.get(
    `${BASE}/export`,
    { config: answers, schema: { tags, params: formParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      const { format } = request.query;
      const stream = await exportFormSubmissions(app, form, format);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', attachment(`form_${form.id}_submissions.${format}`))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    `${BASE}/submissions/:sid/export`,
    { config: answers, schema: { tags, params: submissionParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      const row = await findSubmission(app.db, app.keyring, {
        formId: form.id,
        submissionId: request.params.sid,
      });
      if (!row) throw notFound('Submission not found');
      const { format } = request.query;
      const body = await exportOneSubmission(
        app,
        form,
        {
          id: row.id,
          number: row.number,
          form_id: row.formId,
          created_at: row.createdAt,
          data: row.data,
          metadata: row.metadata,
          completed: row.completed,
          form_version: row.formVersion,
          language: row.language,
          progress: row.progress,
          updated_at: row.updatedAt,
          sealedEndToEnd: Boolean(row.envelope),
        },
        format,
      );
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', attachment(`form_${form.id}_submission_${row.id}.${format}`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    `${BASE}/submissions/:sid/pdf`,
    {
      config: answers,
      schema: {
        tags,
        summary: 'One submission as a PDF',
        description:
          'For printing or handing on: the form title, when and in which language it was sent, its stage and quiz score, ' +
          'then each question of the version it answered with its answer. 409 for answers encrypted end to end, ' +
          'which the server cannot read.',
        params: submissionParamsSchema,
      },
    },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      const made = await submissionPdfOf(app, form, request.params.sid);
      if (!made) throw notFound('Submission not found');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(submissionPdfName(form.title, request.params.sid)))
        .header('cache-control', 'no-store')
        .send(made.pdf);
    },
  );

  app.get(
    `${BASE}/pdf-fonts/:family/:weight`,
    {
      config: answers,
      schema: {
        tags,
        summary: 'A font of the submission PDF',
        description:
          'The TrueType fonts the server draws PDFs with (Noto Sans, Noto Naskh Arabic, Noto Sans JP and SC), for ' +
          "the owner's browser to draw the PDF of answers encrypted end to end, which the server cannot read. " +
          'Served from the instance itself; cached by the browser for a week.',
        params: formParamsSchema.extend({
          family: z.enum(PDF_FONT_FAMILIES),
          weight: z.enum(PDF_FONT_WEIGHTS),
        }),
      },
    },
    async (request, reply) => {
      await ownedForm(app, request);
      const file = fontFile(request.params.family, request.params.weight);
      return reply
        .header('content-type', 'font/ttf')
        .header('cache-control', 'private, max-age=604800, immutable')
        .send(createReadStream(file));
    },
  );

  app.get(
    `${BASE}/submissions/:sid/files/:uploadId`,
    { config: answers, schema: { tags, params: fileParamsSchema } },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      return sendUpload(app, reply, await requireSubmissionUpload(app.db, form, request.params));
    },
  );

  app.get(
    `${BASE}/submissions/:sid/files/:uploadId/thumbnail`,
    {
      config: answers,
      schema: {
        tags,
        summary: 'A thumbnail of an uploaded picture',
        description:
          'A WebP at most 320 px on its longest side, for the detail view; cached by the browser for an hour. ' +
          '415 for a file that is not a picture (or one encrypted end to end, which the server cannot read).',
        params: fileParamsSchema,
      },
    },
    async (request, reply) => {
      const form = await ownedForm(app, request);
      return sendThumbnail(app, reply, await requireSubmissionUpload(app.db, form, request.params));
    },
  );

  app.get(
    `${BASE}/settings`,
    { config: read, schema: { tags, params: formParamsSchema, response: { 200: settingsSchema } } },
    async (request) => {
      const form = await ownedForm(app, request);
      return settingsOf(form);
    },
  );

  app.put(
    `${BASE}/settings`,
    {
      config: settings,
      schema: { tags, params: formParamsSchema, body: settingsBodySchema, response: { 200: settingsSchema } },
    },
    async (request) => {
      const form = await ownedForm(app, request);
      const body = request.body;
      const notifyOnSubmission =
        body.email_notifications !== undefined ? body.email_notifications : body.emailNotifications;
      const retentionDays = body.retention_days !== undefined ? body.retention_days : body.retentionDays;
      const notifyAttachPdf = body.attach_pdf !== undefined ? body.attach_pdf : body.attachPdf;
      // The PDF is made on the server, which cannot read the answers of an end-to-end encrypted form.
      if (notifyAttachPdf && form.encryptionLevel === 'enhanced') throw conflict(ATTACH_PDF_SEALED);
      if (keepsLess(form.retentionDays, retentionDays)) {
        assertKeyScope(keyScopesOf(request), SCOPE_NEEDS.shorterRetention);
      }
      const saved = await updateForm(app.db, {
        formId: form.id,
        ownerId: form.ownerId,
        changes: { notifyOnSubmission, retentionDays, notifyAttachPdf },
      });
      if (!saved) throw notFound(FORM_NOT_FOUND);
      return settingsOf(saved);
    },
  );
};

/** Whether a new retention (days, null for forever, undefined for unchanged) keeps submissions for less time. */
function keepsLess(before: number | null, next: number | null | undefined): boolean {
  if (next === undefined || next === null) return false;
  return before === null || next < before;
}

function settingsOf(form: {
  notifyOnSubmission: boolean | null;
  notifyAttachPdf: boolean;
  retentionDays: number | null;
}): SubmissionSettings {
  const retention = form.retentionDays;
  return {
    email_notifications: form.notifyOnSubmission,
    attach_pdf: form.notifyAttachPdf,
    retention_days: retention === 7 || retention === 30 || retention === 90 ? retention : null,
  };
}

/**
 * The exports' file links: no session (a spreadsheet handed on opens its files), the signature
 * in the address stands for the owner's access to that one file until it expires.
 */
const fileLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FILE_LINK_PATH,
    {
      schema: {
        tags,
        summary: 'Download a file through an exported link',
        description:
          'The address the CSV, JSON and Excel exports write for each uploaded file: it downloads that file without a session ' +
          'until it expires (7 days after the export). 404 with the reason for a changed, expired or unknown link, or a file, ' +
          'submission or form deleted since.',
        params: z.object({ formId: z.string(), sid: z.string(), uploadId: z.string() }),
        querystring: z.object({
          expires: z.string().optional(),
          key: z.string().optional(),
          sig: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const upload = await findLinkedUpload(app, request.params, request.query);
      return sendUpload(app, reply, upload);
    },
  );
};

/** Owner-only submission review: list, detail, exports, files and per-form settings. */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownerRoutes);
  await app.register(fileLinkRoutes);
  await app.register(submissionViewRoutes);
  await app.register(summaryReportRoutes);
};

export default submissionsRoutes;
