import { isRecord } from '@formsmith/core/fields/read';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** GET /api/forms: a list, or an object with forms (both shapes are accepted). */
export async function listForms(): Promise<StoredForm[]> {
  const data = await apiRequest<unknown>('/forms');
  const raw = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.forms) ? data.forms : [];
  return raw.map(toStoredForm).filter((form): form is StoredForm => form !== null);
}

export const formsListQueryOptions = () => queryOptions({ queryKey: formsKeys.list(), queryFn: listForms });

export function useForms() {
  return useQuery(formsListQueryOptions());
}
