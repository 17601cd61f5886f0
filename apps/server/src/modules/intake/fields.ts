import { normalizeFields } from '@formsmith/core/fields/normalize';
import type { FormField } from '@formsmith/core/fields/types';

const cache = new Map<string, FormField[]>();
const CACHE_MAX = 1000;

/**
 * The live fields of the form as core sees them, normalised once per published version (a
 * version never changes), or per save of a form never published (updatedAt moves): the submit
 * path is hot.
 */
export function formFields(form: {
  id: number;
  updatedAt: Date;
  publishedVersion: number | null;
  fields: unknown[];
}): FormField[] {
  const key =
    form.publishedVersion === null
      ? `${form.id}:${form.updatedAt.getTime()}`
      : `${form.id}#${form.publishedVersion}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const fields = normalizeFields(form.fields);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, fields);
  return fields;
}
