import type { FormAccess } from '@formsmith/core/workspaces/api';
import { type ViewerAccess, viewerAccessSchema } from '@formsmith/core/workspaces/viewer-answers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { formsKeys } from '../../../../lib/forms-api/query-keys.ts';

/** PUT /api/forms/:id/viewer-access: viewers read answers, or only counts; the form's access follows. */
export function useUpdateViewerAccess(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ViewerAccess) =>
      await apiRequest(`/forms/${formId}/viewer-access`, viewerAccessSchema, { method: 'PUT', body }),
    onSuccess: (data) =>
      client.setQueryData<FormAccess>(formsKeys.access(formId), (old) => old && { ...old, ...data }),
  });
}
