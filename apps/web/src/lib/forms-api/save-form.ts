import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import { toSavePayload } from '@formsmith/core/forms/api';
import type { Form } from '@formsmith/core/forms/form';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { successMessageOf } from '@formsmith/core/logic/endings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/**
 * Blanked texts are stored as their defaults: a draft with an empty title is still saved. The
 * success message sent is the plain ending's (what older clients read), so the two never differ.
 */
function withDefaults(form: Form): Form {
  return {
    ...form,
    title: form.title.trim() || FORM_DEFAULTS.title,
    submitButtonText: form.submitButtonText.trim() || FORM_DEFAULTS.submitButtonText,
    successMessage:
      form.logic.endings.length > 0
        ? successMessageOf(form.logic)
        : form.successMessage.trim() || FORM_DEFAULTS.successMessage,
  };
}

export type SavedDraft = { id: number; version: number; form: StoredForm };

export type DraftInput = { form: Form; id: number | undefined; version: number | undefined };

/**
 * POST /api/forms for a new form (in `workspaceId`), PUT /api/forms/:id for an existing one. The
 * PUT names the version it was based on (If-Match), so a save over a newer version answers 409.
 */
export async function saveDraft(input: DraftInput & { workspaceId: number }): Promise<SavedDraft> {
  const body = toSavePayload(withDefaults(input.form));
  const data =
    input.id === undefined
      ? await apiRequest('/forms', wireFormSchema, {
          method: 'POST',
          body,
          query: { workspace_id: input.workspaceId },
        })
      : await apiRequest(`/forms/${input.id}`, wireFormSchema, {
          method: 'PUT',
          body,
          headers: input.version === undefined ? {} : { 'if-match': `"${input.version}"` },
        });
  const form = toStoredForm(data);
  return { id: form.id, version: form.version, form };
}

/**
 * saveDraft that makes a new form in the current workspace and keeps the cached form and the
 * forms lists in step with what was stored.
 */
export function useSaveDraft() {
  const client = useQueryClient();
  const workspaceId = useCurrentWorkspace().workspace.id;
  return useCallback(
    async (input: DraftInput) => {
      const saved = await saveDraft({ ...input, workspaceId });
      client.setQueryData(formsKeys.detail(saved.id), saved.form);
      void client.invalidateQueries({ queryKey: formsKeys.lists });
      return saved;
    },
    [client, workspaceId],
  );
}
