import { normalizeForm } from '@formsmith/core/fields/normalize';
import type { Form } from '@formsmith/core/fields/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { submissionsKeys } from './query-keys.ts';

/** GET /api/forms/:id, normalised for display (labels, options, order). */
export async function getSubmissionsForm(formId: number): Promise<Form> {
  return normalizeForm(await apiRequest<unknown>(`/forms/${formId}`));
}

export const submissionsFormQueryOptions = (formId: number) =>
  queryOptions({ queryKey: submissionsKeys.form(formId), queryFn: () => getSubmissionsForm(formId) });

export function useSubmissionsForm(formId: number) {
  return useQuery(submissionsFormQueryOptions(formId));
}
