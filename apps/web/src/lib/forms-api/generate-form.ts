import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import {
  type GeneratorSource,
  generateStreamEventSchemas,
  generatorInfoSchema,
} from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import { blankForm, type Form } from '@formsmith/core/forms/form';
import type { LogicRule } from '@formsmith/core/logic/definition';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, InvalidResponseError } from '../api-client.ts';
import { postEventStream } from '../api-stream.ts';

/** Thrown when the AI answered without at least one field. */
export class NoFieldsGeneratedError extends Error {}

export type Generated = { form: Form; source: GeneratorSource };

/**
 * What the owner sees while the form is being generated: the fields so far, and any fallback;
 * once the form is complete, its rules too (they say which questions are follow-ups).
 */
export type GenerateProgress = { fields: FormField[]; rules?: LogicRule[]; fallback: string | null };

const PATH = '/forms/generate/stream';

function parseEvent<K extends keyof typeof generateStreamEventSchemas>(name: K, data: unknown) {
  const parsed = z.safeParse(generateStreamEventSchemas[name], data);
  if (!parsed.success) throw new InvalidResponseError(PATH, parsed.error.issues);
  return parsed.data as z.output<(typeof generateStreamEventSchemas)[K]>;
}

/**
 * POST /api/forms/generate/stream: a new form (no id: it must be created, not saved over
 * another), reporting each field as it arrives so the owner watches the form being written.
 */
export async function generateForm(
  description: string,
  onProgress: (progress: GenerateProgress) => void = () => {},
): Promise<Generated> {
  let progress: GenerateProgress = { fields: [], fallback: null };
  let result: Generated | null = null;
  await postEventStream(PATH, { description }, (event, data) => {
    if (event === 'field')
      progress = { ...progress, fields: [...progress.fields, parseEvent('field', data).field] };
    else if (event === 'retry') progress = { ...progress, fields: [] };
    else if (event === 'fallback') progress = { fields: [], fallback: parseEvent('fallback', data).reason };
    else if (event === 'error') throw new Error(parseEvent('error', data).error);
    else if (event === 'form') {
      const { form, source } = parseEvent('form', data);
      result = {
        form: {
          ...blankForm(form.title || FORM_DEFAULTS.generatedTitle),
          description: form.description,
          fields: form.fields,
          logic: form.logic,
        },
        source,
      };
      return;
    }
    onProgress(progress);
  });
  const generated = result as Generated | null;
  if (!generated || generated.form.fields.length === 0)
    throw new NoFieldsGeneratedError(
      'Failed to generate form. Please try again with a different description.',
    );
  return generated;
}

export function useGenerateForm(onProgress: (progress: GenerateProgress) => void) {
  return useMutation({ mutationFn: (description: string) => generateForm(description, onProgress) });
}

/** GET /api/forms/generate/source: the built-in generator, or the configured model's name. */
export const generatorSourceQueryOptions = () =>
  queryOptions({
    queryKey: ['forms', 'generate', 'source'],
    queryFn: () => apiRequest('/forms/generate/source', generatorInfoSchema),
    staleTime: 5 * 60_000,
  });

export function useGeneratorSource() {
  return useQuery(generatorSourceQueryOptions());
}
