import { type TrashList, trashListSchema } from '@formsmith/core/forms/trash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';

/** GET /api/forms/trash: the owner's deleted forms, most recently deleted first. */
export async function listTrash(): Promise<TrashList> {
  return apiRequest('/forms/trash', trashListSchema);
}

export const trashQueryOptions = () => queryOptions({ queryKey: formsKeys.trash(), queryFn: listTrash });

export function useTrash() {
  return useQuery(trashQueryOptions());
}
