import { normalizeForm } from '@formsmith/core/fields/normalize';
import { isRecord } from '@formsmith/core/fields/read';
import type { Form } from '@formsmith/core/fields/types';

/**
 * A form that exists on the server: it has an id. `hasUnpublishedChanges`: its draft differs from
 * the version respondents get.
 */
export type StoredForm = Form & { id: number; hasAccessCode: boolean; hasUnpublishedChanges: boolean };

/** Normalises a server form and keeps what the client model drops (whether an access code is set). */
export function toStoredForm(raw: unknown): StoredForm | null {
  const form = normalizeForm(raw);
  if (form.id === undefined) return null;
  const sharing = isRecord(raw) && isRecord(raw.sharing) ? raw.sharing : {};
  return {
    ...form,
    id: form.id,
    hasAccessCode: sharing.has_access_code === true,
    hasUnpublishedChanges: isRecord(raw) && raw.has_unpublished_changes === true,
  };
}

/** The form in a response that is the form itself or wraps it as {form}. */
export function unwrapForm(data: unknown): StoredForm {
  const raw = isRecord(data) && isRecord(data.form) ? data.form : data;
  const form = toStoredForm(raw);
  if (!form) throw new Error('Form not found or unable to load form data');
  return form;
}
