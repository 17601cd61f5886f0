import { noContentSchema } from '@formsmith/core/http';
import {
  type SavedViewBody,
  savedViewListSchema,
  savedViewSchema,
} from '@formsmith/core/submissions/view-state';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { submissionsKeys } from './query-keys.ts';

const viewsPath = (formId: number) => `/form-submissions/forms/${formId}/views`;

/** GET …/views: the caller's saved views of the table and those the team shared. */
export function useSavedViews(formId: number) {
  return useQuery({
    queryKey: submissionsKeys.views(formId),
    queryFn: () => apiRequest(viewsPath(formId), savedViewListSchema),
    select: (list) => list.views,
  });
}

/** POST …/views: saves the table's columns and answer filter under a name. */
export function useSaveView(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewBody) =>
      apiRequest(viewsPath(formId), savedViewSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionsKeys.views(formId) }),
  });
}

/** PUT …/views/:viewId (its maker only): every key given, so a rename sends the view's own state. */
export function useUpdateView(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedViewBody }) =>
      apiRequest(`${viewsPath(formId)}/${id}`, savedViewSchema, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionsKeys.views(formId) }),
  });
}

/** DELETE …/views/:viewId (its maker only). */
export function useDeleteView(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) =>
      apiRequest(`${viewsPath(formId)}/${viewId}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionsKeys.views(formId) }),
  });
}
