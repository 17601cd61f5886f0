// What we ask a model to translate a form's texts: the texts by key in, the same keys translated
// out. Each answer is checked against what was asked before anyone sees it.

import { recalledNames } from '@formsmith/core/logic/recall';
import { z } from 'zod';
import { askProvider, type ProviderConfig, ProviderError, readAnswer } from '../provider.ts';

export const UNUSABLE_TRANSLATION = "The model's answer was not a usable translation.";

const TRANSLATE_PROMPT = `You translate the texts of a web form for its respondents.
You get JSON: {"from": language, "to": language, "texts": [{"key", "text"}]}.
Answer with JSON only: {"translations": [{"key", "text"}]}, one entry per key as given, each text
translated from "from" into "to". Keep the tone short and plain, as on a form. Keep every {{name}}
placeholder exactly as written (it is replaced by an answer later), and keep line breaks.`;

/** The JSON schema of the response_format (strict: an array, since the keys vary). */
const TRANSLATION_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['translations'],
  properties: {
    translations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'text'],
        properties: { key: { type: 'string' }, text: { type: 'string' } },
      },
    },
  },
} as const;

const answerSchema = z.object({
  translations: z.array(z.object({ key: z.string(), text: z.string() })),
});

const sameRecalls = (a: string, b: string) =>
  recalledNames(a).sort().join('\n') === recalledNames(b).sort().join('\n');

/** What the model is asked to translate, and how long each text's translation may be. */
export type TranslationAsk = {
  from: string;
  to: string;
  texts: Record<string, string>;
  maxLength: (key: string) => number;
};

/**
 * The usable translations of an answer: keys that were asked for, with a non-blank text that
 * recalls the same answers as the original and fits its text's limit (a longer one could not be
 * saved). An answer with none of them is unusable.
 */
export function readTranslations(json: unknown, ask: TranslationAsk): Record<string, string> {
  const { texts } = ask;
  const answer = readAnswer(answerSchema, json, 'translation', UNUSABLE_TRANSLATION);
  const translations: Record<string, string> = {};
  for (const { key, text } of answer.translations) {
    const original = texts[key];
    const translated = text.trim();
    if (original === undefined || translated === '' || translated.length > ask.maxLength(key)) continue;
    if (!sameRecalls(original, translated)) continue;
    translations[key] = translated;
  }
  if (Object.keys(translations).length === 0)
    throw new ProviderError('the answer translates none of the texts asked for', UNUSABLE_TRANSLATION, true);
  return translations;
}

/** Asks the model for the texts in `to`; throws ProviderError when no usable answer came in time. */
export async function translateWithProvider(
  config: ProviderConfig,
  input: TranslationAsk,
): Promise<Record<string, string>> {
  const ask = {
    system: TRANSLATE_PROMPT,
    user: JSON.stringify({
      from: input.from,
      to: input.to,
      texts: Object.entries(input.texts).map(([key, text]) => ({ key, text })),
    }),
    name: 'form_translation',
    schema: TRANSLATION_JSON_SCHEMA,
    strict: true,
  };
  return askProvider(config, ask, (json) => readTranslations(json, input));
}
