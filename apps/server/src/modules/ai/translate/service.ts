import { TEXT_MAX_LENGTH, type TranslatableSource, textKinds } from '@formsmith/core/i18n/texts';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FormRow } from '../../forms/index.ts';
import { modelName, ProviderError } from '../provider.ts';
import { translateWithProvider } from './provider-translate.ts';

type TranslateDeps = { ai: Config['ai']; log: FastifyBaseLogger };

export const NO_MODEL =
  'Translating needs an AI model: set AI_BASE_URL (and AI_API_KEY, AI_MODEL) on the server and restart it. Nothing was translated.';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** 'fr' → 'fr (French)': the model reads the name, the tag keeps regional variants exact. */
function describeLanguage(tag: string): string {
  const name = languageNames.of(tag);
  return name && name !== tag ? `${tag} (${name})` : tag;
}

/**
 * The longest translation each text may have: its kind's limit in the stored form, the longest
 * of any kind for a text the stored form does not have yet (the editor's newest field).
 */
function lengthLimits(form: FormRow): (key: string) => number {
  const confirmation = form.confirmation as TranslatableSource['confirmation'];
  const kinds = textKinds({ ...form, confirmation });
  return (key) => {
    const kind = kinds.get(key);
    return kind ? TEXT_MAX_LENGTH[kind] : LIMITS.descriptionMaxLength;
  };
}

/**
 * The texts translated by the configured model, for the owner to review. There is no offline
 * stand-in: without a model, or when it fails, the answer is a 503 saying why and nothing is
 * proposed, so the owner never reviews made-up translations.
 */
export async function translateTexts(
  deps: TranslateDeps,
  input: { form: FormRow; from: string; to: string; texts: Record<string, string> },
) {
  const { ai, log } = deps;
  if (!ai.baseUrl) throw new AppError('UNAVAILABLE', 503, NO_MODEL);
  const config = { ...ai, baseUrl: ai.baseUrl };
  const model = modelName(config);
  try {
    const translations = await translateWithProvider(config, {
      from: describeLanguage(input.from),
      to: describeLanguage(input.to),
      texts: input.texts,
      maxLength: lengthLimits(input.form),
    });
    return { language: input.to, translations, model };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn({ reason: err.message, provider: ai.baseUrl }, `AI translation failed (${err.message})`);
    throw new AppError('UNAVAILABLE', 503, `${err.ownerReason} Nothing was translated; please try again.`);
  }
}
