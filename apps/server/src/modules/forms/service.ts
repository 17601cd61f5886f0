import { addsAnswerCopies, redirectAnswerCopies } from '@formsmith/core/api-keys/answer-copies';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { SaveBody, SharingBody } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import { formProblems, toWireProblem } from '@formsmith/core/forms/problems';
import { parseIfMatch } from '@formsmith/core/forms/versions';
import { LIMITS } from '@formsmith/core/limits';
import type { FormLogic } from '@formsmith/core/logic/definition';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { parseFormId } from '../../lib/form-id.ts';
import { assertKeyScope, type KeyScopes, SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { recordAudit } from '../audit/index.ts';
import { getSecuritySettings } from '../auth/index.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';
import { emitFormEvent } from './events.ts';
import { folderFilterOf } from './folders-service.ts';
import { foldContentConditions, readContentInput, settleContentEndings } from './form-input.ts';
import { copyPictures } from './picture-copies.ts';
import { assertPublicAccess, FORM_NOT_FOUND, type RequestLanguage } from './public-access.ts';
import type { FormRow } from './repository.ts';
import * as repo from './repository.ts';
import { readSharingInput, type SharingChanges } from './sharing-input.ts';
import { assertFormThemeUsable, publicLookOf, withDefaultTheme } from './themes-service.ts';
import { settleTranslations } from './translations-input.ts';
import { findVersion, publishDraft, withLiveContent } from './versions-repository.ts';
import { toFormListEntry, toPublicForm, toWireForm } from './view.ts';

type Owner = { ownerId: string };
type OwnedFormInput = Owner & { formId: number };

export const SLUG_TAKEN_MESSAGE = 'This slug is already taken';
const COPY_SUFFIX = ' (Copy)';
const TITLE_MAX = 200;

async function ensureSlugFree(app: FastifyInstance, changes: SharingChanges, formId: number | null) {
  if (!changes.slug) return;
  const holder = await repo.findFormBySlug(app.db, changes.slug);
  if (holder && holder.id !== formId) throw conflict(SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
}

/** Runs a write that may race another for the same slug; the unique index has the last word. */
async function withSlugGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
    throw err;
  }
}

/** The caller's form; 404 'Form not found' when it is missing or someone else's. */
export async function requireOwnedForm(db: DbOrTx, input: OwnedFormInput): Promise<FormRow> {
  const form = await repo.findOwnedForm(db, input);
  if (!form) throw notFound(FORM_NOT_FOUND);
  return form;
}

/**
 * The forms of one of the caller's workspaces (`workspaceId`, else its personal one, or an API
 * key's own); with `folder`, only those of that folder (`none`: in no folder).
 */
export async function listOwnerForms(
  app: FastifyInstance,
  input: { caller: Caller; workspaceId: number | undefined; folder?: string },
) {
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  const folderId = await folderFilterOf(app, { ownerId: input.caller.userId, folder: input.folder });
  const rows = await repo.listFormSummaries(app.db, workspaceId, { folderId });
  return { forms: rows.map((row) => toFormListEntry(row, app.customDomains)) };
}

/**
 * Every new form (created or duplicated) goes through here: creation is rate-limited per account
 * and an account holds at most LIMITS.maxFormsPerAccount forms, so one account cannot fill the
 * database (the count is checked, not locked: two racing creations may pass it by one).
 */
async function assertRoomForForm(app: FastifyInstance, ownerId: string): Promise<void> {
  await app.rateLimit('createForm', ownerId);
  if ((await repo.countForms(app.db, ownerId)) >= LIMITS.maxFormsPerAccount) {
    throw new AppError(
      'LIMIT_REACHED',
      403,
      `You have reached the limit of ${LIMITS.maxFormsPerAccount} forms. Delete a form to make room.`,
    );
  }
}

/**
 * Refuses to publish a form with problems (core forms/problems.ts: a calculation that does not
 * parse, a rule pointing at nothing, a question without a label…): 422, each problem under its path
 * in `fields`, and all of them in `problems` with the field's id and label. Drafts are saved with
 * their problems, so that nothing the owner typed is refused; only what respondents get is checked.
 */
function ensurePublishable(fields: readonly FormField[], logic: FormLogic): void {
  const problems = formProblems({ fields, logic });
  const first = problems[0];
  if (!first) return;
  const messages = Object.fromEntries(problems.map((p) => [p.path, p.message]));
  const message =
    problems.length === 1
      ? `This form cannot be published yet: ${first.message}`
      : `This form cannot be published yet: ${first.message} (and ${problems.length - 1} more problems)`;
  throw new AppError('VALIDATION_FAILED', 422, message, messages, { problems: problems.map(toWireProblem) });
}

/**
 * The encryption level a new form starts with: the account's default. An Enhanced one takes no
 * answers until its owner sets the passphrase (its key is made in the browser).
 */
async function defaultEncryptionLevel(db: DbOrTx, ownerId: string) {
  return (await getSecuritySettings(db, ownerId)).encryption_level;
}

/** An API key needs submissions:read to add a redirect that passes answers on (see answer-copies). */
function assertRedirectsAllowed(keyScopes: KeyScopes, before: FormLogic | null, next: FormLogic | undefined) {
  if (!next || !addsAnswerCopies(redirectAnswerCopies(before), redirectAnswerCopies(next))) return;
  assertKeyScope(keyScopes, SCOPE_NEEDS.redirectAnswers);
}

export async function createOwnerForm(
  app: FastifyInstance,
  input: Owner & { caller: Caller; workspaceId: number | undefined; body: SaveBody; keyScopes: KeyScopes },
) {
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  await assertRoomForForm(app, input.ownerId);
  const content = readContentInput(input.body, { creating: true });
  const where = { ownerId: input.ownerId, workspaceId };
  await assertFormThemeUsable(app.db, where, content.themeConfig, null);
  content.themeConfig = await withDefaultTheme(app.db, where, content.themeConfig);
  settleContentEndings(content, null);
  foldContentConditions(content, null);
  assertRedirectsAllowed(input.keyScopes, null, content.logic);
  const translations = settleTranslations(null, content);
  if (translations) content.translations = translations;
  const sharing = await readSharingInput(input.body, null);
  await ensureSlugFree(app, sharing, null);
  const encryptionLevel = await defaultEncryptionLevel(app.db, input.ownerId);
  const row = await withSlugGuard(() =>
    app.db.transaction(async (tx) => {
      const made = await repo.createForm(tx, {
        ownerId: input.ownerId,
        workspaceId,
        ...content,
        title: content.title ?? 'Untitled Form',
        ...sharing,
        encryptionLevel,
      });
      await recordAudit(tx, { action: 'form.created', where: { formId: made.id } });
      return made;
    }),
  );
  return toWireForm(row, app.customDomains);
}

/** The draft revision a save names (If-Match first, then the body's version), or null for none. */
function expectedVersionOf(ifMatch: string | undefined, bodyVersion: number | undefined): number | null {
  const fromHeader = parseIfMatch(ifMatch);
  if (fromHeader === 'invalid') {
    throw badRequest('If-Match must name a form version, like "3"', { 'if-match': 'Not a form version' });
  }
  return fromHeader ?? bodyVersion ?? null;
}

/** 409 for a save made against an older revision, with the current form to reload or overwrite. */
function versionConflict(app: FastifyInstance, current: FormRow): AppError {
  return new AppError(
    'VERSION_CONFLICT',
    409,
    'This form was changed elsewhere since you opened it',
    undefined,
    { current_version: current.version, form: toWireForm(current, app.customDomains) },
  );
}

/**
 * Saves the owner's draft (a published form's respondents keep the published version). A save
 * naming a revision (If-Match or body version) only lands while the draft is still at it: the
 * UPDATE itself checks, so two concurrent saves of one revision cannot both win.
 */
export async function updateOwnerForm(
  app: FastifyInstance,
  input: OwnedFormInput & { body: SaveBody; ifMatch?: string; keyScopes: KeyScopes },
) {
  const expectedVersion = expectedVersionOf(input.ifMatch, input.body.version);
  const stored = await requireOwnedForm(app.db, input);
  if (expectedVersion !== null && stored.version !== expectedVersion) throw versionConflict(app, stored);
  const content = readContentInput(input.body, { creating: false });
  const where = { ownerId: input.ownerId, workspaceId: stored.workspaceId };
  await assertFormThemeUsable(app.db, where, content.themeConfig, stored.themeConfig);
  settleContentEndings(content, stored);
  foldContentConditions(content, stored);
  assertRedirectsAllowed(input.keyScopes, stored.logic, content.logic);
  const translations = settleTranslations(stored, content);
  if (translations) content.translations = translations;
  const sharing = await readSharingInput(input.body, stored);
  await ensureSlugFree(app, sharing, stored.id);
  const row = await withSlugGuard(() =>
    app.db.transaction(async (tx) => {
      const saved = await repo.updateForm(tx, {
        ...input,
        changes: { ...content, ...sharing, updatedAt: new Date() },
        expectedVersion,
        bumpVersion: true,
      });
      if (saved) await recordAudit(tx, { action: 'form.edited', where: { formId: saved.id } });
      return saved;
    }),
  );
  if (row) return toWireForm(row, app.customDomains);
  const current = await requireOwnedForm(app.db, input);
  throw versionConflict(app, current);
}

/**
 * Saves one section of a form's settings, and notes which in the audit log (with `details`, what
 * it now is), in one transaction.
 */
export async function saveFormSettings(
  app: FastifyInstance,
  input: OwnedFormInput,
  changes: repo.FormChanges,
  section: string,
  details: Record<string, unknown> = {},
): Promise<FormRow | null> {
  return app.db.transaction(async (tx) => {
    const saved = await repo.updateForm(tx, { ...input, changes });
    if (saved) {
      await recordAudit(tx, {
        action: 'form.settings_changed',
        where: { formId: saved.id },
        details: { section, ...details },
      });
    }
    return saved;
  });
}

export async function updateSharing(app: FastifyInstance, input: OwnedFormInput & { body: SharingBody }) {
  const stored = await requireOwnedForm(app.db, input);
  const sharing = await readSharingInput(input.body, stored);
  await ensureSlugFree(app, sharing, stored.id);
  const row = await withSlugGuard(() => saveFormSettings(app, input, sharing, 'sharing'));
  if (!row) throw notFound(FORM_NOT_FOUND);
  const form = toWireForm(row, app.customDomains);
  return {
    ...form,
    share_url: form.sharing.share_url,
    published_at: form.sharing.published_at,
    share_count: form.sharing.share_count,
  };
}

/**
 * Publish makes the current draft the live version (a new numbered version when it changed);
 * unpublish takes the form offline and keeps its versions. Publishing needs a verified address:
 * a published form mails its owner what strangers type.
 */
export async function setPublished(
  app: FastifyInstance,
  input: OwnedFormInput & { published: boolean; ownerVerified: boolean },
) {
  const stored = await requireOwnedForm(app.db, input);
  if (input.published && !input.ownerVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', 403, AUTH_MESSAGES.publishNeedsVerifiedEmail);
  }
  if (input.published) ensurePublishable(stored.fields, stored.logic);
  const target = { formId: input.formId, ownerId: input.ownerId };
  const row = await app.db.transaction(async (tx) => {
    const updated = input.published
      ? await publishDraft(tx, target)
      : await repo.updateForm(tx, { ...target, changes: { isPublished: false, publishedAt: null } });
    // Publishing an unpublished form is the event; publishing changes of a live one is not.
    if (updated && input.published && !stored.isPublished) {
      await emitFormEvent(tx, { formId: input.formId, event: 'form.published' });
    }
    if (updated && (input.published || stored.isPublished)) {
      await recordAudit(tx, {
        action: input.published ? 'form.published' : 'form.unpublished',
        where: { formId: input.formId },
        ...(input.published ? { details: { version: updated.publishedVersion } } : {}),
      });
    }
    return updated;
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toWireForm(row, app.customDomains);
}

export async function duplicateOwnerForm(app: FastifyInstance, input: OwnedFormInput) {
  const source = await requireOwnedForm(app.db, input);
  const title = `${source.title.slice(0, TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
  await assertRoomForForm(app, input.ownerId);
  const encryptionLevel = await defaultEncryptionLevel(app.db, input.ownerId);
  const row = await app.db.transaction(async (tx) => {
    const created = await repo.createForm(
      tx,
      copyOf(source, { ownerId: input.ownerId, title, encryptionLevel }),
    );
    // The copy shows its own copies of the pictures: a form's URL serves only its own.
    const shown = { fields: created.fields, themeConfig: created.themeConfig, logoUrl: created.logoUrl };
    const own = await copyPictures(app, { from: source.id, to: created.id, parts: shown });
    const made =
      own === shown
        ? created
        : ((await repo.updateForm(tx, { formId: created.id, ownerId: input.ownerId, changes: own })) ??
          created);
    await recordAudit(tx, {
      action: 'form.created',
      where: { formId: made.id },
      details: { copy_of: source.id },
    });
    return made;
  });
  return toWireForm(row, app.customDomains);
}

/** The row of a copy of `source`: its content and settings, none of its responses. */
function copyOf(
  source: FormRow,
  own: { ownerId: string; title: string; encryptionLevel: FormRow['encryptionLevel'] },
) {
  return {
    ownerId: own.ownerId,
    // The copy stays in the source's workspace.
    workspaceId: source.workspaceId,
    // A copy gets a key of its own when Enhanced: the source's answers stay the source's.
    encryptionLevel: own.encryptionLevel,
    title: own.title,
    description: source.description,
    fields: source.fields,
    logoUrl: source.logoUrl,
    themeConfig: source.themeConfig,
    submitButtonText: source.submitButtonText,
    successMessage: source.successMessage,
    logic: source.logic,
    display: source.display,
    language: source.language,
    translations: source.translations,
    accessRestriction: source.accessRestriction,
    accessCodeHash: source.accessCodeHash,
    notifyOnSubmission: source.notifyOnSubmission,
    notifyAttachPdf: source.notifyAttachPdf,
    retentionDays: source.retentionDays,
    // Limits and the confirmation mail come along; the copy starts with none of the responses.
    responseLimit: source.responseLimit,
    opensAt: source.opensAt,
    closesAt: source.closesAt,
    scheduleTimeZone: source.scheduleTimeZone,
    closedMessage: source.closedMessage,
    oneResponsePerBrowser: source.oneResponsePerBrowser,
    spamChallenge: source.spamChallenge,
    confirmation: source.confirmation,
    // The copy sits beside its source; it has no slug, so the numbered address opens it.
    folderId: source.folderId,
  };
}

export async function countShare(app: FastifyInstance, input: OwnedFormInput) {
  const row = await repo.incrementShareCount(app.db, input);
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toWireForm(row, app.customDomains);
}

/**
 * Whether a form may be opened by its number: not when its owner keeps it to its custom slug,
 * so that counting through numbered addresses does not find it.
 */
function openableById(form: FormRow): boolean {
  return !(form.slugOnly && form.slug);
}

/**
 * GET of one form: the owner sees the WireForm (even unpublished); anyone else the public view,
 * and a form reached `byId` that only its slug opens answers 404 like a missing one.
 */
export async function viewForm(
  app: FastifyInstance,
  input: {
    form: FormRow | null;
    byId?: boolean;
    viewerId: string | null;
    accessCode?: string;
    ip: string;
    language?: RequestLanguage;
  },
) {
  if (
    input.form &&
    input.viewerId &&
    (await repo.findOwnedForm(app.db, { formId: input.form.id, ownerId: input.viewerId }))
  ) {
    return toWireForm(input.form, app.customDomains);
  }
  if (input.form && input.byId && !openableById(input.form)) throw notFound(FORM_NOT_FOUND);
  return viewPublicForm(app, input);
}

/** What a respondent gets of a form, once its access rules let them in (else the AppError). */
export async function viewPublicForm(
  app: FastifyInstance,
  input: { form: FormRow | null; accessCode?: string; ip: string },
) {
  return livePublicForm(app, await assertPublicAccess(app, input));
}

/** The published version of a form as respondents get it, before any access check. */
export async function livePublicForm(app: FastifyInstance, form: FormRow) {
  const live =
    form.publishedVersion === null ? null : await findVersion(app.db, form.id, form.publishedVersion);
  const content = withLiveContent(form, live);
  return { ...toPublicForm(content), look: await publicLookOf(app, content) };
}

export async function findFormByIdParam(app: FastifyInstance, raw: string): Promise<FormRow | null> {
  const id = parseFormId(raw);
  return id === null ? null : repo.findFormById(app.db, id);
}

/**
 * A slug, or for a numeric value the id: the public page tries a slug first and may hold either.
 * A form that only its slug opens is not found by its id.
 */
export async function findFormBySlugParam(app: FastifyInstance, raw: string): Promise<FormRow | null> {
  const slug = raw.trim().toLowerCase();
  if (slug === '' || slug.length > 200) return null;
  const bySlug = await repo.findFormBySlug(app.db, slug);
  if (bySlug) return bySlug;
  const byId = await findFormByIdParam(app, slug);
  return byId && openableById(byId) ? byId : null;
}
