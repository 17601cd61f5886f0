import { LIMITS } from '@formsmith/core/limits';
import {
  type CreateTemplateBody,
  SAVED_TEMPLATE_LIMITS,
  SAVED_TEMPLATE_MESSAGES,
  type SavedTemplate,
  type UpdateTemplateBody,
} from '@formsmith/core/templates/saved';
import { type TemplateForm, templateFormSchema } from '@formsmith/core/templates/template';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import type { FormRow } from './repository.ts';
import * as forms from './repository.ts';
import * as repo from './templates-repository.ts';

/** A workspace the route checked the caller's role in, and the caller. */
type InWorkspace = { workspaceId: number; userId: string };
type OneTemplate = InWorkspace & { templateId: string };

function toSavedTemplate(row: repo.TemplateRow): SavedTemplate {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    title: row.title,
    summary: row.summary,
    form: row.form as TemplateForm,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A template id from the path; anything not a uuid names nothing. */
function templateIdOf(raw: string): string {
  if (!isUuid(raw)) throw notFound(SAVED_TEMPLATE_MESSAGES.notFound);
  return raw.toLowerCase();
}

/**
 * What a template keeps of the form's draft (core's templateFormSchema): its questions, logic,
 * display and texts. Not its answers, sharing (slug, access code), theme, languages or webhooks,
 * which are the form's own. Refused as a save of the form would be when it is too large.
 */
function templateContentOf(form: FormRow): TemplateForm {
  if (form.fields.length > LIMITS.maxFields) {
    const message = `A form can have at most ${LIMITS.maxFields} fields`;
    throw badRequest(message, { fields: message });
  }
  const parsed = templateFormSchema.safeParse({
    title: form.title,
    description: form.description,
    fields: form.fields,
    logic: form.logic,
    display: form.display,
    submitButtonText: form.submitButtonText,
    successMessage: form.successMessage,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === 'fields' && issue.path.length === 1) {
      throw badRequest(SAVED_TEMPLATE_MESSAGES.noQuestions, { form_id: SAVED_TEMPLATE_MESSAGES.noQuestions });
    }
    throw badRequest(`This form cannot be saved as a template: ${issue.message} (${issue.path.join('.')})`);
  }
  if (Buffer.byteLength(JSON.stringify(parsed.data)) > SAVED_TEMPLATE_LIMITS.formMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, SAVED_TEMPLATE_MESSAGES.formTooLarge);
  }
  return parsed.data;
}

export async function listWorkspaceTemplates(app: FastifyInstance, workspaceId: number) {
  return { templates: (await repo.listTemplates(app.db, workspaceId)).map(toSavedTemplate) };
}

/**
 * Saves one of the workspace's forms (its draft, as the editor shows it) as a template of the
 * workspace. A form of another workspace, in the Trash or missing answers 404 alike. At most
 * SAVED_TEMPLATE_LIMITS.maxPerWorkspace templates (checked, not locked, like the forms' limit).
 */
export async function saveFormAsTemplate(
  app: FastifyInstance,
  input: InWorkspace & { body: CreateTemplateBody },
) {
  const { body, workspaceId } = input;
  const form = await forms.findOwnedForm(app.db, { formId: body.form_id, ownerId: input.userId });
  if (!form || form.workspaceId !== workspaceId) throw notFound(FORM_NOT_FOUND);
  const content = templateContentOf(form);
  if ((await repo.countTemplates(app.db, workspaceId)) >= SAVED_TEMPLATE_LIMITS.maxPerWorkspace) {
    throw new AppError('LIMIT_REACHED', 409, SAVED_TEMPLATE_MESSAGES.limitReached);
  }
  const row = await app.db.transaction(async (tx) => {
    const made = await repo.createTemplate(tx, {
      workspaceId,
      title: body.title,
      summary: body.summary ?? '',
      form: content,
      createdBy: input.userId,
    });
    await recordAudit(tx, {
      action: 'template.created',
      where: { workspaceId },
      target: { type: 'template', id: made.id, label: made.title },
      details: { form_id: form.id },
    });
    return made;
  });
  return toSavedTemplate(row);
}

/** A new title or summary; the audit entry keeps what they were. */
export async function updateWorkspaceTemplate(
  app: FastifyInstance,
  input: OneTemplate & { body: UpdateTemplateBody },
) {
  const where = { workspaceId: input.workspaceId, templateId: templateIdOf(input.templateId) };
  const row = await app.db.transaction(async (tx) => {
    const before = await repo.findTemplate(tx, where);
    if (!before) throw notFound(SAVED_TEMPLATE_MESSAGES.notFound);
    const after = await repo.updateTemplate(tx, { ...where, changes: input.body });
    if (!after) throw notFound(SAVED_TEMPLATE_MESSAGES.notFound);
    const from: Record<string, string> = {};
    if (input.body.title !== undefined) from.title = before.title;
    if (input.body.summary !== undefined) from.summary = before.summary;
    await recordAudit(tx, {
      action: 'template.changed',
      where: { workspaceId: input.workspaceId },
      target: { type: 'template', id: after.id, label: after.title },
      details: { from },
    });
    return after;
  });
  return toSavedTemplate(row);
}

export async function deleteWorkspaceTemplate(app: FastifyInstance, input: OneTemplate) {
  const where = { workspaceId: input.workspaceId, templateId: templateIdOf(input.templateId) };
  await app.db.transaction(async (tx) => {
    const gone = await repo.deleteTemplate(tx, where);
    if (!gone) throw notFound(SAVED_TEMPLATE_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'template.deleted',
      where: { workspaceId: input.workspaceId },
      target: { type: 'template', id: gone.id, label: gone.title },
    });
  });
}
