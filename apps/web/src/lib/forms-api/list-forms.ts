import { formListSchema } from '@formsmith/core/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** GET /api/forms: the caller's forms. */
export async function listForms(): Promise<StoredForm[]> {
  return (await apiRequest('/forms', formListSchema)).forms.map(toStoredForm);
}

export const formsListQueryOptions = () => queryOptions({ queryKey: formsKeys.list(), queryFn: listForms });

export function useForms() {
  return useQuery(formsListQueryOptions());
}
