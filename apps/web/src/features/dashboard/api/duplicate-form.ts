import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { FORMS_LIST_KEY } from './dashboard-forms.ts';

/** POST /api/forms/:id/duplicate. */
export async function duplicateForm(id: number): Promise<void> {
  await apiRequest(`/forms/${id}/duplicate`, { method: 'POST' });
}

export function useDuplicateForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateForm,
    onSuccess: () => client.invalidateQueries({ queryKey: FORMS_LIST_KEY }),
  });
}
