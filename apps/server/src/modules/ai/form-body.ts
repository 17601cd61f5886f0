// The body of POST /api/forms/generate, shared by the API and the CLI. Kept free of Fastify and
// config imports so `npm run -s generate` starts fast.

import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { GeneratedFormBody, GeneratorSource } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { generateForm } from './generator/generate-form.ts';

/** A generated form of canonical fields: from the built-in generator or an AI provider. */
export type RawGeneratedForm = { title?: unknown; description?: unknown; fields: FormField[] };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** Keeps one generated field within the save limits (label length, number of options). */
export function limitField(field: FormField): FormField {
  const label = field.label.slice(0, LIMITS.labelMaxLength);
  if (!('options' in field)) return { ...field, label };
  return { ...field, label, options: field.options.slice(0, LIMITS.maxOptions) };
}

/** Keeps a generated form within the save limits (labels, fields, options), so it can be saved as is. */
export function toFormBody(raw: RawGeneratedForm, source: GeneratorSource): GeneratedFormBody {
  return {
    form: {
      title: text(raw.title, LIMITS.titleMaxLength) || FORM_DEFAULTS.generatedTitle,
      description: text(raw.description, LIMITS.descriptionMaxLength),
      fields: raw.fields.slice(0, LIMITS.maxFields).map(limitField),
    },
    source,
  };
}

/** The built-in generator's form, as the API answers it; `fallback` says why a model did not answer. */
export function generateFormBody(
  description: string,
  tried: { model: string; fallback: string } | null = null,
): GeneratedFormBody {
  return toFormBody(generateForm(description), {
    generator: 'builtin',
    model: tried?.model ?? null,
    fallback: tried?.fallback ?? null,
  });
}
