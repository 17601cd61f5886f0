// The body of POST /api/forms/generate, shared by the API and the CLI. Kept free of Fastify and
// config imports so `npm run -s generate` starts fast.

import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { GeneratedFormBody, GeneratorSource } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { EMPTY_LOGIC, type FormLogic } from '@formsmith/core/logic/definition';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';
import { generateForm } from './generator/generate-form.ts';

/**
 * A generated form of canonical fields: from the built-in generator (its follow-ups shown by
 * rules of its logic) or an AI provider (its fields may carry their own "show when" conditions).
 */
export type RawGeneratedForm = {
  title?: unknown;
  description?: unknown;
  fields: FormField[];
  logic?: FormLogic;
};

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** Keeps one generated field within the save limits (label length, number of options). */
export function limitField(field: FormField): FormField {
  const label = field.label.slice(0, LIMITS.labelMaxLength);
  if (!('options' in field)) return { ...field, label };
  return { ...field, label, options: field.options.slice(0, LIMITS.maxOptions) };
}

/** Whether a rule reads and acts on kept fields only (a field past the limit is dropped). */
function keepsTo(rule: FormLogic['rules'][number], kept: Set<string>): boolean {
  return (
    rule.conditions.every((c) => c.source !== 'field' || kept.has(c.ref)) &&
    rule.actions.every((a) => !('field' in a) || kept.has(a.field))
  );
}

/**
 * Keeps a generated form within the save limits (labels, fields, options), so it can be saved as
 * is. A question's own condition (as a model may write it) becomes its rule of the form's logic
 * (core logic/field-rules.ts): the answer carries rules only, whoever generated it.
 */
export function toFormBody(raw: RawGeneratedForm, source: GeneratorSource): GeneratedFormBody {
  const limited = raw.fields.slice(0, LIMITS.maxFields).map(limitField);
  const kept = new Set(limited.map((f) => f.id));
  const given = raw.logic ?? EMPTY_LOGIC;
  const { fields, logic } = foldFieldConditions(limited, {
    ...given,
    rules: given.rules.filter((rule) => keepsTo(rule, kept)),
  });
  return {
    form: {
      title: text(raw.title, LIMITS.titleMaxLength) || FORM_DEFAULTS.generatedTitle,
      description: text(raw.description, LIMITS.descriptionMaxLength),
      fields,
      logic,
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
