import { type DeleteImpact, deleteImpactSchema } from '@formsmith/core/forms/trash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';

/** GET /api/forms/:id/delete-impact: how many submissions and files a delete takes with it. */
export async function getDeleteImpact(id: number): Promise<DeleteImpact> {
  return apiRequest(`/forms/${id}/delete-impact`, deleteImpactSchema);
}

export const deleteImpactQueryOptions = (id: number) =>
  queryOptions({ queryKey: formsKeys.deleteImpact(id), queryFn: () => getDeleteImpact(id), staleTime: 0 });

export function useDeleteImpact(id: number, enabled: boolean) {
  return useQuery({ ...deleteImpactQueryOptions(id), enabled });
}
