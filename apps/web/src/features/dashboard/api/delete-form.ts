import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type DashboardForm, FORMS_LIST_KEY } from './dashboard-forms.ts';

/** DELETE /api/forms/:id. */
export async function deleteForm(id: number): Promise<void> {
  await apiRequest(`/forms/${id}`, { method: 'DELETE' });
}

export function useDeleteForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: (_data, id) => {
      client.setQueryData<DashboardForm[]>(FORMS_LIST_KEY, (forms) => forms?.filter((f) => f.id !== id));
      client.removeQueries({ queryKey: ['forms', 'detail', id] });
      return client.invalidateQueries({ queryKey: FORMS_LIST_KEY });
    },
  });
}
