import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { toStoredForm } from './stored-form.ts';

/** PUT /api/forms/:id/folder: files the form in a folder, or in none (null). */
export async function fileForm(input: { formId: number; folderId: number | null }) {
  const data = await apiRequest(`/forms/${input.formId}/folder`, wireFormSchema, {
    method: 'PUT',
    body: { folder_id: input.folderId },
  });
  return toStoredForm(data);
}

export function useFileForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileForm,
    // The lists (of either folder) and the folders' counts change.
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.all }),
  });
}

/** PUT /api/forms/:id/workspace: moves the form (with its answers) to another workspace. */
export function useMoveForm(formId: number, workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      toStoredForm(
        await apiRequest(`/forms/${formId}/workspace`, wireFormSchema, {
          method: 'PUT',
          body: { workspace_id: workspaceId },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.all }),
  });
}
