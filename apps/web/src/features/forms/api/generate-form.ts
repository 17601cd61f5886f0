import { normalizeForm } from '@formsmith/core/fields/normalize';
import { isRecord } from '@formsmith/core/fields/read';
import type { Form } from '@formsmith/core/fields/types';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Thrown when the AI answered without at least one field. */
export class NoFieldsGeneratedError extends Error {}

/** POST /api/forms/generate: the response holds a form, or the form's fields directly. */
export async function generateForm(description: string): Promise<Form> {
  const data = await apiRequest<unknown>('/forms/generate', { method: 'POST', body: { description } });
  const raw = isRecord(data) && isRecord(data.form) ? data.form : data;
  if (!isRecord(raw) || !Array.isArray(raw.fields) || raw.fields.length === 0)
    throw new NoFieldsGeneratedError(
      'Failed to generate form. Please try again with a different description.',
    );
  const form = normalizeForm({ title: 'Generated Form', ...raw });
  // A generated form is new: it must be created, not saved over another.
  return { ...form, id: undefined };
}

export function useGenerateForm() {
  return useMutation({ mutationFn: generateForm });
}
