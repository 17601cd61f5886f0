import { formListSchema } from '@formsmith/core/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type FormSummary, toFormSummary } from './stored-form.ts';

/** GET /api/forms: the caller's forms; entries carry a field count, not the fields. */
export async function listForms(): Promise<FormSummary[]> {
  return (await apiRequest('/forms', formListSchema)).forms.map(toFormSummary);
}

export const formsListQueryOptions = () => queryOptions({ queryKey: formsKeys.list(), queryFn: listForms });

export function useForms() {
  return useQuery(formsListQueryOptions());
}
