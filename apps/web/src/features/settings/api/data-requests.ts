import { type DataRequestBody, dataRequestListSchema, dataRequestSchema } from '@formsmith/core/account/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithAuth } from '../../../lib/download.ts';

export const DATA_REQUESTS_KEY = ['account', 'data-requests'] as const;

export const dataRequestsQueryOptions = () =>
  queryOptions({
    queryKey: DATA_REQUESTS_KEY,
    queryFn: () => apiRequest('/security/data-protection/requests', dataRequestListSchema),
  });

export function useDataRequests() {
  return useQuery(dataRequestsQueryOptions());
}

function createDataRequest(body: DataRequestBody) {
  return apiRequest('/security/data-protection/requests', dataRequestSchema, { method: 'POST', body });
}

/** An access request (completed at once by the server), then its JSON download. */
export async function downloadMyData() {
  const request = await createDataRequest({
    request_type: 'access',
    details: 'Download requested from the settings page',
  });
  await downloadWithAuth(
    `/security/data-protection/requests/${request.id}/download`,
    `formsmith-data-${new Date().toISOString().slice(0, 10)}.json`,
  );
  return request;
}

export function useDownloadMyData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_REQUESTS_KEY }),
  });
}

/**
 * A deletion request: the server deletes the account and everything it owns. It needs a recent
 * proof of identity, so an older session is asked to confirm who it is first.
 */
export function deleteMyData(confirmEmail: string) {
  return createDataRequest({
    request_type: 'delete',
    confirm_email: confirmEmail,
    details: 'Deletion requested from the settings page',
  });
}

export function useDeleteMyData() {
  const withReauth = useWithReauth();
  return useMutation({ mutationFn: (confirmEmail: string) => withReauth(() => deleteMyData(confirmEmail)) });
}
