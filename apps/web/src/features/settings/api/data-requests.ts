import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

export type DataRequestType = 'access' | 'delete' | 'portability';

export type DataRequest = {
  id: string;
  request_type: DataRequestType;
  details: string;
  status: 'pending' | 'processing' | 'completed' | 'rejected';
  created_at: string;
  completion_date: string | null;
};

export const DATA_REQUESTS_KEY = ['account', 'data-requests'] as const;

export const dataRequestsQueryOptions = () =>
  queryOptions({
    queryKey: DATA_REQUESTS_KEY,
    queryFn: () => apiRequest<DataRequest[]>('/security/data-protection/requests'),
  });

export function useDataRequests() {
  return useQuery(dataRequestsQueryOptions());
}

/** Saves JSON as a file download in the browser. */
function saveJson(data: unknown, filename: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), filename);
}

/** An access request (completed at once by the server), then its JSON download. */
export async function downloadMyData(): Promise<DataRequest> {
  const request = await apiRequest<DataRequest>('/security/data-protection/requests', {
    method: 'POST',
    body: { request_type: 'access', details: 'Download requested from the settings page' },
  });
  const data = await apiRequest<unknown>(`/security/data-protection/requests/${request.id}/download`);
  saveJson(data, `formsmith-data-${new Date().toISOString().slice(0, 10)}.json`);
  return request;
}

export function useDownloadMyData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_REQUESTS_KEY }),
  });
}

/** A deletion request: the server deletes the account and everything it owns. */
export async function deleteMyData(confirmEmail: string): Promise<DataRequest> {
  return apiRequest<DataRequest>('/security/data-protection/requests', {
    method: 'POST',
    body: {
      request_type: 'delete',
      confirm_email: confirmEmail,
      details: 'Deletion requested from the settings page',
    },
  });
}

export function useDeleteMyData() {
  return useMutation({ mutationFn: deleteMyData });
}
