import type { FormListEntry } from '@formsmith/core/forms/api';
import type { Form } from '@formsmith/core/forms/form';
import type { OwnerForm } from '@formsmith/core/forms/form-wire';

/**
 * A form that exists on the server: it has an id, the server knows whether a code is set, the
 * draft revision it was read at, and whether that draft differs from what respondents get.
 */
export type StoredForm = Form & {
  id: number;
  /** The owner's folder the form is filed in; null when in none. */
  folderId: number | null;
  hasAccessCode: boolean;
  version: number;
  hasUnpublishedChanges: boolean;
};

/** A form of the owner's list: everything but the fields, which the list leaves out, and their count. */
export type FormSummary = Omit<StoredForm, 'fields'> & { fieldCount: number };

/** Everything of the owner's form but its fields, under the names the web app uses. */
function toFormHeader(form: Omit<OwnerForm, 'fields'>): Omit<StoredForm, 'fields'> {
  const { sharing } = form;
  return {
    id: form.id,
    title: form.title,
    description: form.description,
    lastSaved: form.last_edited,
    ...(form.logo_url ? { logoUrl: form.logo_url } : {}),
    themeConfig: form.theme_config,
    isPublished: form.is_published,
    submissions: form.submissions,
    submitButtonText: form.submit_button_text,
    successMessage: form.success_message,
    logic: form.logic,
    display: form.display,
    language: form.language,
    translations: form.translations,
    sharing: {
      ...(sharing.slug ? { slug: sharing.slug } : {}),
      slugOnly: sharing.slug_only,
      accessRestriction: sharing.access_restriction,
      expirationDate: sharing.expiration_date,
      shareCount: sharing.share_count,
      publishedAt: sharing.published_at,
      shareUrl: sharing.share_url,
    },
    hasAccessCode: sharing.has_access_code,
    folderId: form.folder_id,
    version: form.version,
    hasUnpublishedChanges: form.has_unpublished_changes,
  };
}

/** The owner's form under the names the web app uses; the fields are already canonical. */
export function toStoredForm(form: OwnerForm): StoredForm {
  return { ...toFormHeader(form), fields: form.fields };
}

/** A list entry of GET /api/forms (it carries field_count instead of the fields). */
export function toFormSummary(entry: FormListEntry): FormSummary {
  return { ...toFormHeader(entry), fieldCount: entry.field_count };
}
