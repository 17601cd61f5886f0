import { toSavePayload } from '@formsmith/core/fields/save-payload';
import { FORM_DEFAULTS, type Form } from '@formsmith/core/fields/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';
import { type StoredForm, unwrapForm } from '../../../lib/forms-api/stored-form.ts';

/** Blanked texts are stored as their defaults: a draft with an empty title is still saved. */
function withDefaults(form: Form): Form {
  return {
    ...form,
    title: form.title.trim() || FORM_DEFAULTS.title,
    submitButtonText: form.submitButtonText.trim() || FORM_DEFAULTS.submitButtonText,
    successMessage: form.successMessage.trim() || FORM_DEFAULTS.successMessage,
  };
}

export type SavedDraft = { id: number; version: number | undefined; form: StoredForm };

function versionOf(data: unknown): number | undefined {
  const version = (data as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * POST /api/forms for a new form, PUT /api/forms/:id for an existing one. The PUT names the
 * version it was based on (If-Match), so a save over a newer version answers 409.
 */
export async function saveDraft(input: {
  form: Form;
  id: number | undefined;
  version: number | undefined;
}): Promise<SavedDraft> {
  const body = toSavePayload(withDefaults(input.form));
  const data =
    input.id === undefined
      ? await apiRequest<unknown>('/forms', { method: 'POST', body })
      : await apiRequest<unknown>(`/forms/${input.id}`, {
          method: 'PUT',
          body,
          headers: input.version === undefined ? {} : { 'if-match': `"${input.version}"` },
        });
  const form = unwrapForm(data);
  return { id: form.id, version: versionOf(data), form };
}

/** saveDraft that keeps the cached form and the forms list in step with what was stored. */
export function useSaveDraft() {
  const client = useQueryClient();
  return useCallback(
    async (input: Parameters<typeof saveDraft>[0]) => {
      const saved = await saveDraft(input);
      client.setQueryData(formsKeys.detail(saved.id), saved.form);
      void client.invalidateQueries({ queryKey: formsKeys.list() });
      return saved;
    },
    [client],
  );
}
