import { ACCESS_RESTRICTIONS } from '@formsmith/core/fields/constants';
import type { AccessRestriction } from '@formsmith/core/forms/form';
import type { OwnerForm, PublicFormView } from '@formsmith/core/forms/form-wire';
import type { FormRow } from './repository.ts';

export function accessRestrictionOf(row: Pick<FormRow, 'accessRestriction'>): AccessRestriction {
  return ACCESS_RESTRICTIONS.find((r) => r === row.accessRestriction) ?? 'private';
}

/** `${publicUrl}/form/${slug ?? id}` */
export function shareUrl(row: FormRow, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/form/${row.slug ?? row.id}`;
}

/** What the owner and a respondent both see of a form. */
function formContent(row: FormRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fields: row.fields,
    logo_url: row.logoUrl,
    theme_config: row.themeConfig,
    submit_button_text: row.submitButtonText,
    success_message: row.successMessage,
    logic: row.logic,
    display: row.display,
  };
}

/** The owner's view of a form (never the access code itself). */
export function toWireForm(row: FormRow, publicUrl: string): OwnerForm {
  return {
    ...formContent(row),
    is_published: row.isPublished,
    submissions: row.submissionCount,
    last_edited: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    sharing: {
      slug: row.slug,
      access_restriction: accessRestrictionOf(row),
      has_access_code: row.accessCodeHash !== null,
      expiration_date: row.expirationDate?.toISOString() ?? null,
      share_url: shareUrl(row, publicUrl),
      published_at: row.publishedAt?.toISOString() ?? null,
      share_count: row.shareCount,
    },
  };
}

/** What a respondent sees: no owner, counts, access code or timestamps of editing. */
export function toPublicForm(row: FormRow): PublicFormView {
  return {
    ...formContent(row),
    is_published: true,
    slug: row.slug,
    access_restriction: accessRestrictionOf(row),
    expiration_date: row.expirationDate?.toISOString() ?? null,
  };
}
