import { formListSchema } from '@formsmith/core/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type FormSummary, toFormSummary } from './stored-form.ts';

/**
 * GET /api/forms: the caller's forms (with `folder`, those of one folder, or `none` for those in
 * no folder); entries carry a field count, not the fields.
 */
export async function listForms(folder?: string): Promise<FormSummary[]> {
  const query = folder === undefined ? undefined : { folder };
  return (await apiRequest('/forms', formListSchema, { query })).forms.map(toFormSummary);
}

export const formsListQueryOptions = (folder?: string) =>
  queryOptions({ queryKey: formsKeys.list(folder), queryFn: () => listForms(folder) });

export function useForms(folder?: string) {
  return useQuery(formsListQueryOptions(folder));
}
