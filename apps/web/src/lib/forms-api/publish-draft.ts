import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** POST /api/forms/:id/publish: the saved draft becomes the version respondents get. */
export async function publishDraft(id: number): Promise<StoredForm> {
  return toStoredForm(await apiRequest(`/forms/${id}/publish`, wireFormSchema, { method: 'POST' }));
}

export function usePublishDraft() {
  const client = useQueryClient();
  return useCallback(
    async (id: number) => {
      const form = await publishDraft(id);
      client.setQueryData(formsKeys.detail(id), form);
      void client.invalidateQueries({ queryKey: formsKeys.all });
      return form;
    },
    [client],
  );
}
