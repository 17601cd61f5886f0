import { isRecord } from '@formsmith/core/fields/read';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type FormSummary, toFormSummary } from './stored-form.ts';

/** GET /api/forms: a list, or an object with forms; entries carry a field count, not the fields. */
export async function listForms(): Promise<FormSummary[]> {
  const data = await apiRequest<unknown>('/forms');
  const raw = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.forms) ? data.forms : [];
  return raw.map(toFormSummary).filter((form): form is FormSummary => form !== null);
}

export const formsListQueryOptions = () => queryOptions({ queryKey: formsKeys.list(), queryFn: listForms });

export function useForms() {
  return useQuery(formsListQueryOptions());
}
