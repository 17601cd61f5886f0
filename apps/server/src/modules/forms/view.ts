import { ACCESS_RESTRICTIONS } from '@formsmith/core/fields/constants';
import type { FormListEntry } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import type { AccessRestriction } from '@formsmith/core/forms/form';
import type { OwnerForm, PublicFormView } from '@formsmith/core/forms/form-wire';
import { SPAM_CHALLENGE_SETTING } from '@formsmith/core/submissions/spam-challenge';
import type { FormLinks } from '../workspaces/index.ts';
import type { FormRow, FormSummaryRow } from './repository.ts';

export function accessRestrictionOf(row: Pick<FormRow, 'accessRestriction'>): AccessRestriction {
  return ACCESS_RESTRICTIONS.find((r) => r === row.accessRestriction) ?? 'private';
}

/** What the owner and a respondent both see of a form, but its fields. */
function formHeader(row: Omit<FormRow, 'fields'>) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    logo_url: row.logoUrl,
    theme_config: row.themeConfig,
    submit_button_text: row.submitButtonText,
    success_message: row.successMessage,
    logic: row.logic,
    display: row.display,
    language: row.language,
    translations: row.translations,
  };
}

/** What the owner and a respondent both see of a form. */
function formContent(row: FormRow) {
  return { ...formHeader(row), fields: row.fields };
}

/** What the owner sees of a form besides its content. */
function ownerDetails(row: Omit<FormRow, 'fields'>, links: FormLinks) {
  return {
    is_published: row.isPublished,
    submissions: row.submissionCount,
    last_edited: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    sharing: {
      slug: row.slug,
      slug_only: row.slugOnly,
      access_restriction: accessRestrictionOf(row),
      has_access_code: row.accessCodeHash !== null,
      expiration_date: row.expirationDate?.toISOString() ?? null,
      share_url: links.formUrl(row),
      published_at: row.publishedAt?.toISOString() ?? null,
      share_count: row.shareCount,
    },
    folder_id: row.folderId,
    version: row.version,
    published_version: row.publishedVersion,
    has_unpublished_changes: row.hasUnpublishedChanges,
  };
}

/** The owner's view of a form (never the access code itself). */
export function toWireForm(row: FormRow, links: FormLinks): OwnerForm {
  return { ...formContent(row), ...ownerDetails(row, links) };
}

/** An entry of the owner's form list: the owner's view with a field count instead of the fields. */
export function toFormListEntry(row: FormSummaryRow, links: FormLinks): FormListEntry {
  return { ...formHeader(row), field_count: row.fieldCount, ...ownerDetails(row, links) };
}

/**
 * A field as respondents get it: choice options without their quiz points and correct flags, which
 * would give the answers away (the server scores the quiz; its rules read the score only at the end).
 */
function publicField(field: FormField): FormField {
  if (!('options' in field) || !field.options) return field;
  return { ...field, options: field.options.map(({ points: _p, correct: _c, ...option }) => option) };
}

/** What a respondent sees: no owner, counts, access code, timestamps of editing or quiz answers. */
/**
 * The page reads the spam check where it always has, in theme_config; the form's setting is what
 * it says (a key left in older content says nothing), and a form without it shows no key at all.
 */
function publicThemeConfig(row: Pick<FormRow, 'themeConfig' | 'spamChallenge'>) {
  const { [SPAM_CHALLENGE_SETTING]: _stale, ...rest } = row.themeConfig;
  return row.spamChallenge ? { ...rest, [SPAM_CHALLENGE_SETTING]: true } : rest;
}

export function toPublicForm(row: FormRow): PublicFormView {
  return {
    ...formContent(row),
    theme_config: publicThemeConfig(row),
    fields: row.fields.map(publicField),
    is_published: true,
    slug: row.slug,
    access_restriction: accessRestrictionOf(row),
    expiration_date: row.expirationDate?.toISOString() ?? null,
    // Answers saved as the respondent goes would reach the server in clear: not for Enhanced forms.
    save_partials: row.savePartials && row.encryptionLevel !== 'enhanced',
    ...(row.encryptionLevel === 'enhanced'
      ? { encryption: { public_key: row.encryptionKey?.public_key ?? null } }
      : {}),
  };
}
