import { type FormVersionList, formVersionListSchema } from '@formsmith/core/forms/versions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';

/** GET /api/forms/:id/versions: the published versions and the protection changes, newest first. */
export async function listVersions(id: number): Promise<FormVersionList> {
  return apiRequest(`/forms/${id}/versions`, formVersionListSchema);
}

export const versionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: formsKeys.versions(id), queryFn: () => listVersions(id) });

export function useVersions(id: number) {
  return useQuery(versionsQueryOptions(id));
}
