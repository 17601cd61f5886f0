import type { Form } from '@formsmith/core/forms/form';
import { type OwnerForm, wireFormSchema } from '@formsmith/core/forms/form-wire';

/** A form that exists on the server: it has an id, and the server knows whether a code is set. */
export type StoredForm = Form & { id: number; hasAccessCode: boolean };

/** The owner's form under the names the web app uses; the fields are already canonical. */
export function toStoredForm(form: OwnerForm): StoredForm {
  const { sharing } = form;
  return {
    id: form.id,
    title: form.title,
    description: form.description,
    fields: form.fields,
    lastSaved: form.last_edited,
    ...(form.logo_url ? { logoUrl: form.logo_url } : {}),
    themeConfig: form.theme_config,
    isPublished: form.is_published,
    submissions: form.submissions,
    submitButtonText: form.submit_button_text,
    successMessage: form.success_message,
    logic: form.logic,
    display: form.display,
    sharing: {
      ...(sharing.slug ? { slug: sharing.slug } : {}),
      accessRestriction: sharing.access_restriction,
      expirationDate: sharing.expiration_date,
      shareCount: sharing.share_count,
      publishedAt: sharing.published_at,
      shareUrl: sharing.share_url,
    },
    hasAccessCode: sharing.has_access_code,
  };
}

/** An owner's form response; one that does not match the schema throws (a visible error). */
export function parseStoredForm(data: unknown): StoredForm {
  return toStoredForm(wireFormSchema.parse(data));
}
