import { normalizeFields } from '@formsmith/core/fields/normalize';
import type { FormField } from '@formsmith/core/fields/types';

const cache = new Map<string, FormField[]>();
const CACHE_MAX = 1000;

/**
 * The form's fields as core sees them, normalised once per saved version of the form: the
 * submit path is hot, and a form's fields only change when it is saved (updatedAt moves).
 */
export function formFields(form: { id: number; updatedAt: Date; fields: unknown[] }): FormField[] {
  const key = `${form.id}:${form.updatedAt.getTime()}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const fields = normalizeFields(form.fields);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, fields);
  return fields;
}
