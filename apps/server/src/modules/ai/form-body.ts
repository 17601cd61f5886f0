// The body of POST /api/forms/generate, shared by the API and the CLI. Kept free of Fastify and
// config imports so `npm run -s generate` starts fast.

import { normalizeField } from '@formsmith/core/fields/normalize';
import { toWireField } from '@formsmith/core/fields/save-payload';
import { FORM_DEFAULTS } from '@formsmith/core/fields/types';
import type { WireField } from '@formsmith/core/fields/wire';
import { LIMITS } from '@formsmith/core/limits';
import { generateForm } from './generator/generate-form.ts';

export type GeneratedFormBody = {
  form: { title: string; description: string; fields: WireField[] };
};

/** A generated form before normalisation: from the built-in generator or an AI provider. */
export type RawGeneratedForm = { title?: unknown; description?: unknown; fields: unknown[] };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * Puts a generated form through core's normalisation so the editor can load it as is: wire
 * fields with ids, positions and options, within the save limits (labels, fields, options).
 */
export function toFormBody(raw: RawGeneratedForm): GeneratedFormBody {
  const fields = raw.fields.slice(0, LIMITS.maxFields).map((item, index) => {
    const field = normalizeField(item, index);
    field.label = field.label.slice(0, LIMITS.labelMaxLength);
    if (field.options) field.options = field.options.slice(0, LIMITS.maxOptions);
    return toWireField(field, index);
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
