import type { GeneratedFormBody } from '@formsmith/core/forms/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { generateFormBody, toFormBody } from './form-body.ts';
import { generateWithProvider } from './provider.ts';

type GenerateDeps = { ai: Config['ai']; log: FastifyBaseLogger };

/**
 * A form for the description: from the configured AI provider when there is one, else (and
 * whenever the provider fails or answers something unusable) from the built-in generator.
 */
export async function generateFormForUser(
  deps: GenerateDeps,
  description: string,
): Promise<GeneratedFormBody> {
  const { ai, log } = deps;
  if (!ai.baseUrl) return generateFormBody(description);
  try {
    const raw = await generateWithProvider({ ...ai, baseUrl: ai.baseUrl }, description);
    return toFormBody(raw);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    log.warn(
      { reason, provider: ai.baseUrl },
      `AI provider failed (${reason}); using the built-in generator`,
    );
    return generateFormBody(description);
  }
}
