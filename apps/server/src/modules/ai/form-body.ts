// The body of POST /api/forms/generate, shared by the API and the CLI. Kept free of Fastify and
// config imports so `npm run -s generate` starts fast.

import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { GeneratedFormBody } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { generateForm } from './generator/generate-form.ts';

/** A generated form of canonical fields: from the built-in generator or an AI provider. */
export type RawGeneratedForm = { title?: unknown; description?: unknown; fields: FormField[] };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** Keeps a generated form within the save limits (labels, fields, options), so it can be saved as is. */
export function toFormBody(raw: RawGeneratedForm): GeneratedFormBody {
  const fields = raw.fields.slice(0, LIMITS.maxFields).map((field): FormField => {
    const label = field.label.slice(0, LIMITS.labelMaxLength);
    if (!('options' in field)) return { ...field, label };
    return { ...field, label, options: field.options.slice(0, LIMITS.maxOptions) };
  });
  return {
    form: {
      title: text(raw.title, LIMITS.titleMaxLength) || FORM_DEFAULTS.generatedTitle,
      description: text(raw.description, LIMITS.descriptionMaxLength),
      fields,
    },
  };
}

/** The built-in generator's form, as the API answers it. */
export function generateFormBody(description: string): GeneratedFormBody {
  return toFormBody(generateForm(description));
}
