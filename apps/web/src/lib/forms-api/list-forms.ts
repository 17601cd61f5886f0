import { wireFormSchema } from '@formsmith/core/fields/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

const formListSchema = z.object({ forms: z.array(wireFormSchema) });

/** GET /api/forms: the owner's forms, as {forms}. */
export async function listForms(): Promise<StoredForm[]> {
  const data = await apiRequest('/forms', formListSchema);
  return data.forms.map(toStoredForm).filter((form): form is StoredForm => form !== null);
}

export const formsListQueryOptions = () => queryOptions({ queryKey: formsKeys.list(), queryFn: listForms });

export function useForms() {
  return useQuery(formsListQueryOptions());
}
