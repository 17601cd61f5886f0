import type { GeneratedFormBody } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { generateFormBody, limitField, toFormBody } from './form-body.ts';
import { generateWithProvider, modelName, ProviderError } from './provider.ts';

type GenerateDeps = { ai: Config['ai']; log: FastifyBaseLogger };

/** What a streamed generation reports before its form is complete. */
export type GenerateProgress = {
  onField: (field: FormField) => void;
  /** The fields reported so far are void: a retry or the built-in generator starts over. */
  onRestart: (reason: string | null) => void;
};

/**
 * A form for the description: from the configured AI provider when there is one, else (and
 * whenever the provider fails or answers something unusable) from the built-in generator. The
 * answer's `source` says which one answered and, after a failure, why.
 */
export async function generateFormForUser(
  deps: GenerateDeps,
  description: string,
  progress?: GenerateProgress,
): Promise<GeneratedFormBody> {
  const { ai, log } = deps;
  if (!ai.baseUrl) return reportFields(generateFormBody(description), progress);
  const config = { ...ai, baseUrl: ai.baseUrl };
  const model = modelName(config);
  try {
    const stream = progress && {
      onField: (field: FormField) => progress.onField(limitField(field)),
      onRetry: () => progress.onRestart(null),
    };
    const raw = await generateWithProvider(config, description, stream);
    return toFormBody(raw, { generator: 'model', model, fallback: null });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const fallback =
      err instanceof ProviderError ? err.ownerReason : "The model's answer was not a usable form.";
    log.warn(
      { reason, provider: ai.baseUrl },
      `AI provider failed (${reason}); using the built-in generator`,
    );
    progress?.onRestart(fallback);
    return reportFields(generateFormBody(description, { model, fallback }), progress);
  }
}

function reportFields(body: GeneratedFormBody, progress?: GenerateProgress): GeneratedFormBody {
  for (const field of body.form.fields) progress?.onField(field);
  return body;
}
