import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** GET /api/forms/:id: the owner's form. */
export async function getForm(id: number): Promise<StoredForm> {
  return toStoredForm(await apiRequest(`/forms/${id}`, wireFormSchema));
}

export const formQueryOptions = (id: number) =>
  queryOptions({ queryKey: formsKeys.detail(id), queryFn: () => getForm(id) });

export function useForm(id: number | undefined) {
  return useQuery({ ...formQueryOptions(id ?? 0), enabled: id !== undefined });
}
