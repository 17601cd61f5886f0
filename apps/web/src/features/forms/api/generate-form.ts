import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import { generatedFormSchema } from '@formsmith/core/forms/api';
import { blankForm, type Form } from '@formsmith/core/forms/form';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Thrown when the AI answered without at least one field. */
export class NoFieldsGeneratedError extends Error {}

/** POST /api/forms/generate: a new form (no id: it must be created, not saved over another). */
export async function generateForm(description: string): Promise<Form> {
  const { form } = await apiRequest('/forms/generate', generatedFormSchema, {
    method: 'POST',
    body: { description },
  });
  if (form.fields.length === 0)
    throw new NoFieldsGeneratedError(
      'Failed to generate form. Please try again with a different description.',
    );
  return {
    ...blankForm(form.title || FORM_DEFAULTS.generatedTitle),
    description: form.description,
    fields: form.fields,
  };
}

export function useGenerateForm() {
  return useMutation({ mutationFn: generateForm });
}
