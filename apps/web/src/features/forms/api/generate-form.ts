import { normalizeForm } from '@formsmith/core/fields/normalize';
import type { Form } from '@formsmith/core/fields/types';
import { wireFieldSchema } from '@formsmith/core/fields/wire';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const generateResponseSchema = z.object({
  form: z.object({ title: z.string(), description: z.string(), fields: z.array(wireFieldSchema) }),
});

/** Thrown when the AI answered without at least one field. */
export class NoFieldsGeneratedError extends Error {}

/** POST /api/forms/generate: the response holds the generated form as {form}. */
export async function generateForm(description: string): Promise<Form> {
  const data = await apiRequest('/forms/generate', generateResponseSchema, {
    method: 'POST',
    body: { description },
  });
  const raw = data.form;
  if (raw.fields.length === 0)
    throw new NoFieldsGeneratedError(
      'Failed to generate form. Please try again with a different description.',
    );
  const form = normalizeForm(raw);
  // A generated form is new: it must be created, not saved over another.
  return { ...form, id: undefined };
}

export function useGenerateForm() {
  return useMutation({ mutationFn: generateForm });
}
